"""A ranking grouped by one of two columns of a table that the question's word names
alike: "Which country has the most players?" with a player's ``birth_country`` and
``death_country`` — which country is meant the words do not say, and each gives another
answer.  Unless the question says the column's other words ("birth country"), the
plan is declined.

Example::

    rival_groups(" which country has the most players ", plan, catalog)  # ["country"]
"""

from __future__ import annotations

from hookline.sql.plan_reading import PlanReading
from hookline.sql.time_conditions import ALIASES

__all__ = ["rival_groups"]


def rival_groups(reading: PlanReading) -> list[str]:
    """The last word of a ranking's group column when another column of its table ends
    in that word too and the question says none of the group column's other words."""
    plan = reading.plan
    column = plan.column
    if plan.kind != "rank" or column is None or len(column.words) < 2:
        return []
    last, own = column.words[-1], column.words[:-1]
    said = {ALIASES.get(w, w) for w in reading.words}  # "born": the birth country
    if last not in said or said & set(own):
        return []
    rivals = [
        c for c in reading.catalog.table_columns(column.table)
        if c is not column and not c.key and len(c.words) > 1 and c.words[-1] == last
    ]  # fmt: skip
    return [last] if rivals else []
