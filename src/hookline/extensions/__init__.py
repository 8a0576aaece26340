"""The eight injected extension points, each an adapter over the core's events and chains.

``QueryLoggingHook`` and its log functions, and ``Instrumentation``, are imported on
first access (an agent without an observability provider never imports them).
"""

from typing import TYPE_CHECKING, Any

from hookline._lazy import load
from hookline.extensions.agent_view import AgentView
from hookline.extensions.data_workflow import DataWorkflowHandler, analyze_setup
from hookline.extensions.default_workflow import DefaultWorkflowHandler
from hookline.extensions.enhancer import DefaultLlmContextEnhancer, LlmContextEnhancer
from hookline.extensions.enricher import ToolContextEnricher
from hookline.extensions.filter import ContextWindowFilter, ConversationFilter
from hookline.extensions.lifecycle import LifecycleHook, current_tool_call
from hookline.extensions.llm_middleware import LlmMiddleware
from hookline.extensions.observability import (
    ErrorToleratedEvent,
    LoggingObservabilityProvider,
    Metric,
    ObservabilityProvider,
    Span,
)
from hookline.extensions.recovery import (
    ErrorRecoveryStrategy,
    RecoveryAction,
    RecoveryActionType,
    RecoveryFailedError,
)
from hookline.extensions.workflow import (
    CompositeWorkflowHandler,
    WorkflowHandler,
    WorkflowResult,
    resume_with,
)

if TYPE_CHECKING:
    from hookline.extensions.instrumentation import Instrumentation, Tracer
    from hookline.extensions.query_logging import (
        QueryLoggingHook,
        analyze_query_log,
        export_successful_queries,
    )

__all__ = [
    "AgentView",
    "CompositeWorkflowHandler",
    "ContextWindowFilter",
    "ConversationFilter",
    "DataWorkflowHandler",
    "DefaultLlmContextEnhancer",
    "DefaultWorkflowHandler",
    "ErrorRecoveryStrategy",
    "ErrorToleratedEvent",
    "Instrumentation",
    "LifecycleHook",
    "LlmContextEnhancer",
    "LlmMiddleware",
    "LoggingObservabilityProvider",
    "Metric",
    "ObservabilityProvider",
    "QueryLoggingHook",
    "RecoveryAction",
    "RecoveryActionType",
    "RecoveryFailedError",
    "Span",
    "ToolContextEnricher",
    "Tracer",
    "WorkflowHandler",
    "WorkflowResult",
    "analyze_query_log",
    "analyze_setup",
    "current_tool_call",
    "export_successful_queries",
    "resume_with",
]

_LAZY = {
    "Instrumentation": "hookline.extensions.instrumentation",
    "Tracer": "hookline.extensions.instrumentation",
    "QueryLoggingHook": "hookline.extensions.query_logging",
    "analyze_query_log": "hookline.extensions.query_logging",
    "export_successful_queries": "hookline.extensions.query_logging",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _LAZY, name)
