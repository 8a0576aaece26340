"""SqliteRunner: the default SQL runner (stdlib ``sqlite3`` in a worker thread)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
import urllib.parse
from pathlib import Path

from hookline.sql.guard import PRAGMAS_BARE, PRAGMAS_WITH_NAME
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

__all__ = ["SqliteRunner"]

_READING = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE})
_SCHEMA_TABLES = frozenset({"sqlite_master", "sqlite_temp_master", "sqlite_schema"})
_DENIED_FUNCTIONS = frozenset({"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"})
_PROGRESS_STEPS = 1000  # virtual-machine instructions between two timeout checks
_MIN_LENGTH_LIMIT = 1024 * 1024  # SQLITE_LIMIT_LENGTH also bounds a table row: keep rows readable


class SqliteRunner(SqlRunner):
    """Runs SQL on a SQLite file, one short-lived connection per statement.

    Read-only runs open the file with ``mode=ro`` and ``PRAGMA query_only``
    and an authorizer that allows reading only: it denies ATTACH, every write
    and schema change, transactions, PRAGMAs that set a value (and those that
    are not known to only read) and extension loading (``load_extension``,
    ``readfile``, ``writefile``), so a statement that slipped past the guard
    cannot write or reach a file.  The timeout is enforced with a progress
    handler that interrupts the statement; a cancelled call interrupts it too.
    The file must exist for read-only runs.  ``limits`` caps each result;
    SQLite itself refuses any string, blob or row longer than
    ``limits.max_result_bytes`` (at least 1 MiB; ``SQLITE_LIMIT_LENGTH``), so
    ``SELECT randomblob(1e9)`` fails before it allocates anything.

    Example::

        runner = SqliteRunner(ensure_sample_database())
        result = await runner.run("SELECT count(*) FROM orders", max_rows=10, timeout_s=5)
    """

    dialect = "sqlite"

    def __init__(self, path: str | Path, *, limits: ResultLimits | None = None) -> None:
        self.path = Path(path).expanduser()
        self.limits = limits or ResultLimits()

    def __repr__(self) -> str:
        return f"SqliteRunner({str(self.path)!r})"

    async def run(
        self, sql: str, *, max_rows: int, timeout_s: float, read_only: bool = True
    ) -> QueryResult:
        cancelled = threading.Event()
        try:
            return await asyncio.to_thread(
                self._run_sync, sql, max_rows, timeout_s, read_only, cancelled
            )
        except asyncio.CancelledError:
            cancelled.set()
            raise

    async def describe(self) -> DatabaseSchema:
        return await asyncio.to_thread(self._describe_sync)

    def _connect(self, read_only: bool) -> sqlite3.Connection:
        if read_only and not self.path.is_file():
            raise SqlExecutionError(f"SQLite database not found: {self.path}")
        mode = "ro" if read_only else "rwc"
        uri = f"file:{urllib.parse.quote(str(self.path.resolve()))}?mode={mode}"
        try:
            connection = sqlite3.connect(uri, uri=True, timeout=5.0, check_same_thread=False)
        except sqlite3.Error as exc:
            raise SqlExecutionError(f"Cannot open {self.path}: {exc}") from exc
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, self._length_limit)
        if read_only:
            connection.execute("PRAGMA query_only = ON")
            connection.set_authorizer(_authorize_reading)
        return connection

    def _run_sync(
        self,
        sql: str,
        max_rows: int,
        timeout_s: float,
        read_only: bool,
        cancelled: threading.Event,
    ) -> QueryResult:
        started = time.perf_counter()
        deadline = time.monotonic() + timeout_s
        connection = self._connect(read_only)
        connection.set_progress_handler(
            lambda: int(cancelled.is_set() or time.monotonic() > deadline), _PROGRESS_STEPS
        )
        collector = RowCollector(self.limits, max_rows)
        try:
            return _execute(connection, sql, collector, read_only, started)
        except sqlite3.Error as exc:
            if time.monotonic() > deadline or cancelled.is_set():
                raise SqlTimeoutError(
                    f"The query was stopped after {timeout_s:g} s (timeout). "
                    "Make it cheaper: filter, aggregate or add LIMIT."
                ) from exc
            raise SqlExecutionError(f"SQLite error: {exc}{self._hint(exc)}") from exc
        finally:
            connection.close()

    @property
    def _length_limit(self) -> int:
        return max(self.limits.max_result_bytes, _MIN_LENGTH_LIMIT)

    def _hint(self, exc: sqlite3.Error) -> str:
        if "too big" not in str(exc):
            return ""
        return (
            f" (a value would be longer than this tool's limit of "
            f"{self._length_limit} bytes; select a part with substr() or its length())"
        )

    def _describe_sync(self) -> DatabaseSchema:
        connection = self._connect(read_only=True)
        try:
            names = connection.execute(
                "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            ).fetchall()
            tables = [_table_info(connection, name, kind) for name, kind in names]
        except sqlite3.Error as exc:
            raise SqlExecutionError(f"SQLite error while reading the schema: {exc}") from exc
        finally:
            connection.close()
        _resolve_implicit_references(tables)
        return DatabaseSchema(dialect=self.dialect, tables=tables)


def _execute(
    connection: sqlite3.Connection,
    sql: str,
    collector: RowCollector,
    read_only: bool,
    started: float,
) -> QueryResult:
    cursor = connection.execute(sql)
    columns = [d[0] for d in cursor.description or ()]
    if columns:
        collector.fetch_all(cursor.fetchmany)
    affected = None if columns or cursor.rowcount < 0 else cursor.rowcount
    if not read_only:
        connection.commit()
    result = collector.result(columns, elapsed_ms=(time.perf_counter() - started) * 1000.0)
    result.rows_affected = affected
    return result


def _authorize_reading(
    action: int, first: str | None, second: str | None, *_where: str | None
) -> int:
    """The authorizer of read-only runs: reads, calls of safe functions, read-only PRAGMAs."""
    if action in _READING:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_UPDATE and first in _SCHEMA_TABLES:
        return sqlite3.SQLITE_OK  # reported while a pragma_*() table function reads the schema
    if action == sqlite3.SQLITE_FUNCTION:
        denied = (second or "").lower() in _DENIED_FUNCTIONS
        return sqlite3.SQLITE_DENY if denied else sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA:
        name = (first or "").lower()
        reads = name in PRAGMAS_WITH_NAME or (name in PRAGMAS_BARE and second is None)
        return sqlite3.SQLITE_OK if reads else sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_DENY  # writes, schema changes, ATTACH, transactions, ...


def _table_info(connection: sqlite3.Connection, name: str, kind: str) -> TableInfo:
    columns = connection.execute(
        'SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid', (name,)
    ).fetchall()
    keys = connection.execute(
        'SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq',
        (name,),
    ).fetchall()
    foreign: dict[int, ForeignKey] = {}
    for key_id, ref_table, source, target in keys:
        key = foreign.setdefault(
            key_id, ForeignKey(columns=[], ref_table=ref_table, ref_columns=[])
        )
        key.columns.append(source)
        if target is not None:
            key.ref_columns.append(target)
    return TableInfo(
        name=name,
        kind=kind,
        columns=[ColumnInfo(name=c, type=t or "", nullable=not nn) for c, t, nn, _ in columns],
        primary_key=[c for c, _, _, pk in sorted(columns, key=lambda row: row[3]) if pk],
        foreign_keys=list(foreign.values()),
    )


def _resolve_implicit_references(tables: list[TableInfo]) -> None:
    """``REFERENCES customers`` without columns means the referenced primary key."""
    by_name = {t.name.lower(): t for t in tables}
    for table in tables:
        for key in table.foreign_keys:
            target = by_name.get(key.ref_table.lower())
            if not key.ref_columns and target is not None:
                key.ref_columns = list(target.primary_key)
