"""Exactly once on every dispatch path (issue 32): the generated matrix.

Every tool call of every kind passes ``execute_calls``; this runs the same checks on
each way there, crossed:

- path: a plain ``turn``, an ``approval`` (the turn pauses, a reviewer approves, the
  calls run on resume), ``crash recovery`` (the turn's process "dies" inside its tools,
  the next message recovers: the idempotent calls run again), ``DBOS`` (the turn as a
  DBOS workflow, each call a step);
- hooks: ``no hooks``, an ``on_tool_error`` middleware (the first call's tool fails
  and the hook answers), a ``wrap_tool_call`` middleware;
- the model's answers streamed or not; 1 call, or 3 calls run in parallel.

In every cell: each call reaches its tool (and the wrapper, and the error hook) with
its own id and idempotency key; the payments API behind the tool applies each charge
exactly once (an attempt repeated by recovery carries the same key); the ledger holds
one settled row per call, with the key the tool got; the history answers each call
exactly once; each call has its own tool span.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    AgentMiddleware,
    LlmResponse,
    MemoryConversationStore,
    Message,
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
from hookline.hooks.events import ToolCallNext, ToolInvocation
from hookline.middleware import HumanApprovalMiddleware
from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.storage.ledger import LedgerEntry, idempotency_key
from tests.durable.conftest import dbos_url, pg_dsn
from tests.observability.recording import RecordingProvider

__all__ = ["dbos_url", "pg_dsn"]

ALICE = User(id="alice")
PATHS = ("turn", "approval", "crash recovery", "DBOS")
HOOKS = ("no hooks", "on_tool_error", "wrap_tool_call")
AMOUNTS = (10, 20, 30)
FAILING = AMOUNTS[0]  # with on_tool_error: this call's tool raises, the hook answers


@dataclass
class World:
    """What the tools reach: a payments API that applies a charge once per idempotency
    key (Stripe style), every attempt the tool made, and what the hooks saw."""

    calls: int
    fail: bool = False
    hang: bool = False
    attempts: list[tuple[str, str, int]] = field(default_factory=list)  # (id, key, amount)
    applied: dict[str, int] = field(default_factory=dict)  # key -> amount
    hooked: list[tuple[str, str, str]] = field(default_factory=list)  # (call, context id, key)
    hanging: int = 0
    all_hanging: asyncio.Event = field(default_factory=asyncio.Event)

    async def charge(self, amount: int, context: ToolContext) -> str:
        self.attempts.append((context.call_id, context.idempotency_key, amount))
        self.applied.setdefault(context.idempotency_key, amount)
        await asyncio.sleep(0)  # parallel calls interleave here
        if self.hang:  # the process dies while its tools run
            self.hanging += 1
            if self.hanging == self.calls:
                self.all_hanging.set()
            await asyncio.Event().wait()
        if self.fail and amount == FAILING:
            raise RuntimeError("receipt printer jammed")
        return f"charged {amount}"


class AnswersErrors(AgentMiddleware):
    """``on_tool_error``: a failed charge is answered (the model reads it)."""

    def __init__(self, world: World) -> None:
        self.world = world

    async def on_tool_error(self, call: ToolCall, error: Exception) -> ToolResult | None:
        return ToolResult.failure(f"{call.id}: {error}; charged, receipt to follow")


class Wraps(AgentMiddleware):
    """``wrap_tool_call``: records what each invocation carries, then runs it."""

    def __init__(self, world: World) -> None:
        self.world = world

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        context = invocation.context
        self.world.hooked.append((invocation.call.id, context.call_id, context.idempotency_key))
        return await call_next(invocation)


def middleware_for(hooks: str, world: World) -> list[AgentMiddleware]:
    world.fail = hooks == "on_tool_error"
    if hooks == "on_tool_error":
        return [AnswersErrors(world)]
    if hooks == "wrap_tool_call":
        return [Wraps(world)]
    return []


def batch(calls: int) -> list[ToolCall]:
    return [
        ToolCall(id=f"c{index + 1}", name="charge", arguments={"amount": amount})
        for index, amount in enumerate(AMOUNTS[:calls])
    ]


@dataclass
class Cell:
    """One cell of the matrix: how the agents are built."""

    path: str
    hooks: str
    stream: bool
    calls: int
    world: World = field(init=False)
    spans: RecordingProvider = field(default_factory=RecordingProvider)

    def __post_init__(self) -> None:
        self.world = World(calls=self.calls)

    def agent(self, store: ConversationStore, script: list[Any]) -> Agent:
        world = self.world

        @tool(idempotent=True)
        async def charge(amount: int, context: ToolContext) -> str:
            """Charge a card, with the call's idempotency key."""
            return await world.charge(amount, context)

        middleware = middleware_for(self.hooks, world)
        if self.path == "approval":
            middleware.append(HumanApprovalMiddleware(tools=["charge"]))
        config = AgentConfig(stream=self.stream, tool_ledger=True, parallel_tool_calls=True)
        return Agent(
            ScriptedLlmService(script),
            tool_registry=ToolRegistry([charge]),
            conversation_store=store,
            config=config,
            middleware=middleware,
            observability_provider=self.spans,
        )


