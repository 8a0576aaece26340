"""WorkflowRunResult: what ``Workflow.run`` and ``Workflow.resume`` return."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from hookline.llm.models import ToolCall, Usage
from hookline.workflows.context import ContextVariables, InputRequest
from hookline.workflows.state import USER_SPEAKER, TranscriptEntry

__all__ = ["WorkflowRunResult"]


@dataclass(kw_only=True)
class WorkflowRunResult:
    """The outcome of a run (or of a resumed run) up to its end or its next pause.

    ``status`` is "completed" (``reason`` says why: "max_rounds",
    "done_marker", "finish_tool", "condition", "pattern") or "paused"
    (``input_request`` holds the question; continue with
    ``Workflow.resume(state_id, answer)``; or ``pending_tool_calls`` wait for a
    reviewer: ``Workflow.resume(state_id, decisions={call_id: approve()})``).
    ``usage`` counts the model calls of this call only.

    Example::

        result = await workflow.run("Plan a launch")
        if result.status == "paused":
            result = await workflow.resume(result.state_id, "Next Tuesday")
        print(result.text)
    """

    status: Literal["completed", "paused"]
    state_id: str
    transcript: list[TranscriptEntry]
    context_variables: ContextVariables
    rounds: int
    reason: str | None = None
    last_speaker: str | None = None
    input_request: InputRequest | None = None
    pending_tool_calls: list[ToolCall] = field(default_factory=list)
    duration_ms: float = 0.0
    usage: Usage = field(default_factory=Usage)

    @property
    def text(self) -> str:
        """The last agent message of the transcript ("" when no agent spoke)."""
        for entry in reversed(self.transcript):
            if entry.speaker != USER_SPEAKER:
                return entry.content
        return ""

    @property
    def paused(self) -> bool:
        return self.status == "paused"
