"""Step 4's lookup: the turn's conversation, found in the store or created there."""

from __future__ import annotations

from hookline.agent.saving import TurnWriter
from hookline.errors import AgentError, ConversationNotFoundError
from hookline.storage.models import Conversation, validate_conversation_id
from hookline.users.models import User

__all__ = ["find_or_create_conversation"]


async def find_or_create_conversation(
    writer: TurnWriter,
    user: User,
    conversation_id: str,
    *,
    requested: bool,
    resuming: bool,
) -> tuple[Conversation, bool]:
    """The conversation and whether it is new; ``AgentError`` for a bad or foreign id.

    ``requested``: the caller named the id (a new id is well-formed by construction).
    ``resuming``: a reviewer's decisions need an existing conversation.
    The lookup reads the store; a new conversation is created by the turn's ``writer``.
    """
    conversation = None
    if requested:
        try:
            validate_conversation_id(conversation_id)
        except ValueError as exc:
            raise AgentError(str(exc)) from None
        conversation = await writer.store.get_conversation(conversation_id, user)
    if conversation is not None:
        return conversation, False
    if resuming:
        raise AgentError("Conversation not found.")
    try:
        created = await writer.create(user, conversation_id)
    except ConversationNotFoundError:
        raise AgentError("Conversation not found.") from None
    return created, True
