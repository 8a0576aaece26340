"""Agent memory: the interface, its models and the backends.

``SqliteAgentMemory`` (FTS5, the default), ``MemoryAgentMemory`` (tests) and
``PostgresAgentMemory`` (many processes).  ``Embedder`` is the optional
text-to-vector hook for vector similarity; ``MiniLmEmbedder`` is an offline
one (NumPy, no torch).  Only ``AgentMemory`` (the interface the ``Agent``
takes) is imported with the package; every other name loads its module on
first access, so ``import hookline`` needs neither asyncpg, NumPy nor SQLite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookline._lazy import load
from hookline.memory.base import AgentMemory

if TYPE_CHECKING:
    from hookline.memory.embedder import Embedder
    from hookline.memory.in_memory import MemoryAgentMemory
    from hookline.memory.minilm import MiniLmEmbedder
    from hookline.memory.models import (
        TextMemory,
        TextMemorySearchResult,
        ToolMemory,
        ToolMemorySearchResult,
    )
    from hookline.memory.postgres import PostgresAgentMemory
    from hookline.memory.scope import MemoryContext, MemoryScope, tenant_scope, user_scope
    from hookline.memory.sqlite import SqliteAgentMemory

__all__ = [
    "AgentMemory",
    "Embedder",
    "MemoryAgentMemory",
    "MemoryContext",
    "MemoryScope",
    "MiniLmEmbedder",
    "PostgresAgentMemory",
    "SqliteAgentMemory",
    "TextMemory",
    "TextMemorySearchResult",
    "ToolMemory",
    "ToolMemorySearchResult",
    "tenant_scope",
    "user_scope",
]


_LAZY = {  # the Agent needs only the interface: models and backends load on first use
    "Embedder": "hookline.memory.embedder",
    "MemoryAgentMemory": "hookline.memory.in_memory",
    "MemoryContext": "hookline.memory.scope",
    "MemoryScope": "hookline.memory.scope",
    "MiniLmEmbedder": "hookline.memory.minilm",
    "PostgresAgentMemory": "hookline.memory.postgres",
    "SqliteAgentMemory": "hookline.memory.sqlite",
    "TextMemory": "hookline.memory.models",
    "TextMemorySearchResult": "hookline.memory.models",
    "ToolMemory": "hookline.memory.models",
    "ToolMemorySearchResult": "hookline.memory.models",
    "tenant_scope": "hookline.memory.scope",
    "user_scope": "hookline.memory.scope",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _LAZY, name)
