"""Yes/no columns read as groups or counted kinds: "which day of the week" grouped by a
Y/N ``IsThisWeek`` flag, "how many wins" as the two values Y and N of a flag.  Neither
answers the question asked, so the planner declines (``plan_doubts``).

Example::

    flag_groups(PlanReading("Which day of the week had the most sales?", plan, catalog))
    # ["week"]
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn
from hookline.sql.plan_reading import PlanReading

__all__ = ["distinct_flags", "flag_groups", "yes_no"]

_YES_NO = frozenset(("y", "yes", "true", "t", "1", "n", "no", "false", "f", "0", "na"))


def flag_groups(reading: PlanReading) -> list[str]:
    """The words of a yes/no column a ranking groups by, when the question does not say
    its whole name ("which day of the week" is not the Y/N ``IsThisWeek`` flag)."""
    plan, text = reading.plan, reading.text
    column = plan.column if plan.kind == "rank" else None
    if column is None or not yes_no(column):
        return []
    if f" {' '.join(column.words)} " in text:
        return []
    said = [w for w in column.words if f" {w} " in text]
    return [" ".join(said or column.words)]


def distinct_flags(reading: PlanReading) -> list[str]:
    """A number of the distinct values of a yes/no column ("how many wins" as the kinds
    of ``div_win``, Y and N: 2): never a number of anything asked."""
    plan = reading.plan
    column = plan.column
    if plan.kind == "count_distinct" and column is not None and yes_no(column):
        return [column.words[-1]]
    return []


def yes_no(column: CatalogColumn) -> bool:
    """Whether ``column`` holds yes/no values (a flag, or only Y/N, true/false, 1/0)."""
    values = {v.lower() for v in column.values}
    return column.flag or (bool(values) and values <= _YES_NO)
