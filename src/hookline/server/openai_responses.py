"""``POST /v1/responses``: a subset of OpenAI's Responses API over the same turn.

Honored: ``input`` (a string, or message items with ``input_text`` /
``output_text`` parts), ``instructions`` (a client system message: marked,
before the user's message), ``text.format`` (``json_object`` /
``json_schema``, enforced as ``response_format`` is), ``user`` and the
``X-Hookline-Conversation-Id`` header (as on chat completions).  Refused with
400 ``unsupported_parameter`` naming the field: ``stream``,
``previous_response_id`` (the server keeps no response objects: name a
conversation instead), ``tools`` / ``tool_choice`` and function-call items.

Example::

    client.responses.create(model="hookline", input="How many customers?").output_text
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, ValidationError

from hookline.server.context import CurrentUser, ServerDep
from hookline.server.errors import ApiError
from hookline.server.openai_compat import CONVERSATION_HEADER, start_completion
from hookline.server.openai_request import ChatCompletionRequest, ResponseFormat, unsupported

__all__ = ["ResponsesRequest", "router"]

router = APIRouter()
_PART_TYPES = ("input_text", "output_text", "text")


class ResponsesRequest(BaseModel):
    """The Responses API request body (the subset above)."""

    model_config = ConfigDict(extra="allow")

    model: str | None = None
    input: str | list[dict[str, Any]]
    instructions: str | None = None
    stream: bool = False
    user: str | None = None
    previous_response_id: str | None = None
    tools: list[Any] | None = None
    tool_choice: Any = None
    text: dict[str, Any] | None = None


@router.post("/v1/responses")
async def create_response(
    body: ResponsesRequest, request: Request, server: ServerDep, user: CurrentUser
) -> JSONResponse:
    """A response object with one assistant message (``output_text``)."""
    chat = as_chat_request(body)
    completion, stream = await start_completion(chat, request, server, user)
    answer, failure = await completion.collect(stream, server)
    headers = {CONVERSATION_HEADER: completion.result.conversation_id}
    if failure is not None:
        status, error = failure
        return JSONResponse(error, status_code=status, headers=headers)
    usage = completion.usage(answer)
    payload = {
        "id": "resp_" + secrets.token_hex(12),
        "object": "response",
        "created_at": completion.created,
        "status": "completed",
        "model": completion.model,
        "instructions": body.instructions,
        "output": [_message(answer)],
        "parallel_tool_calls": False,
        "tool_choice": "auto",
        "tools": [],
        "error": None,
        "incomplete_details": None,
        "usage": {
            "input_tokens": usage.input_tokens,
            "output_tokens": usage.output_tokens,
            "total_tokens": usage.input_tokens + usage.output_tokens,
        },
    }
    return JSONResponse(payload, headers=headers)


def _message(text: str) -> dict[str, Any]:
    return {
        "type": "message",
        "id": "msg_" + secrets.token_hex(12),
        "status": "completed",
        "role": "assistant",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


def as_chat_request(body: ResponsesRequest) -> ChatCompletionRequest:
    """The equivalent chat completion request; 400 for what the subset does not cover."""
    if body.stream:
        raise unsupported(
            "stream",
            "streaming is not supported on /v1/responses; "
            "use /v1/chat/completions with stream=true.",
        )
    if body.previous_response_id is not None:
        raise unsupported(
            "previous_response_id",
            "responses are not stored; name a conversation with the "
            "X-Hookline-Conversation-Id header instead.",
        )
    if body.tools or body.tool_choice not in (None, "auto"):
        raise unsupported(
            "tools" if body.tools else "tool_choice", "client-side tools are not supported."
        )
    messages: list[dict[str, Any]] = []
    if body.instructions:
        messages.append({"role": "system", "content": body.instructions})
    if isinstance(body.input, str):
        messages.append({"role": "user", "content": body.input})
    else:
        messages.extend(_item(index, item) for index, item in enumerate(body.input))
    response_format = _format(body.text)
    try:
        return ChatCompletionRequest(
            model=body.model, messages=messages, user=body.user, response_format=response_format
        )
    except ValidationError as exc:
        message = f"input: {exc.errors()[0]['msg']}"
        raise ApiError(400, message, code="invalid_request", param="input") from None


def _item(index: int, item: dict[str, Any]) -> dict[str, Any]:
    kind = item.get("type", "message")
    if kind != "message" or "role" not in item:
        raise unsupported(f"input[{index}].type", f"items of type {kind!r} are not supported.")
    content = item.get("content")
    if isinstance(content, list):
        content = "".join(
            str(part.get("text", ""))
            for part in content
            if isinstance(part, dict) and part.get("type") in _PART_TYPES
        )
    return {"role": item["role"], "content": content}


def _format(text: dict[str, Any] | None) -> ResponseFormat | None:
    fmt = (text or {}).get("format")
    if not isinstance(fmt, dict):
        return None
    value: dict[str, Any] = {"type": fmt.get("type")}
    if fmt.get("type") == "json_schema":
        value["json_schema"] = {"name": fmt.get("name", "response"), "schema": fmt.get("schema")}
    try:
        return ResponseFormat.model_validate(value)
    except ValidationError:
        message = f"text.format.type: {fmt.get('type')!r} is not text, json_object or json_schema."
        raise ApiError(400, message, code="invalid_request", param="text.format") from None
