"""``POST /agui``: the AG-UI protocol (RunAgentInput in, AG-UI events out as SSE).

Mapping of the component stream:

| hookline | AG-UI |
|---|---|
| start of the turn | ``RUN_STARTED`` |
| text (streamed deltas or a whole text) | ``TEXT_MESSAGE_START`` / ``_CONTENT`` / ``_END`` |
| tool activity "running" | ``TOOL_CALL_START`` / ``_ARGS`` (the JSON arguments) / ``_END`` |
| tool activity finished | ``TOOL_CALL_RESULT`` (what the model reads) |
| any other component (table, chart, card, status) | ``CUSTOM`` named ``hookline.component`` |
| failed or halted turn | ``RUN_ERROR`` (ends the run) |
| the run input's ``state`` | ``STATE_SNAPSHOT`` right after ``RUN_STARTED`` |
| the conversation after the turn | ``MESSAGES_SNAPSHOT`` before ``RUN_FINISHED`` |
| end of the turn | ``RUN_FINISHED`` (outcome ``interrupt`` when calls wait for approval) |

``threadId`` names the user's conversation: ``agui-`` + a hash of the user's
id and the thread id (``server/conversation_ids.py``), or the user's own
conversation of exactly that id.  ``resume`` entries answer the interrupts:
the interrupt id is the tool call id; ``status: "resolved"`` approves (a
payload ``{"approved": false, "reason": ...}`` rejects, ``{"arguments":
{...}}`` edits), ``"cancelled"`` rejects.  Every entry's payload carries the
interrupt's ``digest`` (``{"digest": ...}``): a decision is for the exact call
shown (409 ``approval_changed`` otherwise, 422 without it).

Frontend ``tools`` are offered to the model; a call of one ends the run
(``TOOL_CALL_START`` / ``_ARGS`` / ``_END``, outcome success) and the next
run's trailing ``tool`` messages continue the turn with the results.
``context`` and ``state`` reach the model as data (``server/agui_input.py``).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.components.rich import ErrorComponent, RichTextComponent, ToolExecutionComponent
from hookline.server.agui_input import (
    context_note,
    frontend_tools,
    snapshot_messages,
    tool_results,
)
from hookline.server.auth import request_context
from hookline.server.client_tools import CLIENT_TOOL_REASON, is_client_tool_card
from hookline.server.context import CurrentUser, ServerContext, ServerDep
from hookline.server.conversation_ids import is_reserved, scoped_id
from hookline.server.errors import ApiError
from hookline.server.sse import EventStreamResponse, sse_event
from hookline.server.streams import outcome_of, resume_stream, start_stream
from hookline.server.turns import new_result, recorded
from hookline.storage.models import validate_conversation_id
from hookline.tools.approval import ApprovalDecision, approve, reject
from hookline.users.models import User

__all__ = ["AguiTranslator", "RunAgentInput", "router"]

router = APIRouter()
_FAILURE_CODES = ("turn_failed", "halted")


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")


class ResumeEntry(_Camel):
    interrupt_id: str
    status: Literal["resolved", "cancelled"]
    payload: Any = None


class RunAgentInput(_Camel):
    """The AG-UI request body (fields hookline does not use are accepted)."""

    thread_id: str = Field(min_length=1)
    run_id: str = Field(min_length=1)
    messages: list[dict[str, Any]] = Field(default_factory=list)
    tools: list[dict[str, Any]] = Field(default_factory=list)
    context: list[dict[str, Any]] = Field(default_factory=list)
    state: Any = None
    resume: list[ResumeEntry] | None = None


@router.post("/agui", response_class=EventStreamResponse)
async def agui(
    body: RunAgentInput, request: Request, server: ServerDep, user: CurrentUser
) -> EventStreamResponse:
    """Run (or resume) a turn and stream AG-UI events."""
    conversation_id = await thread_conversation_id(server, body.thread_id, user)
    context = request_context(request)
    results = tool_results(body.messages)
    decisions = {entry.interrupt_id: _decision(entry) for entry in body.resume or ()}
    decisions.update({call_id: approve() for call_id in results})
    release = server.client_tools.offer(
        conversation_id,
        frontend_tools(body.tools),
        results,
        context=context_note(body.context, body.state),
    )
    result = new_result(conversation_id)
    try:
        if decisions:
            stream = await resume_stream(server, context, user, conversation_id, decisions, result)
        else:
            message = _last_user_text(body.messages)
            stream = await start_stream(server, context, user, message, conversation_id, result)
    except BaseException:
        release()
        raise
    translator = AguiTranslator(
        thread_id=body.thread_id,
        run_id=body.run_id,
        result=result,
        resumed=set(decisions),
        answered=set(results),
        model=server.agent.llm_service.model,
    )
    run = _Run(server, user, body.state, release)
    return EventStreamResponse(run.events(stream, translator))


async def thread_conversation_id(server: ServerContext, thread_id: str, user: User) -> str:
    """The user's conversation for ``thread_id``.

    A conversation of the user's named exactly ``thread_id`` (one started on
    ``/api/v1/chat``) continues; any other thread is ``agui-`` + a hash of the
    user's id and ``thread_id``, so no one can create another user's thread.
    """
    try:
        named = validate_conversation_id(thread_id)
    except ValueError:
        named = None
    store = server.agent.conversation_store
    if named and not is_reserved(named) and await store.get_conversation(named, user):
        return named
    return scoped_id("agui-", user, thread_id)


def _decision(entry: ResumeEntry) -> ApprovalDecision:
    """The decision of a resume entry; ``payload.digest`` names the call shown (the
    interrupt's ``digest``), checked before anything runs."""
    payload = entry.payload if isinstance(entry.payload, dict) else {}
    reason = payload.get("reason") if isinstance(payload.get("reason"), str) else None
    digest = payload.get("digest") if isinstance(payload.get("digest"), str) else None
    if entry.status == "cancelled" or payload.get("approved") is False:
        return reject(reason, digest=digest)
    arguments = payload.get("arguments")
    return approve(arguments if isinstance(arguments, dict) else None, digest=digest)


def _last_user_text(messages: list[dict[str, Any]]) -> str:
    for message in reversed(messages):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return content
        if isinstance(content, list):
            return "".join(
                str(p.get("text", ""))
                for p in content
                if isinstance(p, dict) and p.get("type") == "text"
            )
    raise ApiError(
        422, "messages: no message with role 'user'", code="invalid_request", param="messages"
    )


class _Run:
    """One run's stream: the snapshots around the turn's events, then the release."""

    def __init__(
        self, server: ServerContext, user: User, state: Any, release: Callable[[], None]
    ) -> None:
        self.server, self.user, self.state, self.release = server, user, state, release

    async def events(
        self, stream: AsyncIterator[UiComponent], translator: AguiTranslator
    ) -> AsyncIterator[bytes]:
        outcome = "cancelled"
        try:
            yield _encode(translator.started())
            if self.state is not None:
                yield _encode(translator.event("STATE_SNAPSHOT", snapshot=self.state))
            async for component in recorded(stream, translator.result):
                for event in translator.on_component(component):
                    yield _encode(event)
            if not translator.ended:
                for event in translator.close_text():
                    yield _encode(event)
                yield _encode(await self._messages(translator))
            for event in translator.finish():
                yield _encode(event)
            outcome = outcome_of(translator.result)
        finally:
            self.release()
            self.server.metrics.turns.labels(endpoint="agui", outcome=outcome).inc()

    async def _messages(self, translator: AguiTranslator) -> dict[str, Any]:
        conversation_id = translator.result.conversation_id
        store = self.server.agent.conversation_store
        conversation = await store.get_conversation(conversation_id, self.user)
        stored = conversation.messages if conversation is not None else []
        return translator.event(
            "MESSAGES_SNAPSHOT", messages=snapshot_messages(conversation_id, stored)
        )


def _encode(event: dict[str, Any]) -> bytes:
    return sse_event(json.dumps(event, ensure_ascii=False, separators=(",", ":")))


class AguiTranslator:
    """Turns hookline components into AG-UI event dicts (camelCase, as the protocol writes).

    Example::

        result = new_result("t1")  # hookline.server.turns: an empty RunResult
        translator = AguiTranslator(thread_id="t1", run_id="r1", result=result)
        events = [translator.started(), *translator.on_component(component), *translator.finish()]
    """

    def __init__(
        self,
        *,
        thread_id: str,
        run_id: str,
        result: RunResult,
        resumed: set[str] | None = None,
        answered: set[str] | None = None,
        model: str | None = None,
    ) -> None:
        self.thread_id = thread_id
        self.run_id = run_id
        self.result = result
        self.resumed = resumed or set()
        self.answered = answered or set()  # frontend tools' calls the client answered
        self.model = model
        self.open_message: str | None = None
        self.last_message: str | None = None
        self.ended = False

    def started(self) -> dict[str, Any]:
        return self.event("RUN_STARTED", threadId=self.thread_id, runId=self.run_id)

    def on_component(self, component: UiComponent) -> Iterator[dict[str, Any]]:
        if self.ended:
            return
        rich = component.rich_component
        if isinstance(rich, RichTextComponent):
            yield from self._text(rich.content, delta=rich.delta)
        elif isinstance(rich, ToolExecutionComponent):
            yield from self._close_text()
            yield from self._tool(rich)
        elif is_client_tool_card(component):
            yield from self._close_text()  # the frontend runs it: a tool call, not a card
        elif isinstance(rich, ErrorComponent) and rich.code in _FAILURE_CODES:
            yield from self._close_text()
            self.ended = True
            yield self.event("RUN_ERROR", message=rich.message, code=rich.code)
        else:
            yield from self._close_text()
            yield self.event("CUSTOM", name="hookline.component", value=component.to_dict())

    def finish(self) -> Iterator[dict[str, Any]]:
        if self.ended:
            return
        yield from self._close_text()
        self.ended = True
        result = self.result
        outcome: dict[str, Any] = {"type": "success"}
        waiting = [
            call
            for call in result.pending_tool_calls
            if result.pending_reasons.get(call.id) != CLIENT_TOOL_REASON
        ]
        if result.paused and waiting:
            outcome = {
                "type": "interrupt",
                "interrupts": [
                    {
                        "id": call.id,
                        "reason": "tool_approval",
                        "message": result.pending_reasons.get(call.id) or f"Approve {call.name}?",
                        "toolCallId": call.id,
                        "digest": result.pending_digests.get(call.id, ""),
                    }
                    for call in waiting
                ],
            }
        usage = result.usage
        yield self.event(
            "RUN_FINISHED",
            threadId=self.thread_id,
            runId=self.run_id,
            outcome=outcome,
            usage=[
                {
                    "model": self.model,
                    "inputTokens": usage.input_tokens,
                    "outputTokens": usage.output_tokens,
                    "totalTokens": usage.input_tokens + usage.output_tokens,
                }
            ],
        )

    def _text(self, content: str, *, delta: bool) -> Iterator[dict[str, Any]]:
        if not content:
            return
        if not delta:
            yield from self._close_text()
        if self.open_message is None:
            self.open_message = self.last_message = _new_id("msg")
            yield self.event("TEXT_MESSAGE_START", messageId=self.open_message, role="assistant")
        yield self.event("TEXT_MESSAGE_CONTENT", messageId=self.open_message, delta=content)
        if not delta:
            yield from self._close_text()

    def close_text(self) -> Iterator[dict[str, Any]]:
        """``TEXT_MESSAGE_END`` for a text message still open."""
        return self._close_text()

    def _close_text(self) -> Iterator[dict[str, Any]]:
        if self.open_message is not None:
            yield self.event("TEXT_MESSAGE_END", messageId=self.open_message)
            self.open_message = None

    def _tool(self, rich: ToolExecutionComponent) -> Iterator[dict[str, Any]]:
        call_id = rich.call_id
        if rich.status == "running":
            if call_id in self.resumed:
                return  # started (START/ARGS/END) in the run that paused
            start = {"toolCallId": call_id, "toolCallName": rich.tool}
            if self.last_message is not None:
                start["parentMessageId"] = self.last_message
            yield self.event("TOOL_CALL_START", **start)
            arguments = json.dumps(rich.arguments, ensure_ascii=False)
            yield self.event("TOOL_CALL_ARGS", toolCallId=call_id, delta=arguments)
            yield self.event("TOOL_CALL_END", toolCallId=call_id)
        elif rich.status != "pending" and call_id not in self.answered:
            content = self.result.tool_results.get(call_id) or rich.error or rich.status
            yield self.event(
                "TOOL_CALL_RESULT",
                messageId=_new_id("tool"),
                toolCallId=call_id,
                content=content,
                role="tool",
            )

    @staticmethod
    def event(kind: str, **fields: Any) -> dict[str, Any]:
        """An AG-UI event dict of type ``kind``, stamped with the time."""
        return {"type": kind, "timestamp": int(time.time() * 1000), **fields}


def _new_id(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(8)}"
