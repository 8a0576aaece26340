"""A row named by a value that is also the name of a row of another table with the asked
column: "What is the population of Springfield?" with Springfield both a town and a
county, each with a population.  Which row is meant the words do not say, and the answer
would be one of them at random; the question is declined instead, unless it names the
table ("the town Springfield", "the county of Springfield").

Example::

    # school: town(name, population), county(name, population), both with 'Springfield'
    named_twice(" what is the population of springfield ", plan, catalog)  # ["springfield"]
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import table_mentioned
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import value_key

__all__ = ["named_twice"]


def named_twice(reading: PlanReading) -> list[str]:
    """The values the plan reads in its rows' label that also name a row of another table
    (its label) with a column of the asked column's (or measure's) words, neither table
    named in the question."""
    text, plan, catalog = reading.text, reading.plan, reading.catalog
    words = _asked_words(plan)
    found = []
    for read in plan.filters:
        own = read.table_name
        if read.column is None or read.op != "=" or table_mentioned(own, text, catalog):
            continue
        value = value_key(read.value)
        others = [t for t in _labelled(value, catalog) if t != own]
        if any(_alike(words, t, catalog) and not table_mentioned(t, text, catalog) for t in others):
            found.append(value)
    return found


def _asked_words(plan: QueryPlan) -> tuple[str, ...]:
    """The words of what ``plan`` answers with: its column's, or its measure's."""
    if plan.kind == "rows" and plan.column is not None:
        return tuple(plan.column.words)
    return tuple(plan.measure.words) if plan.measure is not None else ()


def _labelled(value: str, catalog: SqlCatalog) -> list[str]:
    """The tables whose own label holds ``value`` (as a question spells it); a label that
    is a foreign key names another table's row (a pet's types, keyed by the pet's name)."""
    matches = catalog.index.lookup(value.split())
    return list(
        dict.fromkeys(
            m.table
            for m in matches
            if m.exact and m.column in catalog.labels.get(m.table, [])
            and not _referring(m.table, m.column, catalog)
        )
    )  # fmt: skip


def _referring(table: str, column: str, catalog: SqlCatalog) -> bool:
    """Whether ``column`` of ``table`` is (part of) a foreign key."""
    return any(column in fk.columns for fk in catalog.table(table).foreign_keys)


def _alike(words: tuple[str, ...], table: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` has a column of ``words``."""
    columns = [c for c in catalog.columns if c.table == table]
    return bool(words) and any(tuple(c.words) == words for c in columns)
