"""Agent memory: the interface, its models and the backends.

``SqliteAgentMemory`` (FTS5, the default), ``MemoryAgentMemory`` (tests) and
``PostgresAgentMemory`` (many processes; imported on first access, so
``import hookline`` never needs asyncpg).  ``Embedder`` is the optional
text-to-vector hook for vector similarity.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from hookline.memory.base import AgentMemory
from hookline.memory.embedder import Embedder
from hookline.memory.in_memory import MemoryAgentMemory
from hookline.memory.models import (
    TextMemory,
    TextMemorySearchResult,
    ToolMemory,
    ToolMemorySearchResult,
)
from hookline.memory.scope import MemoryScope, tenant_scope, user_scope
from hookline.memory.sqlite import SqliteAgentMemory

if TYPE_CHECKING:
    from hookline.memory.postgres import PostgresAgentMemory

__all__ = [
    "AgentMemory",
    "Embedder",
    "MemoryAgentMemory",
    "MemoryScope",
    "PostgresAgentMemory",
    "SqliteAgentMemory",
    "TextMemory",
    "TextMemorySearchResult",
    "ToolMemory",
    "ToolMemorySearchResult",
    "tenant_scope",
    "user_scope",
]


def __getattr__(name: str) -> Any:
    if name == "PostgresAgentMemory":
        return import_module("hookline.memory.postgres").PostgresAgentMemory
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
