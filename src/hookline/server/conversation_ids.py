"""Conversation ids the server derives for a client, scoped by the resolved user.

A protocol's own key (an AG-UI ``threadId``, the OpenAI ``user`` field) is
never used as a conversation id as it is: another user could create that id
first and so take the thread over, or keep its owner out of it.  The server
derives ``<prefix>`` + a hash of the user's id and the key instead, and the
prefixes it derives under are reserved: a client may not name a new
conversation with one (only continue one it already owns).

Example::

    conversation_id = scoped_id("agui-", user, "thread-7")  # "agui-" + 32 hex digits
"""

from __future__ import annotations

import hashlib

from hookline.server.context import ServerContext
from hookline.server.errors import ApiError
from hookline.users.models import User

__all__ = ["RESERVED_PREFIXES", "check_client_named", "is_reserved", "scoped_id"]

RESERVED_PREFIXES = ("agui-", "oai-", "stateless-")


def scoped_id(prefix: str, user: User, key: str) -> str:
    """``prefix`` + the first 32 hex digits of sha256(user id, NUL, key)."""
    digest = hashlib.sha256(f"{user.id}\x00{key}".encode()).hexdigest()
    return f"{prefix}{digest[:32]}"


def is_reserved(conversation_id: str) -> bool:
    """True for an id under a prefix the server derives ids under."""
    return conversation_id.startswith(RESERVED_PREFIXES)


async def check_client_named(server: ServerContext, conversation_id: str, user: User) -> None:
    """Refuse (404) a client-named id under a reserved prefix unless the user owns it."""
    if not is_reserved(conversation_id):
        return
    store = server.agent.conversation_store
    if await store.get_conversation(conversation_id, user) is None:
        raise ApiError(
            404,
            f"Conversation not found (ids starting with {'/'.join(RESERVED_PREFIXES)} "
            "are derived by the server and cannot be chosen by a client).",
            code="conversation_not_found",
            param="conversation_id",
        )
