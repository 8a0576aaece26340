"""PostgresRunner: SQL on PostgreSQL through asyncpg (extra ``postgres-sql``)."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from typing import Any

from hookline.sql.cell_caps import capped_query, postgres_cell, row_bytes_bound
from hookline.sql.limits import ResultLimits, RowCollector
from hookline.sql.pg_privileges import PrivilegedRoleError, privileged_memberships, refusal
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

_SETUP = """
SELECT set_config('statement_timeout', $1, true), set_config('search_path', $2, true),
       set_config('standard_conforming_strings', 'on', true),
       CASE WHEN $3::text IS NULL THEN NULL ELSE set_config('role', $3, true) END
"""
"""Every transaction's settings: the timeout, the pinned search_path, strings read the way
the guard's parser reads them (a backslash is not an escape outside E'...'), the role."""
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

    Before the first query the runner checks its role and refuses to run
    (``PrivilegedRoleError``, naming the fix) when it is a superuser, has
    ``BYPASSRLS`` or is a member of ``pg_read_server_files``,
    ``pg_write_server_files`` or ``pg_execute_server_program``: such a role
    reads and writes server files whatever the SQL says.  Use a role that can
    only ``SELECT`` (``least_privilege_role_sql``, ``hookline sql-role``), or
    pass ``allow_privileged_role=True`` to accept the risk (then a warning is
    logged once).  ``role`` is a role to ``SET ROLE`` to for every query.

    Every query runs in a ``READ ONLY`` transaction that is always rolled back
    (read-only runs), with ``statement_timeout`` (the run's ``timeout_s``, at
    most ``statement_timeout_s``) and a pinned ``search_path`` (``pg_catalog``
    first, then ``schema`` or ``server_settings["search_path"]``, ``pg_temp``
    last) and ``standard_conforming_strings`` (so the server reads strings as the
    guard parsed them) set locally, so nothing a query changes outlives it.  Rows are fetched
    through a server-side cursor in batches sized to ``limits``.

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
        allow_privileged_role: bool = False,
        role: str | None = None,
    ) -> None:
        self.dsn = dsn
        self.schema = schema
        self.statement_timeout_s = statement_timeout_s
        self.limits = limits or ResultLimits()
        self.allow_privileged_role = allow_privileged_role
        self.role = role
        settings = {"statement_timeout": _ms_text(statement_timeout_s), **(server_settings or {})}
        path = settings.get("search_path") or _quote_ident(schema)
        self.search_path = f"pg_catalog, {path}, pg_temp"
        self._pool_args: dict[str, Any] = {
            "min_size": min_size,
            "max_size": max_size,
            "server_settings": settings,
        }
        self._pool: Any = None
        self._refused: PrivilegedRoleError | None = None
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
                transaction = connection.transaction(readonly=read_only)
                await transaction.start()
                return await _run_in_transaction(
                    connection,
                    transaction,
                    sql,
                    collector,
                    read_only,
                    started,
                    setup=(_ms_text(timeout_s), self.search_path, self.role),
                )
        except asyncpg.QueryCanceledError as exc:
            raise _timeout(timeout_s) from exc
        except TimeoutError as exc:
            raise _timeout(timeout_s) from exc
        except asyncpg.PostgresError as exc:
            raise SqlExecutionError(f"PostgreSQL error: {exc}") from exc

    async def describe(self) -> DatabaseSchema:
        pool = await self._get_pool()
        async with pool.acquire() as connection, connection.transaction(readonly=True):
            await connection.fetchrow(
                _SETUP, _ms_text(self.statement_timeout_s), self.search_path, self.role
            )
            tables = await connection.fetch(_TABLES, self.schema)
            columns = await connection.fetch(_COLUMNS, self.schema)
            keys = await connection.fetch(_KEYS, self.schema)
        return DatabaseSchema(dialect=self.dialect, tables=_tables(tables, columns, keys))

    async def verify(self) -> None:
        """Check the role now, on a connection of its own (``PrivilegedRoleError``).

        ``hookline serve`` calls it at start so a superuser DSN is refused before
        the server listens; the pool checks again before its first query.
        """
        import asyncpg

        try:
            connection = await asyncpg.connect(self.dsn, timeout=10)
        except (OSError, asyncpg.PostgresError) as exc:
            raise SqlExecutionError(f"Cannot connect to PostgreSQL: {exc}") from exc
        try:
            await self._check_role(connection)
        finally:
            await connection.close()

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def _get_pool(self) -> Any:
        import asyncpg

        async with self._pool_lock:
            if self._refused is not None:
                raise self._refused
            if self._pool is None:
                try:
                    pool = await asyncpg.create_pool(self.dsn, **self._pool_args)
                except (OSError, asyncpg.PostgresError) as exc:
                    raise SqlExecutionError(f"Cannot connect to PostgreSQL: {exc}") from exc
                try:
                    async with pool.acquire() as connection:
                        await self._check_role(connection)
                except BaseException:
                    await pool.close()
                    raise
                self._pool = pool
            return self._pool

    async def _check_role(self, connection: Any) -> None:
        user, reasons = await privileged_memberships(connection)
        if not reasons:
            return
        if not self.allow_privileged_role:
            self._refused = refusal(user, reasons)
            raise self._refused
        logger.warning(
            "PostgresRunner runs SQL as role %r (%s) because allow_privileged_role=True: "
            "such a role can read and write server files, and only the SQL guard and READ "
            "ONLY transactions stand in the way. Connect with a role that has SELECT "
            "privileges only.",
            user,
            ", ".join(reasons),
        )


