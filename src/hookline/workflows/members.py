"""The agent as a workflow member: its registry a child of the workflow's, its tools adapted.

For each run, each participating ``Agent`` gets a member ``Agent`` that
shares its model, store, prompt builder, config and user resolver, and
whose registry is a *copy* of the agent's handlers and wrappers with the
``HookContext`` of ``"<workflow>.<agent>"``.  The agent's events are also
re-emitted on the workflow's handlers (under the agent's context, with the
turn's conversation and request ids) for every event type the workflow has
a handler for when the member is built (the agent's first turn of a run).  The
original agent is never modified.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from hookline.agent.agent import Agent
from hookline.hooks.events import MODEL_CALL, EnrichToolContextEvent
from hookline.hooks.registry import Event, HookContext, HookRegistry
from hookline.tools.base import Tool
from hookline.tools.registry import ToolRegistry
from hookline.workflows.context import ContextVariables
from hookline.workflows.context_tools import METADATA_KEY, adapt_tool, wants_context_variables
from hookline.workflows.control import short_circuit_wrapper
from hookline.workflows.errors import WorkflowError

__all__ = ["build_member", "member_context", "member_tools"]


def member_context(workflow: str, agent: Agent) -> HookContext:
    """The ``HookContext`` of ``agent``'s events inside ``workflow``: path "workflow.agent"."""
    return HookContext(
        agent_type=type(agent), agent_path=f"{workflow}.{agent.name}", agent_name=agent.name
    )


def build_member(
    agent: Agent,
    *,
    workflow: str,
    workflow_hooks: HookRegistry,
    forward_events: Iterable[type[Any]],
    extra_tools: Sequence[Tool[Any]],
    context_variables: ContextVariables,
    closing_text: Callable[[], str | None],
) -> Agent:
    """The member agent that runs ``agent``'s turns in one workflow run."""
    context = member_context(workflow, agent)
    hooks = agent.hooks.copy(context)
    forward = _forwarder(workflow_hooks)
    for event_type in forward_events:
        if workflow_hooks.has_handlers(event_type):
            hooks.on(event_type, forward)
    hooks.on(EnrichToolContextEvent, _context_enricher(workflow, context_variables), prepend=True)
    hooks.wrap(MODEL_CALL, short_circuit_wrapper(closing_text), prepend=True)
    member = Agent(
        agent.llm_service,
        tool_registry=member_tools(agent.tool_registry, extra_tools, context_variables),
        user_resolver=agent.user_resolver,
        conversation_store=agent.conversation_store,
        system_prompt_builder=agent.system_prompt_builder,
        config=agent.config,
        hooks=hooks,
        workflow_handler=None,  # the agent's own handler is already in the copied registry
        name=agent.name,
    )
    member.agent_memory = agent.agent_memory  # set after: no second memory enhancer
    member.observability_provider = agent.observability_provider
    member.workflow_handler = agent.workflow_handler
    return member


def member_tools(
    registry: ToolRegistry, extra_tools: Sequence[Tool[Any]], context_variables: ContextVariables
) -> ToolRegistry:
    """``registry`` itself when nothing changes; else a new one with the tools adapted
    (``context_variables`` injected) followed by ``extra_tools`` (the control tools)."""
    tools = [t for t in (registry.find(name) for name in registry.tool_names) if t is not None]
    if not extra_tools and not any(wants_context_variables(t) for t in tools):
        return registry
    adapted = ToolRegistry(adapt_tool(t, context_variables) for t in tools)
    for extra in extra_tools:
        if adapted.find(extra.name) is not None:
            raise WorkflowError(
                f"An agent's own tool is named {extra.name!r}, which the workflow needs for "
                "its control tool; rename the agent's tool."
            )
        adapted.register(extra)
    return adapted


def _forwarder(workflow_hooks: HookRegistry) -> Callable[[Event[Any]], Awaitable[Any]]:
    """Re-emits an agent's event on the workflow's handlers under the agent's own context
    (path "workflow.agent", and the turn's conversation and request ids)."""

    def forward(event: Event[Any]) -> Awaitable[Any]:
        context = event.context or HookContext()
        target = workflow_hooks.view(
            agent_type=context.agent_type,
            agent_path=context.agent_path,
            agent_name=context.agent_name,
            execution_path=context.execution_path,
            conversation_id=context.conversation_id,
            request_id=context.request_id,
        )
        return target.emit(event.data)

    return forward


def _context_enricher(
    workflow: str, context_variables: ContextVariables
) -> Callable[[Event[EnrichToolContextEvent]], None]:
    def enrich(event: Event[EnrichToolContextEvent]) -> None:
        event.data.context.metadata[METADATA_KEY] = context_variables
        event.data.context.metadata["workflow"] = workflow

    return enrich
