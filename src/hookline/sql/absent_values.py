"""absent_values: "books that have no subtitle", "shops with no manager": the rows whose
column of those words is empty (``IS NULL``; an empty text too).

Only a column of the counted table, named by the words after "no" alone, is read so: a
table's name there ("customers with no orders") is a child-row condition, and a number
("no headcount") may be 0 as well as unknown, so it stays unread and the planner abstains.

Example::

    absent_values(" how many books have no subtitle ", plan, catalog)
    # (" how many books _ ", [Filter(raw="NULLIF(book.subtitle, '') IS NULL", table="book")])
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan

__all__ = ["absent_values"]

_NO = re.compile(r" (?:have|has|had|with|without) (?:no |any |an? )?")
_LONGEST = 3
"""The most words after "no" read as a column's name."""


def absent_values(
    text: str, plan: QueryPlan, catalog: SqlCatalog
) -> tuple[str, list[Filter]] | None:
    """``text`` with "have no <column>" read, and the filter it says; the text unchanged
    (and no filter) when it says none, or names no single column of ``plan.table``."""
    match = next((m for m in _NO.finditer(text) if _says_none(m.group(0))), None)
    if match is None or plan.table is None:
        return text, []
    after = text[match.end() :].split()[:_LONGEST]
    for size in range(len(after), 0, -1):
        phrase = " ".join(after[:size])
        column = _own_column(phrase, plan.table, catalog)
        if column is not None:
            condition = Filter(raw=_empty(column), table=plan.table)
            return text.replace(f"{match.group(0)}{phrase} ", " _ ", 1), [condition]
    return text, []


def _says_none(lead: str) -> bool:
    """ "have no", "without", "without any": the value is absent ("have any": a yes/no)."""
    words = lead.split()
    return words[-1] == "no" or words[0] == "without"


def _own_column(phrase: str, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The one column of ``table`` that ``phrase`` names, if it can be empty rather than 0:
    a text, a date or a key (never a number, nor a phrase that names a table)."""
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(phrase) is not None:
        return None
    named = [c for c in vocabulary.columns_named(phrase) if c.table == table]
    if len(named) != 1 or named[0].flag:
        return None
    column = named[0]
    return column if column.text or column.date or column.key else None


def _empty(column: CatalogColumn) -> str:
    """The SQL of ``column`` holding nothing (an empty text counts as nothing)."""
    return f"NULLIF({column.ref}, '') IS NULL" if column.text else f"{column.ref} IS NULL"
