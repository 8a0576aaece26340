"""The declarative formats, validated: workflow.json, tools.json, context_variables.json.

Parsing only: values are checked and turned into specs; files are
resolved and functions imported by ``loader.py``.  Every error is a
``WorkflowConfigError`` naming the file, the array index and the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from hookline.hooks.options import ON_ERROR_CHOICES, OnError
from hookline.workflows.conditions import Condition, ConditionError, parse_condition
from hookline.workflows.errors import WorkflowConfigError
from hookline.workflows.events import LifecycleTrigger
from hookline.workflows.lifecycle import CHAT_TRIGGERS, TRIGGERS
from hookline.workflows.paths import Where, resolve_config_file

__all__ = [
    "AgentSpec",
    "FunctionRef",
    "LifecycleToolSpec",
    "PatternSpec",
    "ToolSpec",
    "WorkflowSpec",
    "parse_agents",
    "parse_context_variables",
    "parse_lifecycle_tools",
    "parse_tools",
    "parse_workflow",
    "read_json",
]

WORKFLOW_FILE = "workflow.json"
TOOLS_FILE = "tools.json"
CONTEXT_FILE = "context_variables.json"

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_LIFECYCLE_KEYS = {"trigger", "agent", "file", "function", "description", "timeout_s", "retries"}
_LIFECYCLE_KEYS |= {"when", "priority", "on_error"}
_TOOL_KEYS = {"name", "file", "function", "description"}
_AGENT_KEYS = {"name", "description", "system_prompt", "model", "tools", "max_tool_iterations"}
_WORKFLOW_KEYS = {
    "name", "description", "pattern", "max_rounds", "done_marker", "finish_tool",
    "human_input", "terminate_when", "model", "agents",
}  # fmt: skip
_PATTERN_KEYS = {"type", "initial_agent", "fallback", "model", "max_history", "file", "function"}
_PATTERNS = ("round_robin", "sequential", "handoff", "llm_selected", "custom")


@dataclass(frozen=True, kw_only=True)
class FunctionRef:
    """A ``file`` + ``function`` pair and where it was declared."""

    file: str
    function: str
    file_where: Where
    function_where: Where


@dataclass(frozen=True, kw_only=True)
class LifecycleToolSpec:
    """One validated entry of ``tools.json``'s ``lifecycle_tools``."""

    trigger: LifecycleTrigger
    agent: str | None
    ref: FunctionRef
    description: str | None = None
    timeout_s: float | None = None
    retries: int = 0
    when: Condition | None = None
    priority: int = 0
    on_error: OnError = "log"


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    """One validated entry of ``tools.json``'s ``tools``: a function the agents may call."""

    name: str
    ref: FunctionRef
    description: str | None = None


@dataclass(frozen=True, kw_only=True)
class AgentSpec:
    """One validated entry of ``workflow.json``'s ``agents``."""

    name: str
    description: str = ""
    system_prompt: str | None = None
    model: str | None = None
    tools: tuple[str, ...] = ()
    max_tool_iterations: int | None = None


@dataclass(frozen=True, kw_only=True)
class PatternSpec:
    """``workflow.json``'s ``pattern`` (a name, or an object with ``type``)."""

    type: str
    initial_agent: str | None = None
    fallback: str = "terminate"
    model: str | None = None
    max_history: int = 20
    ref: FunctionRef | None = None


@dataclass(frozen=True, kw_only=True)
class WorkflowSpec:
    """``workflow.json``, validated."""

    name: str
    description: str = ""
    pattern: PatternSpec
    max_rounds: int = 10
    done_marker: str | None = "TERMINATE"
    finish_tool: bool = False
    human_input: bool = False
    terminate_when: Condition | None = None
    model: str | None = None
    agents: list[AgentSpec] = field(default_factory=list)


# -- files -------------------------------------------------------------------------


def read_json(root: Path, name: str, *, required: bool) -> dict[str, Any] | None:
    """The JSON object in ``root/name`` (None when absent and not required)."""
    path = resolve_config_file(root, name)
    if path is None:
        if required:
            raise WorkflowConfigError(f"not found in {root}", file=name)
        return None
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise WorkflowConfigError(
            f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}", file=name
        ) from None
    if not isinstance(value, dict):
        raise WorkflowConfigError("must contain a JSON object", file=name)
    return value


def parse_context_variables(data: dict[str, Any] | None) -> dict[str, Any]:
    """``context_variables.json``: any JSON object (the initial ``data``)."""
    return dict(data or {})


# -- tools.json ----------------------------------------------------------------------


def parse_lifecycle_tools(data: dict[str, Any], agent_names: list[str]) -> list[LifecycleToolSpec]:
    """``tools.json``'s ``lifecycle_tools``, validated exactly as the reference's schema
    (plus ``timeout_s``, ``retries``, ``when``, ``priority`` and ``on_error``)."""
    entries = _array(data, "lifecycle_tools", TOOLS_FILE)
    return [
        _lifecycle_tool(entry, Where(TOOLS_FILE, "lifecycle_tools", index), agent_names)
        for index, entry in enumerate(entries)
    ]


