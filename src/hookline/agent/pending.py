"""The calls of a conversation that wait for a reviewer, during one turn.

``PendingCalls`` loads them from the conversation's metadata, closes them
when the user moves on, marks decided ones "executing" before they run, and
writes back what still waits.  ``run_decided_calls`` is steps 15-17 for the
calls a reviewer decided (see ``approval.py`` for the whole flow).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING, Any

from hookline.agent.approval import (
    PENDING_KEY,
    ApprovalDecision,
    PendingToolCall,
    approval_card,
    parse_decision_command,
    pending_calls,
)
from hookline.agent.history import (
    INTERRUPTED,
    closing_result,
    open_tail_calls,
    repair_tool_pairs,
)
from hookline.agent.tool_step import (
    ToolOutcome,
    emit_call_ended,
    rejected_outcome,
    run_tool_call,
    running_component,
)
from hookline.components.base import UiComponent
from hookline.errors import AgentError
from hookline.hooks.events import ToolCallEndedEvent
from hookline.llm.models import ToolCall
from hookline.storage.base import ConversationStore
from hookline.storage.models import Conversation, Message
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = ["PendingCalls", "decisions_from_message", "run_decided_calls"]

_NOTHING_WAITS: frozenset[str] = frozenset()
MOVED_ON = "not approved (the user moved on)"


class PendingCalls:
    """What waits for a reviewer in one conversation, and whether that changed."""

    __slots__ = ("calls", "changed", "closed", "deferred_now", "tail_open")

    def __init__(self) -> None:
        self.calls: list[PendingToolCall] = []
        self.changed = False
        self.closed: list[Message] = []
        self.tail_open: list[ToolCall] = []  # calls open at the end of the stored history
        self.deferred_now = False  # this turn deferred calls (new waiting entries)

    def load(self, conversation: Conversation) -> frozenset[str] | set[str]:
        """Read the waiting calls; returns the ids of the calls open in the stored history.

        Waiting means: a "pending" entry whose call is still open at the end of the
        stored history.  The other entries are stale ("executing": its process died;
        or closed by a turn that failed before it could update the metadata); the
        open calls nobody waits for are closed in storage by this turn.
        """
        self.tail_open = open_tail_calls(conversation.messages)
        if PENDING_KEY not in conversation.metadata and not self.tail_open:
            return _NOTHING_WAITS  # the common case: nothing open, no metadata to parse
        open_ids = {call.id for call in self.tail_open}
        stored = pending_calls(conversation)
        self.calls = [p for p in stored if p.state == "pending" and p.call.id in open_ids]
        self.changed = len(self.calls) != len(stored)
        return open_ids

    def waiting_ids(self) -> set[str]:
        return {p.call.id for p in self.calls}

    def add(self, waiting: PendingToolCall) -> None:
        """A call this turn deferred."""
        self.calls.append(waiting)
        self.changed = True
        self.deferred_now = True

    def close_undecided(self) -> None:
        """A new message: calls still open are closed first (stored with the message).

        Waiting calls are closed as not approved, the others (their turn died
        while they ran) as interrupted.
        """
        waiting = self.waiting_ids()
        self.closed = [
            closing_result(call, MOVED_ON if call.id in waiting else INTERRUPTED)
            for call in self.tail_open
        ]
        self.tail_open = []
        if self.calls:
            self.calls = []
            self.changed = True

    def dead_calls(self, decided: Mapping[str, ApprovalDecision]) -> list[Message]:
        """Closing results for open calls neither decided now nor waiting (they died running)."""
        waiting = self.waiting_ids()
        return [
            closing_result(call)
            for call in self.tail_open
            if call.id not in decided and call.id not in waiting
        ]

    def repaired(self, messages: list[Message]) -> list[Message]:
        """``messages`` with every call answered, except the ones waiting for a reviewer.

        Leading tool results answer calls already stored (a resumed turn); stored
        calls that got no result here are closed as interrupted.
        """
        lead = 0
        while lead < len(messages) and messages[lead].role == "tool":
            lead += 1
        waiting = self.waiting_ids()
        answered = {m.tool_call_id for m in messages[:lead]}
        missing = [
            closing_result(call)
            for call in self.tail_open
            if call.id not in answered and call.id not in waiting
        ]
        rest = repair_tool_pairs(messages[lead:], keep_open=waiting)
        return [*messages[:lead], *missing, *rest]

    async def mark_executing(
        self,
        store: ConversationStore,
        conversation: Conversation,
        user: User,
        decisions: Mapping[str, ApprovalDecision],
    ) -> None:
        """Persist "executing" before anything runs: a crash never runs a call twice."""
        marked = [
            PendingToolCall(call=p.call, reason=p.reason, state="executing")
            if p.call.id in decisions
            else p
            for p in self.calls
        ]
        conversation.metadata[PENDING_KEY] = [p.to_json() for p in marked]
        await store.update_metadata(conversation.id, user, conversation.metadata)

    def metadata(self, conversation: Conversation, *, keep_stored: bool = False) -> dict[str, Any]:
        """``conversation``'s metadata with the calls still waiting (also set on it).

        ``keep_stored``: also keep the entries stored so far (the first of two writes,
        before the messages; not remembered on the conversation).
        """
        metadata = dict(conversation.metadata)
        entries = [p.to_json() for p in self.calls]
        if keep_stored:
            known = {p.call.id for p in self.calls}
            stored = metadata.get(PENDING_KEY) or []
            metadata[PENDING_KEY] = [e for e in stored if e["call"]["id"] not in known] + entries
            return metadata
        if entries:
            metadata[PENDING_KEY] = entries
        else:
            metadata.pop(PENDING_KEY, None)
        conversation.metadata = metadata
        return metadata


def decisions_from_message(message: str) -> dict[str, ApprovalDecision] | None:
    """``/approve <id> [json]`` or ``/reject <id> [reason]`` as decisions, else None."""
    if not message.lstrip().startswith("/"):
        return None
    try:
        parsed = parse_decision_command(message)
    except ValueError as exc:
        raise AgentError(str(exc)) from None
    if parsed is None:
        return None
    call_id, decision = parsed
    return {call_id: decision}


async def run_decided_calls(
    turn: Turn, user: User, conversation: Conversation, decisions: Mapping[str, ApprovalDecision]
) -> AsyncIterator[UiComponent]:
    """Steps 15-17 for the calls a reviewer decided; the rest keep waiting."""
    pending = turn.pending
    unknown = sorted(set(decisions) - pending.waiting_ids())
    if unknown:
        raise AgentError(f"No tool call is waiting for approval with id {unknown[0]!r}.")
    await pending.mark_executing(turn.agent.conversation_store, conversation, user, decisions)
    decided = [p for p in pending.calls if p.call.id in decisions]
    pending.calls = [p for p in pending.calls if p.call.id not in decisions]
    pending.changed = True
    for closing in pending.dead_calls(decisions):
        turn.add_message(closing)
    outcomes: list[ToolOutcome] = []
    for waiting in decided:
        decision = decisions[waiting.call.id]
        if not decision.approved:
            outcome = rejected_outcome(waiting.call, decision.reason)
            if turn.hooks.has_handlers(ToolCallEndedEvent):
                await emit_call_ended(turn, outcome)
        else:
            call = waiting.call
            if decision.arguments is not None:
                call = call.model_copy(update={"arguments": decision.arguments})
            yield running_component(call)
            outcome = await run_tool_call(turn, call, approved=True)
        outcomes.append(outcome)
        turn.add_message(outcome.message())  # kept even if the client leaves now
        for component in outcome.components():
            yield component
    turn.add_extra_messages(outcomes)
    if pending.calls:
        turn.paused = True
        for waiting in pending.calls:
            yield approval_card(waiting)
