"""A measure word two columns of one table share: "goals" of a match with ``home_goals``
and ``away_goals``.  A plan that adds up one of them because the question said only the
shared word answers another question (the home side's goals, not the match's); it is in
doubt unless the question says the chosen column's other words ("home goals").

Example::

    rival_columns(" how many goals were scored at north park ", plan, catalog)   # ['goals']
"""

from __future__ import annotations

from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.words import singular

__all__ = ["rival_columns"]


def rival_columns(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The measure words of ``text`` that name ``plan``'s measure only in part and name
    another measure of its table just as well (module doc)."""
    measure = plan.measure
    if measure is None:
        return []
    said = {singular(w) for w in text.split()}
    shared = _words(measure) & said
    if not shared or _words(measure) <= said:
        return []
    rivals = [
        m
        for m in catalog.measures
        if m.table == measure.table and m.sql != measure.sql and _words(m) & said == shared
    ]
    return list(dict.fromkeys(w for w in text.split() if singular(w) in shared)) if rivals else []


def _words(measure: Measure) -> set[str]:
    return {singular(w) for w in measure.words}
