"""Issue 32: with an ``on_tool_error`` hook, each call still gets its own id and key.

The error path used to run the tool chain with the turn's context instead of the
call's: every call of the turn then had ``call_id == ""`` and one idempotency key,
so two charges looked like one to the ledger and to the API behind the tool.
"""

from __future__ import annotations

import asyncio

import pytest

from hookline import (
    Agent,
    AgentConfig,
    AgentMiddleware,
    Event,
    LlmResponse,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolCall,
    ToolContext,
    ToolRegistry,
    ToolResult,
    User,
    approve,
    text_reply,
    tool,
)
from hookline.events import BeforeToolCallEvent
from hookline.hooks.events import ToolErrorEvent
from hookline.storage.ledger import idempotency_key

ALICE = User(id="alice")


class Forgiving(AgentMiddleware):
    """Overrides ``on_tool_error``: a failed call is answered "try later"."""

    async def on_tool_error(self, call: ToolCall, error: Exception) -> ToolResult | None:
        return ToolResult.failure(f"{call.name} failed: try later")


def two_charges() -> LlmResponse:
    return LlmResponse(
        tool_calls=[
            ToolCall(id="c1", name="charge", arguments={"amount": 10}),
            ToolCall(id="c2", name="charge", arguments={"amount": 20}),
        ]
    )


def agent_with(charge: object, *, parallel: bool) -> Agent:
    return Agent(
        ScriptedLlmService([two_charges(), text_reply("done")]),
        tool_registry=ToolRegistry([charge]),  # type: ignore[list-item]
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(tool_ledger=True, parallel_tool_calls=parallel),
        middleware=[Forgiving()],
    )


async def test_with_an_on_tool_error_hook_each_call_gets_its_own_id_and_key() -> None:
    seen: list[tuple[str, str]] = []

    @tool
    async def charge(amount: int, context: ToolContext) -> str:
        """Charge a card with the call's idempotency key."""
        await asyncio.sleep(0)
        seen.append((context.call_id, context.idempotency_key))
        return f"charged {amount}"

    agent = agent_with(charge, parallel=True)
    result = await agent.run("pay both", conversation_id="k1", user=ALICE)

    ledger = await agent.ledger("k1", user=ALICE)
    [turn_id] = {entry.turn_id for entry in ledger}
    expected = {c: idempotency_key("k1", turn_id, c) for c in ("c1", "c2")}
    assert sorted(seen) == sorted(expected.items())  # two calls, two keys
    assert {e.call_id: e.idempotency_key for e in ledger} == expected
    assert [(e.call_id, e.state) for e in ledger] == [("c1", "finished"), ("c2", "finished")]
    assert result.text == "done"


async def test_the_error_event_carries_the_failed_calls_own_context() -> None:
    """What an ``on_tool_error`` handler reads (``ToolErrorEvent.context``) is the call's."""
    errors: list[tuple[str, str, str]] = []

    @tool
    async def charge(amount: int, context: ToolContext) -> str:
        """A card that is always declined."""
        raise RuntimeError(f"declined {amount}")

    agent = agent_with(charge, parallel=False)

    def record(event: Event[ToolErrorEvent]) -> None:
        data = event.data
        errors.append((data.call.id, data.context.call_id, data.context.idempotency_key))

    agent.hooks.on(ToolErrorEvent, record)
    await agent.run("pay both", conversation_id="k2", user=ALICE)

    [turn_id] = {entry.turn_id for entry in await agent.ledger("k2", user=ALICE)}
    assert errors == [(c, c, idempotency_key("k2", turn_id, c)) for c in ("c1", "c2")]


