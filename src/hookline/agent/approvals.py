"""Deciding calls that wait for a reviewer: checked, then claimed once in the store.

A decision applies only when (1) its call still waits (else: "already
decided", with who and when, or "unknown"), (2) it names the call the
reviewer saw (its digest, when given), and (3) the approver policy allows the
reviewer (``ApprovalDecisionEvent``; by default the conversation's owner).
Then one compare-and-set in the store marks the calls "executing" and records
the decisions: of two reviewers racing, in one process or two, one wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hookline.errors import AgentError, ApprovalError
from hookline.hooks.events import ApprovalDecisionEvent
from hookline.hooks.registry import HookRegistry
from hookline.storage.models import Conversation
from hookline.tools.approval import (
    DECISIONS_KEY,
    PENDING_KEY,
    ApprovalDecision,
    DecisionRecord,
    PendingToolCall,
    decision_records,
)
from hookline.users.models import User

__all__ = [
    "approver_scope",
    "check_decisions",
    "claim_lost",
    "claim_updates",
    "refusal",
    "unknown_decisions",
]


def _already(record: DecisionRecord) -> ApprovalError:
    verdict = "approved" if record.approved else "rejected"
    return ApprovalError(
        f"The call {record.call_id!r} was already decided: {verdict} by "
        f"{record.decided_by} at {record.decided_at}.",
        reason="already_decided",
    )


def unknown_decisions(
    conversation: Conversation, waiting: set[str], decisions: Mapping[str, ApprovalDecision]
) -> None:
    """Raise for a decision on a call that does not wait (decided before, or never there)."""
    unknown = sorted(set(decisions) - waiting)
    if not unknown:
        return
    decided = {r.call_id: r for r in decision_records(conversation)}
    if unknown[0] in decided:
        raise _already(decided[unknown[0]])
    raise AgentError(f"No tool call is waiting for approval with id {unknown[0]!r}.")


async def check_decisions(
    hooks: HookRegistry,
    conversation: Conversation,
    chosen: Sequence[PendingToolCall],
    decisions: Mapping[str, ApprovalDecision],
    *,
    user: User,
    approver: User,
) -> None:
    """Raise ``ApprovalError`` unless every decision names the call shown and may be taken."""
    for pending in chosen:
        decision = decisions[pending.call.id]
        if decision.digest is not None and decision.digest != pending.digest:
            raise ApprovalError(
                f"The call {pending.call.id!r} is not the one you reviewed; look again.",
                reason="changed",
            )
        refused = await refusal(hooks, conversation, pending, decision, user, approver)
        if refused is not None:
            raise ApprovalError(refused, reason="not_allowed")


async def refusal(
    hooks: HookRegistry,
    conversation: Conversation,
    pending: PendingToolCall,
    decision: ApprovalDecision,
    user: User,
    approver: User,
) -> str | None:
    """Why ``approver`` may not decide ``pending`` in ``user``'s ``conversation`` (None:
    allowed): the approver policy (``ApprovalDecisionEvent``), else owner only.

    The approvals listing asks it with a conversation summary (no messages).

    Example::

        if await refusal(agent.hooks, conversation, pending, approve(), owner, max) is None:
            ...  # max may decide it
    """
    allowed: bool | None = None
    reason = None
    if hooks.has_handlers(ApprovalDecisionEvent):
        event = ApprovalDecisionEvent(
            user=user,
            approver=approver,
            conversation=conversation,
            call=pending.call,
            decision=decision,
        )
        await hooks.emit(event)
        allowed, reason = event.allowed, event.refused_reason
    if allowed is None:
        allowed = approver.id == conversation.user_id
    if allowed:
        return None
    return reason or f"{approver.id} may not decide the call {pending.call.id!r}."


def approver_scope(hooks: HookRegistry, approver: User) -> frozenset[str] | None:
    """The tools whose waiting calls ``approver`` may decide in other users' conversations,
    as the policies say ahead of any call (None: any tool, to be asked call by call).

    A policy answers through its ``decidable_tools(approver)`` method
    (``HumanApprovalMiddleware`` has one); an ``ApprovalDecisionEvent`` handler
    without one may allow anything, so the scope is then every tool.

    Example::

        approver_scope(agent.hooks, manager)  # frozenset({'refund'})
    """
    tools: set[str] = set()
    for handler in hooks.handlers(ApprovalDecisionEvent):
        decidable = getattr(getattr(handler, "__self__", None), "decidable_tools", None)
        scope = decidable(approver) if callable(decidable) else None
        if scope is None:
            return None
        tools.update(scope)
    return frozenset(tools)


def claim_updates(
    conversation: Conversation, marked: list[PendingToolCall], records: list[DecisionRecord]
) -> dict[str, Any]:
    """The metadata a claim stores: ``marked`` (decided calls now "executing") and
    ``records`` added to the decisions; ``TurnWriter.claim_decisions`` writes it with one
    compare-and-set on the pending entries as the turn loaded them."""
    history = [*(conversation.metadata.get(DECISIONS_KEY) or []), *(r.to_json() for r in records)]
    return {PENDING_KEY: [p.to_json() for p in marked], DECISIONS_KEY: history}


def claim_lost() -> ApprovalError:
    """The error of a claim that lost: the pending entries changed since the turn loaded them."""
    return ApprovalError(
        "Another reviewer decided these calls first; nothing was run.",
        reason="already_decided",
    )
