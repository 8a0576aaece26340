"""Fixtures for the store tests: a reachable PostgreSQL (or a skip) and throwaway schemas."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import asyncpg  # type: ignore[import-untyped]
import pytest

T = TypeVar("T")

_CANDIDATE_DSNS = (
    "postgresql://postgres@127.0.0.1:5432/test",
    "postgresql://root@127.0.0.1:5432/test",
)


async def _first_reachable(dsns: list[str]) -> str | None:
    for dsn in dsns:
        try:
            conn = await asyncpg.connect(dsn, timeout=3)
        except (TimeoutError, OSError, asyncpg.PostgresError):
            continue
        await conn.close()
        return dsn
    return None


@pytest.fixture(scope="session")
def pg_dsn() -> str:
    """A DSN of the local PostgreSQL (``HOOKLINE_TEST_POSTGRES_DSN`` first), or skip."""
    env = os.environ.get("HOOKLINE_TEST_POSTGRES_DSN")
    dsns = [env] if env else list(_CANDIDATE_DSNS)
    dsn = run_async(_first_reachable(dsns))
    if dsn is None:
        pytest.skip(f"PostgreSQL is not reachable at {', '.join(dsns)}")
    return dsn


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion, even when called from inside a running event loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def _drop_schema(dsn: str, schema: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@pytest.fixture
def pg_schema(pg_dsn: str) -> Iterator[str]:
    """A fresh schema name, dropped (with everything in it) after the test."""
    schema = f"hl_test_{uuid.uuid4().hex[:12]}"
    yield schema
    run_async(_drop_schema(pg_dsn, schema))


REDIS_URL = os.environ.get("HOOKLINE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


async def _redis_problem(url: str) -> str | None:
    from redis.asyncio import Redis

    client = Redis.from_url(url)
    try:
        await client.ping()
    except Exception as exc:  # any failure means: unreachable
        return f"{type(exc).__name__}: {exc}"
    finally:
        await client.aclose()
    return None


async def _delete_keys(url: str, prefix: str) -> None:
    from redis.asyncio import Redis

    client = Redis.from_url(url)
    try:
        keys = [k async for k in client.scan_iter(match=f"{prefix}*")]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The local Redis (``HOOKLINE_TEST_REDIS_URL`` or 127.0.0.1:6379), or skip."""
    problem = run_async(_redis_problem(REDIS_URL))
    if problem is not None:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {problem}")
    return REDIS_URL


@pytest.fixture
def redis_prefix(redis_url: str) -> Iterator[str]:
    """A fresh key prefix; its keys are deleted after the test."""
    prefix = f"hl-test:{uuid.uuid4().hex[:8]}:"
    yield prefix
    run_async(_delete_keys(redis_url, prefix))