@dataclass
class Ran:
    """What a cell's run left: the ledger, the stored history, the tries per call."""

    ledger: list[LedgerEntry]
    messages: list[Message]
    attempts: int = 1
    turn_id: str | None = None  # when the path fixes it (DBOS: from the workflow id)


async def run_turn(cell: Cell, request: pytest.FixtureRequest) -> Ran:
    store = MemoryConversationStore()
    agent = cell.agent(store, [LlmResponse(tool_calls=batch(cell.calls)), text_reply("done")])
    result = await agent.run("pay", conversation_id="c1", user=ALICE)
    assert result.text == "done"
    return await ran(agent, store)


async def run_approval(cell: Cell, request: pytest.FixtureRequest) -> Ran:
    store = MemoryConversationStore()
    agent = cell.agent(store, [LlmResponse(tool_calls=batch(cell.calls)), text_reply("done")])
    paused = await agent.run("pay", conversation_id="c1", user=ALICE)
    assert paused.paused and cell.world.attempts == []  # nothing runs before the decision
    assert [c.id for c in paused.pending_tool_calls] == [c.id for c in batch(cell.calls)]
    decisions = {call.id: approve() for call in paused.pending_tool_calls}
    result = await agent.resume("c1", decisions, user=ALICE)
    assert result.text == "done"
    return await ran(agent, store)


async def run_crash_recovery(cell: Cell, request: pytest.FixtureRequest) -> Ran:
    """The first agent's turn hangs in its tools (its process is dead); a second agent
    on the same store (another process) gets the next message and recovers first."""
    store, world = MemoryConversationStore(), cell.world
    world.hang = True
    dead = cell.agent(store, [LlmResponse(tool_calls=batch(cell.calls)), text_reply("never")])
    task = asyncio.ensure_future(dead.run("pay", conversation_id="c1", user=ALICE))
    await asyncio.wait_for(world.all_hanging.wait(), 5)
    world.hang = False
    cell.spans = RecordingProvider()  # the recovering process's spans
    agent = cell.agent(store, [text_reply("done")])
    try:
        result = await agent.run("did it work?", conversation_id="c1", user=ALICE)
        assert result.text == "done"
        return await ran(agent, store, attempts=2)
    finally:
        task.cancel()
        await asyncio.wait([task])


async def run_dbos(cell: Cell, request: pytest.FixtureRequest) -> Ran:
    dbos = pytest.importorskip("dbos")
    from hookline.durable.dbos import DbosAgent

    url = request.getfixturevalue("dbos_url")
    path: Path = request.getfixturevalue("tmp_path")
    store = SqliteConversationStore(path / "store.sqlite3")
    agent = cell.agent(store, [LlmResponse(tool_calls=batch(cell.calls)), text_reply("done")])
    durable = DbosAgent(agent)
    dbos.DBOS(config={"name": "hookline-exactly-once", "system_database_url": url})
    try:
        dbos.DBOS.launch()
        result = await durable.run("pay", user=ALICE, conversation_id="c1", workflow_id="w1")
        assert result.text == "done"
        steps = [s["function_name"] for s in await dbos.DBOS.list_workflow_steps_async("w1")]
        assert steps.count("hookline.tool:charge") == cell.calls  # each call one step
        assert steps.count("hookline.store.start_tool_call") == cell.calls
        return await ran(agent, store, turn_id="dbos-w1")
    finally:
        dbos.DBOS.destroy(destroy_registry=True)
        await store.close()


