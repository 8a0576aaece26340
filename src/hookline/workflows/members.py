"""The agent as a workflow member: its registry a child of the workflow's, its tools adapted.

For each run, each participating ``Agent`` gets a member ``agent.copy(...)``
that shares its model, stores, prompt builder, config and user resolver, and
whose registry is a *copy* of the agent's handlers and wrappers with the
``HookContext`` of ``"<workflow>.<agent>"``.  That registry taps into the
workflow's (``propagate_to``, the workflow's ``forward_events`` types): the
agent's events reach the workflow's handlers under the agent's context, with
the turn's conversation and request ids, as a selective sub-agent's reach its
parent's.  The run releases the tap when it ends.  The original agent is never
modified.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
    """The member agent that runs ``agent``'s turns in one workflow run (``Agent.copy``).

    Its registry taps into ``workflow_hooks`` (``propagate_to``, ``forward_events``
    only): release it (``member.hooks.release()``) when the run ends.
    """
    hooks = agent.hooks.copy(member_context(workflow, agent))
    hooks.propagate_to(workflow_hooks, only=forward_events)
    hooks.on(EnrichToolContextEvent, _context_enricher(workflow, context_variables), prepend=True)
    hooks.wrap(MODEL_CALL, short_circuit_wrapper(closing_text), prepend=True)
    tools = member_tools(agent.tool_registry, extra_tools, context_variables)
    return agent.copy(tool_registry=tools, hooks=hooks)


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


def _context_enricher(
    workflow: str, context_variables: ContextVariables
) -> Callable[[Event[EnrichToolContextEvent]], None]:
    def enrich(event: Event[EnrichToolContextEvent]) -> None:
        event.data.context.metadata[METADATA_KEY] = context_variables
        event.data.context.metadata["workflow"] = workflow

    return enrich
