"""``POST /v1/responses``: a subset of OpenAI's Responses API over the same turn.

Honored: ``input`` (a string, or message items with ``input_text`` /
``output_text`` parts, ``function_call`` and ``function_call_output`` items),
``instructions`` (a client system message: marked, before the user's message),
``text.format`` (``json_object`` / ``json_schema``, enforced as
``response_format`` is), ``tools`` of type ``function`` and ``tool_choice``
(client tools, as on chat completions: a call comes back as a
``function_call`` output item; the next request's ``function_call_output``
item, with its ``call_id``, resumes the paused turn), ``stream`` (the
Responses API events, ``server/openai_responses_stream.py``), ``user`` and the
``X-Hookline-Conversation-Id`` header (as on chat completions).  Refused with
400 ``unsupported_parameter`` naming the field: ``previous_response_id`` (the
server keeps no response objects: name a conversation instead) and other
tool or item types.

Example::

    client.responses.create(model="hookline", input="How many customers?").output_text
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from hookline.server.context import CurrentUser, ServerDep
from hookline.server.errors import ApiError
from hookline.server.openai_compat import CONVERSATION_HEADER, start_completion
from hookline.server.openai_request import (
    ChatCompletionRequest,
    ResponseFormat,
    ResponsesRequest,
    unsupported,
)
from hookline.server.openai_responses_stream import ResponseObject
from hookline.server.sse import EventStreamResponse

__all__ = ["ResponsesRequest", "router"]

router = APIRouter()
_PART_TYPES = ("input_text", "output_text", "text")


@router.post("/v1/responses", response_model=None)
async def create_response(
    body: ResponsesRequest, request: Request, server: ServerDep, user: CurrentUser
) -> JSONResponse | EventStreamResponse:
    """A response object: the assistant's message (``output_text``) and the client
    tools' calls (``function_call`` items); ``stream: true`` for its events."""
    chat = as_chat_request(body)
    completion, stream = await start_completion(chat, request, server, user)
    headers = {CONVERSATION_HEADER: completion.result.conversation_id}
    response = ResponseObject(completion, body)
    if body.stream:
        return EventStreamResponse(response.events(stream, server), headers=headers)
    answer, failure = await completion.collect(stream, server)
    if failure is not None:
        status, error = failure
        return JSONResponse(error, status_code=status, headers=headers)
    return JSONResponse(response.body("completed", answer), headers=headers)


def as_chat_request(body: ResponsesRequest) -> ChatCompletionRequest:
    """The equivalent chat completion request; 400 for what the subset does not cover."""
    if body.previous_response_id is not None:
        raise unsupported(
            "previous_response_id",
            "responses are not stored; name a conversation with the "
            "X-Hookline-Conversation-Id header instead.",
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
            model=body.model,
            messages=_merged_calls(messages),
            user=body.user,
            response_format=response_format,
            tools=[_chat_tool(index, tool) for index, tool in enumerate(body.tools or ())],
            tool_choice=_chat_tool_choice(body.tool_choice),
        )
    except ValidationError as exc:
        message = f"input: {exc.errors()[0]['msg']}"
        raise ApiError(400, message, code="invalid_request", param="input") from None


def _chat_tool(index: int, tool: Any) -> Any:
    """A Responses function tool (flat) as a chat completions tool (nested)."""
    if not isinstance(tool, dict) or tool.get("type") != "function":
        raise unsupported(f"tools[{index}]", "only tools of type 'function' are supported.")
    function = {k: tool[k] for k in ("name", "description", "parameters") if k in tool}
    return {"type": "function", "function": function}


def _chat_tool_choice(choice: Any) -> Any:
    """``{"type": "function", "name": ...}`` in the chat completions form."""
    if isinstance(choice, dict) and choice.get("type") == "function" and "name" in choice:
        return {"type": "function", "function": {"name": choice["name"]}}
    return choice


def _merged_calls(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive assistant tool-call messages (one per ``function_call`` item) as one."""
    merged: list[dict[str, Any]] = []
    for message in messages:
        previous = merged[-1] if merged else None
        if previous is not None and previous.get("tool_calls") and message.get("tool_calls"):
            previous["tool_calls"] = [*previous["tool_calls"], *message["tool_calls"]]
        else:
            merged.append(message)
    return merged


def _item(index: int, item: dict[str, Any]) -> dict[str, Any]:
    kind = item.get("type", "message")
    if kind == "function_call":
        call = {"name": item.get("name"), "arguments": item.get("arguments", "")}
        calls = [{"id": item.get("call_id"), "type": "function", "function": call}]
        return {"role": "assistant", "content": None, "tool_calls": calls}
    if kind == "function_call_output":
        output = item.get("output")
        text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
        return {"role": "tool", "tool_call_id": item.get("call_id"), "content": text}
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
