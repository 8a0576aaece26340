"""Values of a plan's conditions that make its answer no answer: the very value the
question gives, shown back ("What types is Drake?" -> "drake"); two values one column
must have at once ("from X to Y" both read on the source); a word in capitals no
condition reads ("the US workers" read as "us").  The planner declines (``plan_doubts``).

Example::

    echoes(PlanReading("What kinds is Drake?", plan, catalog))   # ["kinds"]
"""

from __future__ import annotations

import re

from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import FUNCTION_WORDS

__all__ = ["capitalised_function_words", "echoes", "one_column_two_values"]

_ASKED = re.compile(r" (?:which|what) ([a-z]+) ")
_RAW_LIST = re.compile(r"([\w.\"]+) (?:IN \((.*)\)|= ('(?:[^']|'')*'))")
_QUOTED = re.compile(r"'((?:[^']|'')*)'")
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")


def echoes(reading: PlanReading) -> list[str]:
    """Rows named by the very columns the question's values select them by ("What types is
    Drake?" answered "drake"): the answer only echoes the question."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind != "rows" or not plan.filters:
        return []
    if plan.column is not None:
        shown = [(plan.column.table, plan.column.name)]
    else:
        named = plan.group_table or plan.table  # the rows shown: a parent's, when grouped
        shown = [(named, name) for name in catalog.label(named)]
    equal = [f.column for f in plan.filters if f.op == "=" and not f.prefix and f.raw is None]
    matched = {(c.table, c.name) for c in equal if c is not None}
    if not shown or not set(shown) <= matched:
        return []
    asked = _ASKED.search(reading.text)
    return [asked.group(1) if asked else " ".join(catalog.column(*shown[0]).words)]


def one_column_two_values(reading: PlanReading) -> list[str]:
    """Two values the plan requires of one column at once ("from X to Y" both read on
    the source): no row has both, and the empty answer is no answer."""
    values: dict[str, list[set[str]]] = {}
    for condition in reading.plan.filters:
        if condition.column is not None and condition.op == "=" and not condition.prefix:
            values.setdefault(condition.column.ref, []).append({condition.value.lower()})
        elif condition.raw and (listed := _RAW_LIST.fullmatch(condition.raw)):
            spellings = {
                v.replace("''", "'").lower() for v in _QUOTED.findall(listed[2] or listed[3])
            }
            values.setdefault(listed[1].replace('"', ""), []).append(spellings)
    return [" and ".join(sorted(set.union(*v))) for v in values.values() if _disjoint(v)]


def _disjoint(spellings: list[set[str]]) -> bool:
    """Whether two of the conditions' sets of spellings share none (no row has both)."""
    return any(not a & b for i, a in enumerate(spellings) for b in spellings[i + 1 :])


def capitalised_function_words(reading: PlanReading) -> list[str]:
    """ "The US workers" read as "the us workers", "us" dropped as a function word: a
    word written in capitals is a name (a country, a code) that a condition must read."""
    valued = {w for f in reading.plan.filters for w in re.findall(r"[a-z]+", f.value.lower())}
    return [
        w
        for w in _CAPITALS.findall(reading.question)
        if w.lower() in FUNCTION_WORDS and w.lower() not in valued
    ]
