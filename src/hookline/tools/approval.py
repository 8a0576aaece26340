"""Paused turns: tool calls waiting for a reviewer, stored with the conversation.

A ``BeforeToolCallEvent`` handler that sets ``defer_reason`` pauses the turn:
the calls that were not deferred run, the deferred ones are stored in the
conversation's metadata under ``PENDING_KEY`` (the history keeps them open),
an approval card is streamed, and the turn ends.  ``Agent.resume`` — or a
``/approve <id> <digest>`` / ``/reject <id> <digest>`` message — continues it,
in this process or in another one that shares the store.

Exactly once: a pending call carries the digest of the exact call shown to
the reviewer (``call_digest``; the card shows it and every command on it
names it); a decision that names another digest is refused.  Deciding it is
claimed with a compare-and-set in the store (a second reviewer, here or in
another process, gets ``ApprovalError("already_decided")``), and the call is
marked "executing" before it runs; a process that dies while it runs leaves it closed as
"interrupted" on the next load, never run again.  Every decision is kept with
the conversation under ``DECISIONS_KEY``: who decided, when, and what ran.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from hookline.components.base import UiComponent
from hookline.components.rich import ButtonComponent, CardComponent
from hookline.components.simple import SimpleTextComponent
from hookline.llm.models import ToolCall
from hookline.storage.approvals import PENDING_KEY
from hookline.storage.models import Conversation

__all__ = [
    "DECIDED_BY_KEY",
    "DECISIONS_KEY",
    "DIGEST_PATTERN",
    "NESTED_KEY",
    "PENDING_KEY",
    "ApprovalDecision",
    "DecisionRecord",
    "PendingToolCall",
    "approval_card",
    "approve",
    "call_digest",
    "decision_commands",
    "decision_records",
    "parse_decision_command",
    "pending_calls",
    "reject",
]

DECISIONS_KEY = "hookline.approval_decisions"
DECIDED_BY_KEY = "hookline.decided_by"
"""In ``ToolContext.metadata`` of a resumed turn: who decided each call, by call id (the
tool span's ``decided_by``)."""
NESTED_KEY = "hookline.nested_pending"
"""In a ``ToolResult``'s metadata: the tool (a sub-agent) paused for a reviewer; the call waits."""
DIGEST_PATTERN = r"^[0-9a-f]{64}$"
"""A ``call_digest``: 64 lowercase hex digits."""
_COMMAND = r"^/(approve|reject)\s+(\S+)(?:\s+([0-9a-f]{64})(?=\s|$))?(?:\s+(.*))?$"
"""``/approve <id> <digest> [json]``; compiled (and cached) by ``re`` on first use."""


@dataclass(frozen=True, kw_only=True)
class ApprovalDecision:
    """A reviewer's decision on one pending call.

    ``arguments`` replaces the call's arguments (an edit); ``reason`` is what
    the model reads for a rejection.  ``digest`` (optional) is the
    ``call_digest`` of the call the reviewer saw: when it differs from the
    waiting call's, the decision is refused (``ApprovalError("changed")``).
    """

    approved: bool
    arguments: dict[str, Any] | None = None
    reason: str | None = None
    digest: str | None = None


def approve(
    arguments: dict[str, Any] | None = None, *, digest: str | None = None
) -> ApprovalDecision:
    """Approve a pending call, optionally with edited arguments."""
    return ApprovalDecision(approved=True, arguments=arguments, digest=digest)


def reject(reason: str | None = None, *, digest: str | None = None) -> ApprovalDecision:
    """Reject a pending call; the model is told it was rejected by the reviewer."""
    return ApprovalDecision(approved=False, reason=reason, digest=digest)


def call_digest(call: ToolCall) -> str:
    """SHA-256 of the tool name and the canonical JSON of the arguments (what a reviewer sees).

    Example::

        assert call_digest(call) == call_digest(call.model_copy())
    """
    canonical = json.dumps(call.arguments, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{call.name}\0{canonical}".encode()).hexdigest()


@dataclass(frozen=True, kw_only=True)
class PendingToolCall:
    """A deferred call as stored: the call, why it waits, its state and its digest.

    ``digest`` is ``call_digest(call)``, fixed when the call was deferred (for a
    sub-agent's call, the digest of the inner call shown).  ``nested``: the call
    is a sub-agent whose own turn waits (its name, conversation id and calls).
    """

    call: ToolCall
    reason: str
    state: str = "pending"  # "pending" | "executing"
    digest: str = ""
    nested: dict[str, Any] | None = None
    requested_at: str = ""  # ISO 8601, UTC: when the call was deferred
    requested_by: dict[str, Any] | None = None  # the owner: id, username, group_memberships

    def __post_init__(self) -> None:
        if not self.digest:
            object.__setattr__(self, "digest", call_digest(self.call))

    def to_json(self) -> dict[str, Any]:
        optional = {"nested": self.nested, "requested_by": self.requested_by}
        return {
            "call": self.call.model_dump(mode="json"),
            "reason": self.reason,
            "state": self.state,
            "digest": self.digest,
            **({"requested_at": self.requested_at} if self.requested_at else {}),
            **{key: value for key, value in optional.items() if value is not None},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PendingToolCall:
        return cls(
            call=ToolCall.model_validate(data["call"]),
            reason=str(data.get("reason", "")),
            state=str(data.get("state", "pending")),
            digest=str(data.get("digest", "")),
            nested=data.get("nested"),
            requested_at=str(data.get("requested_at", "")),
            requested_by=data.get("requested_by"),
        )

    def shown(self) -> ToolCall:
        """The call a reviewer decides: the sub-agent's inner call, or this one."""
        if self.nested and self.nested.get("calls"):
            return ToolCall.model_validate(self.nested["calls"][0]["call"])
        return self.call


@dataclass(frozen=True, kw_only=True)
class DecisionRecord:
    """One reviewer's decision as kept with the conversation (the audit trail).

    ``digest`` is the digest of the call shown to the reviewer; an edit runs a
    new call, ``executed_digest`` (its arguments in ``arguments``).
    """

    call_id: str
    tool: str
    digest: str
    approved: bool
    decided_by: str
    decided_at: str  # ISO 8601, UTC
    executed_digest: str | None = None
    arguments: dict[str, Any] | None = None

    @classmethod
    def of(cls, pending: PendingToolCall, decision: ApprovalDecision, by: str) -> DecisionRecord:
        """The record of ``decision`` on ``pending`` by the user id ``by``, now."""
        edited = decision.approved and decision.arguments is not None
        executed = pending.call.model_copy(update={"arguments": decision.arguments})
        return cls(
            call_id=pending.call.id,
            tool=pending.call.name,
            digest=pending.digest,
            approved=decision.approved,
            decided_by=by,
            decided_at=datetime.now(UTC).isoformat(),
            executed_digest=call_digest(executed) if edited else None,
            arguments=decision.arguments if edited else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {key: value for key, value in vars(self).items() if value is not None}


def decision_records(conversation: Conversation) -> list[DecisionRecord]:
    """Every decision taken on ``conversation``'s calls, oldest first."""
    return [DecisionRecord(**item) for item in conversation.metadata.get(DECISIONS_KEY) or []]


def pending_calls(conversation: Conversation) -> list[PendingToolCall]:
    """The calls of ``conversation`` that wait for a decision (or were executing)."""
    raw = conversation.metadata.get(PENDING_KEY) or []
    return [PendingToolCall.from_json(item) for item in raw]


def parse_decision_command(message: str) -> tuple[str, ApprovalDecision] | None:
    """``/approve <id> <digest> [json arguments]`` or ``/reject <id> <digest> [reason]``,
    else None.

    ``digest`` is the call's ``call_digest`` as the approval card shows it: the
    decision applies to that exact call only.  Raises ``ValueError`` when the
    digest is missing or the edited arguments are not a JSON object.

    Example::

        call_id, decision = parse_decision_command(f"/approve r1 {call_digest(call)}")
    """
    match = re.match(_COMMAND, message.strip(), re.DOTALL)
    if match is None:
        return None
    verb, call_id, digest = match.group(1), match.group(2), match.group(3)
    rest = (match.group(4) or "").strip()
    if digest is None:
        raise ValueError(
            f"/{verb} needs the digest the approval card shows: /{verb} {call_id} <digest> "
            "(it binds your decision to the exact call you saw)."
        )
    if verb == "reject":
        return call_id, reject(rest or None, digest=digest)
    if not rest:
        return call_id, approve(digest=digest)
    try:
        arguments = json.loads(rest)
    except ValueError as exc:
        raise ValueError(f"Edited arguments must be a JSON object: {exc}") from None
    if not isinstance(arguments, dict):
        raise ValueError("Edited arguments must be a JSON object.")
    return call_id, approve(arguments, digest=digest)


def decision_commands(pending: PendingToolCall) -> tuple[str, str, str]:
    """The card's three commands for ``pending``: approve, reject, edit (bound to its digest)."""
    call_id, digest = pending.call.id, pending.digest
    arguments = json.dumps(pending.shown().arguments, ensure_ascii=False)
    return (
        f"/approve {call_id} {digest}",
        f"/reject {call_id} {digest}",
        f"/approve {call_id} {digest} {arguments}",
    )


def approval_card(pending: PendingToolCall) -> UiComponent:
    """The card streamed for a pending call: the exact call and its digest; Approve /
    Reject / Edit, each bound to that digest."""
    shown = pending.shown()
    arguments = json.dumps(shown.arguments, ensure_ascii=False)
    content = f"**{shown.name}** `{arguments}` (digest `{pending.digest}`)\n\n{pending.reason}"
    approve_command, reject_command, edit_command = decision_commands(pending)
    return UiComponent(
        rich_component=CardComponent(
            title="Approval needed",
            content=content,
            icon="✋",
            status="warning",
            buttons=[
                ButtonComponent(label="Approve", action=approve_command, variant="primary"),
                ButtonComponent(label="Reject", action=reject_command, variant="danger"),
                ButtonComponent(label="Edit", action=edit_command, variant="secondary"),
            ],
        ),
        simple_component=SimpleTextComponent(
            text=f"Approval needed for {shown.name} {arguments} ({pending.reason}). "
            f"Reply {approve_command} or {reject_command}."
        ),
    )
