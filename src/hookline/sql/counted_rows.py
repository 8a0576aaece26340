"""The rows a question asks to count, and a plan that counts (or measures) others: the
homes of "how many home sales", the accounts of "how many transfers between accounts",
the rows of a table keyed by a thing and another row for "how many supplies", a day's
number for "the most lessons".  The count would be another question's, so the planner
declines (``plan_doubts``).

Example::

    modifiers_counted(PlanReading("How many home sales were there?", plan, catalog))
    # ["sales"]: the homes counted
"""

from __future__ import annotations

import itertools
import re

from hookline.sql.mentions import VERBS, Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import FUNCTION_WORDS, identifier_words, singular

__all__ = [
    "counted_after_preposition",
    "modifiers_counted",
    "most_rows_measured",
    "repeated_rows",
]

_MODIFIED = re.compile(r" how many (?:different |distinct |unique )?([a-z]+) ([a-z]+) ")
_PREPOSITION = re.compile(
    r" how many ([a-z]+) (?:between|among|across|of|from|in|on|at|with|to|for|into|by) "
)


def modifiers_counted(reading: PlanReading) -> list[str]:
    """ "How many home sales": a count of the table the first noun names, when that noun
    only modifies the plural noun after it (the sales are counted, not the homes); so is a
    count of the distinct values of a column that is not the noun's ("how many different
    part classes" counted as the part codes)."""
    plan, catalog = reading.plan, reading.catalog
    match = _MODIFIED.search(reading.text)
    if plan.kind not in ("count", "count_distinct") or match is None:
        return []
    modifier, head = match.groups()
    if plan.column is not None and singular(head) in plan.column.words:
        return []  # "how many product categories": the column of categories
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(f"{modifier} {head}") or singular(modifier) != modifier:
        return []
    if vocabulary.table_named(modifier) != plan.table or singular(head) == head:
        return []
    return [] if head in FUNCTION_WORDS | VERBS else [head]


def repeated_rows(reading: PlanReading) -> list[str]:
    """A count of a table whose key pairs a thing with another table's row (one row per
    supply and product it goes into) and whose rows' names repeat (two rows a name, or
    more): "how many supplies" is a number of supplies, not of their rows (a line of an
    order, numbered and never named, is one; a name per product and language, hardly
    ever repeated, too)."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind != "count":
        return []
    table = catalog.table(plan.table)
    if len(table.primary_key) < 2 or not table.paired_key_columns():
        return []
    label = [catalog.column(plan.table, name) for name in catalog.label(plan.table)]
    rows = catalog.rows.get(plan.table, 0)
    named = [c for c in label if c.words[-1:] in (["name"], ["title"]) and not c.key]
    if not any(0 < (c.distinct or 0) * 2 <= rows for c in named):  # twice each, or more
        return []
    return identifier_words(plan.table)[-1:]


def counted_after_preposition(reading: PlanReading) -> list[str]:
    """ "How many transfers between accounts" counted as the accounts: the plural noun
    counted names no table, and the counted table is named only after the preposition
    that follows it."""
    plan = reading.plan
    match = _PREPOSITION.search(reading.text)
    if plan.kind != "count" or match is None:
        return []
    head = match.group(1)
    if head in FUNCTION_WORDS | VERBS or singular(head) == head:
        return []
    vocabulary = Vocabulary.of(reading.catalog)
    if vocabulary.table_named(head) is not None:
        return []
    later = [t for position, t in reading.table_mentions if position >= match.end(1)]
    return [head] if plan.table in later else []


def most_rows_measured(reading: PlanReading) -> list[str]:
    """ "Which subject has the most lessons per week?" ranked by a measure of a table other
    than the lessons' (a day's number): the most of a table's rows is their count."""
    plan = reading.plan
    if plan.kind != "rank" or plan.measure is None:
        return []
    vocabulary = Vocabulary.of(reading.catalog)
    for before, word in itertools.pairwise(reading.words):
        named = vocabulary.table_named(word) if before in ("most", "fewest", "least") else None
        if named is not None and named != plan.measure.table and singular(word) != word:
            return [word]
    return []
