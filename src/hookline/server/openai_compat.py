"""``POST /v1/chat/completions`` and ``GET /v1/models``: the agent as an OpenAI model.

The last user message is the turn's input (after the client's system
messages, marked: ``server/openai_request.py`` says what is honored and
what is refused with 400).  Which conversation it joins:

1. the ``X-Hookline-Conversation-Id`` header, or a ``conversation_id`` body
   field (``extra_body``), names one: the history lives on the server and
   the request's earlier messages are not used;
2. else the ``user`` field picks a stable one, ``oai-`` + a hash of the
   resolved user and ``user`` (the same ``user`` string always continues
   the same conversation);
3. else the request is stateless: a hidden conversation seeded with the
   request's earlier messages (gated, marked as client-supplied) serves this
   one request and is deleted when the request ends, however it ends; no
   listing ever shows it (``server/stateless.py``).  A turn that pauses for
   a client tool keeps it hidden until the results come (or the pause
   expires); one that pauses for an approval keeps it and shows it (its id is
   in the ``X-Hookline-Conversation-Id`` response header).

The answer is the turn's text; an approval request is included as text (reply
``/approve <id> <digest>`` in that conversation to continue, as the text says).
Tool activity, tables and charts are not.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.components.rich import CardComponent, ErrorComponent, RichTextComponent
from hookline.llm.models import Usage
from hookline.llm.tokens import estimated_usage
from hookline.server.auth import request_context
from hookline.server.client_tools import CLIENT_TOOL_REASON, is_client_tool_card
from hookline.server.context import CurrentUser, ServerContext, ServerDep
from hookline.server.conversation_ids import check_client_named, scoped_id
from hookline.server.errors import ApiError, error_body
from hookline.server.openai_format import FormatViolation, check_format, check_schema
from hookline.server.openai_request import (
    ChatCompletionRequest,
    ResponseFormat,
    check_supported,
    client_call_id,
    client_tool_schemas,
    earlier_history,
    forced_tool_choice,
    tool_results,
    turn_message,
)
from hookline.server.sse import EventStreamResponse, sse_event
from hookline.server.stateless import (
    STATELESS_ID_PREFIX,
    StatelessTurn,
    abandon,
    end_turn,
    is_stateless,
    pause_expired,
)
from hookline.server.streams import (
    find_conversation,
    outcome_of,
    resume_stream,
    start_stream,
)
from hookline.server.turns import error_code, error_status, new_result, recorded
from hookline.storage.models import validate_conversation_id
from hookline.tools.approval import approve
from hookline.users.models import RequestContext, User

__all__ = [
    "ChatCompletionRequest",
    "Completion",
    "TextJoiner",
    "completion_text",
    "router",
    "start_completion",
]

router = APIRouter()
CONVERSATION_HEADER = "x-hookline-conversation-id"


@router.get("/v1/models")
async def list_models(server: ServerDep, user: CurrentUser) -> dict[str, Any]:
    """The one model served: the agent, by its name (any ``model`` value reaches it)."""
    return {"object": "list", "data": [_model_card(server)]}


@router.get("/v1/models/{model_id}")
async def get_model(model_id: str, server: ServerDep, user: CurrentUser) -> dict[str, Any]:
    """The served model by its id; 404 for any other id."""
    card = _model_card(server)
    if model_id != card["id"]:
        raise ApiError(404, f"The model {model_id!r} does not exist.", code="model_not_found")
    return card


def _model_card(server: ServerContext) -> dict[str, Any]:
    return {"id": server.agent.name, "object": "model", "created": 0, "owned_by": "hookline"}


@router.post("/v1/chat/completions", response_model=None)
async def chat_completions(
    body: ChatCompletionRequest, request: Request, server: ServerDep, user: CurrentUser
) -> JSONResponse | EventStreamResponse:
    """A chat completion (``stream: true`` for ``chat.completion.chunk`` events)."""
    completion, stream = await start_completion(body, request, server, user)
    headers = {CONVERSATION_HEADER: completion.result.conversation_id}
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        events = completion.chunks(stream, include_usage, server)
        return EventStreamResponse(events, headers=headers)
    return await completion.respond(stream, server, headers)


async def start_completion(
    body: ChatCompletionRequest, request: Request, server: ServerContext, user: User
) -> tuple[Completion, AsyncIterator[UiComponent]]:
    """Check the request (400 naming what is unsupported), then start its turn: a new
    one, or the paused one the request's ``tool`` results continue."""
    check_supported(body)
    check_schema(body.response_format)
    context = request_context(request)
    continued = tool_results(body)
    if continued is not None:
        conversation_id, results = continued
        stateless = await _continued_stateless(server, conversation_id, user)
    else:
        results = {}
        conversation_id, stateless = await _conversation_for(server, request, body, user, context)
    _force_tool_choice(server, conversation_id, body)
    tools = server.client_tools  # offered before the turn starts
    result = new_result(conversation_id)
    release: Callable[[], None] | None = None
    try:
        release = tools.offer(conversation_id, client_tool_schemas(body), results)
        if continued is not None:
            decisions = {call_id: approve() for call_id in results}
            stream = await resume_stream(server, context, user, conversation_id, decisions, result)
        else:
            message = turn_message(body)
            stream = await start_stream(server, context, user, message, conversation_id, result)
    except BaseException:
        await abandon(stateless, conversation_id, release)
        raise
    completion = Completion(
        id="chatcmpl-" + secrets.token_hex(12),
        created=int(time.time()),
        model=body.model or server.agent.name,
        result=result,
        response_format=body.response_format,
        forget=stateless,
        release=release,
    )
    completion.tool_choice = forced_tool_choice(body)
    completion.prompt = [message.text() for message in body.messages]
    return completion, stream


