"""What a workflow run is made of, as persisted: the transcript and the run's state."""

from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import Field

from hookline._model import Model

__all__ = ["USER_SPEAKER", "PendingInput", "TranscriptEntry", "WorkflowState"]

USER_SPEAKER = "user"
"""The speaker name of the human's messages in the transcript."""


class TranscriptEntry(Model):
    """One message of the shared transcript: who spoke (an agent's name or "user") and what.

    ``round`` is the agent turn that produced it (None for the human's messages).
    """

    speaker: str
    content: str
    round: int | None = None


class PendingInput(Model):
    """An unanswered input request of a paused run (see ``InputRequest``)."""

    prompt: str
    agent: str | None = None
    key: str | None = None


class PendingApproval(Model):
    """A member's turn paused for a reviewer: its agent and the tool calls that wait."""

    agent: str
    round: int
    calls: list[dict[str, Any]] = Field(default_factory=list)  # each: id, name, arguments


class WorkflowState(Model):
    """Everything a paused run needs to continue, in any process.

    ``seen`` is, per agent, how many transcript entries it has already been
    sent; ``conversation_ids`` the agent's own conversation for this run;
    ``pattern_state`` belongs to the speaker pattern; ``pending_approval`` is
    a member's turn waiting for a reviewer.

    Example::

        state = WorkflowState(state_id="s1", workflow="demo", user_id="u1", message="hi")
        assert WorkflowState.model_validate_json(state.model_dump_json()) == state
    """

    state_id: str
    workflow: str
    user_id: str
    message: str
    status: Literal["running", "paused", "completed"] = "running"
    transcript: list[TranscriptEntry] = Field(default_factory=list)
    context_variables: dict[str, Any] = Field(default_factory=dict)
    rounds: int = 0
    last_speaker: str | None = None
    handoff_to: str | None = None
    seen: dict[str, int] = Field(default_factory=dict)
    conversation_ids: dict[str, str] = Field(default_factory=dict)
    pattern_state: dict[str, Any] = Field(default_factory=dict)
    pending_input: PendingInput | None = None
    pending_approval: PendingApproval | None = None
    completion_reason: str | None = None
    started_at: float = Field(default_factory=time.time)
    updated_at: float = Field(default_factory=time.time)
