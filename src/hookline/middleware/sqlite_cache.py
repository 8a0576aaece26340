"""SqliteCacheStore: a ``CacheStore`` in a SQLite file, for ResponseCacheMiddleware."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from hookline.storage.cache import CacheStore, CacheValue, check_value
from hookline.storage.sqlite_db import SqliteDatabase

if TYPE_CHECKING:
    import aiosqlite

__all__ = ["SqliteCacheStore"]


async def _create_table(conn: aiosqlite.Connection) -> None:
    # no declared type: str comes back as str and bytes as bytes
    await conn.execute(
        "CREATE TABLE hookline_response_cache (key TEXT PRIMARY KEY, value NOT NULL, "
        "expires_at REAL, created_at REAL NOT NULL)"
    )
    await conn.execute(
        "CREATE INDEX hookline_response_cache_expiry ON hookline_response_cache (expires_at)"
    )


class SqliteCacheStore(CacheStore):
    """Cached values in a SQLite file: shared by the processes that open it, kept
    across restarts.  It may be the conversations' file (its own table and
    migrations, component "response_cache").  Expired values are deleted when
    read and by ``purge_expired()``.  ``clock`` (wall seconds) is injectable.

    Example::

        cache = ResponseCacheMiddleware(SqliteCacheStore("answers.db"), ttl=3600)
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout: float = 30.0,
    ) -> None:
        self._db = SqliteDatabase(
            path, component="response_cache", migrations=[_create_table], busy_timeout=busy_timeout
        )
        self.path = self._db.path
        self._clock = clock

    async def get(self, key: str) -> CacheValue | None:
        async with (
            self._db.transaction(write=False) as conn,
            conn.execute(
                "SELECT value, expires_at FROM hookline_response_cache WHERE key = ?", (key,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        if row is None:
            return None
        value, expires_at = row
        if expires_at is not None and expires_at <= self._clock():
            await self.delete(key)
            return None
        return value if isinstance(value, bytes) else str(value)

    async def set(self, key: str, value: CacheValue, *, ttl: float | None = None) -> None:
        check_value(value, ttl)
        now = self._clock()
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO hookline_response_cache VALUES (?, ?, ?, ?)",
                (key, value, None if ttl is None else now + ttl, now),
            )

    async def delete(self, key: str) -> bool:
        async with self._db.transaction() as conn:
            cursor = await conn.execute("DELETE FROM hookline_response_cache WHERE key = ?", (key,))
            return cursor.rowcount > 0

    async def purge_expired(self) -> int:
        """Delete every expired value; returns how many."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM hookline_response_cache WHERE expires_at <= ?", (self._clock(),)
            )
            return cursor.rowcount

    async def close(self) -> None:
        """Close the connection (it opens again on next use)."""
        await self._db.close()
