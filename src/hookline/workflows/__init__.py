"""Multi-agent workflows: hookline agents taking turns, with hooks at every step.

``Workflow`` orchestrates ``Agent``s with a speaker pattern (round robin,
sequential, handoff, LLM-selected, or a function), shares
``ContextVariables`` between agents, tools and lifecycle tools, emits its
events on its own ``HookRegistry``, pauses for the human and resumes from
saved state.  ``Workflow.from_directory`` loads a declarative workflow
(``workflow.json``, ``tools.json``, ``context_variables.json``).  See
``docs/workflows.md``.
"""

from hookline.workflows.conditions import Condition, ConditionError, parse_condition
from hookline.workflows.context import ContextVariables, InputRequest
from hookline.workflows.context_tools import ContextVariablesTool
from hookline.workflows.errors import (
    WorkflowConfigError,
    WorkflowError,
    WorkflowStateNotFoundError,
)
from hookline.workflows.events import (
    WORKFLOW_EVENT_TYPES,
    AgentTurnCompletedEvent,
    AgentTurnStartedEvent,
    ChatCompletedEvent,
    ChatStartedEvent,
    InputRequestEvent,
    LifecycleToolEvent,
    SelectSpeakerEvent,
)
from hookline.workflows.handoff import HandoffPattern
from hookline.workflows.lifecycle import LifecycleTool, LifecycleToolError, LifecycleTools
from hookline.workflows.llm_factory import LlmFactory, default_llm_factory
from hookline.workflows.metrics import WorkflowMetrics
from hookline.workflows.patterns import (
    AskUser,
    CustomPattern,
    RoundRobinPattern,
    SequentialPattern,
    SpeakerPattern,
    SpeakerSelection,
)
from hookline.workflows.platform import WorkflowLifecycleLogging
from hookline.workflows.postgres_state import PostgresWorkflowStateStore
from hookline.workflows.result import WorkflowRunResult
from hookline.workflows.scripted import scripted_llm_factory
from hookline.workflows.selector import LlmSelectedPattern
from hookline.workflows.sqlite_state import SqliteWorkflowStateStore
from hookline.workflows.state import TranscriptEntry, WorkflowState
from hookline.workflows.state_store import MemoryWorkflowStateStore, WorkflowStateStore
from hookline.workflows.workflow import Workflow

__all__ = [
    "WORKFLOW_EVENT_TYPES",
    "AgentTurnCompletedEvent",
    "AgentTurnStartedEvent",
    "AskUser",
    "ChatCompletedEvent",
    "ChatStartedEvent",
    "Condition",
    "ConditionError",
    "ContextVariables",
    "ContextVariablesTool",
    "CustomPattern",
    "HandoffPattern",
    "InputRequest",
    "InputRequestEvent",
    "LifecycleTool",
    "LifecycleToolError",
    "LifecycleToolEvent",
    "LifecycleTools",
    "LlmFactory",
    "LlmSelectedPattern",
    "MemoryWorkflowStateStore",
    "PostgresWorkflowStateStore",
    "RoundRobinPattern",
    "SelectSpeakerEvent",
    "SequentialPattern",
    "SpeakerPattern",
    "SpeakerSelection",
    "SqliteWorkflowStateStore",
    "TranscriptEntry",
    "Workflow",
    "WorkflowConfigError",
    "WorkflowError",
    "WorkflowLifecycleLogging",
    "WorkflowMetrics",
    "WorkflowRunResult",
    "WorkflowState",
    "WorkflowStateNotFoundError",
    "WorkflowStateStore",
    "default_llm_factory",
    "parse_condition",
    "scripted_llm_factory",
]
