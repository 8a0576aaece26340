"""AgentConfig: the knobs of the turn pipeline."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["AgentConfig", "Isolation"]

Isolation = Literal["none", "full", "selective"]
"""How a sub-agent's events reach its parent (``Agent.as_tool``)."""


@dataclass(kw_only=True)
class AgentConfig:
    """Settings of an agent's turn.

    ``stream``: stream model output (also on whenever a ``TextDeltaEvent`` or
    ``ThinkingDeltaEvent`` handler is registered).  ``parallel_tool_calls``:
    run the tool calls of one response concurrently (results keep call order).
    ``max_model_retries`` bounds ``retry_feedback`` / ``Retry`` re-asks per turn.
    ``max_message_chars``: longer user messages are refused with a clear error.
    ``turn_lock_timeout``: how long a turn waits for another turn on the same
    conversation (in this or another process) before ``ConversationBusy``.
    ``tool_ledger``: record every tool call in the store's effect ledger before it
    runs, and store each batch of calls as soon as it ran (docs/exactly-once.md).
    None (the default): on for stores that outlive the process (SQLite,
    PostgreSQL), off for the in-memory store (a crash loses its ledger with its
    conversations); True or False decides for every store.  ``auto_save=False``
    turns it off.
    """

    max_tool_iterations: int = 10
    stream: bool = False
    parallel_tool_calls: bool = True
    temperature: float | None = None
    max_tokens: int | None = None
    model: str | None = None
    auto_save: bool = True
    max_model_retries: int = 3
    max_message_chars: int = 100_000
    turn_lock_timeout: float = 60.0
    tool_ledger: bool | None = None

    def __post_init__(self) -> None:
        if self.max_tool_iterations < 1:
            raise ValueError("max_tool_iterations must be at least 1")
        if self.max_model_retries < 0:
            raise ValueError("max_model_retries must be 0 or more")
        if self.max_message_chars < 1:
            raise ValueError("max_message_chars must be at least 1")
        if self.turn_lock_timeout < 0:
            raise ValueError("turn_lock_timeout must be 0 or more")
