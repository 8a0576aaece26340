"""SqliteTurnLocks: one turn at a time per conversation, across processes, in the SQLite file.

A lock is a row (conversation, owner, fencing token, lease expiry) renewed
while the turn runs; a process that dies stops renewing it and the next
taker finds it expired.  Waiters queue as rows too, so the lock is handed
over in arrival order (a busy process cannot starve another one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable
from types import TracebackType

import aiosqlite

from hookline.errors import ConversationBusy
from hookline.storage.sqlite_db import SqliteDatabase
from hookline.storage.turn_lock import new_owner

__all__ = ["SqliteTurnLocks", "forget_lock"]

logger = logging.getLogger("hookline.storage")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS hookline_turn_locks (conversation_id TEXT PRIMARY KEY, "
    "owner TEXT NOT NULL, token INTEGER NOT NULL, expires_us INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hookline_turn_waiters (ticket INTEGER PRIMARY KEY "
    "AUTOINCREMENT, conversation_id TEXT NOT NULL, owner TEXT NOT NULL, "
    "expires_us INTEGER NOT NULL)",
)
_POLL_S = (0.005, 0.05)  # first and longest pause between two looks at a held lock


def _now_us() -> int:
    return int(time.time() * 1_000_000)


class SqliteTurnLocks:
    """Lease locks kept in the store's own file (its connection, its transactions).

    ``lease`` seconds: how long a lock outlives its owner (renewed every
    third of it while the turn runs).

    Example::

        locks = SqliteTurnLocks(db, lease=30.0)
        async with locks.hold("c1", timeout=10.0):
            ...
    """

    def __init__(self, db: SqliteDatabase, *, lease: float = 30.0) -> None:
        if lease <= 0:
            raise ValueError("lease must be positive")
        self.db = db
        self.lease = lease
        self._ready = False

    def hold(self, conversation_id: str, *, timeout: float) -> _Lease:
        """The lock of ``conversation_id`` (enter it at once)."""
        return _Lease(self, conversation_id, timeout)

    async def transaction_ready(self) -> None:
        """Create the two tables the first time (idempotent, any process)."""
        if self._ready:
            return
        async with self.db.transaction() as conn:
            for statement in _SCHEMA:
                await conn.execute(statement)
        self._ready = True

    async def holder(self, conversation_id: str) -> tuple[str, int, int] | None:
        """(owner, token, expiry in µs) of the lock row, or None (for audits and tests)."""
        await self.transaction_ready()
        async with (
            self.db.transaction(write=False) as conn,
            conn.execute(
                "SELECT owner, token, expires_us FROM hookline_turn_locks "
                "WHERE conversation_id = ?",
                (conversation_id,),
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]))


class _Lease:
    """One acquisition: queue, take when first in line and free, renew, release."""

    def __init__(self, locks: SqliteTurnLocks, conversation_id: str, timeout: float) -> None:
        self.locks = locks
        self.conversation_id = conversation_id
        self.timeout = timeout
        self.owner = new_owner()
        self.token = 0
        self._renewer: asyncio.Task[None] | None = None

    async def __aenter__(self) -> int:
        locks = self.locks
        await locks.transaction_ready()
        ticket = await self._enqueue()
        deadline = time.monotonic() + self.timeout
        pause = _POLL_S[0]
        try:
            while not await self._try_take(ticket):
                if time.monotonic() >= deadline:
                    raise ConversationBusy(
                        "Another turn is running on this conversation; try again shortly."
                    )
                await asyncio.sleep(pause)
                pause = min(pause * 2, _POLL_S[1])
        except BaseException:
            await _quietly(self._dequeue(ticket))
            raise
        self._renewer = asyncio.create_task(self._renew())
        return self.token

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        await self._release()

    async def _enqueue(self) -> int:
        expires = _now_us() + int(self.locks.lease * 1_000_000)
        async with self.locks.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO hookline_turn_waiters (conversation_id, owner, expires_us) "
                "VALUES (?, ?, ?)",
                (self.conversation_id, self.owner, expires),
            )
            return int(cursor.lastrowid or 0)

    async def _dequeue(self, ticket: int) -> None:
        async with self.locks.db.transaction() as conn:
            await conn.execute("DELETE FROM hookline_turn_waiters WHERE ticket = ?", (ticket,))

    async def _try_take(self, ticket: int) -> bool:
        """Take the lock if it is free (or its lease ran out) and this ticket is first."""
        now = _now_us()
        expires = now + int(self.locks.lease * 1_000_000)
        async with self.locks.db.transaction() as conn:
            await conn.execute(
                "UPDATE hookline_turn_waiters SET expires_us = ? WHERE ticket = ?",
                (expires, ticket),
            )
            await conn.execute(
                "DELETE FROM hookline_turn_waiters WHERE conversation_id = ? AND expires_us < ?",
                (self.conversation_id, now),
            )
            if not await _first_in_line(conn, self.conversation_id, ticket):
                return False
            row = await _lock_row(conn, self.conversation_id)
            if row is not None and row[1] >= now:
                return False
            self.token = (row[0] if row is not None else 0) + 1
            await conn.execute(
                "INSERT OR REPLACE INTO hookline_turn_locks VALUES (?, ?, ?, ?)",
                (self.conversation_id, self.owner, self.token, expires),
            )
            await conn.execute("DELETE FROM hookline_turn_waiters WHERE ticket = ?", (ticket,))
        return True

    async def _renew(self) -> None:
        """Push the expiry forward every third of the lease while the turn runs."""
        lease = self.locks.lease
        while True:
            await asyncio.sleep(lease / 3)
            expires = _now_us() + int(lease * 1_000_000)
            async with self.locks.db.transaction() as conn:
                cursor = await conn.execute(
                    "UPDATE hookline_turn_locks SET expires_us = ? "
                    "WHERE conversation_id = ? AND owner = ? AND token = ?",
                    (expires, self.conversation_id, self.owner, self.token),
                )
            if cursor.rowcount == 0:
                logger.warning("turn lock on %s was lost (lease expired)", self.conversation_id)
                return

    async def _release(self) -> None:
        async with self.locks.db.transaction() as conn:
            await conn.execute(  # the row stays: the next token counts on from it
                "UPDATE hookline_turn_locks SET expires_us = 0 WHERE conversation_id = ? "
                "AND owner = ? AND token = ?",
                (self.conversation_id, self.owner, self.token),
            )


async def forget_lock(conn: aiosqlite.Connection, conversation_id: str) -> None:
    """Drop the lock row of a deleted conversation, unless a turn holds it now.

    Run inside the deleting transaction (the tables exist: ``transaction_ready``).
    A later lock on the same id starts its tokens again from 1: no holder is left
    to be fenced off, since a held (unexpired) row is kept.
    """
    await conn.execute(
        "DELETE FROM hookline_turn_locks WHERE conversation_id = ? AND expires_us < ?",
        (conversation_id, _now_us()),
    )


async def _first_in_line(conn: aiosqlite.Connection, conversation_id: str, ticket: int) -> bool:
    async with conn.execute(
        "SELECT MIN(ticket) FROM hookline_turn_waiters WHERE conversation_id = ?",
        (conversation_id,),
    ) as cursor:
        row = await cursor.fetchone()
    return row is not None and row[0] == ticket


async def _lock_row(conn: aiosqlite.Connection, conversation_id: str) -> tuple[int, int] | None:
    """(token, expiry in µs) of the lock row, or None."""
    async with conn.execute(
        "SELECT token, expires_us FROM hookline_turn_locks WHERE conversation_id = ?",
        (conversation_id,),
    ) as cursor:
        row = await cursor.fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


async def _quietly(step: Awaitable[None]) -> None:
    """Await a clean-up step, logging (not raising) its failure."""
    try:
        await step
    except Exception:
        logger.exception("could not leave the turn lock queue")
