"""What only the PostgreSQL store promises: idempotent schema, prefixes, pools, append-only rows."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg  # type: ignore[import-untyped]
import pytest

from hookline.storage import Message
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.postgres_db import create_asyncpg_pool
from hookline.users.models import User

ALICE = User(id="alice")


@pytest.fixture
async def store(pg_dsn: str, pg_schema: str) -> AsyncIterator[PostgresConversationStore]:
    made = PostgresConversationStore(pg_dsn, schema=pg_schema, table_prefix="t_")
    yield made
    await made.close()


@pytest.fixture
async def conn(pg_dsn: str) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(pg_dsn)
    yield connection
    await connection.close()


async def test_create_schema_is_idempotent_and_uses_the_prefix(
    store: PostgresConversationStore, conn: asyncpg.Connection, pg_schema: str
) -> None:
    assert await store.create_schema() == 3  # conversations, the effect ledger, approvals
    assert await store.create_schema() == 3

    tables = await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 "
        "ORDER BY table_name",
        pg_schema,
    )
    versions = await conn.fetch(f'SELECT component, version FROM "{pg_schema}".t_schema_version')
    assert [r[0] for r in tables] == [
        "t_approvals",
        "t_conversations",
        "t_messages",
        "t_schema_version",
        "t_tool_calls",
    ]
    assert sorted(tuple(r) for r in versions) == [
        ("conversations", 1),
        ("conversations", 2),
        ("conversations", 3),
    ]


async def test_many_processes_creating_the_schema_at_once_agree(
    pg_dsn: str, pg_schema: str
) -> None:
    stores = [PostgresConversationStore(pg_dsn, schema=pg_schema) for _ in range(4)]
    try:
        assert await asyncio.gather(*(s.create_schema() for s in stores)) == [3, 3, 3, 3]
    finally:
        for s in stores:
            await s.close()


async def test_two_prefixes_in_one_schema_are_separate_stores(pg_dsn: str, pg_schema: str) -> None:
    left = PostgresConversationStore(pg_dsn, schema=pg_schema, table_prefix="left_")
    right = PostgresConversationStore(pg_dsn, schema=pg_schema, table_prefix="right_")
    try:
        conv = await left.create_conversation(ALICE, conversation_id="same")
        assert await right.get_conversation(conv.id, ALICE) is None
        await right.create_conversation(ALICE, conversation_id="same")
    finally:
        await left.close()
        await right.close()


async def test_a_pool_passed_in_is_used_and_left_open(pg_dsn: str, pg_schema: str) -> None:
    pool = await create_asyncpg_pool(pg_dsn, max_size=2)
    try:
        store = PostgresConversationStore(pool=pool, schema=pg_schema)
        conv = await store.create_conversation(ALICE)
        await store.close()
        assert await pool.fetchval("SELECT 41 + 1") == 42
        again = PostgresConversationStore(pool=pool, schema=pg_schema)
        assert await again.get_conversation(conv.id, ALICE) is not None
    finally:
        await pool.close()


async def test_appending_never_updates_or_deletes_earlier_rows(
    store: PostgresConversationStore, conn: asyncpg.Connection, pg_schema: str
) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, [Message(role="user", content="first")])
    await conn.execute(
        f"""CREATE FUNCTION "{pg_schema}".refuse() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'message rows are append-only'; END $$;
        CREATE TRIGGER refuse BEFORE UPDATE OR DELETE ON "{pg_schema}".t_messages
        FOR EACH ROW EXECUTE FUNCTION "{pg_schema}".refuse();"""
    )

    for i in range(5):
        await store.append_messages(conv.id, ALICE, [Message(role="user", content=str(i))])

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert [m.content for m in loaded.messages] == ["first", "0", "1", "2", "3", "4"]
    with pytest.raises(asyncpg.RaiseError, match="append-only"):  # the guard works
        await store.replace_messages(conv.id, ALICE, [])


async def test_concurrent_appends_get_distinct_gap_free_positions(
    store: PostgresConversationStore, conn: asyncpg.Connection, pg_schema: str
) -> None:
    conv = await store.create_conversation(ALICE)

    await asyncio.gather(
        *(
            store.append_messages(
                conv.id,
                ALICE,
                [Message(role="user", content=f"{i}a"), Message(role="user", content=f"{i}b")],
            )
            for i in range(20)
        )
    )

    rows = await conn.fetch(
        f"SELECT seq, data->>'content' FROM \"{pg_schema}\".t_messages ORDER BY seq"
    )
    assert [r[0] for r in rows] == list(range(40))
    contents = [r[1] for r in rows]
    for i in range(20):  # each append's two messages stay adjacent
        assert contents.index(f"{i}b") == contents.index(f"{i}a") + 1


async def test_deleting_a_conversation_deletes_its_message_rows(
    store: PostgresConversationStore, conn: asyncpg.Connection, pg_schema: str
) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, [Message(role="user", content="x")])

    await store.delete_conversation(conv.id, ALICE)

    assert await conn.fetchval(f'SELECT count(*) FROM "{pg_schema}".t_messages') == 0


@pytest.mark.parametrize(
    ("schema", "prefix"),
    [("bad-schema", "ok_"), ("ok", 'x"; DROP TABLE y; --'), ("ok", "has space")],
)
def test_unsafe_schema_or_prefix_is_rejected(schema: str, prefix: str) -> None:
    with pytest.raises(ValueError, match="Invalid"):
        PostgresConversationStore("postgresql://unused", schema=schema, table_prefix=prefix)


def test_exactly_one_of_dsn_or_pool() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        PostgresConversationStore()
