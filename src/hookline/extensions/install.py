"""Registers the eight injected extension points of ``Agent(...)`` on its registry.

Order (the reference's constructor order): lifecycle hooks, LLM middleware,
workflow handler, error recovery, context enrichers, context enhancer,
conversation filters, observability.  Each is an adapter (a
``HookProvider``); nothing here dispatches anything itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hookline.extensions.agent_view import AgentView
from hookline.extensions.enhancer import (
    DefaultLlmContextEnhancer,
    LlmContextEnhancer,
    LlmContextEnhancerAdapter,
)
from hookline.extensions.enricher import ToolContextEnricher, ToolContextEnrichers
from hookline.extensions.filter import ConversationFilter, ConversationFilters
from hookline.extensions.lifecycle import LifecycleHook, LifecycleHooks
from hookline.extensions.llm_middleware import LlmMiddleware, LlmMiddlewares
from hookline.extensions.observability import ObservabilityProvider, tolerated
from hookline.extensions.recovery import ErrorRecovery, ErrorRecoveryStrategy
from hookline.extensions.workflow import WorkflowAdapter, WorkflowHandler

__all__ = ["ExtensionPoints", "install_extension_points"]


@dataclass(kw_only=True)
class ExtensionPoints:
    """The reference's eight injected extension points (lists copied, never shared)."""

    lifecycle_hooks: Sequence[LifecycleHook] = field(default_factory=list)
    llm_middlewares: Sequence[LlmMiddleware] = field(default_factory=list)
    workflow_handler: WorkflowHandler | None = None
    error_recovery_strategy: ErrorRecoveryStrategy | None = None
    context_enrichers: Sequence[ToolContextEnricher] = field(default_factory=list)
    llm_context_enhancer: LlmContextEnhancer | None = None
    conversation_filters: Sequence[ConversationFilter] = field(default_factory=list)
    observability_provider: ObservabilityProvider | None = None


def install_extension_points(agent: AgentView, points: ExtensionPoints) -> None:
    """Register the adapters of ``points`` on ``agent.hooks``.

    With an observability provider, the ``Instrumentation`` is registered last;
    it puts its own boundary handlers and its model-chain wrapper first where a
    span must open before the adapters run.  Without one, nothing of it is imported.
    """
    registry = agent.hooks
    registry.add(LifecycleHooks(list(points.lifecycle_hooks)))
    registry.add(LlmMiddlewares(list(points.llm_middlewares)))
    if points.workflow_handler is not None:
        registry.add(WorkflowAdapter(points.workflow_handler, agent))
    if points.error_recovery_strategy is not None:
        registry.add(ErrorRecovery(points.error_recovery_strategy))
    registry.add(ToolContextEnrichers(list(points.context_enrichers)))
    enhancer = points.llm_context_enhancer
    if enhancer is None and agent.agent_memory is not None:
        enhancer = DefaultLlmContextEnhancer(agent.agent_memory)
    if enhancer is not None:
        registry.add(LlmContextEnhancerAdapter(enhancer))
    registry.add(ConversationFilters(list(points.conversation_filters)))
    if points.observability_provider is not None:
        _install_instrumentation(agent, points.observability_provider, points.lifecycle_hooks)


def _install_instrumentation(
    agent: AgentView, provider: ObservabilityProvider, lifecycle: Sequence[LifecycleHook]
) -> None:
    from hookline.extensions.instrumentation import Instrumentation  # opt-in: not at import
    from hookline.extensions.query_logging import QueryLoggingHook

    for hook in lifecycle:
        if isinstance(hook, QueryLoggingHook) and hook.on_failure is None:
            hook.on_failure = tolerated(agent.hooks, "query_log")
    agent.hooks.add(Instrumentation(provider, llm_service=agent.llm_service))