def _lifecycle_tool(entry: Any, where: Where, agent_names: list[str]) -> LifecycleToolSpec:
    entry = _object(entry, where, _LIFECYCLE_KEYS)
    trigger = _required_str(entry, where.at("trigger"))
    if trigger not in TRIGGERS:
        raise where.at("trigger").error(f"must be one of {', '.join(TRIGGERS)} (got {trigger!r})")
    if "agent" not in entry:
        raise where.at("agent").error(
            "is required: null for chat-level (or all-agent) tools, else an agent name"
        )
    agent = entry["agent"]
    if agent is not None:
        if trigger in CHAT_TRIGGERS:
            raise where.at("agent").error(f"must be null for {trigger} (got {agent!r})")
        if not isinstance(agent, str) or agent not in agent_names:
            raise where.at("agent").error(
                f"must be null or the name of an agent in workflow.json "
                f"({', '.join(agent_names)}); got {agent!r}"
            )
    return LifecycleToolSpec(
        trigger=trigger,
        agent=agent,
        ref=_function_ref(entry, where),
        description=_optional_str(entry, where.at("description")),
        timeout_s=_timeout(entry, where.at("timeout_s")),
        retries=_retries(entry, where.at("retries")),
        when=_condition(entry, "when", where),
        priority=_priority(entry, where.at("priority")),
        on_error=_on_error(entry, where.at("on_error")),
    )


def parse_tools(data: dict[str, Any]) -> list[ToolSpec]:
    """``tools.json``'s ``tools``: functions (file + function) the agents name in workflow.json."""
    specs: list[ToolSpec] = []
    names: set[str] = set()
    for index, entry in enumerate(_array(data, "tools", TOOLS_FILE)):
        where = Where(TOOLS_FILE, "tools", index)
        entry = _object(entry, where, _TOOL_KEYS)
        ref = _function_ref(entry, where)
        name = _optional_str(entry, where.at("name")) or ref.function
        if not re.match(r"^[A-Za-z0-9_-]{1,64}$", name):
            raise where.at("name").error(f"{name!r}: use letters, digits, '_' or '-'")
        if name in names:
            raise where.at("name").error(f"a tool named {name!r} is already declared")
        names.add(name)
        specs.append(
            ToolSpec(name=name, ref=ref, description=_optional_str(entry, where.at("description")))
        )
    return specs


# -- workflow.json --------------------------------------------------------------------


def parse_workflow(data: dict[str, Any], default_name: str) -> WorkflowSpec:
    """``workflow.json``, validated (agents, pattern, termination)."""
    where = Where(WORKFLOW_FILE)
    _no_unknown_keys(data, _WORKFLOW_KEYS, where)
    agents = parse_agents(data)
    names = [agent.name for agent in agents]
    return WorkflowSpec(
        name=_optional_str(data, where.at("name")) or default_name,
        description=_optional_str(data, where.at("description")) or "",
        pattern=_pattern(data.get("pattern", "round_robin"), names),
        max_rounds=_positive_int(data, where.at("max_rounds"), 10),
        done_marker=_done_marker(data),
        finish_tool=_bool(data, where.at("finish_tool")),
        human_input=_bool(data, where.at("human_input")),
        terminate_when=_condition(data, "terminate_when", where),
        model=_optional_str(data, where.at("model")),
        agents=agents,
    )


