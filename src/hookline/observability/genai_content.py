"""Message content in the GenAI conventions' JSON shape (only with ``capture_content``).

``gen_ai.input.messages`` and ``gen_ai.output.messages`` are JSON arrays of
``{"role": ..., "parts": [...]}``; a part is ``{"type": "text", "content": ...}``,
``{"type": "tool_call", "id", "name", "arguments"}`` or
``{"type": "tool_call_response", "id", "response"}``.
"""

from __future__ import annotations

import json
from typing import Any

from hookline.llm.models import LlmMessage, LlmRequest, LlmResponse, ToolCall

__all__ = ["input_messages", "output_messages", "system_instructions", "to_json"]


def to_json(value: Any) -> str:
    """Compact JSON; values JSON cannot encode become strings."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def input_messages(request: LlmRequest) -> str:
    """``gen_ai.input.messages`` for ``request``."""
    return to_json([_message(message) for message in request.messages])


def system_instructions(request: LlmRequest) -> str | None:
    """``gen_ai.system_instructions`` for ``request``; None without a system prompt."""
    if not request.system_prompt:
        return None
    return to_json([{"type": "text", "content": request.system_prompt}])


def output_messages(response: LlmResponse) -> str:
    """``gen_ai.output.messages`` for ``response`` (one assistant message)."""
    message = {
        "role": "assistant",
        "parts": _parts(response.content, response.tool_calls),
        "finish_reason": response.finish_reason or "stop",
    }
    return to_json([message])


def _message(message: LlmMessage) -> dict[str, Any]:
    if message.role == "tool":
        part = {
            "type": "tool_call_response",
            "id": message.tool_call_id,
            "response": message.content,
        }
        return {"role": "tool", "parts": [part]}
    return {"role": message.role, "parts": _parts(message.content, message.tool_calls)}


def _parts(content: str | None, calls: list[ToolCall] | None) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = []
    if content:
        parts.append({"type": "text", "content": content})
    for call in calls or ():
        parts.append(
            {"type": "tool_call", "id": call.id, "name": call.name, "arguments": call.arguments}
        )
    return parts
