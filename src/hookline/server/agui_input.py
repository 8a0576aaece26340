"""What an AG-UI run input brings besides the user's message, and the messages snapshot.

- ``tools`` (frontend tools) are client tools (``server/client_tools.py``).
- The trailing ``tool`` messages answer the frontend tools' calls the
  previous run ended with: the paused turn continues with them.
- ``context`` entries and ``state`` are data for the model, added to the
  turn's system prompt under a marked heading.
- ``MESSAGES_SNAPSHOT`` carries the conversation as stored, in AG-UI's
  message shapes (ids ``<conversation>-<index>``).

Example::

    context_note([{"description": "page", "value": "/orders/7"}], {"cart": 2})
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from hookline.llm.models import ToolSchema
from hookline.server.errors import ApiError
from hookline.storage.models import Message
from hookline.tools.result import USER_TEXT_KEY

__all__ = ["context_note", "frontend_tools", "snapshot_messages", "tool_results"]


def frontend_tools(tools: Sequence[dict[str, Any]]) -> list[ToolSchema]:
    """The run input's ``tools`` as schemas; 422 naming a malformed one."""
    schemas = []
    for index, tool in enumerate(tools):
        try:
            schemas.append(
                ToolSchema(
                    name=tool["name"],
                    description=tool.get("description") or "",
                    parameters=tool.get("parameters") or {"type": "object", "properties": {}},
                )
            )
        except (KeyError, TypeError, AttributeError, ValidationError):
            raise ApiError(
                422,
                f"tools[{index}]: needs a 'name' and a JSON Schema 'parameters'.",
                code="invalid_request",
                param=f"tools[{index}]",
            ) from None
    return schemas


def tool_results(messages: Sequence[dict[str, Any]]) -> dict[str, str]:
    """The trailing ``tool`` messages' contents by ``toolCallId`` (empty: a new message)."""
    results: dict[str, str] = {}
    for message in reversed(messages):
        if message.get("role") != "tool":
            break
        call_id = message.get("toolCallId")
        if not isinstance(call_id, str) or not call_id:
            raise ApiError(
                422,
                "messages: a tool message needs its 'toolCallId'.",
                code="invalid_request",
                param="messages",
            )
        content = message.get("content")
        results[call_id] = content if isinstance(content, str) else json.dumps(content)
    return results


def context_note(context: Sequence[dict[str, Any]], state: Any) -> str | None:
    """The text added to the system prompt for ``context`` and ``state`` (None: nothing)."""
    lines = [f"- {entry.get('description', '')}: {entry.get('value', '')}" for entry in context]
    if state not in (None, {}, []):
        lines.append(f"- shared state (JSON): {json.dumps(state, ensure_ascii=False)}")
    return "\n".join(lines) or None


def snapshot_messages(conversation_id: str, messages: Sequence[Message]) -> list[dict[str, Any]]:
    """The stored messages as AG-UI messages (system messages left out)."""
    snapshot = []
    for index, message in enumerate(messages):
        entry: dict[str, Any] = {"id": f"{conversation_id}-{index}", "role": message.role}
        if message.role == "tool":
            shown = message.metadata.get(USER_TEXT_KEY)  # a failed tool's text for users
            content = shown if isinstance(shown, str) else message.content or ""
            entry.update(content=content, toolCallId=message.tool_call_id or "")
        elif message.role in ("user", "assistant"):
            if message.content or message.role == "user":  # no assistant content: no key
                entry["content"] = message.content or ""
            if message.tool_calls:
                entry["toolCalls"] = [_call(call) for call in message.tool_calls]
        else:
            continue
        snapshot.append(entry)
    return snapshot


def _call(call: Any) -> dict[str, Any]:
    arguments = json.dumps(call.arguments, ensure_ascii=False)
    return {
        "id": call.id,
        "type": "function",
        "function": {"name": call.name, "arguments": arguments},
    }