def parse_agents(data: dict[str, Any]) -> list[AgentSpec]:
    """``workflow.json``'s ``agents`` (at least one; names unique)."""
    entries = _array(data, "agents", WORKFLOW_FILE)
    if not entries:
        raise WorkflowConfigError("needs at least one agent", file=WORKFLOW_FILE, field="agents")
    agents: list[AgentSpec] = []
    for index, entry in enumerate(entries):
        where = Where(WORKFLOW_FILE, "agents", index)
        entry = _object(entry, where, _AGENT_KEYS)
        name = _required_str(entry, where.at("name"))
        if not re.match(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$", name):
            raise where.at("name").error(
                f"{name!r}: start with a letter; then letters, digits, '_' or '-'"
            )
        if any(agent.name == name for agent in agents):
            raise where.at("name").error(f"another agent is already named {name!r}")
        iterations = entry.get("max_tool_iterations")
        agents.append(
            AgentSpec(
                name=name,
                description=_optional_str(entry, where.at("description")) or "",
                system_prompt=_optional_str(entry, where.at("system_prompt")),
                model=_optional_str(entry, where.at("model")),
                tools=_names(entry, "tools", where),
                max_tool_iterations=None
                if iterations is None
                else _positive_int(entry, where.at("max_tool_iterations"), 10),
            )
        )
    return agents


def _pattern(value: Any, agent_names: list[str]) -> PatternSpec:
    where = Where(WORKFLOW_FILE, field="pattern")
    if isinstance(value, str):
        value = {"type": value}
    if not isinstance(value, dict):
        raise where.error(f'must be a name ({", ".join(_PATTERNS)}) or an object with "type"')
    _no_unknown_keys(value, _PATTERN_KEYS, where)
    kind = str(value.get("type", "")).strip().lower().replace("-", "_")
    if kind not in _PATTERNS:
        raise where.at("pattern.type").error(
            f"must be one of {', '.join(_PATTERNS)} (got {value.get('type')!r})"
        )
    initial = value.get("initial_agent")
    if initial is not None and initial not in agent_names:
        raise where.at("pattern.initial_agent").error(f"{initial!r} is not an agent")
    fallback = value.get("fallback", "terminate")
    if fallback not in ("terminate", "ask_user"):
        raise where.at("pattern.fallback").error(
            f"must be 'terminate' or 'ask_user' (got {fallback!r})"
        )
    ref = None
    if kind == "custom":
        ref = _function_ref(value, Where(WORKFLOW_FILE, field="pattern"))
    return PatternSpec(
        type=kind,
        initial_agent=initial,
        fallback=fallback,
        model=_optional_str(value, where.at("pattern.model")),
        max_history=_positive_int(value, where.at("pattern.max_history"), 20),
        ref=ref,
    )


# -- field helpers ----------------------------------------------------------------------


def _array(data: dict[str, Any], key: str, file: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise WorkflowConfigError("must be an array", file=file, field=key)
    return value


def _object(entry: Any, where: Where, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise where.error(f"must be an object (got {type(entry).__name__})")
    _no_unknown_keys(entry, allowed, where)
    return entry


def _no_unknown_keys(entry: dict[str, Any], allowed: set[str], where: Where) -> None:
    for key in entry:
        if key not in allowed:
            prefix = f"{where.field}." if where.field else ""
            raise where.at(f"{prefix}{key}").error(
                f"unknown field (allowed: {', '.join(sorted(allowed))})"
            )


def _function_ref(entry: dict[str, Any], where: Where) -> FunctionRef:
    prefix = f"{where.field}." if where.field else ""
    file = _required_str(entry, where.at(f"{prefix}file"))
    function = _required_str(entry, where.at(f"{prefix}function"))
    if not _IDENTIFIER.match(function):
        raise where.at(f"{prefix}function").error(f"{function!r} is not a Python function name")
    return FunctionRef(
        file=file,
        function=function,
        file_where=where.at(f"{prefix}file"),
        function_where=where.at(f"{prefix}function"),
    )


def _required_str(entry: dict[str, Any], where: Where) -> str:
    key = where.field.rsplit(".", 1)[-1]
    if key not in entry:
        raise where.error("is required")
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise where.error(f"must be a non-empty string (got {value!r})")
    return value


def _optional_str(entry: dict[str, Any], where: Where) -> str | None:
    value = entry.get(where.field.rsplit(".", 1)[-1])
    if value is not None and not isinstance(value, str):
        raise where.error(f"must be a string (got {value!r})")
    return value


def _bool(entry: dict[str, Any], where: Where) -> bool:
    value = entry.get(where.field, False)
    if not isinstance(value, bool):
        raise where.error(f"must be true or false (got {value!r})")
    return value


def _positive_int(entry: dict[str, Any], where: Where, default: int) -> int:
    value = entry.get(where.field.rsplit(".", 1)[-1], default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise where.error(f"must be a whole number of at least 1 (got {value!r})")
    return value


def _timeout(entry: dict[str, Any], where: Where) -> float | None:
    value = entry.get("timeout_s")
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
        raise where.error(f"must be a positive number of seconds (got {value!r})")
    return float(value)


def _retries(entry: dict[str, Any], where: Where) -> int:
    value = entry.get("retries", 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise where.error(f"must be a whole number of 0 or more (got {value!r})")
    return value


def _priority(entry: dict[str, Any], where: Where) -> int:
    value = entry.get("priority", 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise where.error(f"must be a whole number (got {value!r})")
    return value


def _on_error(entry: dict[str, Any], where: Where) -> OnError:
    value = entry.get("on_error", "log")
    if value not in ON_ERROR_CHOICES:
        raise where.error(f"must be one of {', '.join(ON_ERROR_CHOICES)} (got {value!r})")
    return cast(OnError, value)


def _condition(entry: dict[str, Any], key: str, where: Where) -> Condition | None:
    if entry.get(key) is None:
        return None
    try:
        return parse_condition(entry[key])
    except ConditionError as error:
        field_name = f"{key}.{error.path}" if error.path else key
        raise where.at(field_name).error(error.reason) from None


def _names(entry: dict[str, Any], key: str, where: Where) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list):
        raise where.at(key).error("must be an array of tool names")
    for index, name in enumerate(value):
        if not isinstance(name, str) or not name:
            raise where.at(f"{key}[{index}]").error(f"must be a tool name (got {name!r})")
    return tuple(value)


def _done_marker(data: dict[str, Any]) -> str | None:
    if "done_marker" not in data:
        return "TERMINATE"
    value = data["done_marker"]
    if value is not None and (not isinstance(value, str) or not value):
        raise Where(WORKFLOW_FILE, field="done_marker").error(
            f"must be a non-empty string or null (got {value!r})"
        )
    return value
