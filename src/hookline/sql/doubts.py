"""plan_doubts: a last look at a linked plan against its question, before it is answered.

The linker builds a plan from the words a question shares with the database; every word
can be accounted for and the plan still answer another question.  ``DOUBTS`` are the
checks of the shapes of plan that read as an answer but are not one, each run here (one
place, after the plan is read) on one ``PlanReading`` of the plan; the words they find
are declined in the linker's words ("I don't know how to use 'week'").  Each check's
docstring says the shape it finds.

Example::

    plan = _read(text, catalog)  # "How many homes were there this year?" -> every home
    plan_doubts(PlanReading("How many homes were there this year?", plan, catalog))
    # ["this year"]
"""

from __future__ import annotations

from collections.abc import Callable

from hookline.sql.child_values import child_values
from hookline.sql.code_measures import summed_codes
from hookline.sql.condition_values import capitalised_function_words, echoes, one_column_two_values
from hookline.sql.counted_compounds import counted_compounds
from hookline.sql.counted_nouns import counted_nouns
from hookline.sql.counted_rows import (
    counted_after_preposition,
    modifiers_counted,
    most_rows_measured,
    repeated_rows,
)
from hookline.sql.flag_phrases import flag_phrases
from hookline.sql.identifier_values import identifier_values
from hookline.sql.joined_kinds import joined_kinds, key_groups
from hookline.sql.key_labels import key_labels
from hookline.sql.kind_counts import kind_counts
from hookline.sql.leading_segments import leading_segments
from hookline.sql.link_paths import second_path_doubts
from hookline.sql.measure_columns import rival_columns
from hookline.sql.misreadings import misread_words
from hookline.sql.named_function_words import named_function_words
from hookline.sql.named_twice import named_twice
from hookline.sql.near_columns import far_values
from hookline.sql.number_glosses import number_gloss_doubts
from hookline.sql.number_units import number_units, unit_doubts
from hookline.sql.owned_values import owned_values
from hookline.sql.plan_reading import PlanReading
from hookline.sql.referred_kinds import referred_kinds
from hookline.sql.repeated_measures import repeated_measures
from hookline.sql.rival_groups import rival_groups
from hookline.sql.row_paths import groups_of_two_tables, groups_through_children, two_keys
from hookline.sql.single_counts import single_count_doubts
from hookline.sql.sized_rows import sized_rows, totals_counted
from hookline.sql.superlatives import (
    contrary_measures,
    single_rows_counted,
    unread_ages,
    unread_superlatives,
)
from hookline.sql.symbol_values import symbol_values
from hookline.sql.table_nouns import compound_groups, paired_counts
from hookline.sql.two_parts import second_questions, values_contained
from hookline.sql.unread_numbers import unread_comparisons, unread_numbers
from hookline.sql.unread_tables import unread_tables
from hookline.sql.unread_times import time_rankings, unread_times
from hookline.sql.value_lookups import lookup_doubts, pinned_distinct, single_row_groups
from hookline.sql.value_verbs import value_verbs
from hookline.sql.word_values import plain_word_values
from hookline.sql.wrong_measures import (
    measures_of_another_table,
    one_of_combined,
    signed_rankings,
    summed_counts,
    text_measures,
)
from hookline.sql.yes_no_groups import distinct_flags, flag_groups

__all__ = ["DOUBTS", "Doubt", "plan_doubts"]

Doubt = Callable[[PlanReading], list[str]]
"""A check: the words of a reading's question its plan answers as another question would."""

DOUBTS: tuple[Doubt, ...] = (
    unread_times,
    flag_groups,
    distinct_flags,
    text_measures,
    summed_counts,
    groups_through_children,
    modifiers_counted,
    groups_of_two_tables,
    time_rankings,
    echoes,
    repeated_rows,
    signed_rankings,
    two_keys,
    counted_after_preposition,
    child_values,
    unread_comparisons,
    one_column_two_values,
    single_rows_counted,
    unread_numbers,
    unread_superlatives,
    most_rows_measured,
    contrary_measures,
    one_of_combined,
    measures_of_another_table,
    capitalised_function_words,
    single_count_doubts,
    misread_words,
    summed_codes,
    unread_tables,
    lookup_doubts,
    single_row_groups,
    pinned_distinct,
    second_path_doubts,
    rival_columns,
    plain_word_values,
    symbol_values,
    identifier_values,
    unit_doubts,
    repeated_measures,
    number_units,
    named_function_words,
    named_twice,
    referred_kinds,
    sized_rows,
    far_values,
    totals_counted,
    key_labels,
    rival_groups,
    joined_kinds,
    key_groups,
    value_verbs,
    number_gloss_doubts,
    second_questions,
    values_contained,
    paired_counts,
    compound_groups,
    counted_nouns,
    leading_segments,
    counted_compounds,
    kind_counts,
    owned_values,
    flag_phrases,
    unread_ages,
)
"""The checks, in the order their words are reported."""


def plan_doubts(reading: PlanReading) -> list[str]:
    """The words of the question that the plan of ``reading`` answers as another question
    would (see ``DOUBTS``), each once, in the checks' order; empty when nothing is in
    doubt."""
    return list(dict.fromkeys(word for doubt in DOUBTS for word in doubt(reading)))
