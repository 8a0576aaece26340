"""The workflow's event catalogue, emitted on ``Workflow.hooks`` (not on the agents').

Each docstring says which fields a handler may change; the others are
information.  Per run the order is::

    ChatStartedEvent                                   (before_chat)
    for each turn:
        SelectSpeakerEvent
        AgentTurnStartedEvent                          (before_agent)
        ... the agent's own turn events (agent_path "workflow.agent") ...
        AgentTurnCompletedEvent                        (after_agent)
    ChatCompletedEvent                                 (after_chat)

``InputRequestEvent`` comes before a pause; ``LifecycleToolEvent`` around
every declared lifecycle tool.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from hookline.hooks.registry import HookEvent
from hookline.users.models import User
from hookline.workflows.context import ContextVariables
from hookline.workflows.state import TranscriptEntry

if TYPE_CHECKING:
    from hookline.agent.result import RunResult

__all__ = [
    "WORKFLOW_EVENT_TYPES",
    "AgentTurnCompletedEvent",
    "AgentTurnStartedEvent",
    "ChatCompletedEvent",
    "ChatStartedEvent",
    "InputRequestEvent",
    "LifecycleKind",
    "LifecycleToolEvent",
    "LifecycleTrigger",
    "SelectSpeakerEvent",
]

LifecycleTrigger = Literal["before_chat", "after_chat", "before_agent", "after_agent"]
LifecycleKind = Literal["tool_call", "tool_result", "tool_error"]


@dataclass(kw_only=True, slots=True)
class ChatStartedEvent(HookEvent):
    """``before_chat``: a run starts, before the first speaker is selected (not on resume).

    Handlers may change ``message`` (the task the transcript starts with)
    and ``context_variables.data``, or call ``context_variables.request_input``
    to ask the human first.
    """

    workflow: str
    state_id: str
    user: User
    message: str
    context_variables: ContextVariables


@dataclass(kw_only=True, slots=True)
class SelectSpeakerEvent(HookEvent):
    """The next speaker is chosen (by the pattern, or the one whose turn continues).

    Handlers may change ``speaker`` to another agent's name (it must be in
    ``candidates``) or set it to None to end the run.  ``synthetic`` is True
    for the event emitted after a resume for the speaker whose turn
    continues (the pattern was not asked).
    """

    workflow: str
    state_id: str
    round: int
    speaker: str | None
    previous_speaker: str | None
    candidates: list[str]
    context_variables: ContextVariables
    synthetic: bool = False


@dataclass(kw_only=True, slots=True)
class AgentTurnStartedEvent(HookEvent):
    """``before_agent``: the speaker's turn is about to run.

    Handlers may change ``message`` (what the agent receives: the transcript
    entries it has not seen, each as ``[speaker]: text``) and
    ``context_variables.data``; ``context_variables.request_input`` pauses
    before the turn runs.
    """

    workflow: str
    state_id: str
    agent: str
    round: int
    message: str
    context_variables: ContextVariables


@dataclass(kw_only=True, slots=True)
class AgentTurnCompletedEvent(HookEvent):
    """``after_agent``: the speaker's turn ended (``result`` is its ``RunResult``).

    Handlers may change ``text`` (what joins the transcript) and
    ``context_variables.data``; ``context_variables.request_input`` pauses
    after the turn (the same agent continues on resume).  ``handoff_to`` and
    ``finished`` report the control tools the agent called.
    """

    workflow: str
    state_id: str
    agent: str
    round: int
    text: str
    result: RunResult
    context_variables: ContextVariables
    handoff_to: str | None = None
    finished: bool = False


@dataclass(kw_only=True, slots=True)
class ChatCompletedEvent(HookEvent):
    """``after_chat``: the run is over (not emitted when it pauses).

    ``reason`` is "max_rounds", "done_marker", "finish_tool", "condition" or
    "pattern" (the pattern named no next speaker).  Handlers may change
    ``context_variables.data`` (the run's result carries it).
    """

    workflow: str
    state_id: str
    reason: str
    rounds: int
    duration_ms: float
    transcript: list[TranscriptEntry]
    context_variables: ContextVariables


@dataclass(kw_only=True, slots=True)
class InputRequestEvent(HookEvent):
    """The run needs the human: ``prompt`` is the question.

    Set ``response`` to answer at once (an interactive front end, a test):
    the run goes on without pausing.  Left None, the run pauses, its state
    is saved under ``state_id`` and ``Workflow.resume(state_id, answer)``
    continues it.  ``agent`` is the agent whose turn continues (None: the
    pattern selects); with ``key`` the answer goes to
    ``context_variables.data[key]`` instead of the transcript.
    """

    workflow: str
    state_id: str
    prompt: str
    agent: str | None
    key: str | None
    round: int
    response: str | None = None


@dataclass(kw_only=True, slots=True)
class LifecycleToolEvent(HookEvent):
    """A declared lifecycle tool was called, returned, or failed. Information only.

    ``kind`` is "tool_call" (status "started"), "tool_result" (status
    "success") or "tool_error" (status "error"; ``result`` holds the error,
    ``traceback`` the stack trace).  ``agent`` is the declaration's ``agent``
    field (None for chat-level and all-agent tools); ``current_agent`` is
    the agent whose turn it is.  ``payload()`` is the reference's payload.
    """

    kind: LifecycleKind
    trigger: LifecycleTrigger
    agent: str | None
    function: str
    file: str
    status: str
    elapsed_ms: float = 0.0
    result: str | None = None
    description: str | None = None
    current_agent: str | None = None
    attempt: int = 1
    traceback: str | None = field(default=None, repr=False)

    @property
    def event_type(self) -> str:
        """``lifecycle.tool_call`` / ``lifecycle.tool_result`` / ``lifecycle.tool_error``."""
        return f"lifecycle.{self.kind}"

    def payload(self) -> dict[str, Any]:
        """The reference's event payload (trigger, agent, function, file, status, ...)."""
        return {
            "trigger": self.trigger,
            "agent": self.agent,
            "function": self.function,
            "file": self.file,
            "status": self.status,
            "elapsed_ms": round(self.elapsed_ms, 3),
            "result": self.result,
        }


WORKFLOW_EVENT_TYPES: tuple[type[HookEvent], ...] = (
    ChatStartedEvent,
    SelectSpeakerEvent,
    AgentTurnStartedEvent,
    AgentTurnCompletedEvent,
    ChatCompletedEvent,
    InputRequestEvent,
    LifecycleToolEvent,
)
"""Every event a workflow emits on its own registry."""
