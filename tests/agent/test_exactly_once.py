"""The effect ledger, idempotency keys and recovery, in process on the memory store.

A "crash" here is a turn whose tool blocks forever while a second ``Agent`` on
the same store (a new process, as far as locks go) recovers the conversation;
tests/agent/test_crash_processes.py does the same with SIGKILL on SQLite and
PostgreSQL.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from hookline import (
    Agent,
    AgentConfig,
    MemoryConversationStore,
    Message,
    ScriptedLlmService,
    Tool,
    ToolCall,
    ToolContext,
    ToolRegistry,
    ToolResult,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.llm.models import LlmResponse
from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.storage.ledger import LedgerEntry, arguments_digest, idempotency_key
from hookline.storage.turn_lock import NO_LOCK

ALICE = User(id="alice")
BOB = User(id="bob")


class Effects:
    """What the tools did (the outside world), and a switch that makes them hang."""

    def __init__(self) -> None:
        self.done: list[tuple[str, str]] = []  # (tool, idempotency key)
        self.hang = True
        self.running = asyncio.Event()

    async def happen(self, name: str, context: ToolContext) -> None:
        self.done.append((name, context.idempotency_key))
        if self.hang:
            self.running.set()
            await asyncio.Event().wait()  # the process "dies" here


def tools(effects: Effects) -> ToolRegistry:
    @tool
    async def send_email(to: str, context: ToolContext) -> str:
        """Send an email (not idempotent)."""
        await effects.happen("send_email", context)
        return f"sent to {to}"

    @tool(idempotent=True)
    async def charge(amount: int, context: ToolContext) -> str:
        """Charge a card, with the call's idempotency key."""
        await effects.happen("charge", context)
        return f"charged {amount} (key {context.idempotency_key[:8]})"

    return ToolRegistry([send_email, charge])


def agent_on(
    store: ConversationStore, effects: Effects, script: list[Any]
) -> tuple[Agent, ScriptedLlmService]:
    llm = ScriptedLlmService(script)
    config = AgentConfig(tool_ledger=True)  # off by default on the in-memory store
    return Agent(llm, tool_registry=tools(effects), conversation_store=store, config=config), llm


async def crash_in_tool(store: ConversationStore, effects: Effects, call: Any) -> Any:
    """Run a turn until its tool hangs; the task stands for the dead process."""
    dead, _ = agent_on(store, effects, [call, text_reply("never")])
    task = asyncio.ensure_future(dead.run("do it", conversation_id="c1", user=ALICE))
    await asyncio.wait_for(effects.running.wait(), 5)
    effects.hang = False
    return task


async def bury(task: Any) -> None:
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def shape(messages: list[Message]) -> list[tuple[str, str]]:
    """Each message as (role, what it says about tool calls)."""
    out: list[tuple[str, str]] = []
    for m in messages:
        if m.tool_calls:
            out.append((m.role, ",".join(f"{c.name}:{c.id}" for c in m.tool_calls)))
        elif m.role == "tool":
            out.append((m.role, f"{m.tool_call_id}:{m.metadata.get('hookline', 'result')}"))
        else:
            out.append((m.role, m.metadata.get("hookline", "")))
    return out


async def test_a_turn_records_each_call_before_it_runs_and_settles_it_with_its_result() -> None:
    store, seen = MemoryConversationStore(), []

    @tool
    async def lookup(city: str, context: ToolContext) -> str:
        """Look a city up."""
        seen.append(await store.tool_calls("c1", ALICE, state="started"))
        return f"{city}: 2.1 million"

    script = [tool_call_reply("lookup", {"city": "Rome"}, call_id="k1"), text_reply("2.1M")]
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([lookup]),
        conversation_store=store,
        config=AgentConfig(tool_ledger=True),
    )
    await agent.run("Rome?", conversation_id="c1", user=ALICE)

    [[running]] = seen
    assert (running.call_id, running.tool, running.state) == ("k1", "lookup", "started")
    [entry] = await agent.ledger("c1", user=ALICE)
    assert (entry.state, entry.attempts, entry.arguments) == ("finished", 1, {"city": "Rome"})
    assert entry.arguments_digest == arguments_digest({"city": "Rome"})
    assert entry.finished_at is not None and entry.finished_at >= entry.started_at
    assert entry.turn_id == running.turn_id and len(entry.turn_id) == 32
    assert await agent.ledger("c1", user=BOB) == []  # another user's ledger is not reachable
    assert await agent.ledger("c1", user=ALICE, state="started") == []


