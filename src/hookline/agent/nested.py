"""Nested human-in-the-loop: a sub-agent's call that waits for a reviewer pauses the parent.

The sub-agent's turn pauses in its own conversation; its tool returns a result
marked ``NESTED_KEY`` and the parent's call waits too (one approval card, for
the inner call).  The reviewer's decision on the parent's call is claimed in
the parent's conversation, then handed to the sub-agent (``RESUME_KEY`` in the
tool context), whose turn resumes where it paused — in any process: both
conversations are in the stores.  Nothing that completed before the pause
runs again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookline.llm.models import ToolCall
from hookline.storage.models import Conversation
from hookline.tools.approval import (
    DECIDED_BY_KEY,
    NESTED_KEY,
    ApprovalDecision,
    PendingToolCall,
    approve,
)
from hookline.tools.approval import call_digest as _digest
from hookline.tools.result import ToolResult
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.agent.result import RunResult
    from hookline.agent.turn_view import TurnView as Turn

__all__ = ["RESUME_KEY", "paused_result", "resume_key", "take_nested_decided"]

RESUME_KEY = "hookline.nested_resume"
"""In ``ToolContext.metadata``: decisions for paused sub-agents, by ``resume_key``."""


def resume_key(tool_name: str, task: object) -> str:
    """Which sub-agent call a stored decision belongs to (its tool name and task)."""
    return _digest(ToolCall(id="-", name=tool_name, arguments={"task": str(task)}))


def paused_result(name: str, result: RunResult) -> ToolResult:
    """The result of a sub-agent whose turn paused: the parent's call waits with it."""
    calls = [
        PendingToolCall(call=call, reason=result.pending_reasons.get(call.id, "")).to_json()
        for call in result.pending_tool_calls
    ]
    reasons = "; ".join(sorted({c["reason"] for c in calls if c["reason"]}))
    nested = {"agent": name, "conversation_id": result.conversation_id, "calls": calls}
    return ToolResult(
        success=False,
        result_for_llm="",
        error=reasons or f"The sub-agent {name!r} waits for a reviewer.",
        metadata={NESTED_KEY: nested},
    )


async def take_nested_decided(
    turn: Turn, user: User, conversation: Conversation
) -> tuple[list[ToolCall], dict[str, ApprovalDecision]]:
    """Claim the decided calls; a paused sub-agent's call runs (approved) and its
    decision goes to the sub-agent.  Returns the calls and the decisions to run them with."""
    decisions = dict(turn.decisions or {})
    nested = {p.call.id: p.nested for p in turn.pending.calls if p.nested}
    decided = await turn.pending.take_decided(
        turn.writer.claim_decisions,
        conversation,
        user,
        decisions,
        approver=turn.approver,
        hooks=turn.hooks,
    )
    assert turn.tools is not None, "the tool step is prepared in step 6"
    decided_by = turn.tools.context.metadata.setdefault(DECIDED_BY_KEY, {})
    decided_by.update({call.id: (turn.approver or user).id for call in decided})
    resumes = turn.tools.context.metadata.setdefault(RESUME_KEY, {})
    for call in decided:
        inner = nested.get(call.id)
        if inner is None:
            continue
        decision = decisions[call.id]
        key = resume_key(call.name, call.arguments.get("task", ""))
        resumes.setdefault(key, []).append(  # a list: two calls may carry the same task
            {
                "conversation_id": inner["conversation_id"],
                "decisions": {c["call"]["id"]: _without_digest(decision) for c in inner["calls"]},
                "approver": turn.approver or user,
            }
        )
        decisions[call.id] = approve()  # the sub-agent's tool runs; the decision is inside
    return decided, decisions


def _without_digest(decision: ApprovalDecision) -> ApprovalDecision:
    """The parent checked the digest (of the inner call shown) already."""
    return ApprovalDecision(
        approved=decision.approved, arguments=decision.arguments, reason=decision.reason
    )
