"""Two OS processes appending to one conversation end with every message, in a consistent order."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from contextlib import closing
from itertools import pairwise
from pathlib import Path

import hookline
from hookline.storage import ConversationStore
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.users.models import User

WORKER = Path(__file__).with_name("append_worker.py")
SRC = str(Path(hookline.__file__).resolve().parents[1])  # the hookline under test
PER_WORKER = 60
OWNER = User(id="owner")


async def _spawn(
    kind: str, target: str, schema: str, cid: str, name: str
) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(WORKER),
        kind,
        target,
        schema,
        cid,
        name,
        str(PER_WORKER),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )


async def _race(store: ConversationStore, kind: str, target: str, schema: str) -> list[str]:
    """Start two workers together; return the contents of the stored conversation."""
    conv = await store.create_conversation(OWNER, conversation_id="shared")
    workers = [await _spawn(kind, target, schema, conv.id, name) for name in ("a", "b")]
    for worker in workers:
        assert worker.stdout is not None
        assert await asyncio.wait_for(worker.stdout.readline(), 30) == b"ready\n"
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(b"go\n")
        await worker.stdin.drain()
    for worker in workers:
        out, _ = await asyncio.wait_for(worker.communicate(), 60)
        assert (worker.returncode, out) == (0, b"done\n")
    loaded = await store.get_conversation(conv.id, OWNER)
    assert loaded is not None
    return [m.content or "" for m in loaded.messages]


def _assert_consistent(contents: list[str]) -> None:
    assert len(contents) == 2 * PER_WORKER
    switches = sum(1 for a, b in pairwise(contents) if a[0] != b[0])
    assert switches >= 10, "the two workers did not actually append at the same time"
    for name in ("a", "b"):
        mine = [c for c in contents if c.startswith(f"{name}-")]
        assert mine == [f"{name}-{i}" for i in range(PER_WORKER)]


async def test_sqlite_two_processes_append_without_losing_rows(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    store = SqliteConversationStore(path)
    try:
        contents = await _race(store, "sqlite", path, "-")
    finally:
        await store.close()
    _assert_consistent(contents)
    with closing(sqlite3.connect(path)) as db:
        seqs = [r[0] for r in db.execute("SELECT seq FROM messages ORDER BY seq")]
    assert seqs == list(range(2 * PER_WORKER))


async def test_postgres_two_processes_append_without_losing_rows(
    pg_dsn: str, pg_schema: str
) -> None:
    store = PostgresConversationStore(pg_dsn, schema=pg_schema)
    try:
        contents = await _race(store, "postgres", pg_dsn, pg_schema)
        import asyncpg  # type: ignore[import-untyped]

        conn = await asyncpg.connect(pg_dsn)
        seqs = await conn.fetch(
            f'SELECT seq FROM "{pg_schema}".hookline_messages WHERE conversation_id = $1 '
            "ORDER BY seq",
            "shared",
        )
        await conn.close()
    finally:
        await store.close()
    _assert_consistent(contents)
    assert [r[0] for r in seqs] == list(range(2 * PER_WORKER))
