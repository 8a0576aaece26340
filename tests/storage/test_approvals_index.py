"""The index of waiting calls across users, on every store: it follows the metadata it is
derived from in the same write, and a database migrated from before it is filled in."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline.storage import ConversationStore, MemoryConversationStore
from hookline.storage.approvals import PENDING_KEY, approval_id
from hookline.storage.migrations import TableNames
from hookline.storage.postgres import MIGRATIONS as PG_MIGRATIONS
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.postgres_db import PostgresDatabase
from hookline.storage.sqlite import MIGRATIONS as SQLITE_MIGRATIONS
from hookline.storage.sqlite import SqliteConversationStore
from hookline.storage.sqlite_db import SqliteDatabase
from hookline.users.models import User

ALICE = User(id="alice")
BOB = User(id="bob")


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ConversationStore]:
    made: ConversationStore
    if request.param == "memory":
        made = MemoryConversationStore()
    elif request.param == "sqlite":
        made = SqliteConversationStore(tmp_path / "conversations.db")
    else:
        dsn = request.getfixturevalue("pg_dsn")
        made = PostgresConversationStore(dsn, schema=request.getfixturevalue("pg_schema"))
    yield made
    await made.close()


def entry(call_id: str, *, at: str, state: str = "pending", tool: str = "refund") -> dict[str, Any]:
    call = {"id": call_id, "name": tool, "arguments": {"order": 1}, "raw_arguments": None}
    return {"call": call, "reason": "why", "state": state, "digest": "d" * 64, "requested_at": at}


async def test_the_index_follows_every_metadata_write(store: ConversationStore) -> None:
    first = {PENDING_KEY: [entry("r1", at="2026-01-01T00:00:01+00:00")], "title": "x"}
    await store.create_conversation(ALICE, conversation_id="a1", metadata=first)
    await store.create_conversation(BOB, conversation_id="b1")
    await store.update_metadata(
        "b1",
        BOB,
        {
            PENDING_KEY: [
                entry("r1", at="2026-01-01T00:00:00+00:00"),
                entry("r2", at="2026-01-01T00:00:02+00:00", state="executing"),
            ]
        },
    )

    listed = await store.pending_approvals()
    assert [(r.conversation_id, r.call_id, r.owner_id) for r in listed] == [
        ("b1", "r1", "bob"),  # oldest first; "executing" is not waiting
        ("a1", "r1", "alice"),
    ]
    assert [r.conversation_id for r in await store.pending_approvals(owner_id="alice")] == ["a1"]
    assert [r.call_id for r in await store.pending_approvals(limit=1, offset=1)] == ["r1"]
    only_refunds = await store.pending_approvals(tools=["refund"])
    assert len(only_refunds) == 2
    assert await store.pending_approvals(tools=["pay"]) == []
    assert await store.pending_approvals(tools=[]) == []
    mine = await store.pending_approvals(owner_id="alice", tools=[])
    assert [r.owner_id for r in mine] == ["alice"]
    mine_or_refunds = await store.pending_approvals(owner_id="carol", tools=["refund"])
    assert [r.owner_id for r in mine_or_refunds] == ["bob", "alice"]
    found = await store.pending_approval(approval_id("a1", "r1"))
    assert found is not None
    assert (found.tool, found.digest, found.entry["reason"]) == ("refund", "d" * 64, "why")
    assert listed[0].approval_id != listed[1].approval_id  # the same call id, two conversations

    claimed = await store.compare_and_set_metadata(
        "a1", ALICE, PENDING_KEY, first[PENDING_KEY], {PENDING_KEY: None}
    )
    assert claimed
    assert await store.pending_approval(approval_id("a1", "r1")) is None
    await store.delete_conversation("b1", BOB)
    assert await store.pending_approvals() == []


async def test_a_refused_write_leaves_the_index_as_it_was(store: ConversationStore) -> None:
    waiting = {PENDING_KEY: [entry("r1", at="2026-01-01T00:00:00+00:00")]}
    await store.create_conversation(ALICE, conversation_id="a1", metadata=waiting)
    assert not await store.compare_and_set_metadata(
        "a1", ALICE, PENDING_KEY, [], {PENDING_KEY: None}
    )
    with pytest.raises(Exception, match="not found"):
        await store.update_metadata("a1", BOB, {})  # not Bob's: nothing changes
    assert [r.call_id for r in await store.pending_approvals()] == ["r1"]


async def test_a_sqlite_file_from_before_the_index_is_filled_in(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = SqliteDatabase(path, component="conversations", migrations=SQLITE_MIGRATIONS[:2])
    metadata = json.dumps({PENDING_KEY: [entry("r1", at="2026-01-01T00:00:00+00:00")]})
    async with old.transaction() as db:
        await db.execute(
            "INSERT INTO conversations (id, user_id, metadata, created_us, updated_us, next_seq) "
            "VALUES ('a1', 'alice', ?, 0, 0, 0)",
            (metadata,),
        )
    await old.close()

    store = SqliteConversationStore(path)
    try:
        assert await store.schema_version() == 3
        assert [(r.conversation_id, r.call_id) for r in await store.pending_approvals()] == [
            ("a1", "r1")
        ]
    finally:
        await store.close()


async def test_a_postgres_schema_from_before_the_index_is_filled_in(
    pg_dsn: str, pg_schema: str
) -> None:
    names = TableNames(schema=pg_schema)
    old = PostgresDatabase(
        dsn=pg_dsn,
        pool=None,
        names=names,
        component="conversations",
        migrations=PG_MIGRATIONS[:2],
    )
    metadata = json.dumps({PENDING_KEY: [entry("r1", at="2026-01-01T00:00:00+00:00")]})
    pool = await old.pool()
    await pool.execute(
        f"INSERT INTO {names.table('conversations')} (id, user_id, metadata, created_at, "
        "updated_at) VALUES ('a1', 'alice', $1::json, now(), now())",
        metadata,
    )
    await old.close()

    store = PostgresConversationStore(pg_dsn, schema=pg_schema)
    try:
        assert [(r.conversation_id, r.owner_id) for r in await store.pending_approvals()] == [
            ("a1", "alice")
        ]
    finally:
        await store.close()
