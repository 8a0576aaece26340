"""HumanApprovalMiddleware: the policy that decides which tool calls wait for a reviewer.

The core does the pausing (``BeforeToolCallEvent.defer_reason``): the card,
the pending calls stored with the conversation, ``Agent.resume`` and the
``/approve`` / ``/reject`` messages, exactly-once execution.  This module
decides *which* calls wait, and re-checks what a reviewer approved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeAlias

from hookline.hooks.events import ApprovalDecisionEvent, BeforeToolCallEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import ToolCall
from hookline.middleware.base import AgentMiddleware
from hookline.users.models import User

__all__ = ["Approvers", "HumanApprovalMiddleware"]

Approvers: TypeAlias = "Iterable[str] | Callable[[User, ToolCall], bool]"
"""Who may decide: user ids and ``"group:<name>"`` entries, or ``(approver, call) -> bool``."""

OUTSIDE_LIMITS = "outside the allowed limits: edit the arguments or reject"


class HumanApprovalMiddleware(AgentMiddleware):
    """Tool calls matching the policy pause the turn until a reviewer decides.

    The policy: a call needs approval when its tool is in ``tools`` (None:
    every tool) and ``predicate(call)`` is true (None: always).  Such a call
    is deferred with ``reason`` (a string, or a function of the call), the
    turn pauses, and ``agent.resume(conversation_id, {call_id: approve()})``
    — or a ``/approve <id> <digest>`` message, the digest being the one its
    card shows — runs it.  A decision is for that exact call (its digest).

    ``allow(call) -> bool`` (optional) is the hard limit for the policy's
    tools.  A call outside it is still shown to a reviewer (who can edit the
    arguments into it), with a note on the card.  When a call is approved,
    its arguments — the model's, or the reviewer's edit — are checked again:
    with ``strict_edit`` (the default), an approved call that ``allow``
    refuses is blocked, the model is told why, and nothing runs.  With
    ``strict_edit=False`` the reviewer's approval is final.  ``deferred`` and
    ``blocked`` count the calls this middleware paused and blocked.

    Who may decide (approve, edit or reject) a call of the policy's tools:
    by default the conversation's owner.  ``approvers`` replaces that: user
    ids and ``"group:<name>"`` entries (any of the reviewer's
    ``group_memberships``), or a predicate ``(approver, call) -> bool``.
    ``self_approval=False`` refuses the owner even when listed, so that a
    second person must approve.  A refused reviewer gets
    ``ApprovalError("not_allowed")`` and nothing changes; pass the reviewer
    as ``agent.resume(..., user=owner, approver=reviewer)``.  Over HTTP, a
    reviewer lists what they may decide with ``GET /api/v1/approvals`` and
    decides with ``POST /api/v1/approvals/{approval_id}``, without access to
    the conversation.

    Example::

        approval = HumanApprovalMiddleware(
            tools=["refund"],
            predicate=lambda call: call.arguments.get("amount", 0) > 100,
            allow=lambda call: call.arguments.get("amount", 0) <= 1000,
            reason="Refunds over 100 need a manager.",
            approvers=["group:managers"],
            self_approval=False,
        )
        agent = Agent(llm, tool_registry=tools, middleware=[approval])
    """

    def __init__(
        self,
        tools: Iterable[str] | None = None,
        predicate: Callable[[ToolCall], bool] | None = None,
        reason: str | Callable[[ToolCall], str] = "This call needs a reviewer's approval.",
        *,
        allow: Callable[[ToolCall], bool] | None = None,
        strict_edit: bool = True,
        approvers: Approvers | None = None,
        self_approval: bool = True,
    ) -> None:
        self.tools = frozenset(tools) if tools is not None else None
        self.predicate = predicate
        self.reason = reason
        self.allow = allow
        self.strict_edit = strict_edit
        self.approvers: frozenset[str] | Callable[[User, ToolCall], bool] | None = (
            approvers if approvers is None or callable(approvers) else frozenset(approvers)
        )
        self.self_approval = self_approval
        self.deferred = 0
        self.blocked = 0

    def register_hooks(self, registry: HookRegistry) -> None:
        super().register_hooks(registry)
        registry.on(BeforeToolCallEvent, self._before_tool_call)
        if self.approvers is not None or not self.self_approval:
            registry.on(ApprovalDecisionEvent, self._approval_decision)

    def in_scope(self, call: ToolCall) -> bool:
        """True when ``call``'s tool is one this policy covers."""
        return self.tools is None or call.name in self.tools

    def requires_approval(self, call: ToolCall) -> bool:
        """True when ``call`` must wait for a reviewer."""
        return self.in_scope(call) and (self.predicate is None or self.predicate(call))

    def allowed(self, call: ToolCall) -> bool:
        """True when ``call`` is within the hard limit (always, without ``allow``)."""
        return self.allow is None or not self.in_scope(call) or self.allow(call)

    def may_decide(self, approver: User, call: ToolCall, *, owner: str) -> bool:
        """True when ``approver`` may decide ``call`` in a conversation of ``owner``."""
        if approver.id == owner and not self.self_approval:
            return False
        approvers = self.approvers
        if approvers is None:
            return approver.id == owner
        if callable(approvers):
            return approvers(approver, call)
        groups = {f"group:{group}" for group in approver.group_memberships}
        return approver.id in approvers or not groups.isdisjoint(approvers)

    def decidable_tools(self, approver: User) -> frozenset[str] | None:
        """The tools whose calls ``approver`` may decide in other users' conversations
        (None: any tool); ``GET /api/v1/approvals`` reads only those calls."""
        approvers = self.approvers
        if approvers is None:
            return frozenset()  # the owner only
        if not callable(approvers):
            groups = {f"group:{group}" for group in approver.group_memberships}
            if approver.id not in approvers and groups.isdisjoint(approvers):
                return frozenset()
        return self.tools

    def reason_for(self, call: ToolCall) -> str:
        """What the approval card says about ``call``."""
        reason = self.reason if isinstance(self.reason, str) else self.reason(call)
        if not self.allowed(call):
            reason = f"{reason} ({OUTSIDE_LIMITS})"
        return reason

    def _approval_decision(self, event: Event[ApprovalDecisionEvent]) -> None:
        data = event.data
        if not self.in_scope(data.call):
            return
        data.allowed = self.may_decide(data.approver, data.call, owner=data.conversation.user_id)
        if not data.allowed:
            data.refused_reason = (
                f"{data.approver.id} may not decide {data.call.name} calls in this conversation."
            )

    def _before_tool_call(self, event: Event[BeforeToolCallEvent]) -> None:
        data = event.data
        if data.blocked_reason is not None:
            return
        call = data.call
        if data.approved:
            if self.strict_edit and not self.allowed(call):
                self.blocked += 1
                data.blocked_reason = (
                    f"the approved arguments for {call.name} are outside the allowed limits; "
                    "nothing was run"
                )
            return
        if data.defer_reason is None and self.requires_approval(call):
            self.deferred += 1
            data.defer_reason = self.reason_for(call)
