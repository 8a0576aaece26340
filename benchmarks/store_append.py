"""Appending one message to a 1,000-message conversation vs a 10-message one.

Run: ``python benchmarks/store_append.py [--appends N]``.  For SQLite (a
temporary file) and PostgreSQL (a throwaway schema in the database named by
``HOOKLINE_BENCH_POSTGRES_DSN``, default ``postgresql://postgres@127.0.0.1:5432/test``;
skipped with a message when unreachable) it prints the median time of one
append to each conversation and their ratio.  The target is a ratio <= 2.0:
an append costs the same however long the conversation is.

Appends alternate between the two conversations so drift (caches, autovacuum,
WAL checkpoints) hits both alike; the "small" side spreads its appends over
several 10-message conversations so none of them grows past ~20 messages.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from hookline.storage import ConversationStore, Message
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.users.models import User

USER = User(id="bench")
LARGE, SMALL, SMALL_CONVERSATIONS, WARMUP = 1_000, 10, 20, 20
TARGET_RATIO = 2.0
DEFAULT_DSN = "postgresql://postgres@127.0.0.1:5432/test"


@dataclass(frozen=True, kw_only=True)
class Result:
    """Median microseconds per append to each conversation size."""

    backend: str
    small_us: float
    large_us: float

    @property
    def ratio(self) -> float:
        return self.large_us / self.small_us


def _message(i: int) -> Message:
    return Message(role="user" if i % 2 else "assistant", content=f"message {i} " + "x" * 200)


async def _conversation(store: ConversationStore, size: int) -> str:
    conv = await store.create_conversation(USER)
    for start in range(0, size, 100):
        batch = [_message(i) for i in range(start, min(size, start + 100))]
        await store.append_messages(conv.id, USER, batch)
    return conv.id


async def _timed_append(store: ConversationStore, cid: str, i: int) -> float:
    message = [_message(i)]
    start = time.perf_counter_ns()
    await store.append_messages(cid, USER, message)
    return (time.perf_counter_ns() - start) / 1_000


async def measure(backend: str, store: ConversationStore, appends: int) -> Result:
    """Alternate appends to the large and the small conversations; medians of each."""
    large = await _conversation(store, LARGE)
    smalls = [await _conversation(store, SMALL) for _ in range(SMALL_CONVERSATIONS)]
    small_times: list[float] = []
    large_times: list[float] = []
    for i in range(WARMUP + appends):
        small = await _timed_append(store, smalls[i % SMALL_CONVERSATIONS], i)
        big = await _timed_append(store, large, i)
        if i >= WARMUP:
            small_times.append(small)
            large_times.append(big)
    return Result(
        backend=backend,
        small_us=statistics.median(small_times),
        large_us=statistics.median(large_times),
    )


@asynccontextmanager
async def sqlite_store() -> AsyncIterator[ConversationStore]:
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteConversationStore(Path(folder) / "bench.db")
        try:
            yield store
        finally:
            await store.close()


@asynccontextmanager
async def postgres_store(dsn: str) -> AsyncIterator[ConversationStore]:
    schema = f"hl_bench_{uuid.uuid4().hex[:10]}"
    store = PostgresConversationStore(dsn, schema=schema)
    try:
        yield store
    finally:
        await store.close()
        import asyncpg  # type: ignore[import-untyped]

        conn = await asyncpg.connect(dsn)
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await conn.close()


async def postgres_reachable(dsn: str) -> str | None:
    """None when ``dsn`` answers, else why not."""
    try:
        import asyncpg

        conn = await asyncpg.connect(dsn, timeout=3)
    except Exception as exc:  # any failure means: skip PostgreSQL
        return f"{type(exc).__name__}: {exc}"
    await conn.close()
    return None


def report(result: Result) -> str:
    verdict = "OK" if result.ratio <= TARGET_RATIO else "OVER TARGET"
    return (
        f"{result.backend:<11} {result.small_us:>12.1f} {result.large_us:>13.1f} "
        f"{result.ratio:>7.2f}x  {verdict}"
    )


async def main(appends: int) -> int:
    dsn = os.environ.get("HOOKLINE_BENCH_POSTGRES_DSN", DEFAULT_DSN)
    print(f"append one message: {SMALL}- vs {LARGE}-message conversation, {appends} appends each")
    print(f"{'backend':<11} {'10 msgs (us)':>12} {'1000 msgs (us)':>13} {'ratio':>8}")
    results = []
    async with sqlite_store() as store:
        results.append(await measure("sqlite", store, appends))
        print(report(results[-1]))
    why_not = await postgres_reachable(dsn)
    if why_not is None:
        async with postgres_store(dsn) as store:
            results.append(await measure("postgresql", store, appends))
            print(report(results[-1]))
    else:
        print(f"postgresql  skipped: not reachable at {dsn} ({why_not})")
    return 0 if all(r.ratio <= TARGET_RATIO for r in results) else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=500, help="timed appends per size")
    sys.exit(asyncio.run(main(parser.parse_args().appends)))
