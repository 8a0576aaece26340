"""Cell caps in SQL: long text and blob values are cut by the database, not after receipt.

A row reaches the driver whole, so ``SELECT repeat('x', 500000000)`` would be
received and decoded in full before ``RowCollector`` could cut it.  When a
query returns a column whose values can be long - text, JSON, blobs, and on
PostgreSQL any type but the fixed-size scalars (arrays, composites, ranges,
``tsvector``...), on DuckDB lists, structs and maps - the runners (PostgreSQL,
DuckDB) wrap it so the database sends at most ``max_cell_bytes + 1`` characters
(bytes for blobs) of each such value, as text for the types that are not text
(an array arrives as ``{1,2,3}``); the collector then cuts and counts as usual.
``row_bytes_bound`` is what a wrapped row can weigh at most: the collector sizes
its fetches with it.  Statements that cannot be wrapped (``SHOW``,
``DESCRIBE``...) run as they are.

Example::

    capped_query("SELECT name, notes FROM t", ["name", "notes"], [None, "left({}::text, {})"], 9)
    # 'SELECT q.c1 AS "name", left(q.c2::text, 10) AS "notes" FROM (\\nSELECT ...\\n) AS q(c1, c2)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["capped_query", "duckdb_cell", "postgres_cell", "row_bytes_bound"]

_POSTGRES_SMALL = frozenset(
    {"bool", "int2", "int4", "int8", "float4", "float8", "numeric", "money", "oid", "date",
     "time", "timetz", "timestamp", "timestamptz", "interval", "uuid", "inet", "cidr",
     "macaddr", "macaddr8", "char", "name", "pg_lsn", "regclass", "regtype", "regproc",
     "regprocedure", "regoper", "regoperator", "regnamespace", "regrole", "xid", "xid8", "cid",
     "tid"}
)  # fmt: skip
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
    """The template for an asyncpg attribute: every column but fixed-size scalars is cut."""
    kind = getattr(attribute.type, "kind", "")
    name = getattr(attribute.type, "name", "")
    if kind == "scalar" and name in _POSTGRES_SMALL:
        return None
    return _POSTGRES_BYTES if kind == "scalar" and name == "bytea" else _TEXT


def duckdb_cell(type_name: str) -> str | None:
    """The template for a DuckDB column type: text, JSON, blobs, lists, structs, maps."""
    upper = type_name.upper()
    if upper == "BLOB":
        return _DUCKDB_BYTES
    nested = upper.endswith("]") or upper.startswith(("STRUCT", "MAP", "UNION"))
    return _DUCKDB_TEXT if nested or upper in ("VARCHAR", "JSON", "BIT") else None


def row_bytes_bound(templates: Sequence[str | None], max_cell_bytes: int) -> int:
    """What a row of the wrapped query weighs at most as received, counting one byte per
    character (text that is not ASCII weighs up to 4 times that)."""
    return sum(max_cell_bytes + 1 if template else 16 for template in templates)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
