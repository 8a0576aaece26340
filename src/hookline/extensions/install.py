"""Registers the eight injected extension points of ``Agent(...)`` on its registry.

Order (the reference's constructor order): lifecycle hooks, LLM middleware,
workflow handler, error recovery, context enrichers, context enhancer,
conversation filters, observability.  Each is an adapter (a
``HookProvider``); nothing here dispatches anything itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hookline.extensions.enhancer import (
    DefaultLlmContextEnhancer,
    LlmContextEnhancer,
    LlmContextEnhancerAdapter,
)
from hookline.extensions.enricher import ToolContextEnricher, ToolContextEnrichers
from hookline.extensions.filter import ConversationFilter, ConversationFilters
from hookline.extensions.lifecycle import LifecycleHook, LifecycleHooks
from hookline.extensions.llm_middleware import LlmMiddleware, LlmMiddlewares
from hookline.extensions.observability import ObservabilityProvider
from hookline.extensions.recovery import ErrorRecovery, ErrorRecoveryStrategy
from hookline.extensions.tracing import Tracer
from hookline.extensions.workflow import WorkflowAdapter, WorkflowHandler

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

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


def install_extension_points(agent: Agent, points: ExtensionPoints) -> Tracer | None:
    """Register the adapters of ``points`` on ``agent.hooks``; returns the tracer, if any."""
    tracer = Tracer(points.observability_provider) if points.observability_provider else None
    registry = agent.hooks
    lifecycle = list(points.lifecycle_hooks)
    if tracer is not None:
        from hookline.extensions.query_logging import QueryLoggingHook  # opt-in: not at import

        for hook in lifecycle:
            if isinstance(hook, QueryLoggingHook):
                hook.on_failure = _counter(tracer, "query_log")
    registry.add(LifecycleHooks(lifecycle, tracer))
    registry.add(LlmMiddlewares(list(points.llm_middlewares), tracer))
    if points.workflow_handler is not None:
        registry.add(WorkflowAdapter(points.workflow_handler, agent, tracer))
    if points.error_recovery_strategy is not None:
        registry.add(ErrorRecovery(points.error_recovery_strategy, tracer))
    registry.add(ToolContextEnrichers(list(points.context_enrichers), tracer))
    enhancer = points.llm_context_enhancer
    if enhancer is None and agent.agent_memory is not None:
        enhancer = DefaultLlmContextEnhancer(agent.agent_memory)
    if enhancer is not None:
        registry.add(LlmContextEnhancerAdapter(enhancer, tracer))
    registry.add(ConversationFilters(list(points.conversation_filters), tracer))
    if tracer is not None:
        registry.add(tracer)
    return tracer


def _counter(tracer: Tracer, kind: str) -> Callable[[BaseException], Awaitable[None]]:
    async def count(error: BaseException) -> None:
        await tracer.count_error(f"{kind}:{type(error).__name__}")

    return count