def _force_tool_choice(
    server: ServerContext, conversation_id: str, body: ChatCompletionRequest
) -> None:
    """The request's ``tool_choice``, forced on its turn (``server/tool_choice.py``)."""
    names = [schema.name for schema in client_tool_schemas(body)]
    server.tool_choices.force(conversation_id, forced_tool_choice(body), names)


async def _conversation_for(
    server: ServerContext,
    request: Request,
    body: ChatCompletionRequest,
    user: User,
    context: RequestContext,
) -> tuple[str, StatelessTurn | None]:
    """The conversation id, and for a stateless request what cleans it up afterwards."""
    named = request.headers.get(CONVERSATION_HEADER) or body.conversation_id
    if named:
        try:
            conversation_id = validate_conversation_id(named)
        except ValueError as exc:
            raise ApiError(422, str(exc), code="invalid_request", param="conversation_id") from None
        await check_client_named(server, conversation_id, user)
        return conversation_id, None
    if body.user:
        return scoped_id("oai-", user, body.user), None
    history = await earlier_history(server.agent, context, user, body)
    store = server.agent.conversation_store
    conversation_id = await server.stateless.create(store, user, history)
    return conversation_id, StatelessTurn(server.stateless, store, user)


async def _continued_stateless(
    server: ServerContext, conversation_id: str, user: User
) -> StatelessTurn | None:
    """For tool results: the paused stateless conversation they continue, claimed (410 when
    its pause expired or is gone), or None for a conversation that is not stateless."""
    try:
        conversation = await find_conversation(server, conversation_id, user)
    except ApiError:
        if conversation_id.startswith(STATELESS_ID_PREFIX):
            raise pause_expired(server.stateless.client_tool_timeout) from None
        raise
    if not is_stateless(conversation):
        return None
    store = server.agent.conversation_store
    await server.stateless.claim(store, user, conversation)
    return StatelessTurn(server.stateless, store, user)


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


