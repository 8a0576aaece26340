"""DuckDbRunner: SQL on a DuckDB database (extra ``duckdb``), in worker threads."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookline.sql.cell_caps import capped_query, duckdb_cell, row_bytes_bound
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
    UnsafeDatabaseError,
)

if TYPE_CHECKING:
    import duckdb

__all__ = ["DuckDbRunner"]


_LOCKED_DOWN: dict[str, Any] = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "lock_configuration": True,
}
_LOCK_FIX = (
    "Open it with config={'enable_external_access': False, 'autoinstall_known_extensions': "
    "False, 'autoload_known_extensions': False, 'lock_configuration': True}, leave its "
    "configuration unlocked so the runner can lock it down, or pass "
    "allow_external_access=True to accept that SQL can read files."
)

_TABLES = """
SELECT table_name, 'table' FROM duckdb_tables()
WHERE NOT internal AND schema_name = current_schema()
UNION ALL
SELECT view_name, 'view' FROM duckdb_views()
WHERE NOT internal AND schema_name = current_schema()
ORDER BY 1
"""
_COLUMNS = """
SELECT table_name, column_name, data_type, is_nullable FROM duckdb_columns()
WHERE NOT internal AND schema_name = current_schema()
ORDER BY table_name, column_index
"""
_CONSTRAINTS = """
SELECT table_name, constraint_type, constraint_column_names, referenced_table,
       referenced_column_names
