"""misread_words: plans that read every word of a question but in another sense than it
says — answered, they would be confidently wrong, so the planner declines (``plan_doubts``
calls these last).

- a list asked for ("List the main prices of tea", "What are the populations
  of ...", "Which lamps have a price above 5?") answered with one total: a plan that adds
  a measure up when the question starts with a listing verb, says "which <rows>" or the
  measure's singular name in the plural, and no word asks for a total;
- "the most <things>" or "more than 5 <things>" where the things are the rows of a table
  ("One row per jersey number") and also the name of its measure column: the rows are
  counted, never the column's values added up or compared; nor is such a column added
  up for one thing ("the jersey number of Al": one of them, not their sum);
- a verb that carries no column used as an adjective of the rows counted ("how many
  living authors"): it selects rows, and no condition of the plan reads it;
- a word of quantity before a table's name that is also a whole value of a column ("how
  many unique monsters" where a flag of monsters is 'UNIQUE'), no condition reading it:
  the distinct rows, or the rows with that flag?
- a ranking by a number of rows when the superlative is one only a thing has ("the
  tallest hub height": never a count of the table of hub heights);
- a count of one column's different values ("how many types of store") in a table
  other than every table the question names (``chains.named_tables_column`` reads it in
  the named table, when that has a column of the same name), or, when it names none, of
  one of several tables with a text column of that name ("how many different types");
- "each city of Ahn" grouped by the cities with the city named Ahn as a condition: one
  group, so "of Ahn" is not the city (a region called so, say, that the schema lacks).

Example::

    misread_words(PlanReading("List the main prices of tea", plan, catalog))  # ["list"]
"""

from __future__ import annotations

import itertools
import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.dimensions import thing_superlatives
from hookline.sql.double_reads import double_reads
from hookline.sql.mentions import VERBS, Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import fold, singular, word_set

__all__ = ["misread_words", "rows_of_measure"]

_LISTING = word_set("list show name give enumerate display")
"""Verbs that start a request for rows or values, never for their total."""
_TOTALS = word_set("total totals sum altogether combined overall average mean")
_COUNTING = (" how many ", " how much ", " number of ")
_DETERMINERS = word_set("many the of all any some which what")
"""Words before an adjective of the rows: "how many living authors"."""
_QUANTITIES = word_set("unique distinct different single other")
"""Words that say how rows are counted, and may be a value too (a flag 'UNIQUE')."""


def misread_words(reading: PlanReading) -> list[str]:
    """The words of the question the plan reads in another sense than the question's
    (see the module doc)."""
    found = _listed_as_total(reading)
    found += _rows_as_values(reading)
    found += _identities_summed(reading)
    found += _adjective_verbs(reading)
    found += _quantities_as_values(reading)
    found += _values_of_other_table(reading)
    found += double_reads(reading)
    found += _groups_of_one_name(reading)
    return found + _sizes_counted(reading)


def _groups_of_one_name(reading: PlanReading) -> list[str]:
    """The value a per-group plan's condition asks its groups' own label to be: one group."""
    plan, catalog = reading.plan, reading.catalog
    group = plan.group_table
    if plan.kind != "rank" or group is None or plan.limit <= 1:
        return []
    label = catalog.label(group)
    columns = [(f.column, f.value) for f in plan.filters if f.op == "=" and f.column]
    return [str(value) for column, value in columns
            if column.table == group and column.name in label]  # fmt: skip


def _sizes_counted(reading: PlanReading) -> list[str]:
    """ "Which turbine has the tallest hub height?" ranked by a number of rows (the table
    of hub heights counted): a number of rows is never tall, so the size was not read."""
    plan = reading.plan
    counted = plan.kind == "rank" and plan.measure is None
    return thing_superlatives(list(reading.words)) if counted else []


def _listed_as_total(reading: PlanReading) -> list[str]:
    """ "List the main prices of tea", "Which lamps have a price above 5?": values or rows
    to list, not their sum."""
    text, plan, words = reading.text, reading.plan, list(reading.words)
    if plan.kind != "sum" or plan.measure is None or set(words) & _TOTALS:
        return []
    if any(phrase in text for phrase in _COUNTING):
        return []
    if words[:1] and words[0] in _LISTING:
        return words[:1]
    vocabulary = Vocabulary.of(reading.catalog)
    which = [
        a
        for w, a in itertools.pairwise(words)
        if w == "which" and vocabulary.table_named(a) and singular(a) != a  # "which lamps"
    ]
    return which[:1] or _plural_said(words, list(plan.measure.words))[:1]


def _plural_said(words: list[str], name: list[str]) -> list[str]:
    """The plurals of ``name``'s last word the question says after its other words
    ("jersey numbers" for ``jersey_number``); none when the name is itself plural."""
    size = len(name)
    return [
        word
        for index, word in enumerate(words)
        if word != name[-1]
        and singular(word) == name[-1]
        and words[max(0, index - size + 1) : index] == name[:-1]
    ]


