"""Row codes: the short code a table's rows carry beside their name ("Alpha Field
(ALF)", "Rough Stone (Rs)"), shown with the name of each group of a ranking, so a reader
who knows the rows by their codes finds them.

A row code is a text column of the table other than its label, never a foreign key,
unique among the rows that have one, filled in at least half of them, and short (at
most ``LONGEST`` characters, or ``KEY_LONGEST`` for the text primary key: "Gravel Track
(gravel02)") where the label is longer; of several, the shortest.  In a
table of fewer than ``FEWEST`` rows, only its text primary key.  A
table without a primary key has none (its groups are not keyed by it).

Example::

    row_code("field", catalog)   # field.code: 'ALF', 'BEF', ...
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, SqlCatalog

__all__ = ["FEWEST", "KEY_LONGEST", "LONGEST", "row_code"]

LONGEST = 5
"""The most characters of a code ("ALF", "Rs", "NO-AB"); a longer value names."""
KEY_LONGEST = 12
"""The most characters of a text primary key shown as a code ("gravel02", "Hshark")."""
FEWEST = 10
"""Rows below which a column is unique by chance (two vendors of two countries): only a
text primary key is a code there."""


def row_code(table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column of ``table``'s short unique codes, or None (module doc)."""
    info = catalog.table(table)
    label = catalog.labels.get(table, [])
    if not info.primary_key or not label or any(_short(c) for c in _columns(label, table, catalog)):
        return None
    foreign = info.foreign_key_columns()
    rows = catalog.rows.get(table, 0)
    codes = [
        c for c in catalog.table_columns(table)
        if c.text and not c.date and not c.prose and c.name not in label
        and c.name not in foreign and _unique(c, rows)
        and (_short(c) or ([c.name] == info.primary_key and _short(c, KEY_LONGEST)))
        and (rows >= FEWEST or [c.name] == info.primary_key)
    ]  # fmt: skip
    shortest = sorted(codes, key=lambda c: c.width[1] if c.width else LONGEST)
    if len(shortest) > 1 and shortest[0].width == shortest[1].width:
        return None  # two codes alike: which one the reader knows, is not told
    return shortest[0] if shortest else None


def _columns(names: list[str], table: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    return [c for c in catalog.table_columns(table) if c.name in names]


def _short(column: CatalogColumn, longest: int = LONGEST) -> bool:
    return column.width is not None and column.width[1] <= longest


def _unique(column: CatalogColumn, rows: int) -> bool:
    """One row per value, a value in at least half of the rows."""
    filled = column.filled or 0
    return rows > 0 and column.distinct == filled and filled * 2 >= rows
