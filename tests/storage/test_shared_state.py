"""Counters and caches: the in-process defaults and the Redis stores, one contract."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest
from redis.asyncio import Redis

from hookline.storage import CacheStore, CounterStore, MemoryCacheStore, MemoryCounterStore
from hookline.storage.redis import RedisCacheStore, RedisCounterStore


class FakeClock:
    """Seconds that move only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(redis_url)
    yield client
    await client.aclose()


@pytest.fixture(params=["memory", "redis"])
async def counters(request: pytest.FixtureRequest) -> AsyncIterator[CounterStore]:
    store: CounterStore
    if request.param == "memory":
        store = MemoryCounterStore()
    else:
        url, prefix = request.getfixturevalue("redis_url"), request.getfixturevalue("redis_prefix")
        store = RedisCounterStore(url, prefix=prefix)
    yield store
    await store.close()


@pytest.fixture(params=["memory", "redis"])
async def cache_store(request: pytest.FixtureRequest) -> AsyncIterator[CacheStore]:
    store: CacheStore
    if request.param == "memory":
        store = MemoryCacheStore()
    else:
        url, prefix = request.getfixturevalue("redis_url"), request.getfixturevalue("redis_prefix")
        store = RedisCacheStore(url, prefix=prefix)
    yield store
    await store.close()


async def test_counters_add_up_per_key(counters: CounterStore) -> None:
    results = [await counters.incr("a"), await counters.incr("a", 5), await counters.incr("b")]

    assert results == [1, 6, 1]
    assert (await counters.get("a"), await counters.get("b"), await counters.get("c")) == (6, 1, 0)
    await counters.reset("a")
    assert await counters.get("a") == 0


async def test_concurrent_increments_are_not_lost(counters: CounterStore) -> None:
    values = await asyncio.gather(*(counters.incr("k", window=30) for _ in range(50)))

    assert sorted(values) == list(range(1, 51))
    assert await counters.get("k") == 50


async def test_a_non_positive_window_is_rejected(counters: CounterStore) -> None:
    with pytest.raises(ValueError, match="window"):
        await counters.incr("k", window=0)


async def test_cache_keeps_the_value_type(cache_store: CacheStore) -> None:
    await cache_store.set("text", "héllo")
    await cache_store.set("blob", b"\x00\xffs")
    await cache_store.set("empty", "")

    assert await cache_store.get("text") == "héllo"
    assert await cache_store.get("blob") == b"\x00\xffs"
    assert await cache_store.get("empty") == ""
    assert await cache_store.get("missing") is None


async def test_cache_set_overwrites_and_delete_removes(cache_store: CacheStore) -> None:
    await cache_store.set("k", "one")
    await cache_store.set("k", b"two")

    assert await cache_store.get("k") == b"two"
    assert await cache_store.delete("k") is True
    assert await cache_store.delete("k") is False
    assert await cache_store.get("k") is None


async def test_cache_rejects_other_types_and_bad_ttls(cache_store: CacheStore) -> None:
    with pytest.raises(TypeError, match="bytes or str"):
        await cache_store.set("k", 42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ttl"):
        await cache_store.set("k", "v", ttl=-1)


# -- time: a fake clock for the in-process stores, real expiry in Redis -------------


async def test_memory_counter_window_restarts_after_it_ends() -> None:
    clock = FakeClock()
    counters = MemoryCounterStore(clock=clock)
    await counters.incr("k", window=10)
    clock.now += 9
    assert await counters.incr("k", window=10) == 2  # same window: not extended
    clock.now += 1

    assert await counters.get("k") == 0
    assert await counters.incr("k", window=10) == 1


async def test_memory_cache_expires_and_evicts_least_recently_used() -> None:
    clock = FakeClock()
    cache = MemoryCacheStore(max_entries=2, clock=clock)
    await cache.set("short", "s", ttl=5)
    await cache.set("a", "a")
    clock.now += 5
    assert await cache.get("short") is None

    await cache.set("b", "b")
    await cache.get("a")
    await cache.set("c", "c")

    assert (await cache.get("a"), await cache.get("b"), await cache.get("c")) == ("a", None, "c")


async def test_redis_counter_window_expires(
    redis_client: Redis, redis_url: str, redis_prefix: str
) -> None:
    counters = RedisCounterStore(redis_url, prefix=redis_prefix)
    assert await counters.incr("k", window=0.3) == 1
    assert await counters.incr("k", window=0.3) == 2
    ttl_ms = await redis_client.pttl(f"{redis_prefix}k")

    await asyncio.sleep(0.45)

    assert 0 < ttl_ms <= 300
    assert await counters.get("k") == 0
    assert await counters.incr("k", window=0.3) == 1
    await counters.close()


async def test_redis_cache_ttl_expires(
    redis_client: Redis, redis_url: str, redis_prefix: str
) -> None:
    cache = RedisCacheStore(redis_url, prefix=redis_prefix)
    await cache.set("k", "v", ttl=0.3)
    await cache.set("forever", "v")
    assert await cache.get("k") == "v"

    await asyncio.sleep(0.45)

    assert await cache.get("k") is None
    assert await cache.get("forever") == "v"
    assert await redis_client.pttl(f"{redis_prefix}forever") == -1
    await cache.close()


# -- many processes: separate clients share the state ------------------------------


async def test_two_clients_see_the_same_counters_and_cache(
    redis_client: Redis, redis_url: str, redis_prefix: str
) -> None:
    first, second = (
        RedisCounterStore(redis_url, prefix=redis_prefix),
        RedisCounterStore(redis_url, prefix=redis_prefix),
    )
    cache_one, cache_two = (
        RedisCacheStore(redis_url, prefix=redis_prefix),
        RedisCacheStore(redis_url, prefix=redis_prefix),
    )
    await first.incr("calls", 2)
    await second.incr("calls", 3)
    await cache_one.set("answer", "42")

    assert (await first.get("calls"), await second.get("calls")) == (5, 5)
    assert await cache_two.get("answer") == "42"
    assert await redis_client.get(f"{redis_prefix}calls") == b"5"
    for store in (first, second, cache_one, cache_two):
        await store.close()


async def test_prefixes_keep_deployments_apart(
    redis_client: Redis, redis_url: str, redis_prefix: str
) -> None:
    mine = RedisCounterStore(redis_url, prefix=f"{redis_prefix}a:")
    theirs = RedisCounterStore(redis_url, prefix=f"{redis_prefix}b:")
    await mine.incr("k", 7)

    assert await theirs.get("k") == 0
    await mine.close()
    await theirs.close()


async def test_a_borrowed_client_is_used_and_left_open(
    redis_client: Redis, redis_url: str, redis_prefix: str
) -> None:
    cache = RedisCacheStore(client=redis_client, prefix=redis_prefix)
    await cache.set("k", b"v")
    await cache.close()

    assert await redis_client.get(f"{redis_prefix}k") == b"bv"


def test_a_decoding_client_is_refused() -> None:
    client = Redis.from_url("redis://127.0.0.1:6379/0", decode_responses=True)
    make: Callable[[], object] = lambda: RedisCacheStore(client=client)  # noqa: E731
    with pytest.raises(ValueError, match="decode_responses=False"):
        make()
