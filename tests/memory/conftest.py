"""Fixtures for the memory tests: a reachable PostgreSQL (or a skip) and throwaway schemas."""

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
DSNS = ("postgresql://postgres@127.0.0.1:5432/test", "postgresql://root@127.0.0.1:5432/test")


def _run(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:  # callable from inside a running event loop
        return pool.submit(asyncio.run, coro).result()


async def _reachable(dsns: list[str]) -> str | None:
    for dsn in dsns:
        try:
            await (await asyncpg.connect(dsn, timeout=3)).close()
        except (TimeoutError, OSError, asyncpg.PostgresError):
            continue
        return dsn
    return None


async def _drop(dsn: str, schema: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def pg_dsn() -> str:
    """A DSN of the local PostgreSQL (``HOOKLINE_TEST_POSTGRES_DSN`` first), or skip."""
    env = os.environ.get("HOOKLINE_TEST_POSTGRES_DSN")
    dsns = [env] if env else list(DSNS)
    dsn = _run(_reachable(dsns))
    if dsn is None:
        pytest.skip(f"PostgreSQL is not reachable at {', '.join(dsns)}")
    return dsn


@pytest.fixture
def pg_schema(pg_dsn: str) -> Iterator[str]:
    """A fresh schema name, dropped (with everything in it) after the test."""
    schema = f"hl_test_{uuid.uuid4().hex[:12]}"
    yield schema
    _run(_drop(pg_dsn, schema))
