"""What an agent remembers: successful tool uses and free-text memories."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import Field

from hookline._model import Model

__all__ = ["TextMemory", "TextMemorySearchResult", "ToolMemory", "ToolMemorySearchResult"]


def _now() -> datetime:
    return datetime.now(UTC)


class ToolMemory(Model):
    """A question and the tool call that answered it."""

    memory_id: str
    question: str
    tool_name: str
    args: dict[str, Any] = Field(default_factory=dict)
    success: bool = True
    metadata: dict[str, Any] = Field(default_factory=dict)
    timestamp: datetime = Field(default_factory=_now)

    @classmethod
    def new(
        cls,
        memory_id: str,
        question: str,
        tool_name: str,
        args: dict[str, Any],
        *,
        success: bool = True,
        metadata: dict[str, Any] | None = None,
    ) -> ToolMemory:
        """A memory made now, holding copies of ``args`` and ``metadata``."""
        return cls(
            memory_id=memory_id,
            question=question,
            tool_name=tool_name,
            args=dict(args),
            success=success,
            metadata=dict(metadata or {}),
            timestamp=_now(),
        )


class TextMemory(Model):
    """A free-text fact worth remembering ("fiscal year starts in April")."""

    memory_id: str
    content: str
    timestamp: datetime = Field(default_factory=_now)


class ToolMemorySearchResult(Model):
    memory: ToolMemory
    similarity_score: float
    rank: int


class TextMemorySearchResult(Model):
    memory: TextMemory
    similarity_score: float
    rank: int
