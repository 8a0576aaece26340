"""Starting a turn for an endpoint: a new message or a reviewer's decisions, checked
against the resolved user before anything streams.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Collection, Mapping

from hookline.agent.result import RunResult
from hookline.agent.turn import Turn
from hookline.components.base import UiComponent
from hookline.errors import AgentError
from hookline.server.client_tools import CLIENT_TOOL_REASON
from hookline.server.context import ServerContext
from hookline.server.durable_turns import DurableTurns, TurnHandle
from hookline.server.errors import ApiError
from hookline.server.metrics import ServerMetrics
from hookline.server.sse import sse_event
from hookline.server.turns import recorded, settle, summary, turn_components
from hookline.storage.models import Conversation, validate_conversation_id
from hookline.tools.approval import ApprovalDecision, pending_calls
from hookline.users.models import RequestContext, User

__all__ = [
    "check_bound",
    "check_waiting",
    "component_events",
    "conversation_not_found",
    "durable_components",
    "find_conversation",
    "outcome_of",
    "resume_stream",
    "start_stream",
    "waiting_ids",
]


async def find_conversation(
    server: ServerContext, conversation_id: str, user: User
) -> Conversation:
    """The user's conversation; 404 for an unknown id, a malformed one or another user's."""
    try:
        validate_conversation_id(conversation_id)
    except ValueError:
        raise conversation_not_found() from None
    conversation = await server.agent.conversation_store.get_conversation(conversation_id, user)
    if conversation is None:
        raise conversation_not_found()
    return conversation


def conversation_not_found() -> ApiError:
    return ApiError(404, "Conversation not found.", code="conversation_not_found")


async def start_stream(
    server: ServerContext,
    context: RequestContext,
    user: User,
    message: str,
    conversation_id: str,
    result: RunResult,
    *,
    new_conversation: bool = False,
) -> AsyncIterator[UiComponent]:
    """A new message's turn: in the request, or (``serve --durable``) as a DBOS workflow
    that ``result`` takes the outcome of.  ``new_conversation``: the server made the id."""
    durable = server.durable
    if durable is None:
        return _in_request(server, context, user, message, conversation_id, result)
    handle, after = await durable.submit(
        message,
        user=user,
        conversation_id=conversation_id,
        request_context=context,
        new_conversation=new_conversation,
    )
    return durable_components(durable, handle, result, after=after)


async def resume_stream(
    server: ServerContext,
    context: RequestContext,
    user: User,
    conversation_id: str,
    decisions: Mapping[str, ApprovalDecision],
    result: RunResult,
    *,
    approver: User | None = None,
) -> AsyncIterator[UiComponent]:
    """The paused turn continued with ``decisions``, after checking the conversation (404),
    the call ids and digests (``check_bound``): ``agent.resume_stream``, or (``serve
    --durable``) the decisions sent to the workflow that waits and the rest of it streamed.
    ``user`` owns the conversation; ``approver`` (default: ``user``) decides."""
    conversation = await find_conversation(server, conversation_id, user)
    durable = server.durable
    if durable is None:
        check_bound(decisions, conversation)
        return _in_request(
            server, context, user, "", conversation_id, result, dict(decisions), approver
        )
    handle = await durable.waiting_turn(conversation.id)
    if handle is None:
        check_waiting(decisions, set())  # 409 naming the first decision
        raise ApiError(409, "No turn is waiting for approval.", code="not_pending")
    check_bound(decisions, conversation)
    seen = durable.live.phase(handle.get_workflow_id())
    await durable.decide(handle.get_workflow_id(), decisions, approver=approver or user)
    return durable_components(durable, handle, result, after=seen)


def _in_request(
    server: ServerContext,
    context: RequestContext,
    user: User,
    message: str,
    conversation_id: str,
    result: RunResult,
    decisions: dict[str, ApprovalDecision] | None = None,
    approver: User | None = None,
) -> AsyncIterator[UiComponent]:
    """The turn run in the request (as ``send_message`` / ``resume_stream`` would), with
    the registry the server gives it (``turn_hooks``); ``result`` takes its outcome."""
    hooks = server.turn_hooks(conversation_id)
    turn = Turn(
        server.agent,
        context,
        message,
        conversation_id,
        user=user,
        hooks=hooks,
        decisions=decisions,
        approver=approver,
    )
    return turn_components(turn, result, hooks)


def waiting_ids(conversation: Conversation) -> set[str]:
    """The ids of the calls waiting for approval in ``conversation``."""
    return {p.call.id for p in pending_calls(conversation) if p.state == "pending"}


def check_waiting(decisions: Mapping[str, ApprovalDecision], waiting: Collection[str]) -> None:
    """409 ``not_pending`` unless every decided call is one of ``waiting``."""
    unknown = sorted(set(decisions) - set(waiting))
    if unknown:
        raise ApiError(
            409,
            f"No tool call is waiting for approval with id {unknown[0]!r}.",
            code="not_pending",
            param="decisions",
        )


def check_bound(decisions: Mapping[str, ApprovalDecision], conversation: Conversation) -> None:
    """Each decision names a waiting call and the digest its card shows; else nothing runs.

    409 ``not_pending`` (no such call waits), 409 ``approval_changed`` (the call
    waiting is not the one reviewed), 422 ``digest_required`` (no digest: only a
    client tool's result, whose call runs in the client, needs none).  The turn
    checks the digest again once it holds the conversation (``check_decisions``).
    """
    waiting = {p.call.id: p for p in pending_calls(conversation) if p.state == "pending"}
    check_waiting(decisions, waiting)
    for call_id, decision in decisions.items():
        pending = waiting[call_id]
        if decision.digest is None and pending.reason != CLIENT_TOOL_REASON:
            raise ApiError(
                422,
                f"A decision on {call_id!r} must name the digest its approval card shows.",
                code="digest_required",
                param="decisions",
            )
        if decision.digest is not None and decision.digest != pending.digest:
            raise ApiError(
                409,
                f"The call {call_id!r} waiting now is not the one reviewed (its digest "
                "differs): nothing was run, and it waits for its own approval.",
                code="approval_changed",
                param="decisions",
            )


def outcome_of(result: RunResult) -> str:
    """ "paused", "completed" or "failed" (a halted turn counts as failed)."""
    if result.paused:
        return "paused"
    return "completed" if result.completed else "failed"


async def component_events(
    stream: AsyncIterator[UiComponent],
    result: RunResult,
    metrics: ServerMetrics,
    endpoint: str,
) -> AsyncIterator[bytes]:
    """One ``data:`` event per component (its JSON), then ``event: done`` with the summary."""
    outcome = "cancelled"
    try:
        async for component in recorded(stream, result):
            yield sse_event(component.to_json())
        outcome = outcome_of(result)
        yield sse_event(
            json.dumps(summary(result), ensure_ascii=False, separators=(",", ":")), event="done"
        )
    finally:
        metrics.turns.labels(endpoint=endpoint, outcome=outcome).inc()


async def durable_components(
    durable: DurableTurns, handle: TurnHandle, result: RunResult, *, after: int = 0
) -> AsyncIterator[UiComponent]:
    """A durable turn's components as it streams them (``DbosAgent.follow``); when they
    end, ``result`` takes the outcome of the phase (its end, or its pause): the
    ``RunResult`` the workflow built (``Agent.run``), or, for what ``Agent.run`` raises,
    the same failed or halted result the turn gives in the request."""
    async for component in durable.follow(handle, after=after):
        yield component
    try:
        outcome = await durable.outcome(handle)
    except Exception as error:  # its error component was streamed
        halted = isinstance(error, AgentError)  # busy, a decision that cannot apply
        result.halted, result.failed = halted, not halted
        result.error = str(error)
        return
    settle(result, outcome)
