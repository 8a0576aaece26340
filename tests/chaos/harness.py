"""The chaos harness: a faulty model, faulty tools, a side-effect ledger, random
approvals, timeouts and client disconnects, driven over many conversations.

``ChaosRun`` drives ``conversations`` conversations concurrently (each one turn
after another) against one ``ConversationStore``.  Every turn picks, from its
conversation's seeded random generator, what to send (a new message, a
reviewer's decision through ``Agent.resume_stream``, or an ``/approve`` /
``/reject`` command) and how the client behaves (reads to the end, times out
with a tiny ``asyncio.wait_for`` budget, or disconnects by closing the stream
with ``aclose()`` after a few components).  The model (``ChaosModel``) raises
transient and non-transient ``LlmError``s and plain bugs, asks for 1-3 tool
calls or answers; the tools raise, sleep and record every execution in a
``Ledger`` keyed by the tool call id.  ``verify`` reads the store back and
checks the invariants (see ``docs/chaos.md``).

Example::

    run = ChaosRun(store, seed=7, turns=300, conversations=10)
    await run.run()
    assert await run.verify(store) == []
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hookline import (
    Agent,
    AgentConfig,
    Event,
    LlmError,
    LlmRequest,
    LlmResponse,
    RequestContext,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    text_reply,
    tool,
)
from hookline.components import UiComponent
from hookline.events import BeforeToolCallEvent, MessageAcceptedEvent
from hookline.extensions.default_workflow import DefaultWorkflowHandler
from hookline.llm.models import Usage
from hookline.storage import ConversationStore
from hookline.tools.approval import ApprovalDecision, approve, pending_calls, reject
from hookline.users.resolvers import StaticUserResolver
from tests.chaos.invariants import provider_violations, stored_violations, user_contents

__all__ = [
    "CHAOS_USER",
    "ChaosModel",
    "ChaosRun",
    "FileLedger",
    "Ledger",
    "MemoryLedger",
    "chaos_seed",
    "chaos_tools",
    "final_turn_violations",
]

CHAOS_USER = User(id="chaos-user", username="chaos")
MESSAGE_PREFIX = "u-"


def chaos_seed() -> int:
    """``HOOKLINE_CHAOS_SEED`` if set, else a fresh random seed (printed by the tests)."""
    value = os.environ.get("HOOKLINE_CHAOS_SEED")
    return int(value) if value else random.SystemRandom().randrange(1, 2**31)


# -- the side-effect ledger ---------------------------------------------------------


class Ledger(Protocol):
    """Where tools record each execution: tool call id and the amount moved."""

    def record(self, op: str, amount: int) -> None: ...

    def entries(self) -> list[tuple[str, int]]: ...


class MemoryLedger:
    """A ledger in a list (one process)."""

    def __init__(self) -> None:
        self._entries: list[tuple[str, int]] = []

    def record(self, op: str, amount: int) -> None:
        self._entries.append((op, amount))

    def entries(self) -> list[tuple[str, int]]:
        return list(self._entries)


class FileLedger:
    """A ledger in an append-only file: one ``os.write`` per entry, so a process
    killed with SIGKILL never leaves half a line and never loses a written one."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def record(self, op: str, amount: int) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, f"{op} {amount}\n".encode())
        finally:
            os.close(fd)

    def entries(self) -> list[tuple[str, int]]:
        if not self.path.exists():
            return []
        lines = self.path.read_text().splitlines()
        return [(op, int(amount)) for op, amount in (line.split() for line in lines)]


# -- faulty tools and model -----------------------------------------------------------


async def _jitter(rng: random.Random) -> None:
    """Sometimes yield to the loop, sometimes sleep a little: room for faults to land."""
    roll = rng.random()
    if roll < 0.3:
        await asyncio.sleep(0)
    elif roll < 0.45:
        await asyncio.sleep(rng.uniform(0.0001, 0.002))


def chaos_tools(ledger: Ledger, rng: random.Random) -> ToolRegistry:
    """``transfer`` (a side effect that needs approval), ``lookup`` and ``flaky``."""

    @tool
    async def transfer(op: str, amount: int) -> str:
        """Move money: a side effect, run only after a reviewer approved it.

        Args:
            op: The operation id (the tool call id).
            amount: How much to move.
        """
        ledger.record(op, amount)
        await _jitter(rng)
        return f"moved {amount}"

    @tool
    async def lookup(op: str) -> str:
        """Look something up.

        Args:
            op: The operation id (the tool call id).
        """
        await _jitter(rng)
        ledger.record(op, 0)
        return "42"

    @tool
    async def flaky(op: str) -> str:
        """A tool that fails half of the time.

        Args:
            op: The operation id (the tool call id).
        """
        ledger.record(op, 0)
        await _jitter(rng)
        if rng.random() < 0.5:
            raise RuntimeError("injected tool failure")
        return "ok"

    return ToolRegistry([transfer, lookup, flaky])


