"""A day of a month said in words: "on January 1st 2013", "on the 3rd of March", "on 4
July".  The number next to the month's name is a day; a plan that reads the month (and
year) but no day counts the whole month.  It is read only by a condition on a whole date
(``2013-01-01``) or on a day column (``day = 1``) — a month number equal to it ("January"
read as ``month = 1`` beside "1st") does not read it.

Example::

    reading = PlanReading("How many trips left on January 1st 2013?", plan, catalog)
    unread_month_days(reading)   # ['january 1st'] when the plan reads only the month
"""

from __future__ import annotations

import re

from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import MONTHS

__all__ = ["unread_month_days"]

_SHORT = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
_MONTH = "|".join([*(m for m in MONTHS if m != "may"), *_SHORT])
"""Month names and their short forms ("may" is a verb too: only with an ordinal, below)."""
_DAY = r"([1-9]|[12]\d|3[01])"
_MONTH_DAYS = re.compile(
    rf" (?:(?:{_MONTH}|may) (?:the )?{_DAY}(?:st|nd|rd|th)"
    rf"|(?:{_MONTH}) (?:the )?{_DAY}"
    rf"|(?:the )?{_DAY}(?:st|nd|rd|th)? (?:of )?(?:{_MONTH}|may))(?= )"
)
"""A month's name with a day number before or after it."""


def unread_month_days(reading: PlanReading) -> list[str]:
    """The days of months the question says that no condition of the plan reads (module
    doc)."""
    found = []
    for match in _MONTH_DAYS.finditer(reading.text):
        day = next(group for group in match.groups() if group is not None)
        if not _day_read(int(day), reading.plan):
            found.append(match.group(0).strip())
    return found


def _day_read(day: int, plan: QueryPlan) -> bool:
    """Whether a condition of ``plan`` reads ``day``: a whole date, or a day column."""
    for condition in plan.filters:
        said = f"{condition.value} {condition.raw or ''}"
        if re.search(rf"\d{{4}}-\d\d-0?{day}\b", said):
            return True
        words = condition.column.words if condition.column is not None else []
        if "day" in words and condition.value.lstrip("0") == str(day):
            return True
    return False
