"""The ConversationStore contract, run against every store: memory, SQLite, PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from hookline.errors import ConversationNotFoundError
from hookline.llm.models import ToolCall
from hookline.storage import ConversationStore, MemoryConversationStore, Message
from hookline.storage.models import HIDDEN_KEY
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.users.models import User

ALICE = User(id="alice", username="Alice")
BOB = User(id="bob", username="Bob")


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ConversationStore]:
    made: ConversationStore
    if request.param == "memory":
        made = MemoryConversationStore()
    elif request.param == "sqlite":
        made = SqliteConversationStore(tmp_path / "conversations.db")
    else:
        dsn = request.getfixturevalue("pg_dsn")
        schema = request.getfixturevalue("pg_schema")
        made = PostgresConversationStore(dsn, schema=schema)
    yield made
    await made.close()


def _text(role: str, content: str) -> Message:
    return Message.model_validate({"role": role, "content": content})


def _tool_exchange() -> list[Message]:
    call = ToolCall(
        id="call_1",
        name="run_sql",
        arguments={"sql": "SELECT 'é' AS x", "limit": 5, "ratio": 0.1, "opts": {"a": [1, None]}},
    )
    bad = ToolCall(id="call_2", name="chart", raw_arguments='{"kind": "bar"')
    return [
        _text("user", "How many rows?"),
        Message(role="assistant", content=None, tool_calls=[call, bad]),
        Message(
            role="tool",
            content="| x |\n| é |",
            tool_call_id="call_1",
            name="run_sql",
            metadata={"duration_ms": 12.5, "rows": 1},
        ),
        Message(role="tool", content="bad JSON", tool_call_id="call_2", name="chart"),
        Message(
            role="assistant",
            content="One row 🎉",
            created_at=datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=UTC),
        ),
    ]


PENDING_APPROVAL: dict[str, Any] = {
    "pending_approval": {
        "tool_call": {"id": "call_9", "name": "drop_table", "arguments": {"table": "users"}},
        "requested_at": "2024-05-06T07:08:09+00:00",
        "approvers": ["admin", "owner"],
        "reason": "destructive: \"DROP\" 'quoted' ünïcode",
    },
    "turn": {"iteration": 2, "temperature": 0.25, "resumable": True, "note": None},
}


async def test_create_then_get_returns_an_empty_owned_conversation(
    store: ConversationStore,
) -> None:
    created = await store.create_conversation(ALICE, metadata={"title": "t"})

    loaded = await store.get_conversation(created.id, ALICE)

    assert loaded is not None
    assert (loaded.id, loaded.user_id, loaded.messages, loaded.metadata) == (
        created.id,
        "alice",
        [],
        {"title": "t"},
    )
    assert loaded.created_at == created.created_at


async def test_create_with_a_taken_id_fails_without_naming_the_owner(
    store: ConversationStore,
) -> None:
    await store.create_conversation(ALICE, conversation_id="shared-id")

    with pytest.raises(ConversationNotFoundError) as info:
        await store.create_conversation(BOB, conversation_id="shared-id")

    assert "alice" not in str(info.value)
    assert (await store.get_conversation("shared-id", BOB)) is None


async def test_appends_keep_every_message_in_order(store: ConversationStore) -> None:
    conv = await store.create_conversation(ALICE)
    first = [_text("user", "one"), _text("assistant", "two")]
    second = [_text("user", "three")]

    await store.append_messages(conv.id, ALICE, first)
    await store.append_messages(conv.id, ALICE, [])
    await store.append_messages(conv.id, ALICE, second)

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert loaded.messages == first + second


async def test_messages_with_tool_calls_round_trip_exactly(store: ConversationStore) -> None:
    conv = await store.create_conversation(ALICE)
    messages = _tool_exchange()

    await store.append_messages(conv.id, ALICE, messages)

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert loaded.messages == messages
    assert [m.model_dump_json() for m in loaded.messages] == [m.model_dump_json() for m in messages]


async def test_list_is_newest_activity_first_and_paginated(store: ConversationStore) -> None:
    ids = [(await store.create_conversation(ALICE)).id for _ in range(3)]
    await store.create_conversation(BOB)
    await store.append_messages(ids[0], ALICE, [_text("user", "bump")])

    everything = await store.list_conversations(ALICE)
    page_one = await store.list_conversations(ALICE, limit=2)
    page_two = await store.list_conversations(ALICE, limit=2, offset=2)
    beyond = await store.list_conversations(ALICE, limit=2, offset=4)

    assert [c.id for c in everything] == [ids[0], ids[2], ids[1]]
    assert [c.id for c in page_one] == [ids[0], ids[2]]
    assert [c.id for c in page_two] == [ids[1]]
    assert beyond == []
    assert all(c.messages == [] and c.user_id == "alice" for c in everything)


async def test_append_moves_updated_at_forward(store: ConversationStore) -> None:
    conv = await store.create_conversation(ALICE)

    await store.append_messages(conv.id, ALICE, [_text("user", "hi")])

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert loaded.updated_at > conv.updated_at
    assert loaded.created_at == conv.created_at


async def test_delete_removes_the_conversation_and_its_messages(
    store: ConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, [_text("user", "bye")])

    assert await store.delete_conversation(conv.id, ALICE) is True
    assert await store.delete_conversation(conv.id, ALICE) is False
    assert await store.get_conversation(conv.id, ALICE) is None
    assert await store.list_conversations(ALICE) == []
    with pytest.raises(ConversationNotFoundError):
        await store.append_messages(conv.id, ALICE, [_text("user", "again")])


async def test_a_deleted_id_can_be_created_again_empty(store: ConversationStore) -> None:
    await store.create_conversation(ALICE, conversation_id="reuse")
    await store.append_messages("reuse", ALICE, [_text("user", "old")])
    await store.delete_conversation("reuse", ALICE)

    await store.create_conversation(ALICE, conversation_id="reuse")

    loaded = await store.get_conversation("reuse", ALICE)
    assert loaded is not None
    assert loaded.messages == []


async def test_replace_messages_swaps_the_history_and_appends_continue(
    store: ConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, _tool_exchange())

    reset, after = _text("system", "reset"), _text("user", "after")

    await store.replace_messages(conv.id, ALICE, [reset])
    await store.append_messages(conv.id, ALICE, [after])

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert loaded.messages == [reset, after]


async def test_replace_with_nothing_empties_the_history(store: ConversationStore) -> None:
    conv = await store.create_conversation(ALICE)
    await store.append_messages(conv.id, ALICE, [_text("user", "x")])

    await store.replace_messages(conv.id, ALICE, [])

    loaded = await store.get_conversation(conv.id, ALICE)
    assert loaded is not None
    assert loaded.messages == []


async def test_metadata_is_replaced_and_a_pending_approval_round_trips(
    store: ConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE, metadata={"title": "first"})

    await store.update_metadata(conv.id, ALICE, PENDING_APPROVAL)
    with_pending = await store.get_conversation(conv.id, ALICE)
    await store.update_metadata(conv.id, ALICE, {})
    cleared = await store.get_conversation(conv.id, ALICE)

    assert with_pending is not None
    assert with_pending.metadata == PENDING_APPROVAL
    assert list(with_pending.metadata["pending_approval"]) == list(
        PENDING_APPROVAL["pending_approval"]
    )
    assert cleared is not None
    assert cleared.metadata == {}
    listed = await store.list_conversations(ALICE)
    assert [c.metadata for c in listed] == [{}]


def _mutations(
    store: ConversationStore, cid: str, user: User
) -> dict[str, Callable[[], Awaitable[None]]]:
    """Every mutating method of ``store`` aimed at ``cid`` as ``user``."""
    return {
        "append": lambda: store.append_messages(cid, user, [_text("user", "intrusion")]),
        "replace": lambda: store.replace_messages(cid, user, [_text("user", "intrusion")]),
        "update_metadata": lambda: store.update_metadata(cid, user, {"owned": "by bob"}),
    }


async def test_unknown_ids_read_as_none_and_fail_to_mutate(store: ConversationStore) -> None:
    assert await store.get_conversation("nope", ALICE) is None
    assert await store.delete_conversation("nope", ALICE) is False
    for name, mutate in _mutations(store, "nope", ALICE).items():
        with pytest.raises(ConversationNotFoundError):
            await mutate()
        assert await store.get_conversation("nope", ALICE) is None, name


async def test_another_user_can_never_reach_a_conversation(store: ConversationStore) -> None:
    conv = await store.create_conversation(ALICE, metadata={"secret": 1})
    await store.append_messages(conv.id, ALICE, _tool_exchange())
    before = await store.get_conversation(conv.id, ALICE)

    assert await store.get_conversation(conv.id, BOB) is None
    assert await store.list_conversations(BOB) == []
    assert await store.delete_conversation(conv.id, BOB) is False
    for name, mutate in _mutations(store, conv.id, BOB).items():
        with pytest.raises(ConversationNotFoundError):
            await mutate()
        assert await store.get_conversation(conv.id, BOB) is None, name
    with pytest.raises(ConversationNotFoundError):
        await store.create_conversation(BOB, conversation_id=conv.id)

    after = await store.get_conversation(conv.id, ALICE)
    assert after == before
    assert [c.id for c in await store.list_conversations(ALICE)] == [conv.id]


async def test_a_user_id_that_looks_like_sql_is_just_a_different_user(
    store: ConversationStore,
) -> None:
    conv = await store.create_conversation(ALICE)
    sneaky = User(id="x' OR '1'='1")

    assert await store.get_conversation(conv.id, sneaky) is None
    assert await store.list_conversations(sneaky) == []
    assert await store.delete_conversation(conv.id, sneaky) is False


BAD_IDS = [
    "x'; DROP TABLE conversations; --",
    "../a",
    "",
    "a b",
    "a/b",
    "-leading-dash",
    "x" * 129,
    "nul\x00byte",
    'quote"',
    "percent%",
]


@pytest.mark.parametrize("bad_id", BAD_IDS, ids=repr)
async def test_invalid_ids_are_rejected_by_every_method(
    store: ConversationStore, bad_id: str
) -> None:
    keep = await store.create_conversation(ALICE)

    with pytest.raises(ValueError, match="Invalid conversation id"):
        await store.get_conversation(bad_id, ALICE)
    with pytest.raises(ValueError, match="Invalid conversation id"):
        await store.delete_conversation(bad_id, ALICE)
    for mutate in _mutations(store, bad_id, ALICE).values():
        with pytest.raises(ValueError, match="Invalid conversation id"):
            await mutate()
    if bad_id:  # an empty id given to create means "make one", as in MemoryConversationStore
        with pytest.raises(ValueError, match="Invalid conversation id"):
            await store.create_conversation(ALICE, conversation_id=bad_id)

    assert [c.id for c in await store.list_conversations(ALICE)] == [keep.id]


async def test_a_hidden_conversation_is_never_listed_but_reachable_by_id(
    store: ConversationStore,
) -> None:
    shown = await store.create_conversation(ALICE, metadata={"source": "web"})
    hidden = await store.create_conversation(ALICE, metadata={HIDDEN_KEY: True})
    await store.append_messages(hidden.id, ALICE, [_text("user", "secret")])  # newest
    not_hidden = await store.create_conversation(ALICE, metadata={HIDDEN_KEY: 1})

    listed = [c.id for c in await store.list_conversations(ALICE)]
    first_page = [c.id for c in await store.list_conversations(ALICE, limit=1)]
    again = await store.get_conversation(hidden.id, ALICE)
    housekeeping = await store.hidden_conversations()  # every user's, for the server

    assert listed == [not_hidden.id, shown.id]  # only the value True hides
    assert first_page == [not_hidden.id]  # pages count the listed ones only
    assert again is not None and again.messages[0].content == "secret"
    assert await store.get_conversation(hidden.id, BOB) is None
    assert [(c.id, c.user_id, c.messages) for c in housekeeping] == [(hidden.id, "alice", [])]
    await store.compare_and_set_metadata(hidden.id, ALICE, HIDDEN_KEY, True, {HIDDEN_KEY: None})
    assert hidden.id in [c.id for c in await store.list_conversations(ALICE)]
