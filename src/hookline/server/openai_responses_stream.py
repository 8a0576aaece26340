"""The Responses API's response object and its stream of events (``/v1/responses``).

Whole: ``{"object": "response", "output": [...], "usage": ...}`` with the
assistant's message (an ``output_text`` part) and one ``function_call`` item per
client tool call the turn paused on.  Streamed (``stream: true``), the events the
openai SDK's ``client.responses.stream`` consumes, in order::

    response.created, response.in_progress,
    response.output_item.added (message), response.content_part.added,
    response.output_text.delta ..., response.output_text.done,
    response.content_part.done, response.output_item.done,
    response.output_item.added (function_call), response.function_call_arguments.delta,
    response.function_call_arguments.done, response.output_item.done ...,
    response.completed  (or response.failed, with the error)

Example::

    with client.responses.stream(model="hookline", input="Hi") as stream:
        for event in stream:
            ...
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from hookline.components.base import UiComponent
from hookline.server.context import ServerContext
from hookline.server.sse import sse_event
from hookline.server.streams import outcome_of

if TYPE_CHECKING:
    from hookline.server.openai_compat import Completion
    from hookline.server.openai_request import ResponsesRequest

__all__ = ["ResponseObject"]


class ResponseObject:
    """One request's response object, whole (``body``) or as events (``events``)."""

    def __init__(self, completion: Completion, request: ResponsesRequest) -> None:
        self.completion = completion
        self.request = request
        self.id = "resp_" + secrets.token_hex(12)
        self.message_id = "msg_" + secrets.token_hex(12)
        self.sequence = 0

    def body(
        self, status: str, answer: str | None, error: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The response object (``answer`` None: no output yet)."""
        output = [] if answer is None or error is not None else self._output(answer)
        usage = None if answer is None else self.completion.usage(answer)
        return {
            "id": self.id,
            "object": "response",
            "created_at": self.completion.created,
            "status": status,
            "model": self.completion.model,
            "instructions": self.request.instructions,
            "output": output,
            "parallel_tool_calls": True,
            "tool_choice": self.request.tool_choice or "auto",
            "tools": self.request.tools or [],
            "error": error,
            "incomplete_details": None,
            "usage": None
            if usage is None
            else {
                "input_tokens": usage.input_tokens,
                "output_tokens": usage.output_tokens,
                "total_tokens": usage.total_tokens,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens_details": {"reasoning_tokens": 0},
            },
        }

    def _output(self, answer: str) -> list[dict[str, Any]]:
        calls = [self._call_item(call) for call in self.completion.tool_calls()]
        if calls and not answer:
            return calls
        return [self._message(answer), *calls]

    def _message(self, text: str, status: str = "completed") -> dict[str, Any]:
        content = [_text_part(text)] if status == "completed" else []
        return {
            "type": "message",
            "id": self.message_id,
            "status": status,
            "role": "assistant",
            "content": content,
        }

    @staticmethod
    def _call_item(call: dict[str, Any], status: str = "completed") -> dict[str, Any]:
        function = call["function"]
        return {
            "type": "function_call",
            "id": "fc_" + call["id"].rsplit("~", 1)[-1],
            "call_id": call["id"],
            "name": function["name"],
            "arguments": function["arguments"] if status == "completed" else "",
            "status": status,
        }

    async def events(
        self, stream: AsyncIterator[UiComponent], server: ServerContext
    ) -> AsyncIterator[bytes]:
        """The response's events while the turn runs (see the module doc)."""
        completion = self.completion
        outcome = "cancelled"
        try:
            yield self._event("response.created", response=self.body("in_progress", None))
            yield self._event("response.in_progress", response=self.body("in_progress", None))
            parts: list[str] = []
            async for piece in completion.pieces(stream):
                if not parts:
                    for event in self._text_opened():
                        yield event
                parts.append(piece)
                yield self._text_event("response.output_text.delta", delta=piece)
            outcome = outcome_of(completion.result)
            for event in self._finished("".join(parts), opened=bool(parts)):
                yield event
        finally:
            await completion.close(stream, server, outcome)

    def _text_opened(self) -> list[bytes]:
        item = self._message("", status="in_progress")
        return [
            self._event("response.output_item.added", output_index=0, item=item),
            self._text_event("response.content_part.added", part=_text_part("")),
        ]

    def _finished(self, text: str, *, opened: bool) -> list[bytes]:
        answer, failure = self.completion.checked(text)
        if failure is not None:
            error = failure[1]["error"]
            error_field = {"code": error.get("code") or "server_error", "message": error["message"]}
            return [self._event("response.failed", response=self.body("failed", "", error_field))]
        events: list[bytes] = []
        if opened:
            events += [
                self._text_event("response.output_text.done", text=answer),
                self._text_event("response.content_part.done", part=_text_part(answer)),
                self._event(
                    "response.output_item.done", output_index=0, item=self._message(answer)
                ),
            ]
        for index, call in enumerate(self.completion.tool_calls(), start=int(opened)):
            events += self._call_events(index, call)
        events.append(self._event("response.completed", response=self.body("completed", answer)))
        return events

    def _call_events(self, index: int, call: dict[str, Any]) -> list[bytes]:
        item = self._call_item(call)
        arguments = item["arguments"]
        where = {"output_index": index, "item_id": item["id"]}
        return [
            self._event(
                "response.output_item.added",
                output_index=index,
                item=self._call_item(call, "in_progress"),
            ),
            self._event("response.function_call_arguments.delta", **where, delta=arguments),
            self._event("response.function_call_arguments.done", **where, arguments=arguments),
            self._event("response.output_item.done", output_index=index, item=item),
        ]

    def _text_event(self, kind: str, **fields: Any) -> bytes:
        where: dict[str, Any] = {"item_id": self.message_id, "output_index": 0}
        where["content_index"] = 0
        if kind in ("response.output_text.delta", "response.output_text.done"):
            where["logprobs"] = []
        return self._event(kind, **where, **fields)

    def _event(self, kind: str, **fields: Any) -> bytes:
        payload = {"type": kind, "sequence_number": self.sequence, **fields}
        self.sequence += 1
        return sse_event(json.dumps(payload, ensure_ascii=False), event=kind)


def _text_part(text: str) -> dict[str, Any]:
    return {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
