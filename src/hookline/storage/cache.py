"""CacheStore: bytes or text by key, with an optional time to live (response caches)."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable

__all__ = ["CacheStore", "CacheValue", "MemoryCacheStore"]

CacheValue = bytes | str


class CacheStore(ABC):
    """A key-value cache; values come back with the type they were stored with.

    ``MemoryCacheStore`` caches in one process (the default, LRU-bounded);
    ``RedisCacheStore`` shares one cache between server processes.

    Example::

        cache = MemoryCacheStore()
        await cache.set("answer:42", '{"text": "hi"}', ttl=300)
        cached = await cache.get("answer:42")
    """

    @abstractmethod
    async def get(self, key: str) -> CacheValue | None:
        """The value, or None when absent or expired."""

    @abstractmethod
    async def set(self, key: str, value: CacheValue, *, ttl: float | None = None) -> None:
        """Store ``value``; it expires after ``ttl`` seconds (never when None)."""

    @abstractmethod
    async def delete(self, key: str) -> bool:
        """Remove the key; False when there was nothing to remove."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections. The default does nothing."""


class MemoryCacheStore(CacheStore):
    """An in-process LRU cache of at most ``max_entries`` values.

    Example::

        cache = MemoryCacheStore(max_entries=1_000)
        await cache.set("k", b"v", ttl=1.5)
    """

    def __init__(
        self, *, max_entries: int = 10_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be >= 1.")
        self.max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[str, tuple[CacheValue, float | None]] = OrderedDict()

    async def get(self, key: str) -> CacheValue | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry[1] is not None and entry[1] <= self._clock():
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        return entry[0]

    async def set(self, key: str, value: CacheValue, *, ttl: float | None = None) -> None:
        check_value(value, ttl)
        expires = None if ttl is None else self._clock() + ttl
        self._entries[key] = (value, expires)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    async def delete(self, key: str) -> bool:
        return self._entries.pop(key, None) is not None


def check_value(value: object, ttl: float | None) -> None:
    """Reject values that are neither bytes nor str, and non-positive ttls."""
    if not isinstance(value, bytes | str):
        raise TypeError(f"Cache values are bytes or str, not {type(value).__name__}.")
    if ttl is not None and ttl <= 0:
        raise ValueError("ttl must be a positive number of seconds.")