def require_approval(event: Event[BeforeToolCallEvent]) -> None:
    """Every ``transfer`` waits for a reviewer (``defer_reason``) unless approved."""
    if event.data.call.name == "transfer" and not event.data.approved:
        event.data.defer_reason = "transfers need a reviewer"


class ChaosModel:
    """A scripted model that misbehaves: a ``ScriptedLlmService`` responder.

    Every request it receives is checked with ``provider_violations``
    (problems are collected in ``violations``).  Then it may sleep, raise a
    transient or permanent ``LlmError`` or a plain exception, ask for 1-3 tool
    calls (ids unique across processes: ``prefix``), or answer.
    """

    def __init__(self, rng: random.Random, prefix: str) -> None:
        self.rng = rng
        self.prefix = prefix
        self.violations: list[str] = []
        self.counts: Counter[str] = Counter()
        self._ids = itertools.count(1)

    async def __call__(self, request: LlmRequest) -> LlmResponse:
        rng = self.rng
        self.counts["model calls"] += 1
        self.violations.extend(provider_violations(request.messages))
        await _jitter(rng)
        roll = rng.random()
        if roll < 0.05:
            self.counts["model transient errors"] += 1
            raise LlmError("injected: overloaded", transient=True, status_code=529)
        if roll < 0.08:
            self.counts["model errors"] += 1
            raise LlmError("injected: bad request", transient=False, status_code=400)
        if roll < 0.10:
            self.counts["model bugs"] += 1
            raise RuntimeError("injected: a bug in the model client")
        if self._wants_tools(request):
            return self._tool_calls()
        self.counts["answers"] += 1
        return text_reply(f"answer {next(self._ids)}")

    def _wants_tools(self, request: LlmRequest) -> bool:
        last = request.messages[-1]
        rounds = 0
        for message in reversed(request.messages):
            if message.role == "user":
                break
            rounds += bool(message.tool_calls)
        if last.role == "user":
            return self.rng.random() < 0.8
        return rounds < 3 and self.rng.random() < 0.35

    def _tool_calls(self) -> LlmResponse:
        calls = [self._call() for _ in range(self.rng.choice((1, 1, 1, 2, 3)))]
        self.counts["tool calls"] += len(calls)
        return LlmResponse(
            tool_calls=calls, finish_reason="tool_calls", usage=Usage(input_tokens=5)
        )

    def _call(self) -> ToolCall:
        rng = self.rng
        call_id = f"{self.prefix}-{next(self._ids)}"
        name = rng.choice(("transfer", "transfer", "lookup", "flaky", "missing_tool"))
        arguments: dict[str, Any] = {"op": call_id}
        if name == "transfer":
            arguments["amount"] = rng.randint(1, 100)
        if rng.random() < 0.05:  # a malformed call: the tool must refuse it, not run it
            arguments = {"op": rng.randint(1, 9)} if rng.random() < 0.5 else {}
            self.counts["malformed calls"] += 1
        return ToolCall(id=call_id, name=name, arguments=arguments)


# -- the driver -------------------------------------------------------------------------


@dataclass
class Tally:
    """What the run did and saw, for the invariants and the summary."""

    sent: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    acked: Counter[tuple[str, str]] = field(default_factory=Counter)
    approved: dict[str, int | None] = field(default_factory=dict)  # op -> edited amount
    counts: Counter[str] = field(default_factory=Counter)


Announce = Callable[[str], None]


