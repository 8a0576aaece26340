"""Cell caps in SQL for PostgreSQL: long text and bytea values are cut by the server.

A row reaches asyncpg whole, so a ``repeat('x', 500000000)`` would be
received and decoded in full before ``RowCollector`` could cut it.  When a
query returns text-like or bytea columns, ``capped_query`` wraps it so that the
server sends at most ``max_cell_bytes + 1`` characters (bytes for bytea) of
each such value; the collector then cuts and counts as usual.

Example::

    wrapped = capped_query("SELECT name, notes FROM t", statement.get_attributes(), 65536)
    # SELECT q.c1 AS "name", left(q.c2::text, 65537) AS "notes" FROM (
    # SELECT name, notes FROM t
    # ) AS q(c1, c2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["capped_query"]

_TEXT_TYPES = frozenset({"text", "varchar", "json", "jsonb", "xml"})


def capped_query(sql: str, attributes: Sequence[Any], max_cell_bytes: int) -> str | None:
    """``sql`` wrapped so long values are cut by the server, or None when nothing needs it.

    ``attributes`` are asyncpg's ``PreparedStatement.get_attributes()``; the
    column names of the result are kept.
    """
    keep = max_cell_bytes + 1
    columns = [_cell(f"q.c{i}", attribute, keep) for i, attribute in enumerate(attributes, 1)]
    if all(column == f"q.c{i}" for i, column in enumerate(columns, 1)):
        return None
    body = sql.strip().rstrip(";")
    select = ", ".join(
        f"{column} AS {_quote(attribute.name)}"
        for column, attribute in zip(columns, attributes, strict=True)
    )
    names = ", ".join(f"c{i}" for i in range(1, len(columns) + 1))
    return f"SELECT {select} FROM (\n{body}\n) AS q({names})"


def _cell(column: str, attribute: Any, keep: int) -> str:
    kind = getattr(attribute.type, "kind", "")
    name = getattr(attribute.type, "name", "")
    if kind != "scalar":
        return column
    if name in _TEXT_TYPES:
        return f"left({column}::text, {keep})"
    if name == "bytea":
        return f"substring({column} FROM 1 FOR {keep})"
    return column


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