async def test_each_call_gets_its_own_context_and_a_stable_key() -> None:
    contexts: list[ToolContext] = []

    @tool
    async def probe(n: int, context: ToolContext) -> str:
        """Remember the context."""
        await asyncio.sleep(0)
        contexts.append(context)
        return str(n)

    calls = [ToolCall(id="a", name="probe", arguments={"n": 1}), ToolCall(id="b", name="probe")]
    calls[1].arguments = {"n": 2}
    script = [LlmResponse(tool_calls=calls), text_reply("done")]
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([probe]),
        config=AgentConfig(tool_ledger=True),
    )
    result = await agent.run("go", conversation_id="c9", user=ALICE)

    assert sorted(c.call_id for c in contexts) == ["a", "b"]
    turn_ids = {c.request_id for c in contexts}
    assert len(turn_ids) == 1
    [turn_id] = turn_ids
    keys = {c.call_id: c.idempotency_key for c in contexts}
    assert keys == {i: idempotency_key("c9", turn_id, i) for i in ("a", "b")}
    ledger = await agent.ledger(result.conversation_id, user=ALICE)
    assert [(e.call_id, e.batch, e.position, e.state) for e in ledger] == [
        ("a", 1, 0, "finished"),
        ("b", 1, 1, "finished"),
    ]
    assert {e.call_id: e.idempotency_key for e in ledger} == keys


async def test_a_non_idempotent_call_cut_off_is_reported_never_run_again() -> None:
    store, effects = MemoryConversationStore(), Effects()
    dead = await crash_in_tool(
        store, effects, tool_call_reply("send_email", {"to": "x"}, call_id="e1")
    )
    agent, llm = agent_on(store, effects, [])
    [entry] = await agent.ledger("c1", user=ALICE, state="started")  # what the crash left

    result = await agent.recover("c1", user=ALICE)

    assert [name for name, _ in effects.done] == ["send_email"]  # exactly once
    assert [(e.call_id, e.state) for e in result.entries] == [("e1", "interrupted")]
    assert result.rerun == [] and "may or may not have taken effect" in result.text
    conversation = await store.get_conversation("c1", ALICE)
    assert conversation is not None
    assert shape(conversation.messages) == [
        ("user", ""),
        ("assistant", "send_email:e1"),
        ("tool", "e1:interrupted"),
        ("assistant", "recovered"),
    ]
    assert "may or may not have taken effect" in (conversation.messages[2].content or "")
    assert conversation.messages[3].content == result.text  # what the user sees
    [settled] = await agent.ledger("c1", user=ALICE)
    assert (settled.state, settled.attempts, settled.started_at) == (
        "interrupted",
        1,
        entry.started_at,
    )
    assert llm.requests == []  # recovery ends the turn; the model is not called
    assert not (await agent.recover("c1", user=ALICE)).recovered  # nothing left: a no-op
    await bury(dead)