class ChaosRun:
    """``turns`` turns over ``conversations`` conversations on ``store``.

    ``announce`` receives one line per sent message, acknowledgement and
    approval (the SIGKILL worker prints them for its parent).  ``name``
    names the conversations (default ``chaos-<seed>``): runs with the same
    name continue the same conversations.  At most
    ``parallel`` turns run at once (more contention hides fewer faults: a task
    cancelled while it waits for a lock cancels nothing interesting).
    """

    def __init__(
        self,
        store: ConversationStore,
        *,
        seed: int,
        turns: int,
        conversations: int,
        ledger: Ledger | None = None,
        deadline_s: float | None = None,
        prefix: str | None = None,
        announce: Announce | None = None,
        parallel: int = 4,
        name: str | None = None,
    ) -> None:
        self.store = store
        self.seed = seed
        self.turns = turns
        self.conversation_ids = [f"{name or f'chaos-{seed}'}-{i}" for i in range(conversations)]
        self.ledger = ledger or MemoryLedger()
        self.deadline = time.monotonic() + deadline_s if deadline_s else None
        self.announce = announce
        self.tally = Tally()
        self.model = ChaosModel(random.Random(seed), prefix or f"op{seed}")
        self.agents = [self._agent(stream) for stream in (False, True)]
        self._turns_left = turns
        self._lanes = asyncio.Semaphore(parallel)  # turns in flight at once

    def _agent(self, stream: bool) -> Agent:
        llm = ScriptedLlmService(self.model, record_requests=False)
        tools = chaos_tools(self.ledger, random.Random(self.seed + stream + 1))
        agent = Agent(
            llm,
            tool_registry=tools,
            conversation_store=self.store,
            user_resolver=StaticUserResolver(CHAOS_USER),
            config=AgentConfig(stream=stream, max_tool_iterations=4),
            workflow_handler=DefaultWorkflowHandler(),  # /approve and /reject are its commands
        )
        agent.hooks.on(BeforeToolCallEvent, require_approval)
        agent.hooks.on(MessageAcceptedEvent, self._acknowledged)
        return agent

    def _acknowledged(self, event: Event[MessageAcceptedEvent]) -> None:
        cid = event.data.conversation.id
        for message in event.data.messages:
            self.tally.acked[(cid, message.content or "")] += 1
            self._say(f"ack {cid} {message.content}")

    def _say(self, line: str) -> None:
        if self.announce is not None:
            self.announce(line)

    async def run(self) -> Tally:
        """Drive every conversation concurrently until the turns (or the time) run out."""
        await asyncio.gather(*(self._drive(i, cid) for i, cid in enumerate(self.conversation_ids)))
        return self.tally

    def _take_turn(self) -> bool:
        if self._turns_left <= 0:
            return False
        if self.deadline is not None and time.monotonic() > self.deadline:
            return False
        self._turns_left -= 1
        self.tally.counts["turns"] += 1
        return True

    async def _drive(self, index: int, cid: str) -> None:
        rng = random.Random(f"{self.seed}-{index}")
        number = itertools.count()
        while self._take_turn():
            agent = rng.choice(self.agents)
            async with self._lanes:
                stream = await self._next_stream(agent, rng, cid, number)
                await self._consume(stream, rng)

    async def _next_stream(
        self, agent: Agent, rng: random.Random, cid: str, number: itertools.count[int]
    ) -> AsyncIterator[UiComponent]:
        conversation = await self.store.get_conversation(cid, CHAOS_USER)
        waiting = pending_calls(conversation) if conversation is not None else []
        waiting = [p for p in waiting if p.state == "pending"]
        context = RequestContext()
        if waiting and rng.random() < 0.8:
            decisions = self._decide(rng, [p.call for p in waiting])
            if len(decisions) == 1 and rng.random() < 0.3:
                self.tally.counts["decisions by command"] += 1
                call_id, decision = next(iter(decisions.items()))
                digest = next(p.digest for p in waiting if p.call.id == call_id)  # the card's
                return agent.send_message(context, _command(call_id, decision, digest), cid)
            self.tally.counts["resumes"] += 1
            return agent.resume_stream(context, cid, decisions)
        content = f"{MESSAGE_PREFIX}{self.seed}-{cid}-{next(number)}"  # unique across runs
        self.tally.sent[cid].append(content)
        self._say(f"sent {cid} {content}")
        return agent.send_message(context, content, cid)

    def _decide(self, rng: random.Random, calls: list[ToolCall]) -> dict[str, ApprovalDecision]:
        chosen = rng.sample(calls, rng.randint(1, len(calls)))
        decisions: dict[str, ApprovalDecision] = {}
        for call in chosen:
            roll = rng.random()
            if roll < 0.45:
                decisions[call.id] = approve()
                self._approved(call.id, None)
            elif roll < 0.7:
                amount = rng.randint(101, 200)  # edits are recognisable: above the model's range
                decisions[call.id] = approve({**call.arguments, "amount": amount})
                self._approved(call.id, amount)
            else:
                decisions[call.id] = reject("not today")
                self.tally.counts["rejections"] += 1
        return decisions

    def _approved(self, op: str, amount: int | None) -> None:
        self.tally.approved[op] = amount
        self.tally.counts["edits" if amount is not None else "approvals"] += 1
        self._say(f"approve {op} {amount if amount is not None else '-'}")

    async def _consume(self, stream: AsyncIterator[UiComponent], rng: random.Random) -> None:
        roll = rng.random()
        if roll < 0.15:
            budget = rng.uniform(0.0, 0.004)
            try:
                await asyncio.wait_for(_drain(stream), budget)
            except TimeoutError:
                self.tally.counts["timeouts that fired"] += 1
            self.tally.counts["timeout budgets"] += 1
        elif roll < 0.30:
            await _disconnect_after(stream, rng.randint(0, 6))
            self.tally.counts["disconnects"] += 1
        elif roll < 0.40:
            await _cancel_after(stream, int(rng.expovariate(0.15)))  # mostly early awaits
            self.tally.counts["cancellations"] += 1
        else:
            await _drain(stream)

    async def verify(self, store: ConversationStore) -> list[str]:
        """The invariants, read back from ``store`` (see the module docstring)."""
        return await verify_store(store, self.conversation_ids, self.tally, self.ledger)


