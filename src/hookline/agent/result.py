"""RunResult: what ``Agent.run`` returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from hookline.components.base import UiComponent
from hookline.llm.models import ToolCall, Usage

__all__ = ["RunResult"]


@dataclass(kw_only=True)
class RunResult:
    """The outcome of one turn: what ``Agent.run`` returns, and what the server
    records of a turn it streams; one builder makes both
    (``hookline.agent.collect.run_result``).

    ``text`` is the final answer (after ``MessageCompletedEvent`` handlers);
    ``halted`` is True when a hook stopped the turn with ``AgentError``, and
    ``error`` then holds its message.  ``paused`` is True when tool calls
    wait for a reviewer (``pending_tool_calls``, why in ``pending_reasons``
    by call id, the digest each card shows in ``pending_digests``; continue with
    ``Agent.resume``).  ``failed`` is True for a
    turn that failed: only a streamed turn's result shows it (``Agent.run``
    raises ``TurnFailedError`` instead).  ``tool_results`` is the text of each
    call's result that a user may read, by call id: what the model read, except for
    a failed call whose text for users differs (a crashed tool: its error id, not the
    exception the model read).
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