RUNNERS = {
    "turn": run_turn,
    "approval": run_approval,
    "crash recovery": run_crash_recovery,
    "DBOS": run_dbos,
}


async def ran(
    agent: Agent, store: ConversationStore, *, attempts: int = 1, turn_id: str | None = None
) -> Ran:
    conversation = await store.get_conversation("c1", ALICE)
    assert conversation is not None
    ledger = await agent.ledger("c1", user=ALICE)
    return Ran(ledger, conversation.messages, attempts, turn_id)


def cells() -> Iterator[Any]:
    for path in PATHS:
        for hooks in HOOKS:
            for stream in (False, True):
                for calls in (1, 3):
                    shown = f"{path}/{hooks}/{'streamed' if stream else 'not streamed'}/{calls}"
                    yield pytest.param(Cell(path, hooks, stream, calls), id=shown)


@pytest.mark.parametrize("cell", list(cells()))
async def test_each_call_has_its_own_id_and_key_and_takes_effect_once(
    cell: Cell, request: pytest.FixtureRequest
) -> None:
    outcome = await RUNNERS[cell.path](cell, request)

    calls, world = batch(cell.calls), cell.world
    [turn_id] = {entry.turn_id for entry in outcome.ledger}
    assert outcome.turn_id in (None, turn_id)
    keys = {call.id: idempotency_key("c1", turn_id, call.id) for call in calls}
    assert len(set(keys.values())) == len(calls)
    tried = [(c.id, keys[c.id], c.arguments["amount"]) for c in calls] * outcome.attempts
    assert sorted(world.attempts) == sorted(tried)  # the call's own id and key, every time
    assert world.applied == {keys[c.id]: c.arguments["amount"] for c in calls}  # once each
    rows = [(e.call_id, e.idempotency_key, e.state, e.attempts) for e in outcome.ledger]
    assert sorted(rows) == [(c.id, keys[c.id], "finished", outcome.attempts) for c in calls]
    check_history(cell, outcome.messages, calls)
    check_hooks(cell, keys)
    check_spans(cell, calls)


def check_history(cell: Cell, messages: list[Message], calls: list[ToolCall]) -> None:
    """Each call asked once and answered once; the error hook's answer is its call's."""
    asked = [c.id for m in messages for c in m.tool_calls or []]
    answered = [(m.tool_call_id or "", m.content) for m in messages if m.role == "tool"]
    ids = [c.id for c in calls]
    assert sorted(asked) == sorted(call_id for call_id, _ in answered) == ids
    answers = dict(answered)
    for call in calls:
        amount = call.arguments["amount"]
        if cell.hooks == "on_tool_error" and amount == FAILING:
            expected = f"{call.id}: receipt printer jammed; charged, receipt to follow"
        else:
            expected = f"charged {amount}"
        assert answers[call.id] == expected


def check_hooks(cell: Cell, keys: dict[str, str]) -> None:
    """The wrapper saw each invocation carry its own call's id and key."""
    if cell.hooks != "wrap_tool_call":
        assert cell.world.hooked == []
        return
    expected = [(call_id, call_id, key) for call_id, key in keys.items()]
    if cell.path == "crash recovery":
        expected *= 2
    assert sorted(cell.world.hooked) == sorted(expected)


def check_spans(cell: Cell, calls: list[ToolCall]) -> None:
    """One finished tool span per call (the pending one of an approval aside), named by
    its call's id."""
    spans = cell.spans.named("agent.tool.execute")
    ran = [s.details["tool_call_id"] for s in spans if s.details.get("status") != "pending"]
    assert sorted(ran) == [c.id for c in calls]
