"""Conversation storage: the contract, the models, and the in-memory store."""

from hookline.storage.base import ConversationStore
from hookline.storage.memory import MemoryConversationStore
from hookline.storage.models import (
    Conversation,
    Message,
    new_conversation_id,
    validate_conversation_id,
)

__all__ = [
    "Conversation",
    "ConversationStore",
    "MemoryConversationStore",
    "Message",
    "new_conversation_id",
    "validate_conversation_id",
]
