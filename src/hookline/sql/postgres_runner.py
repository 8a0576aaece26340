"""PostgresRunner: SQL on PostgreSQL through asyncpg (extra ``postgres-sql``)."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from typing import Any

from hookline.sql.cell_caps import capped_query, postgres_cell
from hookline.sql.limits import ResultLimits, RowCollector
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

logger = logging.getLogger(__name__)

_PRIVILEGES = """
SELECT r.rolsuper, ARRAY(
    SELECT g FROM unnest(ARRAY['pg_read_server_files', 'pg_write_server_files',
                               'pg_execute_server_program']) AS g
    WHERE pg_has_role(current_user, g, 'MEMBER'))::text[]
FROM pg_roles r WHERE r.rolname = current_user
"""

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

    Read-only runs happen in a ``READ ONLY`` transaction that is always
    rolled back, so the server refuses table writes and undoes anything
    transactional that slipped past the guard; ``statement_timeout`` (the
    run's ``timeout_s``, at most ``statement_timeout_s``) is set per
    transaction so the server stops slow statements, and it is the default of
    every pooled connection.  Rows are fetched through a server-side cursor in
    batches within ``limits``.  ``schema`` is what ``describe`` reads;
    ``server_settings`` go to every connection (e.g.
    ``{"search_path": "sales"}``).  A superuser (or a member of the
    server-file roles) is warned about once in the log: use a role with
    SELECT privileges only, that is the real boundary.

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
        statement_timeout_s: float = 30.0,
        limits: ResultLimits | None = None,
    ) -> None:
        self.dsn = dsn
        self.schema = schema
        self.statement_timeout_s = statement_timeout_s
        self.limits = limits or ResultLimits()
        settings = {"statement_timeout": _ms_text(statement_timeout_s), **(server_settings or {})}
        self._pool_args: dict[str, Any] = {
            "min_size": min_size,
            "max_size": max_size,
            "server_settings": settings,
        }
        self._pool: Any = None
        self._privileges_checked = False
        self._pool_lock = asyncio.Lock()

    def __repr__(self) -> str:
        return f"PostgresRunner(schema={self.schema!r})"

    async def run(
        self, sql: str, *, max_rows: int, timeout_s: float, read_only: bool = True
    ) -> QueryResult:
        import asyncpg  # type: ignore[import-untyped]

        pool = await self._get_pool()
        started = time.perf_counter()
        timeout_s = min(timeout_s, self.statement_timeout_s)
        collector = RowCollector(self.limits, max_rows)
        try:
            async with asyncio.timeout(timeout_s + 5.0), pool.acquire() as connection:
                return await _run_in_transaction(
                    connection, sql, collector, timeout_s, read_only, started
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
            if not self._privileges_checked:
                self._privileges_checked = True
                await self._warn_if_privileged(self._pool)
            return self._pool

    async def _warn_if_privileged(self, pool: Any) -> None:
        import asyncpg

        try:
            async with pool.acquire() as connection:
                row = await connection.fetchrow(_PRIVILEGES)
        except asyncpg.PostgresError as exc:
            logger.warning("PostgresRunner could not check the role's privileges: %s", exc)
            return
        superuser, file_roles = (bool(row[0]), list(row[1])) if row else (False, [])
        if superuser or file_roles:
            what = "a SUPERUSER" if superuser else "a member of " + ", ".join(file_roles)
            logger.warning(
                "PostgresRunner is connected as %s: such a role can read and write server "
                "files, and only the SQL guard and READ ONLY transactions stand in the way. "
                "Connect with a role that has SELECT privileges only.",
                what,
            )


async def _run_in_transaction(
    connection: Any,
    sql: str,
    collector: RowCollector,
    timeout_s: float,
    read_only: bool,
    started: float,
) -> QueryResult:
    """Run ``sql``; a read-only run is rolled back, whatever it did."""
    transaction = connection.transaction(readonly=read_only)
    await transaction.start()
    try:
        await connection.execute(
            "SELECT set_config('statement_timeout', $1, true)", _ms_text(timeout_s)
        )
        result = await _run_statement(connection, sql, collector, started)
    except BaseException:
        await transaction.rollback()
        raise
    if read_only:
        await transaction.rollback()
    else:
        await transaction.commit()
    return result


async def _run_statement(
    connection: Any, sql: str, collector: RowCollector, started: float
) -> QueryResult:
    statement = await connection.prepare(sql)
    columns = [attribute.name for attribute in statement.get_attributes()]
    if not columns:
        await statement.fetch()
        match = _AFFECTED.search(statement.get_statusmsg() or "")
        affected = int(match.group(1)) if match else None
        return QueryResult(columns=[], rows=[], rows_affected=affected, elapsed_ms=_ms(started))
    statement = await _capped(connection, sql, statement, collector.limits.max_cell_bytes)
    cursor = await statement.cursor()
    while not collector.done:
        batch = await cursor.fetch(collector.batch_size)
        if not batch:
            break
        collector.add_rows(batch)
    return collector.result(columns, elapsed_ms=_ms(started))


async def _capped(connection: Any, sql: str, statement: Any, max_cell_bytes: int) -> Any:
    """The statement with long values cut by the server (see ``capped_query``) when possible."""
    import asyncpg

    attributes = statement.get_attributes()
    wrapped = capped_query(
        sql, [a.name for a in attributes], [postgres_cell(a) for a in attributes], max_cell_bytes
    )
    if wrapped is None:
        return statement
    try:
        async with connection.transaction():  # a savepoint: a failed prepare changes nothing
            return await connection.prepare(wrapped)
    except asyncpg.PostgresError:
        return statement  # e.g. SHOW or a trailing comment after ';': cut after receipt


def _timeout(timeout_s: float) -> SqlTimeoutError:
    return SqlTimeoutError(
        f"The query was stopped after {timeout_s:g} s (timeout). "
        "Make it cheaper: filter, aggregate or add LIMIT."
    )


def _ms_text(seconds: float) -> str:
    return str(max(1, int(seconds * 1000)))


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
