"""hookline: an asyncio runtime for LLM agents; every step of a turn is an extension point.

The root namespace holds what an application writes (the agent, tools, the extension-point
bases, LLM services, stores, users, the server factory, errors); everything else is imported
from its subpackage: ``hookline.events``, ``hookline.middleware``, ``hookline.sql``, ...

Example::

    from hookline import Agent, ScriptedLlmService, text_reply

    agent = Agent(ScriptedLlmService([text_reply("Hello!")]))
    result = await agent.run("Hi")
"""

# ruff: noqa: F401  (the imports below are re-exports: ``__all__`` is built from _EXPORTS)

from importlib import import_module
from typing import TYPE_CHECKING, Any

# What `import hookline` loads, as before: the agent and what it needs.  The table below
# gives their names on first use (PEP 562 ``__getattr__``); SDKs, drivers, SQLite, telemetry
# and sqlglot stay out of the import.
from hookline import (
    agent,
    components,
    errors,
    extensions,
    hooks,
    llm,
    memory,
    storage,
    tools,
    users,
)
from hookline._lazy import load

__version__ = "0.1.0"

# THE list of root names, once each: module -> the names it gives, space-separated.
_EXPORTS = {
    "hookline.agent": (
        "Agent AgentConfig ApprovalDecision DefaultSystemPromptBuilder PendingToolCall "
        "RunResult SystemPromptBuilder approve reject"
    ),
    "hookline.errors": (
        "AgentError ApprovalError ConversationBusy ConversationNotFoundError HooklineError "
        "LlmError ToolNotFoundError TurnFailedError"
    ),
    "hookline.extensions": (
        "ConversationFilter ErrorRecoveryStrategy LifecycleHook LlmContextEnhancer "
        "LlmMiddleware ObservabilityProvider RecoveryAction RecoveryActionType "
        "ToolContextEnricher WorkflowHandler WorkflowResult"
    ),
    "hookline.hooks": "Event HookContext HookProvider HookRegistry",
    "hookline.llm": (
        "LlmMessage LlmRequest LlmResponse LlmService LlmStreamChunk ProviderConfigError "
        "ScriptedLlmService ToolCall ToolSchema Usage from_env text_reply tool_call_reply"
    ),
    "hookline.memory": "AgentMemory MemoryAgentMemory SqliteAgentMemory",
    "hookline.middleware": "AgentMiddleware Approve Continue HookAction Modify Reject Retry",
    "hookline.storage": (
        "CacheStore Conversation ConversationStore CounterStore MemoryCacheStore "
        "MemoryConversationStore MemoryCounterStore Message SqliteConversationStore"
    ),
    "hookline.tools": "FunctionTool Tool ToolContext ToolRegistry ToolResult tool",
    "hookline.users": "HeaderUserResolver RequestContext StaticUserResolver User UserResolver",
}
# Names that need an extra (an SDK, a driver, FastAPI): importable as
# ``from hookline import OpenAILlmService`` once the extra is installed, and kept out of
# ``__all__`` so that ``from hookline import *`` works on a core install.
_EXTRA_EXPORTS = {
    "hookline.llm": "AnthropicLlmService LocalLlmService OpenAILlmService",
    "hookline.memory": "PostgresAgentMemory",
    "hookline.server": "JwtUserResolver create_app",
    "hookline.storage": "PostgresConversationStore RedisCacheStore RedisCounterStore",
}

if TYPE_CHECKING:  # the type checker's view of the two tables; tests/test_public_api.py checks
    # they agree (mypy re-exports these imports: implicit_reexport for `hookline` in pyproject)
    import hookline.events
    import hookline.middleware
    import hookline.observability
    import hookline.server
    import hookline.sql
    import hookline.testing
    import hookline.workflows
    from hookline.agent import (
        Agent,
        AgentConfig,
        ApprovalDecision,
        DefaultSystemPromptBuilder,
        PendingToolCall,
        RunResult,
        SystemPromptBuilder,
        approve,
        reject,
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
        ConversationFilter,
        ErrorRecoveryStrategy,
        LifecycleHook,
        LlmContextEnhancer,
        LlmMiddleware,
        ObservabilityProvider,
        RecoveryAction,
        RecoveryActionType,
        ToolContextEnricher,
        WorkflowHandler,
        WorkflowResult,
    )
    from hookline.hooks import (
        Event,
        HookContext,
        HookProvider,
        HookRegistry,
    )
    from hookline.llm import (
        AnthropicLlmService,
        LlmMessage,
        LlmRequest,
        LlmResponse,
        LlmService,
        LlmStreamChunk,
        LocalLlmService,
        OpenAILlmService,
        ProviderConfigError,
        ScriptedLlmService,
        ToolCall,
        ToolSchema,
        Usage,
        from_env,
        text_reply,
        tool_call_reply,
    )
    from hookline.memory import (
        AgentMemory,
        MemoryAgentMemory,
        PostgresAgentMemory,
        SqliteAgentMemory,
    )
    from hookline.middleware import (
        AgentMiddleware,
        Approve,
        Continue,
        HookAction,
        Modify,
        Reject,
        Retry,
    )
    from hookline.server import (
        JwtUserResolver,
        create_app,
    )
    from hookline.storage import (
        CacheStore,
        Conversation,
        ConversationStore,
        CounterStore,
        MemoryCacheStore,
        MemoryConversationStore,
        MemoryCounterStore,
        Message,
        PostgresConversationStore,
        RedisCacheStore,
        RedisCounterStore,
        SqliteConversationStore,
    )
    from hookline.tools import (
        FunctionTool,
        Tool,
        ToolContext,
        ToolRegistry,
        ToolResult,
        tool,
    )
    from hookline.users import (
        HeaderUserResolver,
        RequestContext,
        StaticUserResolver,
        User,
        UserResolver,
    )

_LAZY = {
    name: module
    for table in (_EXPORTS, _EXTRA_EXPORTS)
    for module, names in table.items()
    for name in names.split()
}
OPTIONAL_NAMES = tuple(sorted(name for names in _EXTRA_EXPORTS.values() for name in names.split()))
__all__ = sorted(  # CONSTANTS, Classes, functions: the order ruff keeps a literal ``__all__`` in
    ["__version__", *(name for names in _EXPORTS.values() for name in names.split())],
    key=lambda n: (0 if n.isupper() else 1 if n[0].isupper() else 2, n),
)

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
# access): ``hookline.events.BeforeToolCallEvent``, ``hookline.sql.SqliteRunner``.


def __getattr__(name: str) -> Any:
    if name in SUBPACKAGES:
        return import_module(f"{__name__}.{name}")  # the import sets the attribute
    return load(__name__, _LAZY, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, *SUBPACKAGES})
