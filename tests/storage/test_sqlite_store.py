"""What only the SQLite store promises: one WAL file, migrations, append-only rows, laziness."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from hookline.storage import Message
from hookline.storage.migrations import SchemaTooNewError, migrate_sqlite
from hookline.storage.sqlite import SqliteConversationStore
from hookline.storage.sqlite_db import open_sqlite
from hookline.users.models import User

ALICE = User(id="alice")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteConversationStore]:
    made = SqliteConversationStore(tmp_path / "c.db")
    yield made
    await made.close()


def _query(path: str, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as db:
        return list(db.execute(sql))


async def test_the_file_is_opened_lazily_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "lazy.db"
    store = SqliteConversationStore(path)
    assert not path.exists()

    await store.list_conversations(ALICE)

    assert _query(str(path), "PRAGMA journal_mode") == [("wal",)]
    await store.close()


async def test_conversations_survive_closing_and_reopening(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    first = SqliteConversationStore(path)
    conv = await first.create_conversation(ALICE, metadata={"k": "v"})
    sent = [Message(role="user", content="remember me")]
    await first.append_messages(conv.id, ALICE, sent)
    await first.close()

    second = SqliteConversationStore(path)
    loaded = await second.get_conversation(conv.id, ALICE)
    await second.close()

    assert loaded is not None
    assert (loaded.messages, loaded.metadata) == (sent, {"k": "v"})


async def test_schema_version_is_recorded_once(store: SqliteConversationStore) -> None:
    assert await store.schema_version() == 3  # conversations, the effect ledger, approvals
    await store.close()
    assert await store.schema_version() == 3

    rows = _query(store.path, "SELECT component, version FROM schema_version")
    assert rows == [("conversations", 1), ("conversations", 2), ("conversations", 3)]


async def test_each_message_is_one_row_with_a_sequence_number(
    store: SqliteConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, [Message(role="user", content="a")])
    await store.append_messages(
        conv.id, ALICE, [Message(role="assistant", content="b"), Message(role="user", content="c")]
    )

    rows = _query(store.path, "SELECT seq, json_extract(data, '$.content') FROM messages")
    assert rows == [(0, "a"), (1, "b"), (2, "c")]


async def test_appending_never_updates_or_deletes_earlier_rows(
    store: SqliteConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, [Message(role="user", content="first")])
    with closing(sqlite3.connect(store.path)) as db:
        for action in ("UPDATE", "DELETE"):
            db.execute(
                f"CREATE TRIGGER no_{action.lower()} BEFORE {action} ON messages "
                f"BEGIN SELECT RAISE(ABORT, 'message rows are append-only'); END"
            )
        db.commit()

    for i in range(5):
        await store.append_messages(conv.id, ALICE, [Message(role="user", content=str(i))])

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert [m.content for m in loaded.messages] == ["first", "0", "1", "2", "3", "4"]
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):  # the guard works
        await store.replace_messages(conv.id, ALICE, [])


async def test_concurrent_coroutines_share_one_store_safely(
    store: SqliteConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE)

    await asyncio.gather(
        *(
            store.append_messages(conv.id, ALICE, [Message(role="user", content=str(i))])
            for i in range(30)
        )
    )

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert sorted(int(m.content or "") for m in loaded.messages) == list(range(30))


async def test_a_failed_write_rolls_back_and_the_store_keeps_working(
    store: SqliteConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE, metadata={"ok": True})

    with pytest.raises(TypeError, match="JSON-serialisable"):
        await store.update_metadata(conv.id, ALICE, {"bad": object()})
    await store.append_messages(conv.id, ALICE, [Message(role="user", content="still fine")])

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert loaded.metadata == {"ok": True}
    assert [m.content for m in loaded.messages] == ["still fine"]


async def test_migrations_apply_in_order_and_only_once(tmp_path: Path) -> None:
    applied: list[str] = []

    async def m1(db: aiosqlite.Connection) -> None:
        applied.append("m1")
        await db.execute("CREATE TABLE t (a INTEGER)")

    async def m2(db: aiosqlite.Connection) -> None:
        applied.append("m2")
        await db.execute("ALTER TABLE t ADD COLUMN b TEXT")

    db = await open_sqlite(str(tmp_path / "m.db"))
    try:
        assert await migrate_sqlite(db, "demo", [m1]) == 1
        assert await migrate_sqlite(db, "demo", [m1, m2]) == 2
        assert await migrate_sqlite(db, "demo", [m1, m2]) == 2
        with pytest.raises(SchemaTooNewError, match="version 2"):
            await migrate_sqlite(db, "demo", [m1])
        async with db.execute("SELECT a, b FROM t") as cursor:
            assert await cursor.fetchall() == []
    finally:
        await db.close()
    assert applied == ["m1", "m2"]


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    async def good(db: aiosqlite.Connection) -> None:
        await db.execute("CREATE TABLE t (a INTEGER)")

    async def broken(db: aiosqlite.Connection) -> None:
        await db.execute("CREATE TABLE u (a INTEGER)")
        raise RuntimeError("boom")

    db = await open_sqlite(str(tmp_path / "m.db"))
    try:
        await migrate_sqlite(db, "demo", [good])
        with pytest.raises(RuntimeError, match="boom"):
            await migrate_sqlite(db, "demo", [good, broken])
        async with db.execute("SELECT name FROM sqlite_master WHERE name IN ('t', 'u')") as cur:
            assert [r[0] for r in await cur.fetchall()] == ["t"]
        async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
            assert await cur.fetchone() == (1,)
    finally:
        await db.close()


async def test_negative_paging_is_rejected(store: SqliteConversationStore) -> None:
    with pytest.raises(ValueError, match=">= 0"):
        await store.list_conversations(ALICE, limit=-1)
