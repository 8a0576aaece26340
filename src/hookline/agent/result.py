"""RunResult: what ``Agent.run`` returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from hookline.components.base import UiComponent
from hookline.llm.models import ToolCall, Usage

__all__ = ["RunResult"]


@dataclass(kw_only=True)
class RunResult:
    """The outcome of one turn: what ``Agent.run`` returns, and what the server
    builds while it streams a turn (``hookline.server.turns``).

    ``text`` is the final answer (after ``MessageCompletedEvent`` handlers);
    ``halted`` is True when a hook stopped the turn with ``AgentError``, and
    ``error`` then holds its message.  ``paused`` is True when tool calls
    wait for a reviewer (``pending_tool_calls``, why in ``pending_reasons``
    by call id, the digest each card shows in ``pending_digests``; continue with
    ``Agent.resume``).  ``failed`` is True for a
    turn that failed: only a streamed turn's result shows it (``Agent.run``
    raises ``TurnFailedError`` instead).  ``tool_results`` is the text each
    tool call gave the model, by call id (the server fills it for the turns
    it streams).
    """

    text: str
    conversation_id: str
    usage: Usage
    tool_calls: list[ToolCall] = field(default_factory=list)
    components: list[UiComponent] = field(default_factory=list)
    halted: bool = False
    error: str | None = None
    paused: bool = False
    pending_tool_calls: list[ToolCall] = field(default_factory=list)
    pending_reasons: dict[str, str] = field(default_factory=dict)
    pending_digests: dict[str, str] = field(default_factory=dict)
    failed: bool = False
    tool_results: dict[str, str] = field(default_factory=dict)

    @property
    def completed(self) -> bool:
        """True unless the turn failed or was halted (a paused turn is completed)."""
        return not (self.failed or self.halted)
