"""MemoryConversationStore: a conversation store in a dict, for tests and demos."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from hookline.errors import ConversationNotFoundError
from hookline.storage.base import ConversationStore
from hookline.storage.models import (
    Conversation,
    Message,
    new_conversation_id,
    validate_conversation_id,
)
from hookline.users.models import User

__all__ = ["MemoryConversationStore"]


class MemoryConversationStore(ConversationStore):
    """Keeps conversations in process memory. Same contract as the persistent stores.

    Returned conversations are copies: changing one does not change the store.
    """

    def __init__(self) -> None:
        self._conversations: dict[str, Conversation] = {}

    async def create_conversation(
        self,
        user: User,
        *,
        conversation_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Conversation:
        cid = validate_conversation_id(conversation_id or new_conversation_id())
        if cid in self._conversations:
            raise ConversationNotFoundError(f"Conversation id {cid!r} is not available.")
        conversation = Conversation(id=cid, user_id=user.id, metadata=dict(metadata or {}))
        self._conversations[cid] = conversation
        return conversation.model_copy(update={"messages": []})

    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        stored = self._owned(conversation_id, user)
        if stored is None:
            return None
        return stored.model_copy(
            update={"messages": list(stored.messages), "metadata": dict(stored.metadata)}
        )

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        stored = self._require(conversation_id, user)
        stored.messages.extend(m.model_copy() for m in messages)
        stored.updated_at = datetime.now(UTC)

    async def replace_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        stored = self._require(conversation_id, user)
        stored.messages = [m.model_copy() for m in messages]
        stored.updated_at = datetime.now(UTC)

    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        stored = self._require(conversation_id, user)
        stored.metadata = dict(metadata)
        stored.updated_at = datetime.now(UTC)

    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        owned = [c for c in self._conversations.values() if c.user_id == user.id]
        owned.sort(key=lambda c: c.updated_at, reverse=True)
        return [c.model_copy(update={"messages": []}) for c in owned[offset : offset + limit]]

    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        if self._owned(conversation_id, user) is None:
            return False
        del self._conversations[conversation_id]
        return True

    def _owned(self, conversation_id: str, user: User) -> Conversation | None:
        validate_conversation_id(conversation_id)
        stored = self._conversations.get(conversation_id)
        if stored is None or stored.user_id != user.id:
            return None
        return stored

    def _require(self, conversation_id: str, user: User) -> Conversation:
        stored = self._owned(conversation_id, user)
        if stored is None:
            raise ConversationNotFoundError(f"Conversation {conversation_id!r} not found.")
        return stored
