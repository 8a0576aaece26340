"""``GET /api/v1/conversations`` (paginated), ``GET`` / ``DELETE /api/v1/conversations/{id}``.

Everything is scoped to the resolved user: another user's conversation is
"not found" (404), exactly like one that does not exist.  One bad stored row
never breaks the list: a conversation that fails to load is listed from its
summary (and logged with an error id), and text no UTF-8 encoder can write
(a lone surrogate stored before input was checked) is shown as U+FFFD.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from fastapi.responses import JSONResponse

from hookline._error_ids import new_error_id
from hookline.server.context import CurrentUser, ServerDep
from hookline.server.sse import utf8
from hookline.server.streams import conversation_not_found, find_conversation
from hookline.storage.base import ConversationStore
from hookline.storage.models import Conversation, Message
from hookline.storage.titles import TITLE_KEY, clean_title
from hookline.tools.approval import PENDING_KEY, pending_calls
from hookline.tools.result import USER_TEXT_KEY
from hookline.users.models import User

__all__ = ["SafeJsonResponse", "conversation_json", "router"]

logger = logging.getLogger("hookline.server")
router = APIRouter()
_TITLE_CHARS = 80


class SafeJsonResponse(JSONResponse):
    """JSON whose text is always valid UTF-8: unencodable characters become U+FFFD."""

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=False, separators=(",", ":"))
        return utf8(text)


@router.get("/api/v1/conversations")
async def list_conversations(
    server: ServerDep,
    user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> SafeJsonResponse:
    """The user's conversations, newest activity first, with a title and a message count."""
    store = server.agent.conversation_store
    page = await store.list_conversations(user, limit=limit, offset=offset)
    loaded = await asyncio.gather(*(_load(store, c, user) for c in page))
    body = {
        "conversations": [_summary(conversation) for conversation in loaded],
        "limit": limit,
        "offset": offset,
        "next_offset": offset + limit if len(page) == limit else None,
    }
    return SafeJsonResponse(body)


async def _load(store: ConversationStore, listed: Conversation, user: User) -> Conversation:
    """The whole conversation (for its title and count), or the listed summary when it
    cannot be loaded."""
    try:
        return await store.get_conversation(listed.id, user) or listed
    except Exception as exc:
        error_id = new_error_id()
        logger.error(
            "conversation %s could not be loaded for the list [%s]: %s",
            listed.id,
            error_id,
            type(exc).__name__,
            exc_info=exc,
        )
        return listed


@router.get("/api/v1/conversations/{conversation_id}")
async def get_conversation(
    conversation_id: str, server: ServerDep, user: CurrentUser
) -> SafeJsonResponse:
    """One conversation with its messages and the tool calls waiting for approval."""
    conversation = await find_conversation(server, conversation_id, user)
    return SafeJsonResponse(conversation_json(conversation))


@router.delete("/api/v1/conversations/{conversation_id}", status_code=204)
async def delete_conversation(
    conversation_id: str, server: ServerDep, user: CurrentUser
) -> Response:
    """Delete it (204); 404 when there is nothing of the user's to delete."""
    await find_conversation(server, conversation_id, user)  # 404 for a malformed id too
    if not await server.agent.conversation_store.delete_conversation(conversation_id, user):
        raise conversation_not_found()
    return Response(status_code=204)


def conversation_json(conversation: Conversation) -> dict[str, Any]:
    """The JSON of a conversation: summary fields, messages, pending tool calls."""
    metadata = {k: v for k, v in conversation.metadata.items() if k != PENDING_KEY}
    return {
        **_summary(conversation),
        "metadata": metadata,
        "messages": [_message(m) for m in conversation.messages],
        "pending_tool_calls": [
            {
                "id": p.call.id,
                "name": p.call.name,
                "arguments": p.call.arguments,
                "reason": p.reason,
                "state": p.state,
                "digest": p.digest,
            }
            for p in pending_calls(conversation)
        ],
    }


def _summary(conversation: Conversation) -> dict[str, Any]:
    return {
        "id": conversation.id,
        "title": _title(conversation),
        "created_at": conversation.created_at.isoformat(),
        "updated_at": conversation.updated_at.isoformat(),
        "message_count": len(conversation.messages),
    }


def _title(conversation: Conversation) -> str:
    """The stored title, else the first user message's text (``clean_title`` both)."""
    title = conversation.metadata.get(TITLE_KEY)
    if isinstance(title, str) and clean_title(title):
        return clean_title(title)[:_TITLE_CHARS]
    for message in conversation.messages:
        text = clean_title(message.content or "") if message.role == "user" else ""
        if text:
            return text if len(text) <= _TITLE_CHARS else text[: _TITLE_CHARS - 1] + "…"
    return "New conversation"


def _tool_status(message: Message) -> str | None:
    """How a tool call ended ("success", "error", "interrupted" ...), for tool messages."""
    if message.role != "tool":
        return None
    status = message.metadata.get("status") or message.metadata.get("hookline")
    return str(status) if status else None


def _message(message: Message) -> dict[str, Any]:
    shown = message.metadata.get(USER_TEXT_KEY) if message.role == "tool" else None
    return {
        "role": message.role,
        "content": shown if isinstance(shown, str) else message.content,
        "tool_calls": [
            {"id": c.id, "name": c.name, "arguments": c.arguments} for c in message.tool_calls or ()
        ],
        "tool_call_id": message.tool_call_id,
        "name": message.name,
        "status": _tool_status(message),
        "created_at": message.created_at.isoformat(),
    }
