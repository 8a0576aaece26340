"""Measures that read as the amount asked for but are another one: a text column summed
("the most state"), an amount that is no count for "how many", a signed amount ranked
for money paid out, one of two columns for a "combined" amount, another table's measure
where a table the question names has its own.  Answered, each is confidently wrong, so
the planner declines (``plan_doubts``).

Example::

    text_measures(PlanReading("Which city has the most state?", plan, catalog))  # ["state"]
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.documented_counts import counts_of
from hookline.sql.measures import whole_measure
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import measure_head

__all__ = [
    "measures_of_another_table",
    "one_of_combined",
    "signed_rankings",
    "summed_counts",
    "text_measures",
]

_MONEY = re.compile(r" how many (?:dollars|euros|pounds|yen|francs|cents) ")
_OUTFLOW = re.compile(r" (paid|pay|pays|paying|spent|spend|spends|spending|cost|costs) ")
_NEGATIVE = re.compile(r"\bnegative\b", re.IGNORECASE)
_COMBINED = re.compile(r" (?:combined|together|both|summed) ")


def text_measures(reading: PlanReading) -> list[str]:
    """A sum, average or ranking of one text column ("the most state": a synonym of a
    column of names, not of an amount); rows listed by a date ("the oldest": by a birth
    date) are in the order of time, no amount."""
    plan = reading.plan
    column = _column_of(plan.measure, reading.catalog) if plan.measure else None
    if column is None or column.numeric or plan.measure is None:
        return []
    if column.date and column.date_form == "year_first" and plan.kind == "list":
        return []
    return [" ".join(plan.measure.words)]


def summed_counts(reading: PlanReading) -> list[str]:
    """ "How many" answered by adding up an amount that is not a whole number ("how many
    sales" is a number of sale rows, not the money they brought in); a quantity is a
    number of things whatever its type."""
    plan, text = reading.plan, reading.text
    measure = plan.measure
    if " how many " not in text or measure is None or plan.kind not in ("sum", "rank"):
        return []
    if measure.head == "quantity" or _MONEY.search(text):
        return []  # "how many dollars": an amount asked for
    return [] if whole_measure(measure, reading.catalog) else [" ".join(measure.words)]


def signed_rankings(reading: PlanReading) -> list[str]:
    """A ranking of money paid out ("the payees paid the most") by an amount its
    documentation says is negative for some rows (money out), no condition reading its
    sign: the largest signed total is the most received, and mixed signs rank neither."""
    plan, catalog = reading.plan, reading.catalog
    found = _OUTFLOW.search(reading.text)
    if found is None or plan.kind not in ("rank", "list") or plan.measure is None:
        return []
    column = _column_of(plan.measure, catalog)
    if column is None or catalog.docs is None:
        return []
    if not _NEGATIVE.search(catalog.docs.described(column.table, column.name)):
        return []
    read = " ".join(f.sql() for f in plan.filters)
    return [] if column.ref in read else [found.group(1)]


def one_of_combined(reading: PlanReading) -> list[str]:
    """ "The most combined goals" answered by one of a table's two columns of that
    measure word (``home_goals`` of ``home_goals`` and ``away_goals``): not combined."""
    plan, catalog = reading.plan, reading.catalog
    found = _COMBINED.search(reading.text)
    column = _column_of(plan.measure, catalog) if plan.measure is not None else None
    if found is None or column is None:
        return []
    head = measure_head(column.words)
    alike = [
        c
        for c in catalog.columns
        if c.table == column.table and c.numeric and not c.key and measure_head(c.words) == head
    ]
    return [found.group(0).strip()] if len(alike) > 1 else []


def measures_of_another_table(reading: PlanReading) -> list[str]:
    """A total, average or extreme of another table's measure when a table the question
    names has a column of the measure's word ("the total budget of all units": the units'
    own ``budget``, not their plan lines' ``planned_budget``): which one, the words do
    not say.  A parent's count of the named rows (``counts_of``) is theirs to read."""
    plan = reading.plan
    if plan.kind not in ("sum", "avg", "max", "min") or plan.measure is None:
        return []
    head = plan.measure.head
    counted = counts_of(plan.measure, reading.catalog)  # a parent's count of the rows named
    own = [
        c
        for c in reading.catalog.columns
        if c.table in reading.named_tables - {plan.measure.table} - counted
        and c.numeric
        and not c.key
        and measure_head(c.words) == head
    ]
    return [head] if own else []


def _column_of(measure: Measure, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column a measure is, when it is one column (not an expression)."""
    sql = measure.sql.strip()
    return next((c for c in catalog.columns if sql in (c.ref, c.name, f'"{c.name}"')), None)
