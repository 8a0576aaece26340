"""SqliteDatabase: one lazily opened, migrated SQLite connection, one transaction at a time."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

import aiosqlite

from hookline.storage.migrations import SqliteMigration, migrate_sqlite

__all__ = ["SqliteDatabase", "open_sqlite"]


class SqliteDatabase:
    """The connection behind a SQLite store: opened on first use, migrated, closable.

    ``transaction()`` serialises the store's coroutines on the one
    connection (aiosqlite runs statements on its own thread, so two
    interleaved transactions would otherwise mix), and ``BEGIN IMMEDIATE``
    serialises writers across processes.  Several components (conversations,
    memory) may share one file: each has its own migrations.

    Example::

        db = SqliteDatabase("hookline.db", component="demo", migrations=[create_tables])
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO t VALUES (1)")
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        component: str,
        migrations: Sequence[SqliteMigration],
        busy_timeout: float = 30.0,
    ) -> None:
        self.path = os.fspath(path)
        self.component = component
        self.migrations = tuple(migrations)
        self.busy_timeout = busy_timeout
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction, committed on exit and rolled back on any exception."""
        async with self._lock:
            if self._conn is None:
                conn = await open_sqlite(self.path, self.busy_timeout)
                try:
                    await migrate_sqlite(conn, self.component, self.migrations)
                except BaseException:
                    await conn.close()
                    raise
                self._conn = conn
            conn = self._conn
            try:  # BEGIN inside: a cancelled BEGIN still runs on aiosqlite's thread
                await conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield conn
            except BaseException:
                await _rollback(conn)
                raise
            await conn.execute("COMMIT")

    async def schema_version(self) -> int:
        """The component's schema version in the file (opening and migrating it if needed)."""
        async with (
            self.transaction(write=False) as conn,
            conn.execute(
                "SELECT MAX(version) FROM schema_version WHERE component = ?", (self.component,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    async def close(self) -> None:
        """Close the connection; the next transaction opens it again."""
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()


def _daemon_connection(path: str, busy_timeout: float) -> aiosqlite.Connection:
    """``aiosqlite.connect`` called on a daemon thread: a thread inherits the daemon flag
    of the thread that creates it, so the connection's worker thread is a daemon too."""
    made: list[aiosqlite.Connection] = []

    def connect() -> None:
        made.append(aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout))

    creator = threading.Thread(target=connect, name="hookline-sqlite-open", daemon=True)
    creator.start()
    creator.join()
    return made[0]


async def _rollback(conn: aiosqlite.Connection) -> None:
    """Roll back the open transaction; nothing to do when BEGIN itself failed.

    Statements run in order on the connection's thread, so this ROLLBACK
    comes after a BEGIN whose caller was cancelled while it was on the way.
    """
    try:
        await conn.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        if "no transaction is active" not in str(exc):
            raise


async def open_sqlite(path: str, busy_timeout: float = 30.0) -> aiosqlite.Connection:
    """Open ``path`` in autocommit mode with WAL, NORMAL sync and a busy timeout.

    The connection's worker thread is a daemon: a script that forgets ``close()``
    still exits (every transaction is committed when its call returns, so nothing
    committed is lost; an unfinished one is rolled back by SQLite).
    """
    conn = await _daemon_connection(path, busy_timeout)
    try:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
    except BaseException:
        await conn.close()
        raise
    return conn
