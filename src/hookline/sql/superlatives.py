"""Superlatives a plan does not answer: "the longest trip" answered by a count that
orders nothing, "the largest single split" by the groups with the most splits, "the
maximum salary" by a ``lowest_pay``.  Each answers another question, so the planner
declines (``plan_doubts``).

Example::

    unread_superlatives(PlanReading("How many stops does the longest trip have?", plan,
                                    catalog))   # ["longest"]
"""

from __future__ import annotations

import re

from hookline.sql.ages import AGE_WORDS, born_measure
from hookline.sql.plan_reading import PlanReading

__all__ = ["contrary_measures", "single_rows_counted", "unread_ages", "unread_superlatives"]

_SINGLE = re.compile(r" (?:largest|biggest|smallest|highest|lowest|most|least) single ([a-z]+) ")
_SUPERLATIVES = frozenset(("most", "least", "highest", "lowest", "largest", "smallest",
                           "biggest", "longest", "shortest", "fewest", "greatest", "top",
                           "cheapest", "maximum", "minimum", "oldest", "newest", "latest",
                           "earliest"))  # fmt: skip
_UNORDERED = frozenset(("count", "count_distinct", "sum", "avg"))
_EXTREME_SENSES = {"min": "min", "minimum": "min", "lowest": "min", "smallest": "min",
                   "least": "min", "max": "max", "maximum": "max", "highest": "max",
                   "largest": "max", "biggest": "max", "most": "max"}  # fmt: skip


def unread_superlatives(reading: PlanReading) -> list[str]:
    """A superlative answered by a count, a total or an average, which orders nothing
    ("How many stops does the longest trip have?" counted as every trip's stops); "at
    most" and "at least" are comparisons, read elsewhere."""
    plan = reading.plan
    if plan.kind not in _UNORDERED or any("ORDER BY" in (f.raw or "") for f in plan.filters):
        return []  # a sub-question's ranking ("the country with the most customers")
    valued = {w for f in plan.filters for w in f.value.lower().split()}  # "Most Valuable"
    words = reading.words
    return [
        w
        for at, w in enumerate(words)
        if w in _SUPERLATIVES and w not in valued and words[at - 1 : at] != ("at",)
    ]


def single_rows_counted(reading: PlanReading) -> list[str]:
    """ "the largest single split" answered by anything but the extreme of one row's
    measure (the groups with the most splits are no single split)."""
    plan = reading.plan
    match = _SINGLE.search(reading.text)
    extreme = plan.kind in ("list", "max", "min") or plan.agg in ("MAX", "MIN")
    if match is None or (plan.measure is not None and extreme):
        return []
    return [match.group(0).strip()]


def contrary_measures(reading: PlanReading) -> list[str]:
    """ "What is the maximum salary?" answered from a ``lowest_pay``: a measure's words
    naming the extreme opposite the question's are another question's (a question naming
    no extreme leaves "min" to mean minutes, as in ``runtime_min``)."""
    measure = reading.plan.measure
    if measure is None:
        return []
    asked = {_EXTREME_SENSES[w] for w in reading.words if w in _EXTREME_SENSES}
    named = [w for w in measure.words if w in _EXTREME_SENSES]
    return [w for w in named if asked and _EXTREME_SENSES[w] not in asked]


def unread_ages(reading: PlanReading) -> list[str]:
    """ "oldest", "youngest" in a question whose plan does not list rows by their own
    birth date in the order the word says (``ages``)."""
    said = [w for w in reading.words if w in AGE_WORDS]
    if not said:
        return []
    plan = reading.plan
    own = plan.measure is not None and plan.measure.table == plan.table
    listed = plan.kind == "list" and own and born_measure(plan.measure, reading.catalog)
    if listed and len(set(said)) == 1 and plan.ascending == AGE_WORDS[said[0]]:
        return []
    return said