FROM duckdb_constraints()
WHERE schema_name = current_schema() AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
ORDER BY table_name, constraint_index
"""


class DuckDbRunner(SqlRunner):
    """Runs SQL on DuckDB: a file opened read-only, or a connection you pass.

    ``DuckDbRunner("shop.duckdb")`` opens the file with ``read_only=True``
    (``writable=True`` to allow writes), external access (files, HTTP,
    extension loading) disabled and the configuration locked, unless
    ``allow_external_access=True``.  ``DuckDbRunner(connection=con)`` locks
    your connection down the same way before its first query (``SET
    enable_external_access = false`` ... ``SET lock_configuration = true``:
    this applies to the whole database of that connection); a connection whose
    configuration is already locked with external access on is refused
    (``SqlExecutionError``).  Each statement runs on its own cursor in a worker
    thread, is interrupted at the timeout and fetched in batches within
    ``limits``.

    Example::

        runner = DuckDbRunner("warehouse.duckdb")
        tool = RunSqlTool(runner)
    """

    dialect = "duckdb"

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        connection: duckdb.DuckDBPyConnection | None = None,
        writable: bool = False,
        allow_external_access: bool = False,
        limits: ResultLimits | None = None,
    ) -> None:
        if (path is None) == (connection is None):
            raise ValueError("DuckDbRunner: give a database path or a connection (one of them).")
        self.path = Path(path).expanduser() if path is not None else None
        self.writable = writable
        self.allow_external_access = allow_external_access
        self.limits = limits or ResultLimits()
        self._connection = connection
        self._owns_connection = connection is None
        self._checked = False
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"DuckDbRunner({str(self.path) if self.path else '<connection>'!r})"

    async def run(
        self, sql: str, *, max_rows: int, timeout_s: float, read_only: bool = True
    ) -> QueryResult:
        cursor = (await asyncio.to_thread(self._database)).cursor()
        timer = asyncio.get_running_loop().call_later(timeout_s, cursor.interrupt)
        started = time.perf_counter()
        try:
            collector = RowCollector(self.limits, max_rows)
            return await asyncio.to_thread(_execute, cursor, sql, collector, read_only, started)
        except asyncio.CancelledError:
            cursor.interrupt()
            raise
        except Exception as exc:
            if _is_interrupt(exc):
                raise SqlTimeoutError(
                    f"The query was stopped after {timeout_s:g} s (timeout). "
                    "Make it cheaper: filter, aggregate or add LIMIT."
                ) from exc
            if _is_duckdb_error(exc):
                raise SqlExecutionError(f"DuckDB error: {exc}") from exc
            raise
        finally:
            timer.cancel()
            cursor.close()

    async def describe(self) -> DatabaseSchema:
        cursor = (await asyncio.to_thread(self._database)).cursor()
        try:
            tables, columns, constraints = await asyncio.to_thread(_read_catalog, cursor)
        finally:
            cursor.close()
        return DatabaseSchema(
            dialect=self.dialect, tables=_build_tables(tables, columns, constraints)
        )

    async def close(self) -> None:
        if self._owns_connection and self._connection is not None:
            self._connection.close()
            self._connection = None

    def _database(self) -> duckdb.DuckDBPyConnection:
        with self._lock:
            if self._connection is None:
                self._connection = self._open()
            if not self._checked:
                if not self.allow_external_access:
                    _lock_down(self._connection)
                self._checked = True
            return self._connection

    async def verify(self) -> None:
        """Open (or take) the connection and lock it down now (``SqlExecutionError`` if not)."""
        await asyncio.to_thread(self._database)

    def _open(self) -> duckdb.DuckDBPyConnection:
        import duckdb

        assert self.path is not None
        if not self.writable and not self.path.is_file():
            raise SqlExecutionError(f"DuckDB database not found: {self.path}")
        config: dict[str, Any] = {} if self.allow_external_access else dict(_LOCKED_DOWN)
        try:
            return duckdb.connect(str(self.path), read_only=not self.writable, config=config)
        except duckdb.Error as exc:
            raise SqlExecutionError(f"Cannot open {self.path}: {exc}") from exc


def _lock_down(connection: duckdb.DuckDBPyConnection) -> None:
    """External access and extension autoloading off, then the configuration locked.

    A setting already right is left alone; one that cannot be set (a configuration
    locked with external access on) makes the connection unusable for the runner.
    """
    import duckdb

    cursor = connection.cursor()
    try:
        for name, wanted in _LOCKED_DOWN.items():
            current = cursor.execute(f"SELECT current_setting('{name}')").fetchone()
            if current is None or bool(current[0]) != wanted:
                cursor.execute(f"SET {name} = {str(wanted).lower()}")
    except duckdb.Error as exc:
        raise UnsafeDatabaseError(
            f"DuckDbRunner refuses this connection: it cannot turn external access off and "
            f"lock the configuration ({exc}). {_LOCK_FIX}"
        ) from exc
    finally:
        cursor.close()


def _execute(
    cursor: duckdb.DuckDBPyConnection,
    sql: str,
    collector: RowCollector,
    read_only: bool,
    started: float,
) -> QueryResult:
    if not (read_only and _execute_capped(cursor, sql, collector)):
        cursor.execute(sql)
    columns = [d[0] for d in cursor.description or ()]
    if columns:
        collector.fetch_all(cursor.fetchmany)
    return collector.result(columns, elapsed_ms=(time.perf_counter() - started) * 1000.0)


def _execute_capped(cursor: duckdb.DuckDBPyConnection, sql: str, collector: RowCollector) -> bool:
    """Run ``sql`` with long values cut by DuckDB; False if it cannot be wrapped."""
    import duckdb

    max_cell_bytes = collector.limits.max_cell_bytes
    try:
        columns = cursor.execute(f"DESCRIBE {sql}").fetchall()
        names = [str(column[0]) for column in columns]
        templates = [duckdb_cell(str(column[1])) for column in columns]
        wrapped = capped_query(sql, names, templates, max_cell_bytes)
        if wrapped is None:
            return False
        cursor.execute(wrapped)
    except (duckdb.ParserException, duckdb.BinderException, duckdb.CatalogException):
        return False
    collector.row_bytes_hint = row_bytes_bound(templates, max_cell_bytes)
    return True


def _read_catalog(
    cursor: duckdb.DuckDBPyConnection,
) -> tuple[list[Any], list[Any], list[Any]]:
    return (
        cursor.execute(_TABLES).fetchall(),
        cursor.execute(_COLUMNS).fetchall(),
        cursor.execute(_CONSTRAINTS).fetchall(),
    )


def _build_tables(tables: list[Any], columns: list[Any], constraints: list[Any]) -> list[TableInfo]:
    infos = {name: TableInfo(name=name, kind=kind) for name, kind in tables}
    for table, column, data_type, nullable in columns:
        if table in infos:
            infos[table].columns.append(
                ColumnInfo(name=column, type=str(data_type), nullable=nullable in (True, "YES"))
            )
    for table, kind, names, ref_table, ref_names in constraints:
        info = infos.get(table)
        if info is None:
            continue
        if kind == "PRIMARY KEY":
            info.primary_key = list(names)
        else:
            info.foreign_keys.append(
                ForeignKey(columns=list(names), ref_table=ref_table, ref_columns=list(ref_names))
            )
    return list(infos.values())


def _is_interrupt(exc: BaseException) -> bool:
    import duckdb

    return isinstance(exc, duckdb.InterruptException)


def _is_duckdb_error(exc: BaseException) -> bool:
    import duckdb

    return isinstance(exc, duckdb.Error)
