"""``POST /v1/chat/completions``: the agent as an OpenAI-compatible model.

The last user message is the turn's input.  Which conversation it joins:

1. the ``X-Hookline-Conversation-Id`` header, or a ``conversation_id`` body
   field (``extra_body``), names one: the history lives on the server;
2. else the ``user`` field picks a stable one, ``oai-`` + a hash of the
   resolved user and ``user`` (the same ``user`` string always continues
   the same conversation);
3. else a new conversation per request, seeded with the request's earlier
   user and assistant messages (clients that resend the history work).

The answer is the turn's text; an approval request is included as text (reply
``/approve <id>`` to continue).  Tool activity, tables and charts are not.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.components.rich import CardComponent, ErrorComponent, RichTextComponent
from hookline.server.auth import request_context
from hookline.server.context import CurrentUser, ServerContext, ServerDep
from hookline.server.errors import ApiError, error_body
from hookline.server.sse import EventStreamResponse, sse_event
from hookline.server.streams import outcome_of
from hookline.server.turns import error_code, new_result, recorded
from hookline.storage.models import Message, new_conversation_id, validate_conversation_id
from hookline.users.models import User

__all__ = ["ChatCompletionRequest", "TextJoiner", "completion_text", "router"]

router = APIRouter()
CONVERSATION_HEADER = "x-hookline-conversation-id"


class ChatCompletionMessage(BaseModel):
    """One message of the request (content as a string or a list of parts)."""

    model_config = ConfigDict(extra="allow")

    role: str
    content: str | list[dict[str, Any]] | None = None

    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        parts = self.content or []
        return "".join(str(p.get("text", "")) for p in parts if p.get("type") == "text")


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")

    include_usage: bool = False


class ChatCompletionRequest(BaseModel):
    """The OpenAI request body; parameters the agent does not use are accepted and ignored."""

    model_config = ConfigDict(extra="allow")

    model: str | None = None
    messages: list[ChatCompletionMessage] = Field(min_length=1)
    stream: bool = False
    stream_options: StreamOptions | None = None
    user: str | None = None
    conversation_id: str | None = None


@router.post("/v1/chat/completions", response_model=None)
async def chat_completions(
    body: ChatCompletionRequest, request: Request, server: ServerDep, user: CurrentUser
) -> JSONResponse | EventStreamResponse:
    """A chat completion (``stream: true`` for ``chat.completion.chunk`` events)."""
    message = _last_user_message(body)
    conversation_id = await _conversation_for(server, request, body, user)
    stream = server.agent.send_message(
        request_context(request), message, conversation_id, user=user
    )
    completion = _Completion(
        id="chatcmpl-" + secrets.token_hex(12),
        created=int(time.time()),
        model=body.model or server.agent.name,
        result=new_result(conversation_id),
    )
    headers = {CONVERSATION_HEADER: conversation_id}
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        events = completion.chunks(stream, include_usage, server)
        return EventStreamResponse(events, headers=headers)
    return await completion.respond(stream, server, headers)


def _last_user_message(body: ChatCompletionRequest) -> str:
    for message in reversed(body.messages):
        if message.role == "user":
            return message.text()
    raise ApiError(
        422, "messages: no message with role 'user'", code="invalid_request", param="messages"
    )


async def _conversation_for(
    server: ServerContext, request: Request, body: ChatCompletionRequest, user: User
) -> str:
    named = request.headers.get(CONVERSATION_HEADER) or body.conversation_id
    if named:
        try:
            return validate_conversation_id(named)
        except ValueError as exc:
            raise ApiError(422, str(exc), code="invalid_request", param="conversation_id") from None
    if body.user:
        digest = hashlib.sha256(f"{user.id}\x00{body.user}".encode()).hexdigest()
        return f"oai-{digest[:32]}"
    conversation_id = new_conversation_id()
    history = _earlier_messages(body)
    if history:
        store = server.agent.conversation_store
        await store.create_conversation(user, conversation_id=conversation_id)
        await store.append_messages(conversation_id, user, history)
    return conversation_id


def _earlier_messages(body: ChatCompletionRequest) -> list[Message]:
    """The user/assistant text messages before the last user message."""
    last = max(i for i, m in enumerate(body.messages) if m.role == "user")
    return [
        Message(role=m.role, content=m.text())
        for m in body.messages[:last]
        if m.role in ("user", "assistant") and m.text()
    ]


def completion_text(component: UiComponent) -> str | None:
    """The text a component contributes to a completion (None: not shown)."""
    rich = component.rich_component
    if isinstance(rich, RichTextComponent):
        return rich.content
    if isinstance(rich, CardComponent):
        simple = component.simple_component
        text = getattr(simple, "text", None)
        return text if isinstance(text, str) else f"{rich.title}\n\n{rich.content}".strip()
    return None


class TextJoiner:
    """Joins streamed deltas as they come and whole texts with a blank line between."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._after_delta = False

    def add(self, text: str, *, delta: bool) -> str:
        """Add ``text``; returns what to send (with the separator it needs)."""
        piece = text
        if self.parts and not (delta and self._after_delta):
            piece = "\n\n" + text
        self._after_delta = delta
        self.parts.append(piece)
        return piece

    def text(self) -> str:
        return "".join(self.parts)


