"""Redis-backed counters and cache, shared by every server process of a deployment.

``redis`` (redis-py's asyncio client) is imported when a store first
connects, never at ``import hookline``.  Install it with
``pip install 'hookline[redis]'``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from hookline.storage.cache import CacheStore, CacheValue, check_value
from hookline.storage.counters import CounterStore, check_window

if TYPE_CHECKING:
    from redis.asyncio import Redis

__all__ = ["RedisCacheStore", "RedisCounterStore"]

DEFAULT_URL = "redis://127.0.0.1:6379/0"

# INCRBY, then start the window if the key has none yet: atomic in one script.
_INCR_SCRIPT = """
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if ARGV[2] ~= '' and redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return value
"""
_STR, _BYTES = b"s", b"b"


class _RedisClient:
    """A lazily made (or borrowed) redis-py asyncio client, and key namespacing."""

    def __init__(self, url: str | None, client: Redis | None, prefix: str) -> None:
        if client is not None and client.connection_pool.connection_kwargs.get("decode_responses"):
            raise ValueError("Pass a Redis client made with decode_responses=False.")
        self.url = url or DEFAULT_URL
        self.prefix = prefix
        self._client = client
        self._owns_client = client is None
        self._lock = asyncio.Lock()

    def key(self, key: str) -> str:
        return f"{self.prefix}{key}"

    async def client(self) -> Redis:
        if self._client is None:
            async with self._lock:
                if self._client is None:
                    self._client = _connect(self.url)
        return self._client

    async def close(self) -> None:
        if self._client is not None and self._owns_client:
            client, self._client = self._client, None
            await client.aclose()


def _connect(url: str) -> Redis:
    try:
        from redis.asyncio import Redis
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("Redis support needs redis-py: pip install 'hookline[redis]'") from exc
    return Redis.from_url(url, decode_responses=False)


class RedisCounterStore(CounterStore):
    """Counters in Redis: every process that uses the same ``prefix`` sees the same counts.

    An increment with a window is one atomic Lua script (``INCRBY`` and, for a
    new window, ``PEXPIRE``).  Pass a ``url`` or your own asyncio ``client``
    (made with ``decode_responses=False``; you close it).

    Example::

        counters = RedisCounterStore("redis://127.0.0.1:6379/0", prefix="myapp:calls:")
        await counters.incr(f"user:{user.id}", window=60)
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        client: Redis | None = None,
        prefix: str = "hookline:counter:",
    ) -> None:
        self._redis = _RedisClient(url, client, prefix)
        self._script: Any = None

    async def incr(self, key: str, amount: int = 1, *, window: float | None = None) -> int:
        check_window(window)
        client = await self._redis.client()
        if self._script is None:
            self._script = client.register_script(_INCR_SCRIPT)
        window_ms = "" if window is None else str(max(1, round(window * 1000)))
        value = await self._script(keys=[self._redis.key(key)], args=[amount, window_ms])
        return int(value)

    async def get(self, key: str) -> int:
        client = await self._redis.client()
        value = await client.get(self._redis.key(key))
        return int(value) if value is not None else 0

    async def reset(self, key: str) -> None:
        client = await self._redis.client()
        await client.delete(self._redis.key(key))

    async def close(self) -> None:
        """Close the client if the store made it."""
        await self._redis.close()


class RedisCacheStore(CacheStore):
    """A cache in Redis shared by every process using the same ``prefix``; TTLs are Redis's.

    Values are stored with a one-byte type tag so ``str`` comes back as
    ``str`` and ``bytes`` as ``bytes``.

    Example::

        cache = RedisCacheStore("redis://127.0.0.1:6379/0")
        await cache.set("answer:42", "hi", ttl=300)
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        client: Redis | None = None,
        prefix: str = "hookline:cache:",
    ) -> None:
        self._redis = _RedisClient(url, client, prefix)

    async def get(self, key: str) -> CacheValue | None:
        client = await self._redis.client()
        raw = await client.get(self._redis.key(key))
        if raw is None:
            return None
        data = raw.encode("utf-8") if isinstance(raw, str) else raw
        return data[1:].decode("utf-8") if data[:1] == _STR else data[1:]

    async def set(self, key: str, value: CacheValue, *, ttl: float | None = None) -> None:
        check_value(value, ttl)
        payload = _STR + value.encode("utf-8") if isinstance(value, str) else _BYTES + value
        client = await self._redis.client()
        px = None if ttl is None else max(1, round(ttl * 1000))
        await client.set(self._redis.key(key), payload, px=px)

    async def delete(self, key: str) -> bool:
        client = await self._redis.client()
        return bool(await client.delete(self._redis.key(key)))

    async def close(self) -> None:
        """Close the client if the store made it."""
        await self._redis.close()
