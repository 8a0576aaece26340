"""``GET /api/v1/approvals`` and ``POST /api/v1/approvals/{approval_id}``: the calls a
user may decide, across conversations, and deciding one.

The list reads the stores' index of waiting calls (``storage/approvals.py``)
and keeps what the approver policy lets the user decide
(``HumanApprovalMiddleware(approvers=...)``, any ``ApprovalDecisionEvent``
handler; by default the owner), plus the user's own calls (``may_decide``
says whether they may decide them).  An approver sees the call — tool,
arguments, digest, who asked and when — and nothing else of the
conversation: every conversation endpoint still answers 404.

A decision names the digest shown; it resumes the owner's paused turn with
the approver recorded as the one who decided (``decided_by``).  The response
says what was decided and how the turn went on, never its content.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, model_validator

from hookline._error_ids import new_error_id
from hookline.agent.approvals import approver_scope, refusal
from hookline.server.auth import request_context
from hookline.server.context import CurrentUser, ServerContext, ServerDep
from hookline.server.errors import ApiError
from hookline.server.streams import outcome_of, resume_stream
from hookline.server.turns import error_code, new_result, recorded
from hookline.storage.approvals import ApprovalRecord
from hookline.storage.models import Conversation
from hookline.tools.approval import (
    DIGEST_PATTERN,
    ApprovalDecision,
    DecisionRecord,
    PendingToolCall,
    approve,
    decision_records,
    reject,
)
from hookline.users.models import User

__all__ = ["DecideRequest", "router"]

logger = logging.getLogger("hookline.server")
router = APIRouter()
_BATCH = 200  # index rows read per query while filling a page


class DecideRequest(BaseModel):
    """The body of ``POST /api/v1/approvals/{approval_id}``: the decision and the digest
    of the call it is about (as the listing showed it)."""

    model_config = ConfigDict(extra="forbid")

    decision: Literal["approve", "reject", "edit"]
    digest: str = Field(pattern=DIGEST_PATTERN)
    arguments: dict[str, Any] | None = None
    reason: str | None = None

    @model_validator(mode="after")
    def _edit_has_arguments(self) -> DecideRequest:
        if self.decision == "edit" and self.arguments is None:
            raise ValueError("an 'edit' decision needs the edited 'arguments'")
        return self

    def to_decision(self) -> ApprovalDecision:
        if self.decision == "reject":
            return reject(self.reason, digest=self.digest)
        edited = self.arguments if self.decision == "edit" else None
        return approve(edited, digest=self.digest)


@router.get("/api/v1/approvals")
async def list_approvals(
    server: ServerDep,
    user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> dict[str, Any]:
    """The waiting calls the user may decide (and their own), oldest first.

    Reads the index only where the policy may allow the user (their own calls, and
    the tools ``approver_scope`` names); ``offset`` counts the calls read: continue
    from ``next_offset``.
    """
    found, next_offset = await _page(server, user, offset, limit)
    return {"approvals": found, "limit": limit, "offset": offset, "next_offset": next_offset}


async def _page(
    server: ServerContext, user: User, offset: int, limit: int
) -> tuple[list[dict[str, Any]], int | None]:
    """Up to ``limit`` calls ``user`` sees, reading the index from ``offset``; and where
    to go on (None: the index was read to its end)."""
    store = server.agent.conversation_store
    scope = approver_scope(server.agent.hooks, user)  # None: every call, checked one by one
    owner_id = None if scope is None else user.id
    found: list[dict[str, Any]] = []
    position = offset
    while True:
        batch = await store.pending_approvals(
            owner_id=owner_id, tools=scope, limit=_BATCH, offset=position
        )
        for record in batch:
            position += 1
            shown = await _listed(server, user, record)
            if shown is not None:
                found.append(shown)
                if len(found) == limit:
                    return found, position
        if len(batch) < _BATCH:
            return found, None


@router.post("/api/v1/approvals/{approval_id}")
async def decide(
    approval_id: str, body: DecideRequest, request: Request, server: ServerDep, user: CurrentUser
) -> dict[str, Any]:
    """Decide one waiting call; the owner's turn goes on.  404 when the user may not see
    it, 403 when they see it but may not decide (their own call, ``self_approval=False``),
    409 when it is not the call the digest names or was decided already."""
    record = await server.agent.conversation_store.pending_approval(approval_id)
    if record is None:
        raise _not_found()
    may_decide = await _may_decide(server, user, record)
    if not may_decide:
        if record.owner_id != user.id:
            raise _not_found()
        raise ApiError(403, "You may not decide this call.", code="approval_not_allowed")
    owner = _owner(record)
    result = new_result(record.conversation_id)
    decisions = {record.call_id: body.to_decision()}
    context = request_context(request)
    stream = await resume_stream(
        server, context, owner, record.conversation_id, decisions, result, approver=user
    )
    async for _ in recorded(stream, result):
        pass  # the approver reads nothing of the conversation
    taken = await _recorded_decision(server, owner, record, user)
    if taken is None:
        raise _refused(result.error, error_code(result))
    return {
        "approval_id": record.approval_id,
        "call_id": record.call_id,
        "tool": record.tool,
        "digest": taken.digest,
        "decision": "approved" if taken.approved else "rejected",
        "decided_by": taken.decided_by,
        "decided_at": taken.decided_at,
        "outcome": outcome_of(result),
    }


async def _listed(
    server: ServerContext, user: User, record: ApprovalRecord
) -> dict[str, Any] | None:
    """``_shown``; a row that cannot be read is left out (and logged), the list goes on."""
    try:
        return await _shown(server, user, record)
    except (KeyError, TypeError, ValueError) as exc:
        logger.error(
            "approval %s could not be read for the list [%s]: %s",
            record.approval_id,
            new_error_id(),
            type(exc).__name__,
            exc_info=exc,
        )
        return None


async def _shown(
    server: ServerContext, user: User, record: ApprovalRecord
) -> dict[str, Any] | None:
    """What ``user`` sees of ``record``: None unless they may decide it or own it."""
    own = record.owner_id == user.id
    may_decide = await _may_decide(server, user, record)
    if not (own or may_decide):
        return None
    pending = PendingToolCall.from_json(record.entry)
    shown = pending.shown()
    item = {
        "approval_id": record.approval_id,
        "call_id": record.call_id,
        "tool": shown.name,
        "arguments": shown.arguments,
        "reason": pending.reason,
        "digest": record.digest,
        "requested_by": record.owner_id,
        "requested_at": record.requested_at.isoformat(),
        "may_decide": may_decide,
    }
    if own:
        item["conversation_id"] = record.conversation_id
    return item


async def _may_decide(server: ServerContext, user: User, record: ApprovalRecord) -> bool:
    """The approver policy's answer for ``user`` on ``record`` (a summary conversation)."""
    summary = Conversation(id=record.conversation_id, user_id=record.owner_id)
    pending = PendingToolCall.from_json(record.entry)
    decision = approve(digest=record.digest)
    owner = _owner(record)
    refused = await refusal(server.agent.hooks, summary, pending, decision, owner, user)
    return refused is None


def _owner(record: ApprovalRecord) -> User:
    """The owner as the call was deferred (their groups decide which tools run)."""
    asked = record.entry.get("requested_by")
    if isinstance(asked, dict) and asked.get("id") == record.owner_id:
        return User.model_validate(asked)
    return User(id=record.owner_id)


async def _recorded_decision(
    server: ServerContext, owner: User, record: ApprovalRecord, approver: User
) -> DecisionRecord | None:
    """The decision ``approver`` took on ``record``'s call, as stored (None: not taken)."""
    conversation = await server.agent.conversation_store.get_conversation(
        record.conversation_id, owner
    )
    if conversation is None:
        return None
    taken = [
        r
        for r in decision_records(conversation)
        if r.call_id == record.call_id and r.decided_by == approver.id
    ]
    return taken[-1] if taken else None


def _refused(message: str | None, code: str | None) -> ApiError:
    """Why the decision was not taken (the turn refused it before anything ran)."""
    text = message or "The decision could not be applied; nothing was run."
    if code == "approval_not_allowed":
        return ApiError(403, text, code=code)
    return ApiError(409, text, code=code or "approval_not_applied")


def _not_found() -> ApiError:
    return ApiError(404, "Approval not found.", code="approval_not_found")