async def test_an_idempotent_call_cut_off_runs_again_with_the_same_key() -> None:
    store, effects = MemoryConversationStore(), Effects()
    dead = await crash_in_tool(
        store, effects, tool_call_reply("charge", {"amount": 5}, call_id="p1")
    )
    agent, _ = agent_on(store, effects, [])

    result = await agent.recover("c1", user=ALICE)

    assert [name for name, _ in effects.done] == ["charge", "charge"]
    assert effects.done[0][1] == effects.done[1][1]  # one key, both times
    assert result.rerun == ["p1"]
    conversation = await store.get_conversation("c1", ALICE)
    assert conversation is not None
    assert shape(conversation.messages) == [
        ("user", ""),
        ("assistant", "charge:p1"),
        ("tool", "p1:result"),
        ("assistant", "recovered"),
    ]
    assert conversation.messages[2].content == f"charged 5 (key {effects.done[0][1][:8]})"
    [entry] = await agent.ledger("c1", user=ALICE)
    assert (entry.state, entry.attempts, entry.idempotency_key) == (
        "finished",
        2,
        effects.done[0][1],
    )
    await bury(dead)


async def test_the_next_message_recovers_first_and_the_model_gets_a_valid_history() -> None:
    store, effects = MemoryConversationStore(), Effects()
    dead = await crash_in_tool(
        store, effects, tool_call_reply("send_email", {"to": "x"}, call_id="e1")
    )
    agent, llm = agent_on(store, effects, [text_reply("Sorry about that.")])

    result = await agent.run("did it work?", conversation_id="c1", user=ALICE)

    assert result.text == "Sorry about that."
    assert [name for name, _ in effects.done] == ["send_email"]
    [request] = llm.requests
    assert shape(list(request.messages)) == [  # type: ignore[arg-type]
        ("user", ""),
        ("assistant", "send_email:e1"),
        ("tool", "e1:interrupted"),
        ("assistant", "recovered"),
        ("user", ""),
    ]
    await bury(dead)


async def test_a_crash_in_the_second_batch_keeps_the_first_batch_result(tmp_path: Path) -> None:
    """On a store that outlives the process a batch is stored as soon as it ran."""
    store, effects = SqliteConversationStore(tmp_path / "c.db"), Effects()
    effects.hang = False
    first = tool_call_reply("charge", {"amount": 1}, call_id="p1")
    second = tool_call_reply("send_email", {"to": "y"}, call_id="e2")

    async def hang_now(request: Any) -> Any:
        effects.hang = True
        return second

    # The "dead" process: its own store on the file, whose lease on the conversation has
    # expired (a killed process stops renewing it), so recovery may take the turn over.
    dead_store = SqliteConversationStore(tmp_path / "c.db")
    dead_store.turn_lock = lambda conversation_id, *, timeout: NO_LOCK  # type: ignore[method-assign]
    dead, _ = agent_on(dead_store, effects, [first, hang_now, text_reply("never")])
    task = asyncio.ensure_future(dead.run("both", conversation_id="c1", user=ALICE))
    await asyncio.wait_for(effects.running.wait(), 5)
    effects.hang = False
    agent, _ = agent_on(store, effects, [])
    await agent.recover("c1", user=ALICE)

    assert [name for name, _ in effects.done] == ["charge", "send_email"]  # nothing re-run
    conversation = await store.get_conversation("c1", ALICE)
    assert conversation is not None
    assert shape(conversation.messages) == [
        ("user", ""),
        ("assistant", "charge:p1"),
        ("tool", "p1:result"),  # stored with its ledger entry when the batch ran
        ("assistant", "send_email:e2"),
        ("tool", "e2:interrupted"),
        ("assistant", "recovered"),
    ]
    assert [(e.call_id, e.state) for e in await agent.ledger("c1", user=ALICE)] == [
        ("p1", "finished"),
        ("e2", "interrupted"),
    ]
    task.cancel()
    await asyncio.wait([task])
    await store.close()
    await dead_store.close()


