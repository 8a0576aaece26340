"""A superlative of size said of a table's rows, answered by counting them: "Which shop
has the largest order?" asks for the shop of the one order that is largest, not for the
shop with the most orders, nor for the one whose orders add up to the most.  Only
"most", "fewest" and "least" rank by a number of rows; "largest", "longest", "oldest" ...
before the rows counted (or added up) is another question, and the plan is declined.
So is a ranking by a number of rows of a question asking for a "total" ("the country
with the highest total order price", "the highest total quantity"): a total adds up an
amount, a number of rows it is not ("the total number of orders" is).

Example::

    sized_rows(" which shop has the largest order ", plan, catalog)  # ["largest"]
"""

from __future__ import annotations

import itertools

from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import singular

__all__ = ["sized_rows", "totals_counted"]

_SIZES = frozenset(("largest", "biggest", "smallest", "longest", "shortest", "highest",
                    "lowest", "tallest", "heaviest", "lightest", "oldest", "newest",
                    "youngest", "cheapest", "fastest", "slowest", "best", "worst",
                    "richest", "poorest", "busiest", "earliest", "latest"))  # fmt: skip


def sized_rows(reading: PlanReading) -> list[str]:
    """The superlative of size right before the name of the rows a ranking counts, or of
    the rows whose measure it adds up per group ("the artist with the longest song": the
    one song's length, never the total of the artist's songs)."""
    plan = reading.plan
    if plan.kind != "rank":
        return []
    said: tuple[str, ...] = ()
    if plan.measure is None:
        rows, said = plan.table, ()
    elif plan.agg.upper() == "SUM":
        rows, said = plan.measure.table, plan.measure.words
    else:
        return []
    vocabulary = Vocabulary.of(reading.catalog)
    for before, word in itertools.pairwise(reading.words):
        measured = singular(word) in said  # "the highest salary": the amount itself
        if before in _SIZES and vocabulary.table_named(word) == rows and not measured:
            return [before]
    return []


_NUMBERED = ("number", "count", "amount")


def totals_counted(reading: PlanReading) -> list[str]:
    """ "total" in a question whose ranking counts rows, not said of a number of them
    ("the total number of orders") nor of the count itself ("the most orders in total")."""
    plan, words = reading.plan, reading.words
    if plan.kind != "rank" or plan.measure is not None:
        return []
    for at, word in enumerate(words):
        numbered = any(words[at + 1 : at + 2] == (w,) for w in _NUMBERED)
        if word == "total" and not numbered and words[at - 1 : at] != ("in",):
            return [word]
    return []