def rows_of_measure(words: list[str], table: str, name: list[str], catalog: SqlCatalog) -> bool:
    """Whether the question says ``name`` (a measure column's words) in the plural and the
    rows of ``table`` are those things: its name is theirs ("jerseynumbers"), or its
    documentation says "one row per <name>"."""
    return bool(_plural_said(words, name)) and _names_rows(table, name, catalog)


def _names_rows(table: str, name: list[str], catalog: SqlCatalog) -> bool:
    """Whether the rows of ``table`` are the things ``name`` says: its name is theirs
    ("jerseynumbers"), or its documentation says "one row per <name>"."""
    said = re.sub(r"[^a-z]", "", "".join(name).lower())
    if re.sub(r"[^a-z]", "", table.lower()) in (said, f"{said}s", f"{said}es"):
        return True
    described = catalog.docs.descriptions.get(table, "") if catalog.docs else ""
    per = rf"\b(?:one|a) row (?:per|for each|for every) {' '.join(name)}\b"
    return re.search(per, fold(described)) is not None


def _rows_as_values(reading: PlanReading) -> list[str]:
    """ "Which player has the most jersey numbers?" summed as the numbers' values, or
    "more than 5 jersey numbers" compared with one number's value: the rows are meant."""
    plan, catalog, words = reading.plan, reading.catalog, list(reading.words)
    columns = [(m.table, list(m.words)) for m in [plan.measure] if m is not None]
    columns += [(f.column.table, f.column.words) for f in plan.filters
                if f.number and f.column is not None]  # fmt: skip
    for table, name in columns:
        if rows_of_measure(words, table, name, catalog):
            return _plural_said(words, name)[:1]
    return []


def _identities_summed(reading: PlanReading) -> list[str]:
    """ "What is the jersey number of Al?" added up over a table whose rows are jersey
    numbers: each row's number is what it is, so the sum of a player's numbers is no
    answer.  (A ranking by such a sum, "who had the highest salary" in a table of
    salaries, is left to the linker: there the sum over seasons is one reading.)"""
    plan = reading.plan
    measure = plan.measure
    if measure is None or plan.kind != "sum" or set(reading.words) & _TOTALS:
        return []
    if not _names_rows(measure.table, list(measure.words), reading.catalog):
        return []
    return [measure.words[-1]]


def _adjective_verbs(reading: PlanReading) -> list[str]:
    """ "How many living authors": a verb (``VERBS``: carries no column) between a
    determiner and a table's name selects rows; unread by the plan, it is dropped."""
    catalog, words, values = reading.catalog, reading.words, reading.value_positions
    vocabulary = Vocabulary.of(catalog)
    found = []
    for index in range(1, len(words) - 1):
        word = words[index]
        if word not in VERBS or index in values or words[index - 1] not in _DETERMINERS:
            continue
        if vocabulary.table_named(words[index + 1]) is None:
            continue
        if word[:4] not in _read(reading):
            found.append(word)
    return found


def _quantities_as_values(reading: PlanReading) -> list[str]:
    """ "How many unique monsters": a word of ``_QUANTITIES`` before a table's name that is
    a whole value of some column ('UNIQUE', a flag) no condition of the plan reads; "other
    <rows>" of the plan's own rows ("items built from other items": a relation of them)."""
    plan, catalog, words = reading.plan, reading.catalog, reading.words
    vocabulary = Vocabulary.of(catalog)
    read = " ".join(f.value.lower() for f in plan.filters)
    found = [
        word
        for word, after in itertools.pairwise(words)
        if word in _QUANTITIES and vocabulary.table_named(after) is not None
        and any(m.exact for m in catalog.index.lookup([word])) and word not in read
    ]  # fmt: skip
    others = [a for w, a in itertools.pairwise(words) if w == "other"]
    return found + [w for w in others if vocabulary.table_named(w) == plan.table][:1]


def _read(reading: PlanReading) -> str:
    """The plan's SQL, lower case ("" when it does not compile)."""
    try:
        return reading.sql.lower()
    except (ValueError, KeyError):
        return ""


def _values_of_other_table(reading: PlanReading) -> list[str]:
    """ "How many types of store": the different values of a column of a table the
    question does not name, while it names another one; "how many different types": of
    one of several tables with a text column of that name."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind != "count_distinct" or plan.column is None:
        return []
    column = plan.column
    named = [table for _, table in reading.table_mentions]
    if named:
        return [] if column.table in named else [column.name]
    alike = [c for c in catalog.columns if c.name == column.name and c.table != column.table]
    return [column.name] if any(c.values or c.text for c in alike) else []
