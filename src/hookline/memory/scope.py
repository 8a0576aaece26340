"""Whose memories a turn sees: a scope key computed from the turn's context."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hookline.users.models import User

__all__ = ["MemoryContext", "MemoryScope", "tenant_scope", "user_scope"]


class MemoryContext(Protocol):
    """What memory reads from the turn: whose memories they are.

    The turn's ``ToolContext`` is one (memory is below tools and does not import
    them); so is any object with a ``user``.

    Example::

        memories = await memory.get_recent_memories(tool_context, limit=5)
    """

    @property
    def user(self) -> User:
        """The user the memories belong to."""
        ...


MemoryScope = Callable[[MemoryContext], str]
"""Maps a turn to the key its memories are stored and searched under."""


def user_scope(context: MemoryContext) -> str:
    """The default: every user has their own memories."""
    return f"user:{context.user.id}"


def tenant_scope(metadata_key: str = "tenant_id") -> MemoryScope:
    """A scope shared by the users whose ``user.metadata[metadata_key]`` is the same.

    A user without that key is refused (``ValueError``) rather than silently
    put in a shared bucket.

    Example::

        memory = SqliteAgentMemory("memory.db", scope=tenant_scope("org"))
    """

    def scope(context: MemoryContext) -> str:
        tenant = context.user.metadata.get(metadata_key)
        if tenant is None or tenant == "":
            raise ValueError(
                f"User {context.user.id!r} has no {metadata_key!r} in metadata: "
                "cannot choose a memory scope."
            )
        return f"tenant:{tenant}"

    return scope
