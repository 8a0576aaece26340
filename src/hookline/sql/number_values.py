"""number_values: a number column named with its value — "generation 3", "round 2",
"season 4": the rows whose column holds that number (or its Roman numeral: 'iii').

Read only when the word before the number names exactly one integer column (or column of
Roman numerals) of the counted table itself (not a key, not a year: "in 1995" is a date's,
and "before 1995" a comparison read earlier), so the number has no other place to go.

Example::

    numbered(" how many boats were built in batch 3 ", plan, catalog)
    # (" how many boats were built in _ ", [Filter(column=boats.batch, value="3")])
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan

__all__ = ["in_digits", "numbered", "unnumbered"]

_NUMBERED = re.compile(r" ([a-z]+) (\d{1,3}) ")
"""A word and a small whole number after it ("generation 3"; not a year)."""
_NUMERALS = ((100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
             (4, "iv"), (1, "i"))  # fmt: skip
_ROMAN = re.compile(r"c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
"""A Roman numeral up to 399, lower case ("iv"); the empty string matches too."""


def numbered(text: str, plan: QueryPlan, catalog: SqlCatalog) -> tuple[str, list[Filter]]:
    """``text`` less each "<column> <number>" of the plan's table, and their filters."""
    filters = []
    for match in list(_NUMBERED.finditer(text)):
        column = _number_column(match.group(1), plan.table, catalog)
        if column is not None:
            filters.append(_equal(column, int(match.group(2))))
            text = text.replace(match.group(0), " _ ", 1)
    return text, filters


def _equal(column: CatalogColumn, number: int) -> Filter:
    """The rows whose ``column`` holds ``number``: in digits, or as the column writes it
    in Roman numerals ("generation 4": 'iv', or 'IV')."""
    if not column.text:
        return Filter(column=column, value=str(number), number=True)
    roman = _roman(number)
    upper = all(v.isupper() for v in column.values)
    return Filter(column=column, value=roman.upper() if upper else roman)


def in_digits(value: str) -> str:
    """A Roman numeral ``value`` in digits ("iv" -> "4"); "" for any other value."""
    return _IN_DIGITS.get(value.lower(), "")


def _roman(number: int) -> str:
    """``number`` (1-399) in lower-case Roman numerals: 4 -> iv."""
    letters = ""
    for value, numeral in _NUMERALS:
        while number >= value:
            letters, number = letters + numeral, number - value
    return letters


_IN_DIGITS = {_roman(number): str(number) for number in range(1, 400)}
"""Each Roman numeral ``_ROMAN`` reads, by itself: "iv" -> "4"."""


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
    """An integer column of its own (no key, no yes/no, no date), or a short list of Roman
    numerals, three or more ("iii", "iv", ..., "ix": a generation, a part)."""
    if column.key or column.flag or column.date:
        return False
    lowered = [v.lower() for v in column.values]
    numerals = len(lowered) >= 3 and all(_ROMAN.fullmatch(v) for v in lowered)
    return column.numeric or numerals
