"""ToolContext: what a tool knows about the turn it runs in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.hooks.registry import HookRegistry

__all__ = ["ToolContext"]


@dataclass(kw_only=True)
class ToolContext:
    """Per-turn context handed to every tool call of the turn.

    ``metadata`` is where ``ToolContextEnricher``s (``EnrichToolContextEvent``
    handlers) put what tools should read: time zone, feature flags, ...
    ``hooks`` is the turn's registry, used by sub-agents for isolation.
    """

    user: User
    conversation_id: str
    request_id: str
    agent_memory: Any = None
    observability_provider: Any = None
    metadata: dict[str, Any] = field(default_factory=dict)
    hooks: HookRegistry | None = None
