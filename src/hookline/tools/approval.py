"""Paused turns: tool calls waiting for a reviewer, stored with the conversation.

A ``BeforeToolCallEvent`` handler that sets ``defer_reason`` pauses the turn:
the calls that were not deferred run, the deferred ones are stored in the
conversation's metadata under ``PENDING_KEY`` (the history keeps them open),
an approval card is streamed, and the turn ends.  ``Agent.resume`` — or a
``/approve <id>`` / ``/reject <id>`` message — continues it, in this process
or in another one that shares the store.

Exactly once: a decided call is marked "executing" in the store before it
runs; a process that dies while it runs leaves it closed as "interrupted" on
the next load, never run again.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from hookline.components.base import UiComponent
from hookline.components.rich import ButtonComponent, CardComponent
from hookline.components.simple import SimpleTextComponent
from hookline.llm.models import ToolCall
from hookline.storage.models import Conversation

__all__ = [
    "PENDING_KEY",
    "ApprovalDecision",
    "PendingToolCall",
    "approval_card",
    "approve",
    "parse_decision_command",
    "pending_calls",
    "reject",
]

PENDING_KEY = "hookline.pending_tool_calls"
_COMMAND = r"^/(approve|reject)\s+(\S+)(?:\s+(.*))?$"  # compiled (and cached) by re on first use


@dataclass(frozen=True, kw_only=True)
class ApprovalDecision:
    """A reviewer's decision on one pending call.

    ``arguments`` replaces the call's arguments (an edit); ``reason`` is what
    the model reads for a rejection.
    """

    approved: bool
    arguments: dict[str, Any] | None = None
    reason: str | None = None


def approve(arguments: dict[str, Any] | None = None) -> ApprovalDecision:
    """Approve a pending call, optionally with edited arguments."""
    return ApprovalDecision(approved=True, arguments=arguments)


def reject(reason: str | None = None) -> ApprovalDecision:
    """Reject a pending call; the model is told it was rejected by the reviewer."""
    return ApprovalDecision(approved=False, reason=reason)


@dataclass(frozen=True, kw_only=True)
class PendingToolCall:
    """A deferred call as stored: the call, why it waits, and its state."""

    call: ToolCall
    reason: str
    state: str = "pending"  # "pending" | "executing"

    def to_json(self) -> dict[str, Any]:
        return {
            "call": self.call.model_dump(mode="json"),
            "reason": self.reason,
            "state": self.state,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PendingToolCall:
        return cls(
            call=ToolCall.model_validate(data["call"]),
            reason=str(data.get("reason", "")),
            state=str(data.get("state", "pending")),
        )


def pending_calls(conversation: Conversation) -> list[PendingToolCall]:
    """The calls of ``conversation`` that wait for a decision (or were executing)."""
    raw = conversation.metadata.get(PENDING_KEY) or []
    return [PendingToolCall.from_json(item) for item in raw]


def parse_decision_command(message: str) -> tuple[str, ApprovalDecision] | None:
    """``/approve <id> [json arguments]`` or ``/reject <id> [reason]``, else None.

    Raises ``ValueError`` when the edited arguments are not a JSON object.
    """
    match = re.match(_COMMAND, message.strip(), re.DOTALL)
    if match is None:
        return None
    verb, call_id, rest = match.group(1), match.group(2), (match.group(3) or "").strip()
    if verb == "reject":
        return call_id, reject(rest or None)
    if not rest:
        return call_id, approve()
    try:
        arguments = json.loads(rest)
    except ValueError as exc:
        raise ValueError(f"Edited arguments must be a JSON object: {exc}") from None
    if not isinstance(arguments, dict):
        raise ValueError("Edited arguments must be a JSON object.")
    return call_id, approve(arguments)


def approval_card(pending: PendingToolCall) -> UiComponent:
    """The card streamed for a pending call: Approve / Reject / Edit."""
    call = pending.call
    arguments = json.dumps(call.arguments, ensure_ascii=False)
    content = f"**{call.name}** `{arguments}`\n\n{pending.reason}"
    return UiComponent(
        rich_component=CardComponent(
            title="Approval needed",
            content=content,
            icon="✋",
            status="warning",
            buttons=[
                ButtonComponent(label="Approve", action=f"/approve {call.id}", variant="primary"),
                ButtonComponent(label="Reject", action=f"/reject {call.id}", variant="danger"),
                ButtonComponent(
                    label="Edit", action=f"/approve {call.id} {arguments}", variant="secondary"
                ),
            ],
        ),
        simple_component=SimpleTextComponent(
            text=f"Approval needed for {call.name} {arguments} ({pending.reason}). "
            f"Reply /approve {call.id} or /reject {call.id}."
        ),
    )