def _tables(tables: list[Any], columns: list[Any], keys: list[Any]) -> list[TableInfo]:
    infos = {row[0]: TableInfo(name=row[0], kind=row[1]) for row in tables}
    for table, column, data_type, nullable in columns:
        if table in infos:
            infos[table].columns.append(ColumnInfo(name=column, type=data_type, nullable=nullable))
    for table, kind, names, ref_table, ref_names in keys:
        if table not in infos:
            continue
        if kind == "p":
            infos[table].primary_key = list(names)
        else:
            infos[table].foreign_keys.append(
                ForeignKey(columns=list(names), ref_table=ref_table, ref_columns=list(ref_names))
            )
    return list(infos.values())


async def _run_in_transaction(
    connection: Any,
    transaction: Any,
    sql: str,
    collector: RowCollector,
    read_only: bool,
    started: float,
    *,
    setup: tuple[str, str, str | None],
) -> QueryResult:
    """Run ``sql`` in the started ``transaction``; a read-only run is rolled back."""
    try:
        await connection.fetchrow(_SETUP, *setup)
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
    statement = await _capped(connection, sql, statement, collector)
    cursor = await statement.cursor()
    while not collector.done:
        batch = await cursor.fetch(collector.batch_size)
        if not batch:
            break
        collector.add_rows(batch)
    return collector.result(columns, elapsed_ms=_ms(started))


async def _capped(connection: Any, sql: str, statement: Any, collector: RowCollector) -> Any:
    """The statement with long values cut by the server (see ``capped_query``) when possible;
    tells ``collector`` what a row can weigh."""
    import asyncpg

    attributes = statement.get_attributes()
    templates = [postgres_cell(a) for a in attributes]
    max_cell_bytes = collector.limits.max_cell_bytes
    wrapped = capped_query(sql, [a.name for a in attributes], templates, max_cell_bytes)
    if wrapped is None:
        collector.row_bytes_hint = row_bytes_bound(templates, max_cell_bytes)
        return statement
    try:
        async with connection.transaction():  # a savepoint: a failed prepare changes nothing
            capped = await connection.prepare(wrapped)
    except asyncpg.PostgresError:
        return statement  # e.g. SHOW or a trailing comment after ';': cut after receipt
    collector.row_bytes_hint = row_bytes_bound(templates, max_cell_bytes)
    return capped


def _timeout(timeout_s: float) -> SqlTimeoutError:
    return SqlTimeoutError(
        f"The query was stopped after {timeout_s:g} s (timeout). "
        "Make it cheaper: filter, aggregate or add LIMIT."
    )


def _quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _ms_text(seconds: float) -> str:
    return str(max(1, int(seconds * 1000)))


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
