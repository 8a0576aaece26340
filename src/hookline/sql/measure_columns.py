"""A measure read from the wrong column.  A measure word two columns of one table share:
"goals" of a match with ``home_goals`` and ``away_goals`` — a plan that adds up one of
them because the question said only the shared word answers another question (the home
side's goals, not the match's); it is in doubt unless the question says the chosen
column's other words ("home goals").  A measure whose said words are the group's: "the
average stamina of the hulls of each size" averaging a ``blast_size`` by ``size``.
And a number column's name read as a value of another column ("stamina" as a kind of
upgrade) while the plan measures something else.

Example::

    rival_columns(" how many goals were scored at north park ", plan, catalog)   # ['goals']
"""

from __future__ import annotations

from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import identifier_words, one_stem, singular

__all__ = ["rival_columns"]


def rival_columns(reading: PlanReading) -> list[str]:
    """The measure words of the question that name the plan's measure only in part and name
    another measure of its table just as well (module doc)."""
    plan, catalog = reading.plan, reading.catalog
    measure = plan.measure
    if measure is None:
        return []
    said = reading.singulars
    own = {singular(w) for w in identifier_words(measure.table)}
    named = _said(measure, said)
    shared = named - own
    grouped = {singular(w) for w in plan.column.words} if plan.column else set()
    misread = [f.value for f in plan.filters if _measure_named(f.value, measure, plan, catalog)]
    if misread or (shared and shared <= grouped):
        return misread or sorted(shared)
    if not shared or named == _words(measure):
        return []
    rivals = [
        m
        for m in catalog.measures
        if m.table == measure.table and m.sql != measure.sql and _said(m, said) - own == shared
    ]
    return list(dict.fromkeys(w for w in reading.words if singular(w) in shared)) if rivals else []


def _words(measure: Measure) -> set[str]:
    return {singular(w) for w in measure.words}


def _said(measure: Measure, said: frozenset[str]) -> set[str]:
    """The words of ``measure`` that ``said`` holds, or a word of one stem ("movement")."""
    return {w for w in _words(measure) if any(one_stem(w, s) for s in said)}


def _measure_named(value: str, measure: Measure, plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether ``value`` is the whole name of a number column of a table ``plan`` reads
    other than ``measure``'s ("Stamina" of a hull's ``stamina``)."""
    key = "".join(value.lower().split())
    return any(
        c.numeric and not c.key and "".join(c.words) == key and c.ref != measure.sql
        for table in plan.tables()
        for c in catalog.table_columns(table)
    )
