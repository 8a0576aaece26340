"""AgentMemory: the interface of an agent's long-term memory.

Every operation takes the turn's context (a ``MemoryContext``: the turn's
``ToolContext`` or anything with a ``user``) so implementations can scope memories
to the user (or tenant) in ``context.user``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the models load with a backend, not with the Agent
    from hookline.memory.models import (
        TextMemory,
        TextMemorySearchResult,
        ToolMemory,
        ToolMemorySearchResult,
    )
    from hookline.memory.scope import MemoryContext

__all__ = ["AgentMemory"]


class AgentMemory(ABC):
    """Long-term memory used by the memory tools, ``/memories`` and the context enhancer."""

    @abstractmethod
    async def save_tool_usage(
        self,
        question: str,
        tool_name: str,
        args: dict[str, Any],
        context: MemoryContext,
        *,
        success: bool = True,
        metadata: dict[str, Any] | None = None,
    ) -> ToolMemory:
        """Remember that ``tool_name`` with ``args`` answered ``question``."""

    @abstractmethod
    async def search_similar_usage(
        self,
        question: str,
        context: MemoryContext,
        *,
        limit: int = 10,
        similarity_threshold: float = 0.0,
        tool_name_filter: str | None = None,
    ) -> list[ToolMemorySearchResult]:
        """Past tool uses for questions like ``question``, best first."""

    @abstractmethod
    async def save_text_memory(self, content: str, context: MemoryContext) -> TextMemory:
        """Remember a free-text fact."""

    @abstractmethod
    async def search_text_memories(
        self,
        query: str,
        context: MemoryContext,
        *,
        limit: int = 10,
        similarity_threshold: float = 0.0,
    ) -> list[TextMemorySearchResult]:
        """Text memories relevant to ``query``, best first."""

    @abstractmethod
    async def get_recent_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[ToolMemory]:
        """The newest tool memories."""

    @abstractmethod
    async def get_recent_text_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[TextMemory]:
        """The newest text memories."""

    @abstractmethod
    async def delete_by_id(self, context: MemoryContext, memory_id: str) -> bool:
        """Delete a tool memory; False when it was not found (or not the user's)."""

    @abstractmethod
    async def delete_text_memory(self, context: MemoryContext, memory_id: str) -> bool:
        """Delete a text memory; False when it was not found (or not the user's)."""
