"""MemoryAgentMemory: agent memory in process lists, scored by word overlap (tests, demos)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, TypeVar

from hookline.memory.base import AgentMemory
from hookline.memory.models import (
    TextMemory,
    TextMemorySearchResult,
    ToolMemory,
    ToolMemorySearchResult,
)
from hookline.memory.scope import MemoryContext, MemoryScope, user_scope
from hookline.memory.text import new_memory_id, overlap_score

__all__ = ["MemoryAgentMemory"]

M = TypeVar("M", ToolMemory, TextMemory)


class MemoryAgentMemory(AgentMemory):
    """Keeps memories in this process; same contract as the SQLite and PostgreSQL memories.

    A memory matches a query when they share a word; ``similarity_score`` is
    the cosine of their word sets (0..1).  Scoped per user unless ``scope``
    says otherwise (see ``hookline.memory.scope``).

    Example::

        memory = MemoryAgentMemory()
        await memory.save_text_memory("Fiscal year starts in April.", context)
        hits = await memory.search_text_memories("when does the fiscal year start", context)
    """

    def __init__(self, *, scope: MemoryScope = user_scope) -> None:
        self._scope = scope
        self._tools: dict[str, list[ToolMemory]] = defaultdict(list)
        self._texts: dict[str, list[TextMemory]] = defaultdict(list)

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
        memory = ToolMemory.new(
            new_memory_id(), question, tool_name, args, success=success, metadata=metadata
        )
        self._tools[self._scope(context)].append(memory)
        return memory.model_copy(deep=True)

    async def search_similar_usage(
        self,
        question: str,
        context: MemoryContext,
        *,
        limit: int = 10,
        similarity_threshold: float = 0.0,
        tool_name_filter: str | None = None,
    ) -> list[ToolMemorySearchResult]:
        scored = [
            (overlap_score(question, m.question), m)
            for m in reversed(self._tools[self._scope(context)])
            if m.success and (tool_name_filter is None or m.tool_name == tool_name_filter)
        ]
        best = _best(scored, limit, similarity_threshold)
        return [
            ToolMemorySearchResult(memory=m.model_copy(deep=True), similarity_score=s, rank=i)
            for i, (s, m) in enumerate(best, start=1)
        ]

    async def save_text_memory(self, content: str, context: MemoryContext) -> TextMemory:
        memory = TextMemory(memory_id=new_memory_id(), content=content)
        self._texts[self._scope(context)].append(memory)
        return memory.model_copy()

    async def search_text_memories(
        self,
        query: str,
        context: MemoryContext,
        *,
        limit: int = 10,
        similarity_threshold: float = 0.0,
    ) -> list[TextMemorySearchResult]:
        scored = [
            (overlap_score(query, m.content), m)
            for m in reversed(self._texts[self._scope(context)])
        ]
        best = _best(scored, limit, similarity_threshold)
        return [
            TextMemorySearchResult(memory=m.model_copy(), similarity_score=s, rank=i)
            for i, (s, m) in enumerate(best, start=1)
        ]

    async def get_recent_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[ToolMemory]:
        newest = list(reversed(self._tools[self._scope(context)]))[:limit]
        return [m.model_copy(deep=True) for m in newest]

    async def get_recent_text_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[TextMemory]:
        newest = list(reversed(self._texts[self._scope(context)]))[:limit]
        return [m.model_copy() for m in newest]

    async def delete_by_id(self, context: MemoryContext, memory_id: str) -> bool:
        return _remove(self._tools[self._scope(context)], memory_id)

    async def delete_text_memory(self, context: MemoryContext, memory_id: str) -> bool:
        return _remove(self._texts[self._scope(context)], memory_id)


def _best(scored: list[tuple[float, M]], limit: int, threshold: float) -> list[tuple[float, M]]:
    """Matches (score > 0) at or above ``threshold``, best first, newest first on ties."""
    kept = [(s, m) for s, m in scored if s > 0 and s >= threshold]
    kept.sort(key=lambda pair: pair[0], reverse=True)
    return kept[: max(limit, 0)]


def _remove(memories: list[Any], memory_id: str) -> bool:
    for i, memory in enumerate(memories):
        if memory.memory_id == memory_id:
            del memories[i]
            return True
    return False