def _command(call_id: str, decision: ApprovalDecision, digest: str) -> str:
    if not decision.approved:
        return f"/reject {call_id} {digest} {decision.reason or ''}".strip()
    if decision.arguments is None:
        return f"/approve {call_id} {digest}"
    return f"/approve {call_id} {digest} {json.dumps(decision.arguments)}"


async def _drain(stream: AsyncIterator[UiComponent]) -> None:
    async with contextlib.aclosing(stream) as components:  # type: ignore[type-var]
        async for _ in components:
            pass


async def _cancel_after(stream: AsyncIterator[UiComponent], passes: int) -> None:
    """Cancel the reading task after ``passes`` turns of the event loop: the
    cancellation lands on whatever the turn awaits then (a store write, a tool)."""
    task = asyncio.create_task(_drain(stream))
    for _ in range(passes):
        await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def _disconnect_after(stream: AsyncIterator[UiComponent], count: int) -> None:
    """Read ``count`` components, then close the stream: a client that went away."""
    async with contextlib.aclosing(stream) as components:  # type: ignore[type-var]
        if count == 0:
            return
        seen = 0
        async for _ in components:
            seen += 1
            if seen >= count:
                return


# -- the invariants -----------------------------------------------------------------------


async def verify_store(
    store: ConversationStore, conversation_ids: list[str], tally: Tally, ledger: Ledger
) -> list[str]:
    """Every acknowledged message stored exactly once, no unknown or repeated
    message, valid tool pairs, no side effect twice, none without approval."""
    problems: list[str] = []
    for cid in conversation_ids:
        conversation = await store.get_conversation(cid, CHAOS_USER)
        acked = [content for (c, content), _ in tally.acked.items() if c == cid]
        if conversation is None:
            problems.extend(
                f"{cid}: acknowledged {content!r} but no conversation" for content in acked
            )
            continue
        problems.extend(stored_violations(conversation))
        problems.extend(_message_problems(cid, user_contents(conversation), tally, acked))
    problems.extend(ledger_problems(ledger.entries(), tally.approved))
    return problems


def _message_problems(cid: str, stored: list[str], tally: Tally, acked: list[str]) -> list[str]:
    problems = []
    counts = Counter(content for content in stored if content.startswith(MESSAGE_PREFIX))
    sent = set(tally.sent[cid])
    for content, count in counts.items():
        if content not in sent:
            problems.append(f"{cid}: stored {content!r}, which was never sent here")
        if count != 1:
            problems.append(f"{cid}: {content!r} is stored {count} times")
    for content in acked:
        if counts[content] != 1:
            problems.append(f"{cid}: acknowledged {content!r} is stored {counts[content]} times")
    return problems


def ledger_problems(entries: list[tuple[str, int]], approved: dict[str, int | None]) -> list[str]:
    """Each side effect at most once; a transfer only once approved, with the edited amount."""
    problems = []
    for op, count in Counter(op for op, _ in entries).items():
        if count > 1:
            problems.append(f"side effect {op} executed {count} times")
    for op, amount in entries:
        if amount == 0:
            continue  # lookup / flaky: no approval needed
        if op not in approved:
            problems.append(f"transfer {op} executed without an approval")
        elif approved[op] is not None and amount != approved[op]:
            problems.append(
                f"transfer {op} moved {amount}, the reviewer edited it to {approved[op]}"
            )
    return problems


async def final_turn_violations(
    store: ConversationStore, reader: ConversationStore, conversation_ids: list[str]
) -> list[str]:
    """One more turn on every conversation, on the store the run used (it must
    still work after thousands of faults): the request the model receives must
    be valid, and afterwards ``reader`` finds no open call and no waiting one."""
    problems: list[str] = []
    model = ScriptedLlmService(lambda request: text_reply("final"))
    tools = chaos_tools(MemoryLedger(), random.Random(0))
    agent = Agent(model, conversation_store=store, tool_registry=tools, workflow_handler=None)
    for cid in conversation_ids:
        if await reader.get_conversation(cid, CHAOS_USER) is None:
            continue
        result = await agent.run("final check", user=CHAOS_USER, conversation_id=cid)
        request = model.requests[-1]
        problems.extend(f"{cid}: final request: {p}" for p in provider_violations(request.messages))
        if request.messages[-1].content != "final check" or result.text != "final":
            problems.append(f"{cid}: the final turn did not answer the final message")
        after = await reader.get_conversation(cid, CHAOS_USER)
        assert after is not None
        problems.extend(stored_violations(after))
        if pending_calls(after):
            problems.append(f"{cid}: calls still wait after a new message")
    return problems
