"""A conversation and its messages, as stored."""

from __future__ import annotations

import functools
import os
import re
from datetime import UTC, datetime
from typing import Any

from pydantic import Field

from hookline._model import Model
from hookline.llm.models import LlmMessage

__all__ = [
    "CONVERSATION_ID_PATTERN",
    "HIDDEN_KEY",
    "Conversation",
    "Message",
    "is_hidden",
    "new_conversation_id",
    "validate_conversation_id",
]

CONVERSATION_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,127}$")

HIDDEN_KEY = "hookline.hidden"
"""Metadata key: ``True`` keeps the conversation out of ``list_conversations`` (every store).

A stateless OpenAI request's conversation carries it from its creation to its
deletion, so no listing ever shows it (``server/stateless.py``).  It is still
reachable by id, by its owner only, like any conversation.
"""


_now = functools.partial(datetime.now, UTC)  # a C call: no Python frame per message


class Message(LlmMessage):
    """A stored message: an ``LlmMessage`` plus time and metadata.

    Because it *is* an ``LlmMessage``, history goes to the model without copying.
    ``metadata={"transient": True}`` is the convention for messages that a
    ``SaveTurnMessagesEvent`` handler should keep out of storage.
    """

    created_at: datetime = Field(default_factory=_now)
    metadata: dict[str, Any] = Field(default_factory=dict)


class Conversation(Model):
    """A user's conversation. ``user_id`` is the owner; only they can reach it."""

    id: str
    user_id: str
    messages: list[Message] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime = Field(default_factory=_now)
    updated_at: datetime = Field(default_factory=_now)


def is_hidden(metadata: dict[str, Any]) -> bool:
    """True when ``metadata`` keeps its conversation out of the listings (``HIDDEN_KEY``)."""
    return metadata.get(HIDDEN_KEY) is True


def new_conversation_id() -> str:
    """A fresh opaque id: 32 random hex digits."""
    return os.urandom(16).hex()


def validate_conversation_id(conversation_id: str) -> str:
    """Return the id if it is well-formed, else raise ``ValueError`` saying why.

    Ids are 1-128 characters of letters, digits and ``_ . : -``, starting with a
    letter or digit: nothing a store, a URL or a log line needs to escape.
    """
    if not isinstance(conversation_id, str) or not CONVERSATION_ID_PATTERN.match(conversation_id):
        raise ValueError(
            "Invalid conversation id: use 1-128 letters, digits, '_', '.', ':' or '-', "
            "starting with a letter or digit."
        )
    return conversation_id