@pytest.mark.parametrize("stream", [False, True], ids=["not streamed", "streamed"])
async def test_a_call_id_the_model_repeats_in_a_turn_gets_its_own(stream: bool) -> None:
    """A server that sends no ids ("call_0" in every response, from the OpenAI adapter),
    or a model that repeats one: each call still gets an id, a key and a ledger row of
    its own, and the history pairs each call with its result."""
    seen: list[tuple[str, str, int]] = []

    @tool(idempotent=True)
    async def charge(amount: int, context: ToolContext) -> str:
        """Charge a card with the call's idempotency key."""
        seen.append((context.call_id, context.idempotency_key, amount))
        return f"charged {amount}"

    def asks(*calls: tuple[str, int]) -> LlmResponse:
        return LlmResponse(
            tool_calls=[ToolCall(id=i, name="charge", arguments={"amount": a}) for i, a in calls]
        )

    script = [
        asks(("call_0", 10)),
        asks(("call_0", 20)),  # the same id in the next response of the turn
        asks(("x", 30), ("x", 40), ("x_2", 50)),  # twice in one response, and a clash
        asks(("", 60)),  # none at all
        text_reply("done"),
    ]
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([charge]),
        config=AgentConfig(tool_ledger=True, stream=stream),
    )
    await agent.run("pay them all", conversation_id="k3", user=ALICE)

    ids = ["call_0", "call_0_2", "x", "x_3", "x_2", "call_2"]
    ledger = await agent.ledger("k3", user=ALICE)
    [turn_id] = {entry.turn_id for entry in ledger}
    keys = [idempotency_key("k3", turn_id, i) for i in ids]
    assert sorted(seen) == sorted(zip(ids, keys, (10, 20, 30, 40, 50, 60), strict=True))
    assert sorted((e.call_id, e.arguments["amount"], e.attempts) for e in ledger) == sorted(
        zip(ids, (10, 20, 30, 40, 50, 60), [1] * 6, strict=True)
    )
    conversation = await agent.conversation_store.get_conversation("k3", ALICE)
    assert conversation is not None
    asked = [c.id for m in conversation.messages for c in m.tool_calls or []]
    answered = [m.tool_call_id for m in conversation.messages if m.role == "tool"]
    assert asked == answered == ["call_0", "call_0_2", "x", "x_3", "x_2", "call_2"]


async def test_a_resumed_turn_keeps_the_decided_calls_ids_for_them() -> None:
    """The calls a reviewer decided run first in the resumed turn; a call the model
    then asks for with one of their ids gets an id (and a key) of its own."""
    seen: list[tuple[str, str, int]] = []

    @tool
    async def charge(amount: int, context: ToolContext) -> str:
        """Charge a card with the call's idempotency key."""
        seen.append((context.call_id, context.idempotency_key, amount))
        return f"charged {amount}"

    def wait_for_a_reviewer(event: Event[BeforeToolCallEvent]) -> None:
        if not event.data.approved and event.data.call.arguments["amount"] == 10:
            event.data.defer_reason = "Needs a human."

    first = LlmResponse(tool_calls=[ToolCall(id="c1", name="charge", arguments={"amount": 10})])
    again = LlmResponse(tool_calls=[ToolCall(id="c1", name="charge", arguments={"amount": 20})])
    agent = Agent(
        ScriptedLlmService([first, again, text_reply("done")]),
        tool_registry=ToolRegistry([charge]),
        config=AgentConfig(tool_ledger=True),
    )
    agent.hooks.on(BeforeToolCallEvent, wait_for_a_reviewer)
    paused = await agent.run("pay", conversation_id="k4", user=ALICE)
    assert paused.paused and seen == []

    result = await agent.resume("k4", {"c1": approve()}, user=ALICE)

    assert result.text == "done"
    ledger = await agent.ledger("k4", user=ALICE)
    [turn_id] = {entry.turn_id for entry in ledger}
    assert seen == [
        ("c1", idempotency_key("k4", turn_id, "c1"), 10),
        ("c1_2", idempotency_key("k4", turn_id, "c1_2"), 20),
    ]
    assert [(e.call_id, e.arguments["amount"], e.attempts) for e in ledger] == [
        ("c1", 10, 1),
        ("c1_2", 20, 1),
    ]