class _Completion:
    def __init__(self, *, id: str, created: int, model: str, result: RunResult) -> None:
        self.id = id
        self.created = created
        self.model = model
        self.result = result

    async def respond(
        self, stream: AsyncIterator[UiComponent], server: ServerContext, headers: dict[str, str]
    ) -> JSONResponse:
        joiner = TextJoiner()
        async for component in recorded(stream, self.result):
            text = completion_text(component)
            if text:
                delta = isinstance(component.rich_component, RichTextComponent) and bool(
                    component.rich_component.delta
                )
                joiner.add(text, delta=delta)
        server.metrics.turns.labels(endpoint="openai", outcome=outcome_of(self.result)).inc()
        failure = self._failure()
        if failure is not None:
            status, body = failure
            return JSONResponse(
                body, status_code=status, headers={**headers, "x-should-retry": "false"}
            )
        return JSONResponse(self._body(joiner.text()), headers=headers)

    async def chunks(
        self, stream: AsyncIterator[UiComponent], include_usage: bool, server: ServerContext
    ) -> AsyncIterator[bytes]:
        outcome = "cancelled"
        try:
            yield self._chunk({"role": "assistant", "content": ""})
            joiner = TextJoiner()
            async for component in recorded(stream, self.result):
                if isinstance(component.rich_component, ErrorComponent):
                    continue
                text = completion_text(component)
                if text:
                    rich = component.rich_component
                    delta = isinstance(rich, RichTextComponent) and rich.delta
                    yield self._chunk({"content": joiner.add(text, delta=delta)})
            outcome = outcome_of(self.result)
            failure = self._failure()
            if failure is not None:
                yield sse_event(json.dumps(failure[1], ensure_ascii=False))
            else:
                yield self._chunk({}, finish_reason="stop")
                if include_usage:
                    yield self._usage_chunk()
            yield sse_event("[DONE]")
        finally:
            server.metrics.turns.labels(endpoint="openai", outcome=outcome).inc()

    def _failure(self) -> tuple[int, dict[str, Any]] | None:
        result = self.result
        if result.completed or result.error is None:
            return None
        code = error_code(result)
        status = 400 if code == "halted" else 500
        return status, error_body(status, result.error, code=code)

    def _usage(self) -> dict[str, int]:
        usage = self.result.usage
        return {
            "prompt_tokens": usage.input_tokens,
            "completion_tokens": usage.output_tokens,
            "total_tokens": usage.input_tokens + usage.output_tokens,
        }

    def _body(self, text: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text, "refusal": None},
                    "finish_reason": "stop",
                    "logprobs": None,
                }
            ],
            "usage": self._usage(),
        }

    def _chunk(self, delta: dict[str, Any], *, finish_reason: str | None = None) -> bytes:
        choice = {"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}
        return self._event({"choices": [choice]})

    def _usage_chunk(self) -> bytes:
        return self._event({"choices": [], "usage": self._usage()})

    def _event(self, fields: dict[str, Any]) -> bytes:
        payload = {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            **fields,
        }
        return sse_event(json.dumps(payload, ensure_ascii=False))
