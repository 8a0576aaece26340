"""Cell caps in SQL: long text and blob values are cut by the database, not after receipt.

A row reaches the driver whole, so ``SELECT repeat('x', 500000000)`` would be
received and decoded in full before ``RowCollector`` could cut it.  When a
query returns text or blob columns, the runners (PostgreSQL, DuckDB) wrap it so
the database sends at most ``max_cell_bytes + 1`` characters (bytes for
blobs) of each such value; the collector then cuts and counts as usual.
Statements that cannot be wrapped (``SHOW``, ``DESCRIBE``...) run as they are.

Example::

    capped_query("SELECT name, notes FROM t", ["name", "notes"], [None, "left({}::text, {})"], 9)
    # 'SELECT q.c1 AS "name", left(q.c2::text, 10) AS "notes" FROM (\\nSELECT ...\\n) AS q(c1, c2)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["capped_query", "duckdb_cell", "postgres_cell"]

_POSTGRES_TEXT = frozenset({"text", "varchar", "json", "jsonb", "xml"})
_TEXT = "left({}::text, {})"
_POSTGRES_BYTES = "substring({} FROM 1 FOR {})"
_DUCKDB_TEXT = "left({}::VARCHAR, {})"
_DUCKDB_BYTES = "{}[1:{}]"


def capped_query(
    sql: str, names: Sequence[str], templates: Sequence[str | None], max_cell_bytes: int
) -> str | None:
    """``sql`` wrapped so the columns with a template are cut, or None if none has one.

    A template is an SQL expression with ``{}`` for the column and ``{}`` for
    the length; the result keeps the column names.
    """
    if not any(templates):
        return None
    keep = max_cell_bytes + 1
    cells = [
        template.format(f"q.c{i}", keep) if template else f"q.c{i}"
        for i, template in enumerate(templates, 1)
    ]
    select = ", ".join(f"{cell} AS {_quote(name)}" for cell, name in zip(cells, names, strict=True))
    aliases = ", ".join(f"c{i}" for i in range(1, len(cells) + 1))
    body = sql.strip().rstrip(";")
    return f"SELECT {select} FROM (\n{body}\n) AS q({aliases})"


def postgres_cell(attribute: Any) -> str | None:
    """The template for an asyncpg attribute: text-like and bytea columns are cut."""
    if getattr(attribute.type, "kind", "") != "scalar":
        return None
    name = getattr(attribute.type, "name", "")
    if name in _POSTGRES_TEXT:
        return _TEXT
    return _POSTGRES_BYTES if name == "bytea" else None


def duckdb_cell(type_name: str) -> str | None:
    """The template for a DuckDB column type: VARCHAR, JSON and BLOB columns are cut."""
    upper = type_name.upper()
    if upper in ("VARCHAR", "JSON"):
        return _DUCKDB_TEXT
    return _DUCKDB_BYTES if upper == "BLOB" else None


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