async def test_a_batch_never_stored_is_rebuilt_from_the_ledger() -> None:
    """With a SaveTurnMessagesEvent handler the turn stores its messages at the end only:
    a crash then leaves the calls in the ledger alone, and recovery rebuilds the message."""
    store, effects = MemoryConversationStore(), Effects()
    await store.create_conversation(ALICE, conversation_id="c1")
    await store.append_messages("c1", ALICE, [Message(role="user", content="pay and mail")])
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("p1", "charge", {"amount": 3}),
        ("e1", "send_email", {"to": "z"}),
    ]
    for position, (call_id, name, args) in enumerate(calls):
        entry = LedgerEntry(
            conversation_id="c1",
            turn_id="t1",
            call_id=call_id,
            tool=name,
            arguments=args,
            batch=1,
            position=position,
        )
        await store.start_tool_call(ALICE, entry)
    effects.hang = False
    agent, _ = agent_on(store, effects, [])

    result = await agent.recover("c1", user=ALICE)

    assert effects.done == [("charge", idempotency_key("c1", "t1", "p1"))]
    conversation = await store.get_conversation("c1", ALICE)
    assert conversation is not None
    assert shape(conversation.messages) == [
        ("user", ""),
        ("assistant", "charge:p1,send_email:e1"),
        ("tool", "p1:result"),
        ("tool", "e1:interrupted"),
        ("assistant", "recovered"),
    ]
    assert [(e.call_id, e.state) for e in result.entries] == [
        ("p1", "finished"),
        ("e1", "interrupted"),
    ]


async def test_a_class_based_tool_declares_itself_idempotent() -> None:
    class Args(BaseModel):
        n: int

    class Refund(Tool[Args]):
        name = "refund"
        description = "Refund, keyed."
        idempotent = True

        def get_args_schema(self) -> type[Args]:
            return Args

        async def execute(self, context: ToolContext, args: Args) -> ToolResult:
            return ToolResult(result_for_llm=context.idempotency_key)

    assert Refund().idempotent and tool(idempotent=True)(lambda: "x").idempotent
    assert not tool(lambda: "x").idempotent


async def test_recovery_refuses_another_users_conversation() -> None:
    store, effects = MemoryConversationStore(), Effects()
    agent, _ = agent_on(store, effects, [text_reply("hi")])
    await agent.run("hi", conversation_id="c1", user=ALICE)
    from hookline import ConversationNotFoundError

    with pytest.raises(ConversationNotFoundError):
        await agent.recover("c1", user=BOB)


async def test_without_auto_save_nothing_is_recorded() -> None:
    effects = Effects()
    effects.hang = False
    store = MemoryConversationStore()
    script = [tool_call_reply("charge", {"amount": 1}), text_reply("ok")]
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=tools(effects),
        conversation_store=store,
        config=AgentConfig(auto_save=False, tool_ledger=True),
    )
    await agent.run("x", conversation_id="c1", user=ALICE)
    assert await agent.ledger("c1", user=ALICE) == []


async def test_an_entry_whose_result_is_stored_is_settled_not_answered_again() -> None:
    """A cancelled ledger write may commit after all while the turn stores its call with an
    "interrupted" result: recovery settles that entry and adds nothing (found by chaos)."""
    store, effects = MemoryConversationStore(), Effects()
    call = ToolCall(id="e1", name="send_email", arguments={"to": "x"})
    await store.create_conversation(ALICE, conversation_id="c1")
    closed = Message(
        role="tool",
        tool_call_id="e1",
        name="send_email",
        content="cut",
        metadata={"hookline": "interrupted"},
    )
    stored = [
        Message(role="user", content="mail"),
        Message(role="assistant", tool_calls=[call]),
        closed,
    ]
    await store.append_messages("c1", ALICE, stored)
    entry = LedgerEntry(
        conversation_id="c1", turn_id="t1", call_id="e1", tool="send_email", arguments={"to": "x"}
    )
    await store.start_tool_call(ALICE, entry)
    agent, _ = agent_on(store, effects, [])

    result = await agent.recover("c1", user=ALICE)

    assert not result.recovered and effects.done == []
    conversation = await store.get_conversation("c1", ALICE)
    assert conversation is not None and conversation.messages == stored
    assert [(e.call_id, e.state) for e in await agent.ledger("c1", user=ALICE)] == [
        ("e1", "interrupted")
    ]
