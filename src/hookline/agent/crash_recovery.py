"""Recovery: finish a turn a crash cut off, from the effect ledger.

A call the ledger still shows ``started`` may or may not have taken effect.
An idempotent tool runs again (same idempotency key, through ``execute_calls``);
any other call is answered with an "interrupted" result and never runs again.
The assistant message of a batch that was never stored is rebuilt from the
ledger, every call gets exactly one result, and the turn ends with a notice
(an assistant message) that says what happened.  The model is not called:
see docs/exactly-once.md for why.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hookline.agent.history import INTERRUPTED, closing_result, open_tail_calls
from hookline.agent.ledger import TurnLedger
from hookline.agent.pending import PendingCalls
from hookline.agent.saving import TurnWriter
from hookline.agent.tool_step import ToolOutcome, ToolStep, execute_calls
from hookline.hooks.events import EnrichToolContextEvent
from hookline.hooks.registry import HookRegistry
from hookline.llm.models import ToolCall
from hookline.storage.ledger import LedgerEntry
from hookline.storage.models import Conversation, Message
from hookline.tools.approval import approve, pending_calls
from hookline.tools.context import ToolContext
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.agent.turn_agent import TurnAgent as Agent

__all__ = [
    "INTERRUPTED",
    "RecoveryResult",
    "interrupted_result",
    "interrupted_text",
    "needs_recovery",
    "recover_conversation",
]

RECOVERED = "recovered"


@dataclass(kw_only=True)
class RecoveryResult:
    """What ``Agent.recover`` did: the ledger entries it settled and the notice it stored.

    ``entries`` hold their final states (``finished`` for the calls run again,
    ``interrupted`` for the others); ``text`` is the notice the user sees ("" when
    nothing was left to recover).
    """

    conversation_id: str
    entries: list[LedgerEntry] = field(default_factory=list)
    rerun: list[str] = field(default_factory=list)
    text: str = ""

    @property
    def recovered(self) -> bool:
        """True when a cut-off turn was finished."""
        return bool(self.entries)


def needs_recovery(messages: Sequence[Message]) -> bool:
    """False when the history ends like a finished turn (a plain assistant answer).

    Only a history that ends otherwise (a user message, tool calls or results)
    can have calls left ``started``; then one indexed ledger lookup decides.
    """
    if not messages:
        return False
    last = messages[-1]
    return last.role != "assistant" or bool(last.tool_calls)


def interrupted_text(tool: str) -> str:
    """What the model reads for a call a crash cut off that is not run again."""
    return (
        f"Tool call {tool!r} was interrupted while it ran (the process running it "
        "stopped): it may or may not have taken effect. Check before running it again."
    )


def interrupted_result(call: ToolCall) -> Message:
    """The result a call cut off by a crash gets when it is not run again."""
    return Message(
        role="tool",
        tool_call_id=call.id,
        name=call.name,
        content=interrupted_text(call.name),
        metadata={"hookline": INTERRUPTED},
    )


async def recover_conversation(
    agent: Agent,
    conversation: Conversation,
    user: User,
    hooks: HookRegistry,
    request_id: str | None = None,
) -> RecoveryResult:
    """Finish ``conversation``'s cut-off turn, if any; its messages are extended in place.

    Call it while holding the conversation (no turn of it may be running).  The
    cut-off turn's writes go through a ``TurnWriter`` of its own.
    """
    writer = TurnWriter(agent.conversation_store, PendingCalls())
    started = await writer.store.tool_calls(conversation.id, user, state="started")
    result = RecoveryResult(conversation_id=conversation.id)
    started, answered = _split_answered(conversation, started)
    if answered:  # their results are stored already (a settle that did not land)
        await writer.settle(conversation, user, [], answered)
    if not started:
        return result
    request_id = request_id or os.urandom(16).hex()
    results: dict[str, Message] = {}
    for entry in started:
        call = ToolCall(id=entry.call_id, name=entry.tool, arguments=entry.arguments)
        tool = agent.tool_registry.find(entry.tool)
        message, final = None, entry.settled("interrupted")
        if tool is not None and tool.idempotent:
            message, final = await _run_again(agent, hooks, writer, user, entry, call, request_id)
            result.rerun.append(entry.call_id)
        results[entry.call_id] = message or interrupted_result(call)
        result.entries.append(final)
    result.text = _notice(result.entries)
    messages = _rebuilt(conversation, started, results, result.text)
    await writer.settle(conversation, user, messages, result.entries)
    conversation.messages.extend(messages)
    return result


async def _run_again(
    agent: Agent,
    hooks: HookRegistry,
    writer: TurnWriter,
    user: User,
    entry: LedgerEntry,
    call: ToolCall,
    request_id: str,
) -> tuple[Message | None, LedgerEntry]:
    """Run an idempotent call again, as approved, with its original turn id (so its key)."""
    context = ToolContext(
        user=user,
        conversation_id=entry.conversation_id,
        request_id=request_id,
        agent_memory=agent.agent_memory,
        observability_provider=agent.observability_provider,
        hooks=hooks,
        turn_id=entry.turn_id,
    )
    if hooks.has_handlers(EnrichToolContextEvent):
        enrich = EnrichToolContextEvent(context=context)
        await hooks.emit(enrich)
        context = enrich.context
    ledger = TurnLedger(writer.start_call)
    step = ToolStep(
        hooks=hooks,
        registry=agent.tool_registry,
        context=context,
        terminal=agent.execute_tool,
        parallel=False,
        ledger=ledger,
    )
    outcomes: list[ToolOutcome] = []
    async for _ in execute_calls(step, [call], outcomes.append, {call.id: approve()}):
        pass
    finals = ledger.unsettled()
    if not finals or finals[0].state != "finished":
        return None, entry.settled("interrupted")
    return outcomes[0].message(), finals[0]


def _rebuilt(
    conversation: Conversation,
    started: list[LedgerEntry],
    results: dict[str, Message],
    notice: str,
) -> list[Message]:
    """The messages that answer every call: the stored open calls first, then the batches
    that were never stored (their assistant message rebuilt), then the notice."""
    tail = open_tail_calls(conversation.messages)
    tail_ids = {call.id for call in tail}
    batches: dict[tuple[str, int], list[LedgerEntry]] = {}
    for entry in started:
        if entry.call_id not in tail_ids:
            batches.setdefault((entry.turn_id, entry.batch), []).append(entry)
    waiting = set() if batches else _waiting(conversation)
    out: list[Message] = []
    for call in tail:
        if call.id in results:
            out.append(results[call.id])
        elif call.id not in waiting:
            out.append(closing_result(call))  # it died before its ledger entry: never ran
    for entries in batches.values():
        entries.sort(key=lambda e: e.position)
        calls = [ToolCall(id=e.call_id, name=e.tool, arguments=e.arguments) for e in entries]
        out.append(Message(role="assistant", tool_calls=calls, metadata={"hookline": RECOVERED}))
        out.extend(results[e.call_id] for e in entries)
    if not waiting.intersection(tail_ids):
        out.append(Message(role="assistant", content=notice, metadata={"hookline": RECOVERED}))
    return out


def _split_answered(
    conversation: Conversation, started: list[LedgerEntry]
) -> tuple[list[LedgerEntry], list[LedgerEntry]]:
    """The entries still to recover, and those whose call already has a result stored
    (settled as they are: never run again, never answered twice)."""
    if not started:
        return started, []
    results = {m.tool_call_id: m for m in conversation.messages if m.role == "tool"}
    todo, answered = [], []
    for entry in started:
        stored = results.get(entry.call_id)
        if stored is None:
            todo.append(entry)
        else:
            cut = stored.metadata.get("hookline") == INTERRUPTED
            answered.append(entry.settled("interrupted" if cut else "finished"))
    return todo, answered


def _waiting(conversation: Conversation) -> set[str]:
    return {p.call.id for p in pending_calls(conversation) if p.state == "pending"}


def _notice(entries: list[LedgerEntry]) -> str:
    """What the user (and, in the history, the model) reads about the cut-off turn."""
    lines = ["The previous turn was cut off before it finished (the process running it stopped)."]
    for entry in entries:
        if entry.state == "finished":
            lines.append(f"- {entry.tool}: run again with the same idempotency key; it finished.")
        else:
            lines.append(f"- {entry.tool}: interrupted; it may or may not have taken effect.")
    return "\n".join(lines)
