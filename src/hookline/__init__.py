"""hookline: an asyncio runtime for LLM agents; every step of a turn is an extension point.

Example::

    from hookline import Agent, ScriptedLlmService, text_reply

    agent = Agent(ScriptedLlmService([text_reply("Hello!")]))
    result = await agent.run("Hi")
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from hookline._lazy import load
from hookline.agent import (
    PENDING_KEY,
    Agent,
    AgentConfig,
    ApprovalDecision,
    DefaultSystemPromptBuilder,
    PendingToolCall,
    RecoveryResult,
    RunResult,
    SystemPromptBuilder,
    approve,
    reject,
    repair_tool_pairs,
)
from hookline.components import (
    ButtonComponent,
    CardComponent,
    ChatInputUpdateComponent,
    DataFrameComponent,
    ErrorComponent,
    RichComponent,
    RichTextComponent,
    SimpleComponent,
    SimpleTextComponent,
    StatusBarUpdateComponent,
    StatusCardComponent,
    ToolExecutionComponent,
    UiComponent,
)
from hookline.errors import (
    AgentError,
    ApprovalError,
    ConversationBusy,
    ConversationNotFoundError,
    HooklineError,
    LlmError,
    ToolNotFoundError,
    TurnFailedError,
)
from hookline.extensions import (
    CompositeWorkflowHandler,
    ContextWindowFilter,
    ConversationFilter,
    DefaultLlmContextEnhancer,
    DefaultWorkflowHandler,
    ErrorRecoveryStrategy,
    ErrorToleratedEvent,
    LifecycleHook,
    LlmContextEnhancer,
    LlmMiddleware,
    LoggingObservabilityProvider,
    Metric,
    ObservabilityProvider,
    RecoveryAction,
    RecoveryActionType,
    RecoveryFailedError,
    Span,
    ToolContextEnricher,
    WorkflowHandler,
    WorkflowResult,
    resume_with,
)
from hookline.hooks import (
    Chain,
    Event,
    HandlerObserver,
    HookContext,
    HookEvent,
    HookProvider,
    HookRegistry,
    Registration,
)
from hookline.hooks.events import (
    MODEL_CALL,
    TOOL_CALL,
    AfterLLMCallEvent,
    AfterToolCallEvent,
    ApprovalDecisionEvent,
    BeforeLLMCallEvent,
    BeforeToolCallEvent,
    ConversationLoadedEvent,
    ConversationSavedEvent,
    EnhanceMessagesEvent,
    EnrichToolContextEvent,
    FilterMessagesEvent,
    GuardrailTrippedEvent,
    HandleMessageEvent,
    InputGuardrailEvent,
    MessageAcceptedEvent,
    MessageCompletedEvent,
    MessageReceivedEvent,
    ModelCallNext,
    ModelErrorEvent,
    ParallelInputGuardrailEvent,
    ResultMessageEvent,
    SaveTurnMessagesEvent,
    SlashCommandEvent,
    StarterUiEvent,
    StartIterationEvent,
    StreamTransformEvent,
    SystemPromptEvent,
    TextDeltaEvent,
    TextReasoningEvent,
    ThinkingDeltaEvent,
    ThinkingEvent,
    ToolCallEndedEvent,
    ToolCallNext,
    ToolErrorEvent,
    ToolInvocation,
    ToolSchemasEvent,
    TurnEndedEvent,
    TurnFailedEvent,
    TurnStartedEvent,
    UserMessageEvent,
    UserResolvedEvent,
)
from hookline.llm import (
    LlmMessage,
    LlmRequest,
    LlmResponse,
    LlmService,
    LlmStreamChunk,
    ScriptedLlmService,
    ToolCall,
    ToolSchema,
    Usage,
    approximate_tokens,
    text_reply,
    tool_call_reply,
)
from hookline.memory import AgentMemory
from hookline.storage import (
    Conversation,
    ConversationStore,
    LedgerEntry,
    MemoryConversationStore,
    Message,
)
from hookline.tools import FunctionTool, Tool, ToolContext, ToolRegistry, ToolResult, tool
from hookline.users import (
    HeaderUserResolver,
    RequestContext,
    SignedCookie,
    StaticUserResolver,
    TrustedProxies,
    User,
    UserResolver,
)

if TYPE_CHECKING:  # the lazy names and SUBPACKAGES, typed (they load in __getattr__)
    import hookline.agent
    import hookline.components
    import hookline.errors
    import hookline.events
    import hookline.extensions
    import hookline.hooks
    import hookline.llm
    import hookline.memory
    import hookline.middleware
    import hookline.observability
    import hookline.server
    import hookline.sql
    import hookline.storage
    import hookline.testing
    import hookline.tools
    import hookline.users
    import hookline.workflows  # noqa: F401
    from hookline.components.chart import ChartComponent
    from hookline.extensions import (
        QueryLoggingHook,
        analyze_query_log,
        export_successful_queries,
    )
    from hookline.extensions.instrumentation import Instrumentation as Instrumentation
    from hookline.llm import AnthropicLlmService as AnthropicLlmService
    from hookline.llm import LocalLlmService as LocalLlmService
    from hookline.llm import (
        ModelPrice,
        ProviderConfigError,
        estimate_cost,
        from_env,
        get_price,
        register_price,
    )
    from hookline.llm import OpenAILlmService as OpenAILlmService
    from hookline.memory import (
        Embedder,
        MemoryAgentMemory,
        SqliteAgentMemory,
        TextMemory,
        ToolMemory,
    )
    from hookline.memory import PostgresAgentMemory as PostgresAgentMemory
    from hookline.middleware import (
        AgentMiddleware,
        Approve,
        CallLimitMiddleware,
        ContextWindowMiddleware,
        Continue,
        CriticMiddleware,
        CriticVerdictEvent,
        DryRunMiddleware,
        HookAction,
        HumanApprovalMiddleware,
        ModelFallbackMiddleware,
        Modify,
        PiiRedactionMiddleware,
        Reject,
        ResponseCacheMiddleware,
        Retry,
        RetryMiddleware,
        ToolGuardMiddleware,
    )
    from hookline.observability import PROMETHEUS_CONTENT_TYPE as PROMETHEUS_CONTENT_TYPE
    from hookline.observability import (
        CompositeObservabilityProvider,
        GenAiSpan,
        genai_span,
        otel_provider_from_env,
    )
    from hookline.observability import (
        OpenTelemetryObservabilityProvider as OpenTelemetryObservabilityProvider,
    )
    from hookline.observability import (
        PrometheusObservabilityProvider as PrometheusObservabilityProvider,
    )
    from hookline.observability import metrics_text as metrics_text
    from hookline.server import JwtUserResolver as JwtUserResolver
    from hookline.server import create_app as create_app
    from hookline.sql import (
        SchemaAwareSystemPromptBuilder,
        SqlNotAllowedError,
        check_read_only,
        create_sql_runner,
        ensure_sample_database,
    )
    from hookline.storage import (
        CacheStore,
        CounterStore,
        MemoryCacheStore,
        MemoryCounterStore,
        SqliteConversationStore,
    )
    from hookline.storage import PostgresConversationStore as PostgresConversationStore
    from hookline.storage import RedisCacheStore as RedisCacheStore
    from hookline.storage import RedisCounterStore as RedisCounterStore
    from hookline.tools.builtin import McpToolset as McpToolset
    from hookline.tools.builtin import (
        RunSqlTool,
        SaveQuestionToolArgsTool,
        SaveTextMemoryTool,
        SearchSavedCorrectToolUsesTool,
        VisualizeDataTool,
        memory_tools,
    )
    from hookline.workflows import (
        AgentTurnCompletedEvent,
        AgentTurnStartedEvent,
        AskUser,
        ChatCompletedEvent,
        ChatStartedEvent,
        ContextVariables,
        CustomPattern,
        HandoffPattern,
        InputRequest,
        InputRequestEvent,
        LifecycleTool,
        LifecycleToolEvent,
        LlmSelectedPattern,
        MemoryWorkflowStateStore,
        RoundRobinPattern,
        SelectSpeakerEvent,
        SequentialPattern,
        SpeakerPattern,
        SpeakerSelection,
        SqliteWorkflowStateStore,
        Workflow,
        WorkflowConfigError,
        WorkflowError,
        WorkflowRunResult,
        WorkflowStateNotFoundError,
        WorkflowStateStore,
    )

__version__ = "0.1.0"

# Two tables say what `import hookline` leaves to first use (PEP 562 ``__getattr__``): SDKs,
# drivers, SQLite, telemetry and sqlglot stay out of the import.  The type checker sees the
# same names in the ``if TYPE_CHECKING:`` imports above; tests/test_public_api.py checks that
# both agree with ``__all__``.
_LAZY_EXPORTS = {  # module: the names it gives on first use, space-separated
    "hookline.components.chart": "ChartComponent",
    "hookline.extensions": "QueryLoggingHook analyze_query_log export_successful_queries",
    "hookline.extensions.instrumentation": "Instrumentation",
    "hookline.llm": (
        "AnthropicLlmService LocalLlmService ModelPrice OpenAILlmService ProviderConfigError "
        "estimate_cost from_env get_price register_price"
    ),
    "hookline.memory": (
        "Embedder MemoryAgentMemory PostgresAgentMemory SqliteAgentMemory TextMemory ToolMemory"
    ),
    "hookline.middleware": (
        "AgentMiddleware Approve CallLimitMiddleware ContextWindowMiddleware Continue "
        "CriticMiddleware CriticVerdictEvent DryRunMiddleware HookAction HumanApprovalMiddleware "
        "ModelFallbackMiddleware Modify PiiRedactionMiddleware Reject ResponseCacheMiddleware "
        "Retry RetryMiddleware ToolGuardMiddleware"
    ),
    "hookline.observability": (
        "PROMETHEUS_CONTENT_TYPE CompositeObservabilityProvider GenAiSpan "
        "OpenTelemetryObservabilityProvider PrometheusObservabilityProvider genai_span "
        "metrics_text otel_provider_from_env"
    ),
    "hookline.server": "JwtUserResolver create_app",
    "hookline.sql": (
        "SchemaAwareSystemPromptBuilder SqlNotAllowedError check_read_only create_sql_runner "
        "ensure_sample_database"
    ),
    "hookline.storage": (
        "CacheStore CounterStore MemoryCacheStore MemoryCounterStore PostgresConversationStore "
        "RedisCacheStore RedisCounterStore SqliteConversationStore"
    ),
    "hookline.tools.builtin": (
        "McpToolset RunSqlTool SaveQuestionToolArgsTool SaveTextMemoryTool "
        "SearchSavedCorrectToolUsesTool VisualizeDataTool memory_tools"
    ),
    "hookline.workflows": (
        "AgentTurnCompletedEvent AgentTurnStartedEvent AskUser ChatCompletedEvent ChatStartedEvent "
        "ContextVariables CustomPattern HandoffPattern InputRequest InputRequestEvent "
        "LifecycleTool LifecycleToolEvent LlmSelectedPattern MemoryWorkflowStateStore "
        "RoundRobinPattern SelectSpeakerEvent SequentialPattern SpeakerPattern SpeakerSelection "
        "SqliteWorkflowStateStore Workflow WorkflowConfigError WorkflowError WorkflowRunResult "
        "WorkflowStateNotFoundError WorkflowStateStore"
    ),
}
_LAZY = {name: module for module, names in _LAZY_EXPORTS.items() for name in names.split()}

SUBPACKAGES = (
    "agent",
    "components",
    "errors",
    "events",
    "extensions",
    "hooks",
    "llm",
    "memory",
    "middleware",
    "observability",
    "server",
    "sql",
    "storage",
    "testing",
    "tools",
    "users",
    "workflows",
)
# Subpackages reachable as attributes right after ``import hookline`` (imported on first
# access): ``hookline.events.BeforeToolCallEvent``, ``hookline.storage.SqliteConversationStore``.


OPTIONAL_NAMES = (
    "AnthropicLlmService",
    "JwtUserResolver",
    "LocalLlmService",
    "McpToolset",
    "OpenAILlmService",
    "OpenTelemetryObservabilityProvider",
    "PROMETHEUS_CONTENT_TYPE",
    "PostgresAgentMemory",
    "PostgresConversationStore",
    "PrometheusObservabilityProvider",
    "RedisCacheStore",
    "RedisCounterStore",
    "create_app",
    "metrics_text",
)
# Public names that need an extra (an SDK, a driver, FastAPI, OpenTelemetry): importable as
# ``from hookline import OpenAILlmService`` once the extra is installed, and kept out of
# ``__all__`` so that ``from hookline import *`` works on a core install.


def __getattr__(name: str) -> Any:
    if name in SUBPACKAGES:
        return import_module(f"{__name__}.{name}")  # the import sets the attribute
    return load(__name__, _LAZY, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, *SUBPACKAGES})


__all__ = [
    "MODEL_CALL",
    "PENDING_KEY",
    "TOOL_CALL",
    "AfterLLMCallEvent",
    "AfterToolCallEvent",
    "Agent",
    "AgentConfig",
    "AgentError",
    "AgentMemory",
    "AgentMiddleware",
    "AgentTurnCompletedEvent",
    "AgentTurnStartedEvent",
    "ApprovalDecision",
    "ApprovalDecisionEvent",
    "ApprovalError",
    "Approve",
    "AskUser",
    "BeforeLLMCallEvent",
    "BeforeToolCallEvent",
    "ButtonComponent",
    "CacheStore",
    "CallLimitMiddleware",
    "CardComponent",
    "Chain",
    "ChartComponent",
    "ChatCompletedEvent",
    "ChatInputUpdateComponent",
    "ChatStartedEvent",
    "CompositeObservabilityProvider",
    "CompositeWorkflowHandler",
    "ContextVariables",
    "ContextWindowFilter",
    "ContextWindowMiddleware",
    "Continue",
    "Conversation",
    "ConversationBusy",
    "ConversationFilter",
    "ConversationLoadedEvent",
    "ConversationNotFoundError",
    "ConversationSavedEvent",
    "ConversationStore",
    "CounterStore",
    "CriticMiddleware",
    "CriticVerdictEvent",
    "CustomPattern",
    "DataFrameComponent",
    "DefaultLlmContextEnhancer",
    "DefaultSystemPromptBuilder",
    "DefaultWorkflowHandler",
    "DryRunMiddleware",
    "Embedder",
    "EnhanceMessagesEvent",
    "EnrichToolContextEvent",
    "ErrorComponent",
    "ErrorRecoveryStrategy",
    "ErrorToleratedEvent",
    "Event",
    "FilterMessagesEvent",
    "FunctionTool",
    "GenAiSpan",
    "GuardrailTrippedEvent",
    "HandleMessageEvent",
    "HandlerObserver",
    "HandoffPattern",
    "HeaderUserResolver",
    "HookAction",
    "HookContext",
    "HookEvent",
    "HookProvider",
    "HookRegistry",
    "HooklineError",
    "HumanApprovalMiddleware",
    "InputGuardrailEvent",
    "InputRequest",
    "InputRequestEvent",
    "Instrumentation",
    "LedgerEntry",
    "LifecycleHook",
    "LifecycleTool",
    "LifecycleToolEvent",
    "LlmContextEnhancer",
    "LlmError",
    "LlmMessage",
    "LlmMiddleware",
    "LlmRequest",
    "LlmResponse",
    "LlmSelectedPattern",
    "LlmService",
    "LlmStreamChunk",
    "LoggingObservabilityProvider",
    "MemoryAgentMemory",
    "MemoryCacheStore",
    "MemoryConversationStore",
    "MemoryCounterStore",
    "MemoryWorkflowStateStore",
    "Message",
    "MessageAcceptedEvent",
    "MessageCompletedEvent",
    "MessageReceivedEvent",
    "Metric",
    "ModelCallNext",
    "ModelErrorEvent",
    "ModelFallbackMiddleware",
    "ModelPrice",
    "Modify",
    "ObservabilityProvider",
    "ParallelInputGuardrailEvent",
    "PendingToolCall",
    "PiiRedactionMiddleware",
    "ProviderConfigError",
    "QueryLoggingHook",
    "RecoveryAction",
    "RecoveryActionType",
    "RecoveryFailedError",
    "RecoveryResult",
    "Registration",
    "Reject",
    "RequestContext",
    "ResponseCacheMiddleware",
    "ResultMessageEvent",
    "Retry",
    "RetryMiddleware",
    "RichComponent",
    "RichTextComponent",
    "RoundRobinPattern",
    "RunResult",
    "RunSqlTool",
    "SaveQuestionToolArgsTool",
    "SaveTextMemoryTool",
    "SaveTurnMessagesEvent",
    "SchemaAwareSystemPromptBuilder",
    "ScriptedLlmService",
    "SearchSavedCorrectToolUsesTool",
    "SelectSpeakerEvent",
    "SequentialPattern",
    "SignedCookie",
    "SimpleComponent",
    "SimpleTextComponent",
    "SlashCommandEvent",
    "Span",
    "SpeakerPattern",
    "SpeakerSelection",
    "SqlNotAllowedError",
    "SqliteAgentMemory",
    "SqliteConversationStore",
    "SqliteWorkflowStateStore",
    "StartIterationEvent",
    "StarterUiEvent",
    "StaticUserResolver",
    "StatusBarUpdateComponent",
    "StatusCardComponent",
    "StreamTransformEvent",
    "SystemPromptBuilder",
    "SystemPromptEvent",
    "TextDeltaEvent",
    "TextMemory",
    "TextReasoningEvent",
    "ThinkingDeltaEvent",
    "ThinkingEvent",
    "Tool",
    "ToolCall",
    "ToolCallEndedEvent",
    "ToolCallNext",
    "ToolContext",
    "ToolContextEnricher",
    "ToolErrorEvent",
    "ToolExecutionComponent",
    "ToolGuardMiddleware",
    "ToolInvocation",
    "ToolMemory",
    "ToolNotFoundError",
    "ToolRegistry",
    "ToolResult",
    "ToolSchema",
    "ToolSchemasEvent",
    "TrustedProxies",
    "TurnEndedEvent",
    "TurnFailedError",
    "TurnFailedEvent",
    "TurnStartedEvent",
    "UiComponent",
    "Usage",
    "User",
    "UserMessageEvent",
    "UserResolvedEvent",
    "UserResolver",
    "VisualizeDataTool",
    "Workflow",
    "WorkflowConfigError",
    "WorkflowError",
    "WorkflowHandler",
    "WorkflowResult",
    "WorkflowRunResult",
    "WorkflowStateNotFoundError",
    "WorkflowStateStore",
    "__version__",
    "analyze_query_log",
    "approve",
    "approximate_tokens",
    "check_read_only",
    "create_sql_runner",
    "ensure_sample_database",
    "estimate_cost",
    "export_successful_queries",
    "from_env",
    "genai_span",
    "get_price",
    "memory_tools",
    "otel_provider_from_env",
    "register_price",
    "reject",
    "repair_tool_pairs",
    "resume_with",
    "text_reply",
    "tool",
    "tool_call_reply",
]
