"""store.turn_lock: one holder per conversation, bounded waits, fencing tokens, ConversationBusy."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hookline import Agent, AgentConfig
from hookline.errors import ConversationBusy
from hookline.llm.scripted import ScriptedLlmService, text_reply
from hookline.storage import ConversationStore, MemoryConversationStore
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.users.models import RequestContext, User

OWNER = User(id="owner")


async def hand_over(first: ConversationStore, second: ConversationStore) -> list[str]:
    """``second`` waits while ``first`` holds the lock, then gets it."""
    log: list[str] = []

    async def waiter() -> None:
        async with second.turn_lock("c1", timeout=10.0):
            log.append("second in")

    async with first.turn_lock("c1", timeout=1.0):
        log.append("first in")
        task = asyncio.create_task(waiter())
        await asyncio.sleep(0.2)
        log.append("first out")
    await asyncio.wait_for(task, 10)
    with pytest.raises(ConversationBusy):
        async with second.turn_lock("c1", timeout=5.0), first.turn_lock("c1", timeout=0.1):
            pass
    return log


async def test_sqlite_second_connection_waits_then_gets_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "locks.db"
    first, second = SqliteConversationStore(path), SqliteConversationStore(path)
    try:
        log = await hand_over(first, second)
        holder = await first.turn_locks.holder("c1")
    finally:
        await first.close()
        await second.close()
    assert log == ["first in", "first out", "second in"]
    assert holder is not None and holder[1] == 3 and holder[2] == 0  # 3 takes, now free


async def test_sqlite_lease_is_renewed_while_the_turn_runs(tmp_path: Path) -> None:
    path = tmp_path / "renew.db"
    first = SqliteConversationStore(path, lock_lease=0.3)
    second = SqliteConversationStore(path)
    try:
        async with first.turn_lock("c1", timeout=1.0):
            await asyncio.sleep(0.8)  # well past one lease: renewed, still held
            with pytest.raises(ConversationBusy):
                async with second.turn_lock("c1", timeout=0.2):
                    pass
    finally:
        await first.close()
        await second.close()


async def test_postgres_second_pool_waits_then_gets_the_lock(pg_dsn: str, pg_schema: str) -> None:
    first = PostgresConversationStore(pg_dsn, schema=pg_schema, max_pool_size=2)
    second = PostgresConversationStore(pg_dsn, schema=pg_schema, max_pool_size=2)
    try:
        log = await hand_over(first, second)
    finally:
        await first.close()
        await second.close()
    assert log == ["first in", "first out", "second in"]


async def test_a_busy_conversation_refuses_the_turn_and_stores_nothing(tmp_path: Path) -> None:
    store = SqliteConversationStore(tmp_path / "busy.db")
    other = SqliteConversationStore(tmp_path / "busy.db")
    agent = Agent(
        ScriptedLlmService([text_reply("hi")]),
        conversation_store=store,
        config=AgentConfig(turn_lock_timeout=0.2),
    )
    try:
        await store.create_conversation(OWNER, conversation_id="c1")
        async with other.turn_lock("c1", timeout=1.0):  # "another process" holds it
            with pytest.raises(ConversationBusy, match="Another turn is running"):
                await agent.run("hello", user=OWNER, conversation_id="c1")
            components = [
                c async for c in agent.send_message(RequestContext(), "hello", "c1", user=OWNER)
            ]
        loaded = await store.get_conversation("c1", OWNER)
    finally:
        await store.close()
        await other.close()
    assert [c.rich_component.code for c in components] == ["conversation_busy"]  # type: ignore[attr-defined]
    assert loaded is not None and loaded.messages == []


async def test_memory_store_in_process_wait_is_bounded_too() -> None:
    gate = asyncio.Event()

    async def slow(_request: object) -> object:
        await gate.wait()
        return text_reply("slow")

    agent = Agent(
        ScriptedLlmService(slow),  # type: ignore[arg-type]
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(turn_lock_timeout=0.1),
    )
    first = asyncio.create_task(agent.run("one", user=OWNER, conversation_id="c1"))
    await asyncio.sleep(0.05)
    with pytest.raises(ConversationBusy):
        await agent.run("two", user=OWNER, conversation_id="c1")
    gate.set()
    assert (await first).text == "slow"


async def compare_and_set(store: ConversationStore) -> None:
    await store.create_conversation(OWNER, conversation_id="cas", metadata={"k": [1], "x": 0})
    assert await store.compare_and_set_metadata("cas", OWNER, "k", [1], {"k": [2], "x": None})
    assert not await store.compare_and_set_metadata("cas", OWNER, "k", [1], {"k": [3]})
    conversation = await store.get_conversation("cas", OWNER)
    assert conversation is not None and conversation.metadata == {"k": [2]}


async def test_sqlite_compare_and_set_metadata(tmp_path: Path) -> None:
    store = SqliteConversationStore(tmp_path / "cas.db")
    try:
        await compare_and_set(store)
    finally:
        await store.close()


async def test_postgres_compare_and_set_metadata(pg_dsn: str, pg_schema: str) -> None:
    store = PostgresConversationStore(pg_dsn, schema=pg_schema, max_pool_size=2)
    try:
        await compare_and_set(store)
    finally:
        await store.close()


async def test_sqlite_deleting_a_gone_conversation_drops_the_released_lock_row_taken_since(
    tmp_path: Path,
) -> None:
    store = SqliteConversationStore(tmp_path / "gone.db")
    stored = await store.create_conversation(OWNER, conversation_id="kept")
    try:
        async with store.turn_lock("gone", timeout=1.0):
            held = await store.delete_conversation("gone", OWNER)
            while_held = await store.turn_locks.holder("gone")
        released = await store.delete_conversation("gone", OWNER)
        after = await store.turn_locks.holder("gone")
        async with store.turn_lock(stored.id, timeout=1.0):
            pass
        someone_elses = await store.delete_conversation(stored.id, User(id="mallory"))
        kept = await store.turn_locks.holder(stored.id)
    finally:
        await store.close()
    assert (held, released, someone_elses) == (False, False, False)
    assert while_held is not None  # a held lock row is never dropped
    assert after is None  # released, no conversation has the id: gone
    assert kept is not None and kept[1] == 1  # its conversation is stored: it counts on
