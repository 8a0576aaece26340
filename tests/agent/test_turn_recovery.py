"""Turns that go wrong: failures, disconnects, cancellations and store errors.

Found by the chaos suite (tests/chaos).  Each test names the invariant it
protects: no side effect after the model was told it did not happen, no
stored tool call without its result, no message stored twice.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from hookline import (
    Agent,
    Event,
    LlmError,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    TurnFailedError,
    User,
    approve,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.agent import PENDING_KEY
from hookline.components import UiComponent
from hookline.events import BeforeToolCallEvent, SaveTurnMessagesEvent
from hookline.llm.scripted import ScriptStep
from hookline.storage import Message
from tests.chaos.invariants import stored_violations

USER = User(id="default", username="default")
MOVED: list[int] = []
GATE: dict[str, asyncio.Event] = {}


@tool
async def transfer(amount: int) -> str:
    """Move money."""
    MOVED.append(amount)
    if "transfer" in GATE:
        await GATE["transfer"].wait()
    return f"moved {amount}"


def needs_approval(event: Event[BeforeToolCallEvent]) -> None:
    if not event.data.approved:
        event.data.defer_reason = "Transfers need a human."


class FlakyMetadataStore(MemoryConversationStore):
    """A memory store whose next ``update_metadata`` fails (a lost connection)."""

    fail_next_metadata = False

    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        if self.fail_next_metadata:
            self.fail_next_metadata = False
            raise ConnectionError("the database went away")
        await super().update_metadata(conversation_id, user, metadata)


class SlowAckStore(MemoryConversationStore):
    """A store whose appends are written at once but acknowledged 50 ms later
    (a database commit whose reply is on the way when the caller is cancelled)."""

    def __init__(self) -> None:
        super().__init__()
        self.written = asyncio.Event()
        self.slow = False

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        await super().append_messages(conversation_id, user, messages)
        if self.slow:
            self.written.set()
            await asyncio.sleep(0.05)


def make(script: Sequence[ScriptStep], store: MemoryConversationStore | None = None) -> Agent:
    MOVED.clear()
    GATE.clear()
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([transfer]),
        conversation_store=store or MemoryConversationStore(),
        workflow_handler=None,
    )
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    return agent


async def load(agent: Agent, cid: str = "c1") -> list[Message]:
    conversation = await agent.conversation_store.get_conversation(cid, USER)
    assert conversation is not None
    assert stored_violations(conversation) == []
    return conversation.messages


async def drain(stream: AsyncIterator[UiComponent]) -> None:
    async with contextlib.aclosing(stream):  # type: ignore[type-var]
        async for _ in stream:
            pass


def shape(messages: list[Message]) -> list[str]:
    return [f"{m.role}:{m.tool_call_id or m.content or ''}" for m in messages]


async def paused(agent: Agent) -> None:
    result = await agent.run("send 5", conversation_id="c1")
    assert result.paused and [c.id for c in result.pending_tool_calls] == ["t1"]


async def test_a_call_closed_by_a_new_message_cannot_be_approved_after_that_turn_failed() -> None:
    agent = make([tool_call_reply("transfer", {"amount": 5}, call_id="t1"), LlmError("down")])
    await paused(agent)
    failed = [c async for c in agent.send_message(RequestContext(), "never mind", "c1")]
    assert failed[-1].rich_component.type == "error"
    # the model will be told t1 "was not approved (the user moved on)": it must not run now
    result = await agent.resume("c1", {"t1": approve()})
    assert result.halted
    assert result.error == "No tool call is waiting for approval with id 't1'."
    assert MOVED == []
    assert shape(await load(agent))[:4] == [
        "user:send 5",
        "assistant:",
        "tool:t1",
        "user:never mind",
    ]


async def test_a_disconnect_after_an_approved_call_ran_keeps_its_result() -> None:
    agent = make([tool_call_reply("transfer", {"amount": 5}, call_id="t1"), text_reply("Done.")])
    await paused(agent)
    stream = agent.resume_stream(RequestContext(), "c1", {"t1": approve()})
    async with contextlib.aclosing(stream):  # type: ignore[type-var]
        async for component in stream:
            if getattr(component.rich_component, "status", None) == "success":
                break  # the client goes away right after the tool finished
    assert MOVED == [5]
    messages = await load(agent)
    assert shape(messages)[-1] == "tool:t1"
    assert messages[-1].content == "moved 5"
    assert PENDING_KEY not in (await agent.conversation_store.get_conversation("c1", USER)).metadata  # type: ignore[union-attr]


async def test_a_save_turn_handler_does_not_drop_the_results_of_a_resumed_turn() -> None:
    agent = make([tool_call_reply("transfer", {"amount": 5}, call_id="t1"), text_reply("Done.")])
    agent.hooks.on(SaveTurnMessagesEvent, lambda event: None)
    await paused(agent)
    result = await agent.resume("c1", {"t1": approve()})
    assert result.text == "Done."
    assert shape(await load(agent))[-2:] == ["tool:t1", "assistant:Done."]


async def test_a_call_interrupted_while_it_ran_is_closed_in_storage_on_the_next_turn() -> None:
    agent = make([tool_call_reply("transfer", {"amount": 5}, call_id="t1"), text_reply("Fine.")])
    await paused(agent)
    GATE["transfer"] = asyncio.Event()  # the tool hangs: the client times out meanwhile
    stream = agent.resume_stream(RequestContext(), "c1", {"t1": approve()})
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(drain(stream), 0.05)
    GATE.clear()
    await agent.run("what happened?", conversation_id="c1")
    assert MOVED == [5]  # it ran once, and never again
    messages = await load(agent)
    assert shape(messages)[2:4] == ["tool:t1", "user:what happened?"]
    assert messages[2].metadata == {"hookline": "interrupted"}


async def test_a_store_error_after_the_turn_was_saved_does_not_store_it_twice() -> None:
    store = FlakyMetadataStore()
    agent = make([tool_call_reply("transfer", {"amount": 5}, call_id="t1")], store)
    store.fail_next_metadata = True  # the pause's metadata write fails
    with pytest.raises(TurnFailedError, match="ConnectionError"):
        await agent.run("send 5", conversation_id="c1")
    assert shape(await load(agent)) == ["user:send 5", "assistant:"]  # once, t1 still waits


async def test_a_turn_cancelled_while_its_save_is_acknowledged_stores_it_once() -> None:
    store = SlowAckStore()
    agent = make([tool_call_reply("transfer", {"amount": 5}, call_id="t1")], store)
    await store.create_conversation(USER, conversation_id="c1")
    store.slow = True
    task = asyncio.create_task(drain(agent.send_message(RequestContext(), "send 5", "c1")))
    await store.written.wait()  # the user's message: stored, acknowledgement pending
    store.written.clear()
    await store.written.wait()  # the turn's messages: stored, acknowledgement pending
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert shape(await load(agent)) == ["user:send 5", "assistant:"]
