"""PostgresTurnLocks: one turn at a time per conversation, with PostgreSQL advisory locks.

Each turn holds a session advisory lock keyed by its conversation on a
connection of its own, from a pool kept apart from the store's (a turn that
holds a lock connection still gets store connections).  PostgreSQL queues the
waiters and drops the lock the moment its owner's connection ends: a process
that dies, even by SIGKILL, frees it.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any

from hookline.errors import ConversationBusy
from hookline.storage.postgres_db import PostgresDatabase, create_asyncpg_pool
from hookline.storage.turn_lock import lock_key

__all__ = ["PostgresTurnLocks"]

_LOCK_NOT_AVAILABLE = "55P03"  # SQLSTATE of a lock wait cut off by lock_timeout
_BUSY = "Another turn is running on this conversation; try again shortly."


class PostgresTurnLocks:
    """Advisory locks in the ``namespace`` of one store (its table names).

    With a ``dsn`` the locks have their own pool (``max_size`` connections,
    one per turn running at once); with only the store's ``db`` (a pool the
    caller passed) they borrow from it, so size that pool for two connections
    per concurrent turn.

    Example::

        locks = PostgresTurnLocks(db, namespace="hookline_conversations", dsn=dsn)
        async with locks.hold("c1", timeout=10.0):
            ...
    """

    def __init__(
        self, db: PostgresDatabase, *, namespace: str, dsn: str | None, max_size: int = 10
    ) -> None:
        self.db = db
        self.namespace = namespace
        self.dsn = dsn
        self.max_size = max_size
        self._pool: Any = None
        self._lock = asyncio.Lock()

    def hold(self, conversation_id: str, *, timeout: float) -> _AdvisoryLock:
        """The lock of ``conversation_id`` (enter it at once)."""
        return _AdvisoryLock(self, lock_key(self.namespace, conversation_id), timeout)

    async def pool(self) -> Any:
        """The pool lock connections come from (made on first use when there is a dsn)."""
        if self.dsn is None:
            return await self.db.pool()
        async with self._lock:
            if self._pool is None:
                self._pool = await create_asyncpg_pool(self.dsn, self.max_size)
            return self._pool

    async def close(self) -> None:
        """Close the lock pool, if one was made."""
        async with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()


class _AdvisoryLock:
    """One acquisition: a connection, ``pg_advisory_lock`` bounded by ``lock_timeout``."""

    __slots__ = ("_conn", "_pool", "key", "locks", "timeout")

    def __init__(self, locks: PostgresTurnLocks, key: int, timeout: float) -> None:
        self.locks = locks
        self.key = key
        self.timeout = timeout
        self._pool: Any = None
        self._conn: Any = None

    async def __aenter__(self) -> int:
        pool = self._pool = await self.locks.pool()
        try:
            conn = await pool.acquire(timeout=max(self.timeout, 0.001))
        except TimeoutError:
            raise ConversationBusy(_BUSY) from None
        try:
            timeout_ms = f"{max(int(self.timeout * 1000), 1)}ms"
            await conn.execute("SELECT set_config('lock_timeout', $1, false)", timeout_ms)
            await conn.execute("SELECT pg_advisory_lock($1)", self.key)
        except BaseException as exc:
            await pool.release(conn)  # the pool's reset also drops a lock granted just now
            if getattr(exc, "sqlstate", None) == _LOCK_NOT_AVAILABLE:
                raise ConversationBusy(_BUSY) from None
            raise
        self._conn = conn
        return self.key

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            await conn.execute("SELECT pg_advisory_unlock($1)", self.key)
        finally:
            await self._pool.release(conn)
