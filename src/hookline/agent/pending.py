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
from hookline.agent.history import closing_result
from hookline.agent.tool_step import (
    ToolOutcome,
    rejected_outcome,
    run_tool_call,
    running_component,
)
from hookline.components.base import UiComponent
from hookline.errors import AgentError
from hookline.storage.base import ConversationStore
from hookline.storage.models import Conversation, Message
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = ["PendingCalls", "decisions_from_message", "run_decided_calls"]

_NOTHING_WAITS: frozenset[str] = frozenset()


class PendingCalls:
    """What waits for a reviewer in one conversation, and whether that changed."""

    __slots__ = ("calls", "changed", "closed")

    def __init__(self) -> None:
        self.calls: list[PendingToolCall] = []
        self.changed = False
        self.closed: list[Message] = []

    def load(self, conversation: Conversation) -> frozenset[str] | set[str]:
        """Read the waiting calls; "executing" ones died with a process and are dropped
        (their calls get an "interrupted" result). Returns the ids still waiting."""
        if PENDING_KEY not in conversation.metadata:
            return _NOTHING_WAITS  # the common case: no metadata to parse
        stored = pending_calls(conversation)
        self.calls = [p for p in stored if p.state == "pending"]
        self.changed = len(self.calls) != len(stored)
        return self.waiting_ids()

    def waiting_ids(self) -> set[str]:
        return {p.call.id for p in self.calls}

    def add(self, waiting: PendingToolCall) -> None:
        self.calls.append(waiting)
        self.changed = True

    def close_undecided(self) -> None:
        """A new message while calls wait: they are closed as not approved."""
        if not self.calls:
            return
        self.closed = [
            closing_result(waiting.call, "not approved (the user moved on)")
            for waiting in self.calls
        ]
        self.calls = []
        self.changed = True

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

    def metadata(self, conversation: Conversation) -> dict[str, Any]:
        """``conversation``'s metadata with the calls still waiting (also set on it)."""
        metadata = dict(conversation.metadata)
        if self.calls:
            metadata[PENDING_KEY] = [p.to_json() for p in self.calls]
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
    outcomes: list[ToolOutcome] = []
    for waiting in [p for p in pending.calls if p.call.id in decisions]:
        decision = decisions[waiting.call.id]
        if not decision.approved:
            outcome = rejected_outcome(waiting.call, decision.reason)
        else:
            call = waiting.call
            if decision.arguments is not None:
                call = call.model_copy(update={"arguments": decision.arguments})
            yield running_component(call)
            outcome = await run_tool_call(turn, call, approved=True)
        outcomes.append(outcome)
        for component in outcome.components():
            yield component
    pending.calls = [p for p in pending.calls if p.call.id not in decisions]
    pending.changed = True
    turn.add_tool_results(outcomes)
    if pending.calls:
        turn.paused = True
        for waiting in pending.calls:
            yield approval_card(waiting)
