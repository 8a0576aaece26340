"""Agent memory: the interface and its models."""

from hookline.memory.base import AgentMemory
from hookline.memory.models import (
    TextMemory,
    TextMemorySearchResult,
    ToolMemory,
    ToolMemorySearchResult,
)

__all__ = [
    "AgentMemory",
    "TextMemory",
    "TextMemorySearchResult",
    "ToolMemory",
    "ToolMemorySearchResult",
]
