"""PostgresRunner: SQL on PostgreSQL through asyncpg (extra ``postgres-sql``)."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

from hookline.sql.runner import (
    ColumnInfo,
    DatabaseSchema,
    ForeignKey,
    QueryResult,
    SqlExecutionError,
    SqlRunner,
    SqlTimeoutError,
    TableInfo,
)

__all__ = ["PostgresRunner"]

_TABLES = """
SELECT table_name, CASE table_type WHEN 'VIEW' THEN 'view' ELSE 'table' END
FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name
"""
_COLUMNS = """
SELECT table_name, column_name, data_type, is_nullable = 'YES'
FROM information_schema.columns WHERE table_schema = $1
ORDER BY table_name, ordinal_position
"""
_KEYS = """
SELECT rel.relname, c.contype::text,
       ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(num, pos)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num
             ORDER BY k.pos)::text[],
       ref.relname,
       ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(num, pos)
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num
             ORDER BY k.pos)::text[]
FROM pg_constraint c
JOIN pg_class rel ON rel.oid = c.conrelid
JOIN pg_namespace ns ON ns.oid = rel.relnamespace
LEFT JOIN pg_class ref ON ref.oid = c.confrelid
WHERE ns.nspname = $1 AND c.contype IN ('p', 'f')
ORDER BY rel.relname, c.conname
"""
_AFFECTED = re.compile(r"(\d+)$")


class PostgresRunner(SqlRunner):
    """Runs SQL on PostgreSQL with a small asyncpg pool (created on first use).

    Read-only runs happen in a ``READ ONLY`` transaction, so the server
    refuses writes even if one slipped past the guard; ``statement_timeout``
    is set per transaction so the server stops slow statements.  ``schema``
    is what ``describe`` reads; ``server_settings`` go to every connection
    (e.g. ``{"search_path": "sales"}``).  Use a database role with SELECT
    privileges only: that is the real boundary.

    Example::

        runner = PostgresRunner("postgresql://reader@db/shop")
        tool = RunSqlTool(runner)
    """

    dialect = "postgres"

    def __init__(
        self,
        dsn: str,
        *,
        schema: str = "public",
        min_size: int = 1,
        max_size: int = 5,
        server_settings: dict[str, str] | None = None,
    ) -> None:
        self.dsn = dsn
        self.schema = schema
        self._pool_args: dict[str, Any] = {
            "min_size": min_size,
            "max_size": max_size,
            "server_settings": dict(server_settings or {}),
        }
        self._pool: Any = None
        self._pool_lock = asyncio.Lock()

    def __repr__(self) -> str:
        return f"PostgresRunner(schema={self.schema!r})"

    async def run(
        self, sql: str, *, max_rows: int, timeout_s: float, read_only: bool = True
    ) -> QueryResult:
        import asyncpg  # type: ignore[import-untyped]

        pool = await self._get_pool()
        started = time.perf_counter()
        try:
            async with asyncio.timeout(timeout_s + 5.0), pool.acquire() as connection:
                return await _run_in_transaction(
                    connection, sql, max_rows, timeout_s, read_only, started
                )
        except asyncpg.QueryCanceledError as exc:
            raise _timeout(timeout_s) from exc
        except TimeoutError as exc:
            raise _timeout(timeout_s) from exc
        except asyncpg.PostgresError as exc:
            raise SqlExecutionError(f"PostgreSQL error: {exc}") from exc

    async def describe(self) -> DatabaseSchema:
        pool = await self._get_pool()
        async with pool.acquire() as connection:
            tables = await connection.fetch(_TABLES, self.schema)
            columns = await connection.fetch(_COLUMNS, self.schema)
            keys = await connection.fetch(_KEYS, self.schema)
        infos = {row[0]: TableInfo(name=row[0], kind=row[1]) for row in tables}
        for table, column, data_type, nullable in columns:
            if table in infos:
                infos[table].columns.append(
                    ColumnInfo(name=column, type=data_type, nullable=nullable)
                )
        for table, kind, names, ref_table, ref_names in keys:
            if table not in infos:
                continue
            if kind == "p":
                infos[table].primary_key = list(names)
            else:
                infos[table].foreign_keys.append(
                    ForeignKey(
                        columns=list(names), ref_table=ref_table, ref_columns=list(ref_names)
                    )
                )
        return DatabaseSchema(dialect=self.dialect, tables=list(infos.values()))

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def _get_pool(self) -> Any:
        import asyncpg

        async with self._pool_lock:
            if self._pool is None:
                try:
                    self._pool = await asyncpg.create_pool(self.dsn, **self._pool_args)
                except (OSError, asyncpg.PostgresError) as exc:
                    raise SqlExecutionError(f"Cannot connect to PostgreSQL: {exc}") from exc
            return self._pool


async def _run_in_transaction(
    connection: Any, sql: str, max_rows: int, timeout_s: float, read_only: bool, started: float
) -> QueryResult:
    async with connection.transaction(readonly=read_only):
        await connection.execute(
            "SELECT set_config('statement_timeout', $1, true)", str(max(1, int(timeout_s * 1000)))
        )
        statement = await connection.prepare(sql)
        columns = [attribute.name for attribute in statement.get_attributes()]
        if not columns:
            await statement.fetch()
            match = _AFFECTED.search(statement.get_statusmsg() or "")
            affected = int(match.group(1)) if match else None
            return QueryResult(columns=[], rows=[], rows_affected=affected, elapsed_ms=_ms(started))
        cursor = await statement.cursor()
        rows = await cursor.fetch(max_rows + 1)
    return QueryResult(
        columns=columns,
        rows=[tuple(r) for r in rows[:max_rows]],
        truncated=len(rows) > max_rows,
        elapsed_ms=_ms(started),
    )


def _timeout(timeout_s: float) -> SqlTimeoutError:
    return SqlTimeoutError(
        f"The query was stopped after {timeout_s:g} s (timeout). "
        "Make it cheaper: filter, aggregate or add LIMIT."
    )


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
