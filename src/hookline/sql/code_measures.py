"""Codes added up: a column that identifies things (a code, an id) is no amount, so a
plan that sums or averages it ("the countries with the most dialling code") answers no
question; nor is a place in an order (1 is best) added up, nor a column named as the table
whose rows are ranked (a key to them that no foreign key declares).  The plan is declined."""

from __future__ import annotations

import re

from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import singular

__all__ = ["code_measure", "summed_codes"]

_CODE_WORDS = frozenset(("code", "codes", "id", "ids", "identifier", "identifiers"))
_CLAUSE_END = re.compile(r"[(,;:.]")
_TOTAL = re.compile(r"\b(total|sum|combined|altogether|add up)\b")
_MOST = re.compile(r"\b(most|fewest|least)\b")
_NUMBERED = re.compile(r"\s*(or\s+|and\s+)?-?\d+\s*[=:]?\s*[a-z]", re.IGNORECASE)
_PLACING = re.compile(r"\b1 (is|=) (the )?(best|first|top|highest|winner)\b", re.IGNORECASE)
_PLACE_WORDS = frozenset(("rank", "ranking", "placing", "place", "position"))


def summed_codes(reading: PlanReading) -> list[str]:
    """The words of the plan's measure when it adds up ("total") or averages a code column
    (its name, or the first clause of what the documentation says of it, ends in code or
    id; "the code of Y" is one row's), or ranks rows by one for "the most" ("which code
    appears in the most networks": a number of rows, not the largest code)."""
    text, plan, catalog = reading.text, reading.plan, reading.catalog
    measure = plan.measure
    if measure is not None and plan.kind in ("sum", "avg", "rank") and _glossed(measure, catalog):
        return [" ".join(measure.words)]  # "1 noun, 2 verb": codes, whatever the question says
    added = plan.kind == "avg" or (plan.kind == "sum" and _TOTAL.search(text) is not None)
    added = added or (plan.kind == "rank" and plan.agg in ("SUM", "AVG"))
    added = added or (plan.kind == "list" and _MOST.search(text) is not None)
    if measure is None or not added:
        return []
    summed = plan.kind == "sum" or plan.agg == "SUM"  # an average place is one
    if code_measure(measure, catalog) or (summed and _placing(measure, catalog)):
        return [" ".join(measure.words)]
    return [" ".join(measure.words)] if _group_key(plan, measure) else []


def _group_key(plan: QueryPlan, measure: Measure) -> bool:
    """Whether the measure is a column named as the table whose rows the plan ranks ("the
    sections with the most books" summing ``books.section``): a key to them, no amount."""
    group = plan.group_table
    return group is not None and singular(measure.name.lower()) == singular(group.lower())


def code_measure(measure: Measure, catalog: SqlCatalog) -> bool:
    """Whether ``measure`` is one column whose name, or the first clause of what the
    documentation says of it, ends in code or id."""
    column, said = _column_said(measure, catalog)
    if not _one_column(measure, column):
        return False  # an expression of columns, not one column
    heads = _CLAUSE_END.split(said, maxsplit=1)[0].lower().split()[-1:]
    heads += re.split(r"[_\W]+", column.lower())[-1:]
    return bool(_CODE_WORDS.intersection(heads))


def _placing(measure: Measure, catalog: SqlCatalog) -> bool:
    """Whether ``measure`` is one column of places in an order ("the placing in the
    race (1 is best)", a ``rank`` column): an order, so "the most races won" is never
    their sum."""
    column, said = _column_said(measure, catalog)
    if not _one_column(measure, column):
        return False
    named = _PLACE_WORDS.intersection(re.split(r"[_\W]+", column.lower()))
    return bool(named) or _PLACING.search(said) is not None


def _glossed(measure: Measure, catalog: SqlCatalog) -> bool:
    """Whether ``measure`` is one column the documentation says as a list of numbered
    meanings ("1 noun, 2 verb, 3 adjective"): codes, never an amount."""
    parts = re.split(r"[,;]", _column_said(measure, catalog)[1])
    return len(parts) > 1 and all(_NUMBERED.match(part) for part in parts)


def _one_column(measure: Measure, column: str) -> bool:
    """Whether ``measure`` is ``column`` of its table alone, no expression of columns."""
    return measure.sql.replace('"', "") == f"{measure.table}.{column}"


def _column_said(measure: Measure, catalog: SqlCatalog) -> tuple[str, str]:
    """The column ``measure`` names last, and what the documentation says of it."""
    column = measure.sql.replace('"', "").split(".")[-1]
    return column, catalog.docs.described(measure.table, column) if catalog.docs else ""
