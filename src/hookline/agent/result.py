"""RunResult: what ``Agent.run`` returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from hookline.components.base import UiComponent
from hookline.llm.models import ToolCall, Usage

__all__ = ["RunResult"]


@dataclass(kw_only=True)
class RunResult:
    """The outcome of one turn run to completion.

    ``text`` is the final answer (after ``MessageCompletedEvent`` handlers);
    ``halted`` is True when a hook stopped the turn with ``AgentError``, and
    ``error`` then holds its message.  ``paused`` is True when tool calls
    wait for a reviewer (``pending_tool_calls``; continue with ``Agent.resume``).
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
