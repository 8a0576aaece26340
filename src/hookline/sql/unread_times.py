"""Times a question names or asks for that its plan does not read: "signed up in 1995",
"this year", "since 2023" with no condition on them, or "which year" answered by a
ranking of something else (the event types).  The database cannot tell what "this year"
is, and a count of every row is no answer, so the planner declines (``plan_doubts``).

Example::

    unread_times(PlanReading("How many homes were there this year?", plan, catalog))
    # ["this year"]
"""

from __future__ import annotations

import re

from hookline.sql.groups import PERIODS
from hookline.sql.plan_reading import PlanReading

__all__ = ["YEAR", "time_rankings", "unread_times"]

_RELATIVE = re.compile(
    r" ((?:this|last|next|past|previous|coming|current) (?:year|month|week|quarter|decade)s?"
    r"|today|yesterday|tomorrow|tonight|recently|lately) "
)
YEAR = re.compile(r" (1[89]\d\d|20\d\d) ")
"""A year as a question writes it, space-padded."""
_RANGE = re.compile(r" (?:since|until|till|through|thru|by|from|to) (?:1[89]\d\d|20\d\d) ")
_TIME_ASKED = re.compile(
    r" (?:which|what) (year|month|day|date|decade|week|weekday|quarter|hour|century)s? "
)
_UNIT_WORDS = {"day": ("day", "date"), "date": ("day", "date"), "weekday": ("day", "weekday")}


def unread_times(reading: PlanReading) -> list[str]:
    """A time the question names that no condition of the plan reads: a year ("signed up
    in 1995"), a time relative to today ("this year", "last month", "yesterday": the
    database cannot tell what "this year" is), or a year a range starts or ends at
    ("since 2023", "until 2023") that no comparison reads (not "in 2023")."""
    text, plan = reading.text, reading.plan
    found = [m.group(1) for m in _RELATIVE.finditer(text)]
    found += [y for y in YEAR.findall(text) if y not in reading.values_read]
    compared = " ".join(f.raw or f.value for f in plan.filters if f.raw or f.op != "=")
    ranges = [m.group(0).strip() for m in _RANGE.finditer(text)]  # "until 2023": up to it
    return found + [r for r in ranges if r.split()[-1] not in compared]


def time_rankings(reading: PlanReading) -> list[str]:
    """ "Which year had the most births" ranked (or rows ordered by a measure) by anything
    but a time of that unit, a column of its word (``year``, ``order_year``; a date for a
    day): grouped by another column (the event type) it answers another question."""
    plan, catalog = reading.plan, reading.catalog
    asked = _TIME_ASKED.search(reading.text)
    if asked is None or plan.kind not in ("rank", "list"):
        return []
    unit = asked.group(1)
    if plan.kind == "rank" and plan.period and plan.period == PERIODS.get(unit):
        return []  # the date cut to that unit
    if plan.kind == "rank":
        shown = [plan.column] if plan.column is not None else []
    else:
        shown = [catalog.column(plan.table, name) for name in catalog.label(plan.table)]
    words = _UNIT_WORDS.get(unit, (unit,))
    if any(set(words) & set(c.words) or (c.date and unit in ("day", "date")) for c in shown):
        return []
    return [unit]
