"""flag_phrases: yes/no columns a plan reads, or leaves unread, against the question's
words — the planner declines (``plan_doubts`` calls this):

- two yes/no columns read from two adjacent words that the documentation of one of them
  says as one thing ("a dial light": ``Dial`` and ``Light``, where ``Light`` is "it has
  a dial light") — the phrase names one column, not both;
- a value read whose word is one of a yes/no column of the same table that the question
  names in full and no condition reads ("lamps that passed the test" read as the
  ``Result`` 'TEST', a ``passed_test`` flag unread): the flag is the question's.

Example::

    flag_phrases(PlanReading("How many lamps have a dial light?", plan, catalog))
    # ["dial light"]
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import FUNCTION_WORDS, value_parts
from hookline.sql.yes_no_groups import yes_no

__all__ = ["flag_phrases"]


def flag_phrases(reading: PlanReading) -> list[str]:
    """The phrases of the question its plan reads as another question's (module doc)."""
    text, plan, catalog = reading.text, reading.plan, reading.catalog
    return _split_flags(text, plan, catalog) + _unread_flags(text, plan, catalog)


def _flag_filters(plan: QueryPlan) -> list[CatalogColumn]:
    return [f.column for f in plan.filters if f.column is not None and yes_no(f.column)]


def _split_flags(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """Two read flags named by adjacent words one flag's documentation says together."""
    flags = [c for c in _flag_filters(plan) if len(c.words) == 1]
    found = []
    for first in flags:
        for second in flags:
            phrase = f"{first.words[0]} {second.words[0]}"
            if first is not second and f" {phrase} " in text and _said(phrase, flags, catalog):
                found.append(phrase)
    return found


def _said(phrase: str, columns: list[CatalogColumn], catalog: SqlCatalog) -> bool:
    """Whether the documentation of one of ``columns`` says ``phrase``."""
    docs = catalog.docs
    if docs is None:
        return False
    described = (docs.described(c.table, c.name).lower() for c in columns)
    return any(f" {phrase} " in f" {' '.join(d.split())} " for d in described)


def _unread_flags(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """Flags the question names in full, unread, sharing a word with a value read."""
    read = {(f.column.table, f.column.name) for f in plan.filters if f.column is not None}
    found = []
    for value in (f for f in plan.filters if _text_value(f)):
        assert value.column is not None
        words = set(value_parts(value.value))
        for column in catalog.table_columns(value.column.table):
            named = [w for w in column.words if w not in FUNCTION_WORDS]
            if (column.table, column.name) in read or not yes_no(column) or len(named) < 2:
                continue
            if words & set(named) and all(f" {w} " in text for w in named):
                found.append(" ".join(named))
    return found


def _text_value(condition: Filter) -> bool:
    column = condition.column
    return column is not None and condition.op == "=" and not condition.number and column.text
