"""Where ResponseCacheMiddleware keeps answers: an in-memory LRU, or a SQLite file."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import sqlite3

__all__ = ["CacheBackend", "MemoryCacheBackend", "SqliteCacheBackend"]


class CacheBackend(Protocol):
    """Stores serialized responses by key; ``ttl`` in seconds, None for no expiry."""

    async def get(self, key: str) -> str | None: ...

    async def set(self, key: str, value: str, ttl: float | None) -> None: ...


class MemoryCacheBackend:
    """A least-recently-used cache of at most ``max_entries`` answers, in this process.

    Example::

        cache = ResponseCacheMiddleware(MemoryCacheBackend(max_entries=100))
    """

    def __init__(
        self, *, max_entries: int = 1024, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self.clock = clock
        self._entries: OrderedDict[str, tuple[float | None, str]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    async def get(self, key: str) -> str | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        expires_at, value = entry
        if expires_at is not None and self.clock() >= expires_at:
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        return value

    async def set(self, key: str, value: str, ttl: float | None) -> None:
        expires_at = None if ttl is None else self.clock() + ttl
        self._entries[key] = (expires_at, value)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)


class SqliteCacheBackend:
    """Answers in a SQLite file (stdlib ``sqlite3``, run in a worker thread).

    Shared by every process that opens the same file; survives restarts.
    Expired rows are deleted when read and by ``purge_expired()``.

    Example::

        cache = ResponseCacheMiddleware(SqliteCacheBackend("answers.db"), ttl=3600)
    """

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self.clock = clock
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            import sqlite3  # here: importing hookline stays fast

            connection = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS hookline_response_cache ("
                "key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at REAL, created_at REAL)"
            )
            connection.commit()
            self._connection = connection
        return self._connection

    def _get(self, key: str) -> str | None:
        with self._lock:
            connection = self._connect()
            row = connection.execute(
                "SELECT value, expires_at FROM hookline_response_cache WHERE key = ?", (key,)
            ).fetchone()
            if row is None:
                return None
            value, expires_at = row
            if expires_at is not None and self.clock() >= expires_at:
                connection.execute("DELETE FROM hookline_response_cache WHERE key = ?", (key,))
                connection.commit()
                return None
            return str(value)

    def _set(self, key: str, value: str, ttl: float | None) -> None:
        now = self.clock()
        with self._lock:
            connection = self._connect()
            connection.execute(
                "INSERT OR REPLACE INTO hookline_response_cache VALUES (?, ?, ?, ?)",
                (key, value, None if ttl is None else now + ttl, now),
            )
            connection.commit()

    def _purge(self) -> int:
        with self._lock:
            connection = self._connect()
            cursor = connection.execute(
                "DELETE FROM hookline_response_cache WHERE expires_at <= ?", (self.clock(),)
            )
            connection.commit()
            return cursor.rowcount

    async def get(self, key: str) -> str | None:
        return await asyncio.to_thread(self._get, key)

    async def set(self, key: str, value: str, ttl: float | None) -> None:
        await asyncio.to_thread(self._set, key, value, ttl)

    async def purge_expired(self) -> int:
        """Delete expired answers; returns how many."""
        return await asyncio.to_thread(self._purge)

    def close(self) -> None:
        """Close the connection (it reopens on next use)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
