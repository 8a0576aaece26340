"""number_values: a number column named with its value — "generation 3", "round 2",
"season 4": the rows whose column holds that number.

Read only when the word before the number names exactly one integer column of the
counted table itself (not a key, not a year: "in 1995" is a date's, and "before 1995"
a comparison read earlier), so the number has no other place to go.

Example::

    numbered(" how many boats were built in batch 3 ", plan, catalog)
    # (" how many boats were built in _ ", [Filter(column=boats.batch, value="3")])
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan

__all__ = ["numbered", "unnumbered"]

_NUMBERED = re.compile(r" ([a-z]+) (\d{1,3}) ")
"""A word and a small whole number after it ("generation 3"; not a year)."""


def numbered(text: str, plan: QueryPlan, catalog: SqlCatalog) -> tuple[str, list[Filter]]:
    """``text`` less each "<column> <number>" of the plan's table, and their filters."""
    filters = []
    for match in list(_NUMBERED.finditer(text)):
        column = _number_column(match.group(1), plan.table, catalog)
        if column is not None:
            filters.append(Filter(column=column, value=match.group(2), number=True))
            text = text.replace(match.group(0), " _ ", 1)
    return text, filters


def unnumbered(text: str, catalog: SqlCatalog) -> str:
    """``text`` less each "<column> <number>" of any table: a value, never the measure
    ("the average weight of the generation 2 ones" averages the weight)."""
    for match in list(_NUMBERED.finditer(text)):
        tables = {c.table for c in Vocabulary.of(catalog).columns_named(match.group(1))}
        if any(_number_column(match.group(1), t, catalog) for t in tables):
            text = text.replace(match.group(0), " _ ", 1)
    return text


def _number_column(word: str, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The one integer column of ``table`` ``word`` names by its own words."""
    named = Vocabulary.of(catalog).columns_named(word)
    found = [c for c in named if c.table == table and c.words == [word] and _counts(c)]
    return found[0] if len(found) == 1 else None


def _counts(column: CatalogColumn) -> bool:
    """An integer column of its own (no key, no yes/no, no date)."""
    return column.numeric and not (column.key or column.flag or column.date)
