"""``POST /api/v1/chat`` and ``POST /api/v1/conversations/{id}/resume``: a turn as SSE
(and, with ``serve --durable``, ``GET /api/v1/conversations/{id}/turn``: follow one).

Each component is one ``data:`` event holding ``UiComponent.to_dict()``
(``{"type", "rich", "simple"}``); the stream ends with ``event: done`` whose
data is the turn's summary (conversation id, usage, paused, pending calls).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from hookline.server.auth import request_context
from hookline.server.context import CurrentUser, ServerContext, ServerDep
from hookline.server.conversation_ids import check_client_named
from hookline.server.errors import ApiError
from hookline.server.sse import EventStreamResponse
from hookline.server.streams import (
    check_bound,
    component_events,
    durable_components,
    find_conversation,
    resume_stream,
    start_stream,
    waiting_ids,
)
from hookline.server.turns import new_result
from hookline.storage.models import new_conversation_id, validate_conversation_id
from hookline.tools.approval import (
    DIGEST_PATTERN,
    ApprovalDecision,
    approve,
    parse_decision_command,
    reject,
)
from hookline.users.models import User

__all__ = ["ChatRequest", "Decision", "ResumeRequest", "router"]

router = APIRouter()


class ChatRequest(BaseModel):
    """The body of ``POST /api/v1/chat``.

    An empty ``message`` (or ``metadata={"starter_ui_request": true}``) asks
    for the starter UI.  Without ``conversation_id`` a new conversation starts;
    its id is in the ``X-Conversation-Id`` header and the ``done`` event.
    """

    model_config = ConfigDict(extra="forbid")

    message: str = ""
    conversation_id: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("conversation_id")
    @classmethod
    def _valid_id(cls, value: str | None) -> str | None:
        return validate_conversation_id(value) if value is not None else None


class Decision(BaseModel):
    """A reviewer's decision on one waiting tool call: the one whose card showed ``digest``."""

    model_config = ConfigDict(extra="forbid")

    tool_call_id: str = Field(min_length=1)
    action: Literal["approve", "reject", "edit"]
    digest: str = Field(pattern=DIGEST_PATTERN)
    arguments: dict[str, Any] | None = None
    reason: str | None = None

    @model_validator(mode="after")
    def _edit_has_arguments(self) -> Decision:
        if self.action == "edit" and self.arguments is None:
            raise ValueError("an 'edit' decision needs the edited 'arguments'")
        return self

    def to_decision(self) -> ApprovalDecision:
        if self.action == "reject":
            return reject(self.reason, digest=self.digest)
        return approve(self.arguments if self.action == "edit" else None, digest=self.digest)


class ResumeRequest(BaseModel):
    """The body of ``POST /api/v1/conversations/{id}/resume``."""

    model_config = ConfigDict(extra="forbid")

    decisions: list[Decision] = Field(min_length=1)


@router.post("/api/v1/chat", response_class=EventStreamResponse)
async def chat(
    body: ChatRequest, request: Request, server: ServerDep, user: CurrentUser
) -> EventStreamResponse:
    """Run a turn and stream its components as Server-Sent Events."""
    if body.conversation_id:  # ids the server derives for AG-UI / OpenAI clients are not
        await check_client_named(server, body.conversation_id, user)  # a client's to choose
        await check_command(server, user, body.conversation_id, body.message)
    conversation_id = body.conversation_id or new_conversation_id()
    context = request_context(request, body.metadata)
    result = new_result(conversation_id)
    stream = await start_stream(
        server,
        context,
        user,
        body.message,
        conversation_id,
        result,
        new_conversation=not body.conversation_id,
    )
    return EventStreamResponse(
        component_events(stream, result, server.metrics, "chat"),
        headers={"x-conversation-id": conversation_id},
    )


async def check_command(
    server: ServerContext, user: User, conversation_id: str, message: str
) -> None:
    """``/approve`` / ``/reject`` for a conversation whose calls wait: checked as a resume
    is (``check_bound``) before anything streams; 422 when malformed (no digest)."""
    if not message.lstrip().startswith(("/approve", "/reject")):
        return
    conversation = await server.agent.conversation_store.get_conversation(conversation_id, user)
    if conversation is None or not waiting_ids(conversation):
        return  # nothing waits: the agent answers the command (or reads it as text)
    try:
        command = parse_decision_command(message)
    except ValueError as error:
        raise ApiError(422, str(error), code="invalid_command", param="message") from None
    if command is not None:
        check_bound(dict([command]), conversation)


@router.post("/api/v1/conversations/{conversation_id}/resume", response_class=EventStreamResponse)
async def resume(
    conversation_id: str,
    body: ResumeRequest,
    request: Request,
    server: ServerDep,
    user: CurrentUser,
) -> EventStreamResponse:
    """Continue a paused turn with decisions (approve / reject / edit); streams like chat."""
    decisions = {d.tool_call_id: d.to_decision() for d in body.decisions}
    context = request_context(request)
    result = new_result(conversation_id)
    stream = await resume_stream(server, context, user, conversation_id, decisions, result)
    return EventStreamResponse(
        component_events(stream, result, server.metrics, "resume"),
        headers={"x-conversation-id": conversation_id},
    )


@router.get("/api/v1/conversations/{conversation_id}/turn", response_class=EventStreamResponse)
async def follow_turn(
    conversation_id: str, server: ServerDep, user: CurrentUser
) -> EventStreamResponse:
    """``serve --durable``: the conversation's newest turn as SSE, from its start — live
    while it runs (after a crash: as recovery runs it), else from its result; a client
    whose stream broke off comes back here.  404 without ``--durable`` or without a turn."""
    conversation = await find_conversation(server, conversation_id, user)
    durable = server.durable
    handle = None if durable is None else await durable.latest_turn(conversation.id)
    if durable is None or handle is None:
        raise ApiError(404, "No durable turn in this conversation.", code="no_durable_turn")
    result = new_result(conversation.id)
    stream = durable_components(durable, handle, result)
    return EventStreamResponse(
        component_events(stream, result, server.metrics, "follow"),
        headers={"x-conversation-id": conversation.id},
    )
