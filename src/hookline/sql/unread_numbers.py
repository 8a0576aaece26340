"""Numbers and comparisons a question says that no condition of its plan reads: "more
than two splits", "at least 5 orders", "route 110", "year 10".  Without them the answer
counts or lists every row, so the planner declines (``plan_doubts``).

Example::

    unread_numbers(PlanReading("How many trips does route 110 have?", plan, catalog))
    # ["route 110"]
"""

from __future__ import annotations

import re

from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.unread_times import YEAR
from hookline.sql.words import NUMBER_WORDS

__all__ = ["unread_comparisons", "unread_numbers"]

_COMPARED = re.compile(
    r" ((?:more|fewer|less|greater) than|at least|at most|over|under|exactly) "
    r"(?:\$?\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r") "
)
_HAS_NUMBER = re.compile(
    r" (?:have|has|had|with) (?:just |only |exactly )?(?:a single|one single|"
    + "|".join(w for w in NUMBER_WORDS if w != "zero")
    + r") ([a-z]+)(?= )"
)
_ORDERINGS = (">", "<", ">=", "<=")
_READ_COMPARISON = re.compile(r"(?:[<>]=?|\) =) *-?[\d.]+")
_NUMBER = re.compile(
    r"(?<= )(?:the )?([a-z]+ )?(\d[\d,]*(?:\.\d+)?)(?= (million|billion|thousand)?)"
)


def unread_comparisons(reading: PlanReading) -> list[str]:
    """A comparison ("more than two splits", "at least 5 orders", "exactly one") that no
    condition of the plan compares, or a number of rows said of each ("owners with a
    single pet", "owners that have two pets"): without it, the answer counts or lists
    every row."""
    match = _COMPARED.search(reading.text) or _counted_rows(reading)
    if match is None:
        return []
    for condition in reading.plan.filters:
        compared = condition.op in _ORDERINGS or (condition.op == "=" and condition.number)
        if compared or _READ_COMPARISON.search(condition.raw or ""):
            return []
    return [match.group(0).strip()]


def _counted_rows(reading: PlanReading) -> re.Match[str] | None:
    """ "have two pets", "with a single kennel": a number of rows of a table each has."""
    vocabulary = Vocabulary.of(reading.catalog)
    for match in _HAS_NUMBER.finditer(reading.text):
        if vocabulary.table_named(match.group(1)) is not None:
            return match
    return None


def unread_numbers(reading: PlanReading) -> list[str]:
    """A number of the question that no condition, limit or year of the plan reads ("How
    many trips does route 110 have?" counted as every trip; "year 10"); years are
    ``unread_times``'."""
    plan = reading.plan
    read = reading.values_read.replace(",", "")
    found = []
    for match in _NUMBER.finditer(reading.text):
        number, scale = match.group(2).replace(",", ""), match.group(3)
        limited = plan.kind in ("rank", "list") and number == str(plan.limit)  # "top 1"
        if scale or limited or number in read or YEAR.match(f" {number} "):
            continue  # a year is unread_times' to read
        found.append(((match.group(1) or "") + match.group(2)).strip())
    return found