class Completion:
    """One request's answer: collected whole, or streamed as chunks."""

    tool_choice: str | dict[str, str] | None = None  # forced: a tool call is due
    prompt: Sequence[str] = ()  # the request's messages, for an estimated usage

    def __init__(
        self,
        *,
        id: str,
        created: int,
        model: str,
        result: RunResult,
        response_format: ResponseFormat | None = None,
        forget: StatelessTurn | None = None,
        release: Callable[[], None] | None = None,
    ) -> None:
        self.id = id
        self.created = created
        self.model = model
        self.result = result
        self.response_format = response_format
        self.forget = forget
        self.release = release
        self._ended = False

    async def respond(
        self, stream: AsyncIterator[UiComponent], server: ServerContext, headers: dict[str, str]
    ) -> JSONResponse:
        answer, failure = await self.collect(stream, server)
        if failure is not None:
            status, body = failure
            return JSONResponse(
                body, status_code=status, headers={**headers, "x-should-retry": "false"}
            )
        return JSONResponse(self._body(answer), headers=headers)

    async def collect(
        self, stream: AsyncIterator[UiComponent], server: ServerContext
    ) -> tuple[str, tuple[int, dict[str, Any]] | None]:
        """The whole answer, or the failure to answer with (status, error body)."""
        joiner = TextJoiner()
        try:
            async for component in recorded(stream, self.result):
                text = None if is_client_tool_card(component) else completion_text(component)
                if text:
                    delta = isinstance(component.rich_component, RichTextComponent) and bool(
                        component.rich_component.delta
                    )
                    joiner.add(text, delta=delta)
        finally:
            await self._forget(stream)
        server.metrics.turns.labels(endpoint="openai", outcome=outcome_of(self.result)).inc()
        return self._checked(joiner.text())

    async def chunks(
        self, stream: AsyncIterator[UiComponent], include_usage: bool, server: ServerContext
    ) -> AsyncIterator[bytes]:
        outcome = "cancelled"
        try:
            yield self._chunk({"role": "assistant", "content": ""})
            joiner = TextJoiner()
            async for component in recorded(stream, self.result):
                rich = component.rich_component
                if isinstance(rich, ErrorComponent) or is_client_tool_card(component):
                    continue
                text = completion_text(component)
                if text:
                    delta = isinstance(rich, RichTextComponent) and rich.delta
                    yield self._chunk({"content": joiner.add(text, delta=delta)})
            await self._forget(stream)  # before the client hears the end, which it may drop at
            outcome = outcome_of(self.result)
            _, failure = self._checked(joiner.text())
            if failure is not None:
                yield sse_event(json.dumps(failure[1], ensure_ascii=False))
            else:
                calls = self._tool_calls()
                if calls:
                    yield self._chunk(
                        {"tool_calls": [{"index": i, **c} for i, c in enumerate(calls)]}
                    )
                yield self._chunk({}, finish_reason="tool_calls" if calls else "stop")
                if include_usage:
                    yield self._usage_chunk(joiner.text())
            yield sse_event("[DONE]")
        finally:
            await self._forget(stream)
            server.metrics.turns.labels(endpoint="openai", outcome=outcome).inc()

    async def _forget(self, stream: AsyncIterator[UiComponent]) -> None:
        """Once: the turn's end (``server/stateless.py``): the stream closed, the client
        tools released, a stateless request's conversation deleted or kept for its pause."""
        if not self._ended:
            self._ended = True
            await end_turn(stream, self.result, self.release, self.forget)

    def _checked(self, text: str) -> tuple[str, tuple[int, dict[str, Any]] | None]:
        """The answer as sent, or the failure to send instead (a failed turn, a bad format)."""
        failure = self._failure()
        if failure is not None:
            return text, failure
        if self._tool_calls() or self.tool_choice is not None:
            return text, self._choice_violation()  # the format applies to an answer only
        try:
            return check_format(self.response_format, text), None
        except FormatViolation as exc:
            message = f"response_format: {exc}."
            body = error_body(
                500, message, code="response_format_violation", param="response_format"
            )
            return text, (500, body)

    def _choice_violation(self) -> tuple[int, dict[str, Any]] | None:
        """500 ``tool_choice_violation`` when a forced ``tool_choice`` was not followed (a
        model that cannot be forced: the scripted one, a custom service)."""
        choice = self.tool_choice
        if choice is None:
            return None
        names = [call["function"]["name"] for call in self._tool_calls()]
        wanted = choice["name"] if isinstance(choice, dict) else None
        if names and (wanted is None or names == [wanted] * len(names)):
            return None
        why = f"the model did not call {wanted!r}" if wanted else "the model called no tool"
        body = error_body(500, f"tool_choice: {why}.", code="tool_choice_violation")
        return 500, body

    def _failure(self) -> tuple[int, dict[str, Any]] | None:
        result = self.result
        if result.completed or result.error is None:
            return None
        code = error_code(result)
        status = 400 if code == "halted" else error_status(result) or 500
        return status, error_body(status, result.error, code=code)

    def usage(self, answer: str) -> Usage:
        """The turn's model calls' usage; when none counted any (the SQL planner answered
        without the model), the request's messages and ``answer`` estimated."""
        usage = self.result.usage
        return usage if usage.total_tokens else estimated_usage(self.prompt, answer)

    def _usage(self, answer: str) -> dict[str, int]:
        usage = self.usage(answer)
        return {
            "prompt_tokens": usage.input_tokens,
            "completion_tokens": usage.output_tokens,
            "total_tokens": usage.input_tokens + usage.output_tokens,
        }

    def _tool_calls(self) -> list[dict[str, Any]]:
        """The client tools' calls the turn paused on, as OpenAI ``tool_calls``."""
        result = self.result
        return [
            {
                "id": client_call_id(result.conversation_id, call.id),
                "type": "function",
                "function": {
                    "name": call.name,
                    "arguments": json.dumps(call.arguments, ensure_ascii=False),
                },
            }
            for call in result.pending_tool_calls
            if result.pending_reasons.get(call.id) == CLIENT_TOOL_REASON
        ]

    def _body(self, text: str) -> dict[str, Any]:
        calls = self._tool_calls()
        message: dict[str, Any] = {"role": "assistant", "content": text or None, "refusal": None}
        if calls:
            message["tool_calls"] = calls
        else:
            message["content"] = text
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if calls else "stop",
                    "logprobs": None,
                }
            ],
            "usage": self._usage(text),
        }

    def _chunk(self, delta: dict[str, Any], *, finish_reason: str | None = None) -> bytes:
        choice = {"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}
        return self._event({"choices": [choice]})

    def _usage_chunk(self, answer: str) -> bytes:
        return self._event({"choices": [], "usage": self._usage(answer)})

    def _event(self, fields: dict[str, Any]) -> bytes:
        payload = {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            **fields,
        }
        return sse_event(json.dumps(payload, ensure_ascii=False))

    # -- for the other OpenAI front end (``/v1/responses``) ---------------------------

    async def pieces(self, stream: AsyncIterator[UiComponent]) -> AsyncIterator[str]:
        """The answer's text as it streams (separators included), the turn recorded."""
        joiner = TextJoiner()
        async for component in recorded(stream, self.result):
            rich = component.rich_component
            if isinstance(rich, ErrorComponent) or is_client_tool_card(component):
                continue
            text = completion_text(component)
            if text:
                yield joiner.add(text, delta=isinstance(rich, RichTextComponent) and rich.delta)

    async def close(
        self, stream: AsyncIterator[UiComponent], server: ServerContext, outcome: str
    ) -> None:
        """End the request: the turn closed, tools released, the outcome counted."""
        await self._forget(stream)
        server.metrics.turns.labels(endpoint="openai", outcome=outcome).inc()

    def checked(self, text: str) -> tuple[str, tuple[int, dict[str, Any]] | None]:
        """The answer as sent, or the failure to send instead (see ``collect``)."""
        return self._checked(text)

    def tool_calls(self) -> list[dict[str, Any]]:
        """The client tools' calls the turn paused on, as OpenAI ``tool_calls``."""
        return self._tool_calls()
