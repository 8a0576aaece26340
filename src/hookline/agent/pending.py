"""The calls of a conversation that wait for a reviewer, during one turn.

``PendingCalls`` loads them from the conversation's metadata, closes them
when the user moves on, marks decided ones "executing" before they run, and
writes back what still waits (``hookline.tools.approval`` has the whole flow).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from hookline.agent.approvals import check_decisions, unknown_decisions
from hookline.agent.history import (
    INTERRUPTED,
    closing_result,
    open_tail_calls,
    repair_tool_pairs,
)
from hookline.hooks.registry import HookRegistry
from hookline.llm.models import ToolCall
from hookline.storage.models import Conversation, Message
from hookline.tools.approval import (
    DECISIONS_KEY,
    NESTED_KEY,
    PENDING_KEY,
    ApprovalDecision,
    DecisionRecord,
    PendingToolCall,
    pending_calls,
)
from hookline.tools.result import ToolResult
from hookline.users.models import User

__all__ = ["ClaimDecisions", "PendingCalls"]

ClaimDecisions = Callable[
    [Conversation, User, list[PendingToolCall], list[DecisionRecord]], Awaitable[None]
]
"""Stores decided calls as "executing" with their decision records, once (a compare-and-set
that raises ``ApprovalError`` when another reviewer was first): ``TurnWriter.claim_decisions``."""

_NOTHING_WAITS: frozenset[str] = frozenset()
MOVED_ON = "not approved (the user moved on)"
_ASKER = {"id", "username", "group_memberships"}  # what an entry keeps of its owner


def used_call_ids(history: list[Message], conversation: Conversation) -> set[str]:
    """Every tool call id of ``history``, of the calls waiting and of the decisions taken
    (a tool result always follows its call in the history: the calls are enough)."""
    used: set[str] = set()
    for message in history:
        if message.tool_calls:
            used.update([call.id for call in message.tool_calls])
    metadata = conversation.metadata
    if metadata:
        used.update([entry["call"]["id"] for entry in metadata.get(PENDING_KEY) or ()])
        used.update([str(record["call_id"]) for record in metadata.get(DECISIONS_KEY) or ()])
    return used


class PendingCalls:
    """What waits for a reviewer in one conversation, and whether that changed."""

    __slots__ = ("calls", "changed", "closed", "deferred_now", "owner", "tail_open", "used_ids")

    def __init__(self) -> None:
        self.calls: list[PendingToolCall] = []
        self.changed = False
        self.closed: list[Message] = []
        self.tail_open: list[ToolCall] = []  # calls open at the end of the stored history
        self.deferred_now = False  # this turn deferred calls (new waiting entries)
        self.owner: User | None = None  # whose turn defers calls ("who asked")
        self.used_ids: set[str] | None = None  # call ids used before this turn (taken_ids)

    def load(
        self, conversation: Conversation, owner: User | None = None
    ) -> frozenset[str] | set[str]:
        """Read the waiting calls; returns the ids of the calls open in the stored history.

        Waiting means: a "pending" entry whose call is still open at the end of the
        stored history.  The other entries are stale ("executing": its process died;
        or closed by a turn that failed before it could update the metadata); the
        open calls nobody waits for are closed in storage by this turn.
        """
        self.owner = owner
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

    def defer(self, call: ToolCall, result: ToolResult) -> None:
        """A call this turn deferred: its reason, and a paused sub-agent's calls."""
        nested = result.metadata.get(NESTED_KEY)
        digest = nested["calls"][0]["digest"] if nested and nested.get("calls") else ""
        self.add(
            PendingToolCall(call=call, reason=result.error or "", digest=digest, nested=nested)
        )

    def add(self, waiting: PendingToolCall) -> None:
        """A call this turn deferred: when, and who asked, are kept with it."""
        owner = self.owner
        asked = None if owner is None else owner.model_dump(include=_ASKER, mode="json")
        now = datetime.now(UTC).isoformat()
        waiting = replace(waiting, requested_at=waiting.requested_at or now, requested_by=asked)
        self.calls.append(waiting)
        self.changed = True
        self.deferred_now = True

    def taken_ids(self, history: list[Message], conversation: Conversation) -> set[str]:
        """Every call id the conversation used before this turn: its history, the calls
        waiting and the decisions taken (read once a turn; ``ToolStep.claim_ids`` gives a
        call that re-uses one a fresh id, so a decision on one call never reaches another).
        """
        if self.used_ids is None:
            self.used_ids = used_call_ids(history, conversation)
        return self.used_ids

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

    async def take_decided(
        self,
        claim: ClaimDecisions,
        conversation: Conversation,
        user: User,
        decisions: Mapping[str, ApprovalDecision],
        *,
        approver: User | None = None,
        hooks: HookRegistry | None = None,
    ) -> list[ToolCall]:
        """The waiting calls ``decisions`` decide, claimed and marked "executing" by ``claim``
        (``TurnWriter.claim_decisions``: one compare-and-set in the store).

        A crash never runs a decided call twice, nor do two reviewers.  Raises
        ``ApprovalError`` (already decided, not the call shown, reviewer not
        allowed) or ``AgentError`` (no such call) and changes nothing then.
        ``approver`` defaults to ``user``.  The others keep waiting.
        """
        unknown_decisions(conversation, self.waiting_ids(), decisions)
        approver = approver or user
        chosen = [p for p in self.calls if p.call.id in decisions]
        await check_decisions(
            hooks or HookRegistry(), conversation, chosen, decisions, user=user, approver=approver
        )
        marked = [
            replace(p, state="executing") if p.call.id in decisions else p for p in self.calls
        ]
        records = [DecisionRecord.of(p, decisions[p.call.id], approver.id) for p in chosen]
        await claim(conversation, user, marked, records)
        self.calls = [p for p in self.calls if p.call.id not in decisions]
        self.changed = True
        return [p.call for p in chosen]

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
