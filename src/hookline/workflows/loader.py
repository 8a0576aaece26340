"""``Workflow.from_directory``: a workflow folder becomes the arguments of a ``Workflow``.

Reads and validates the JSON files (``config.py``), resolves every named
file inside the folder (``paths.py``), imports the functions fresh
(``modules.py``) and builds the agents with ``llm_factory``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypedDict, cast

from hookline.agent.agent import Agent
from hookline.agent.config import AgentConfig
from hookline.agent.system_prompt import DefaultSystemPromptBuilder
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.storage.base import ConversationStore
from hookline.tools.function import FunctionTool
from hookline.tools.registry import ToolRegistry
from hookline.workflows.conditions import Condition
from hookline.workflows.config import (
    CONTEXT_FILE,
    TOOLS_FILE,
    WORKFLOW_FILE,
    AgentSpec,
    FunctionRef,
    LifecycleToolSpec,
    PatternSpec,
    ToolSpec,
    WorkflowSpec,
    parse_context_variables,
    parse_lifecycle_tools,
    parse_tools,
    parse_workflow,
    read_json,
)
from hookline.workflows.context_tools import CONTEXT_PARAMETER
from hookline.workflows.errors import WorkflowConfigError
from hookline.workflows.handoff import HandoffPattern
from hookline.workflows.lifecycle import LifecycleTool
from hookline.workflows.llm_factory import LlmFactory, caching_factory, default_llm_factory
from hookline.workflows.modules import ModuleLoader
from hookline.workflows.paths import Where, resolve_tool_file
from hookline.workflows.patterns import CustomPattern, PatternLike
from hookline.workflows.selector import LlmSelectedPattern
from hookline.workflows.state_store import WorkflowStateStore

__all__ = ["WorkflowArguments", "workflow_arguments"]


class WorkflowArguments(TypedDict):
    """What ``Workflow(**arguments)`` takes, read from a workflow folder."""

    name: str
    agents: list[Agent]
    pattern: PatternLike
    context_variables: dict[str, Any]
    max_rounds: int
    done_marker: str | None
    finish_tool: bool
    human_input: bool
    terminate_when: Condition | None
    descriptions: dict[str, str]
    lifecycle_tools: list[LifecycleTool]
    hooks: HookRegistry | None
    state_store: WorkflowStateStore | None


def workflow_arguments(
    root: Path,
    *,
    llm_factory: LlmFactory | None,
    conversation_store: ConversationStore | None,
    state_store: WorkflowStateStore | None,
    hooks: HookRegistry | None,
) -> WorkflowArguments:
    """The arguments of the ``Workflow`` the folder ``root`` declares (see
    ``Workflow.from_directory``, which builds it)."""
    if not root.is_dir():
        raise WorkflowConfigError(f"{root} is not a directory")
    spec = parse_workflow(_required(read_json(root, WORKFLOW_FILE, required=True)), _name(root))
    tools_data = read_json(root, TOOLS_FILE, required=False) or {}
    for key in tools_data:
        if key not in ("tools", "lifecycle_tools"):
            raise WorkflowConfigError(
                "unknown field (allowed: lifecycle_tools, tools)", file=TOOLS_FILE, field=key
            )
    names = [agent.name for agent in spec.agents]
    tool_specs = parse_tools(tools_data)
    lifecycle_specs = parse_lifecycle_tools(tools_data, names)
    context = parse_context_variables(read_json(root, CONTEXT_FILE, required=False))
    modules = ModuleLoader()
    tools = {tool.name: _function_tool(root, tool, modules) for tool in tool_specs}
    lifecycle = [_lifecycle_tool(root, tool, modules) for tool in lifecycle_specs]
    factory = caching_factory(llm_factory or default_llm_factory)
    agents = [
        _agent(index, agent, spec, tools, factory, conversation_store)
        for index, agent in enumerate(spec.agents)
    ]
    return WorkflowArguments(
        name=spec.name,
        agents=agents,
        pattern=_pattern(root, spec, factory, modules),
        context_variables=context,
        max_rounds=spec.max_rounds,
        done_marker=spec.done_marker,
        finish_tool=spec.finish_tool,
        human_input=spec.human_input,
        terminate_when=spec.terminate_when,
        descriptions={agent.name: agent.description for agent in spec.agents if agent.description},
        lifecycle_tools=lifecycle,
        hooks=hooks,
        state_store=state_store,
    )


def _required(data: dict[str, Any] | None) -> dict[str, Any]:
    assert data is not None, "read_json(required=True) never returns None"
    return data


def _name(root: Path) -> str:
    name = re.sub(r"[^A-Za-z0-9_-]", "_", root.resolve().name).strip("_-")
    return name or "workflow"


def _load(root: Path, ref: FunctionRef, modules: ModuleLoader) -> tuple[Callable[..., Any], str]:
    path = resolve_tool_file(root, ref.file, ref.file_where)
    function = modules.function(path, ref.function, ref.file_where, ref.function_where)
    return function, path.relative_to(root.resolve()).as_posix()


def _function_tool(root: Path, spec: ToolSpec, modules: ModuleLoader) -> FunctionTool:
    function, _ = _load(root, spec.ref, modules)
    try:
        return FunctionTool(function, name=spec.name, description=spec.description)
    except Exception as error:
        raise spec.ref.function_where.error(
            f"{spec.ref.function!r} cannot be a tool: {type(error).__name__}: {error}"
        ) from error


def _lifecycle_tool(root: Path, spec: LifecycleToolSpec, modules: ModuleLoader) -> LifecycleTool:
    function, relative = _load(root, spec.ref, modules)
    _check_lifecycle_signature(function, spec.ref.function_where)
    return LifecycleTool(
        trigger=spec.trigger,
        agent=spec.agent,
        func=function,
        function=spec.ref.function,
        file=relative,
        description=spec.description,
        timeout_s=spec.timeout_s,
        retries=spec.retries,
        when=spec.when,
        priority=spec.priority,
        on_error=spec.on_error,
    )


def _check_lifecycle_signature(function: Callable[..., Any], where: Where) -> None:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return
    for parameter in parameters:
        needs_value = parameter.default is parameter.empty and parameter.kind not in (
            parameter.VAR_POSITIONAL,
            parameter.VAR_KEYWORD,
        )
        if needs_value and parameter.name != CONTEXT_PARAMETER:
            raise where.error(
                f"a lifecycle tool takes no arguments or only {CONTEXT_PARAMETER!r}; "
                f"{parameter.name!r} would have no value"
            )


def _agent(
    index: int,
    spec: AgentSpec,
    workflow: WorkflowSpec,
    tools: Mapping[str, FunctionTool],
    factory: LlmFactory,
    conversation_store: ConversationStore | None,
) -> Agent:
    where = Where(WORKFLOW_FILE, "agents", index)
    selected = []
    for position, name in enumerate(spec.tools):
        if name not in tools:
            declared = ", ".join(sorted(tools)) or "none"
            raise where.at(f"tools[{position}]").error(
                f"unknown tool {name!r} (tools declared in {TOOLS_FILE}: {declared})"
            )
        selected.append(tools[name])
    model = spec.model or workflow.model
    config = None
    if spec.max_tool_iterations is not None:
        config = AgentConfig(max_tool_iterations=spec.max_tool_iterations)
    prompt = spec.system_prompt
    return Agent(
        _model(factory, model, where.at("model" if spec.model else "")),
        tool_registry=ToolRegistry(selected),
        conversation_store=conversation_store,
        system_prompt_builder=DefaultSystemPromptBuilder(prompt) if prompt else None,
        config=config,
        name=spec.name,
    )


def _model(factory: LlmFactory, model: str | None, where: Where) -> LlmService:
    try:
        return factory(model)
    except WorkflowConfigError:
        raise
    except Exception as error:
        label = repr(model) if model else "the default model"
        raise where.error(f"cannot build {label}: {type(error).__name__}: {error}") from error


def _pattern(
    root: Path, spec: WorkflowSpec, factory: LlmFactory, modules: ModuleLoader
) -> PatternLike:
    pattern: PatternSpec = spec.pattern
    if pattern.type == "handoff":
        fallback = cast("Any", pattern.fallback)
        return HandoffPattern(initial_agent=pattern.initial_agent, fallback=fallback)
    if pattern.type == "llm_selected":
        where = Where(WORKFLOW_FILE, field="pattern.model")
        selector = _model(factory, pattern.model or spec.model, where)
        return LlmSelectedPattern(selector, max_history=pattern.max_history)
    if pattern.type == "custom":
        assert pattern.ref is not None, "a custom pattern has file and function"
        function, _ = _load(root, pattern.ref, modules)
        return CustomPattern(function)
    return pattern.type
