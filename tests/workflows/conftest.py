"""Helpers for workflow tests: scripted agents, workflow folders on disk, event recorders."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hookline import Agent, Event, ScriptedLlmService, ToolRegistry, text_reply
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.scripted import ScriptStep
from hookline.tools.base import Tool
from hookline.workflows import WORKFLOW_EVENT_TYPES


def scripted_agent(
    name: str, script: Sequence[ScriptStep], tools: Sequence[Tool[Any]] = ()
) -> Agent:
    """An agent called ``name`` on its own scripted model."""
    return Agent(ScriptedLlmService(script), tool_registry=ToolRegistry(tools), name=name)


def talker(name: str, turns: int = 5) -> Agent:
    """An agent that answers "<name> <n>" on its n-th turn."""
    return scripted_agent(name, [text_reply(f"{name} {n}") for n in range(1, turns + 1)])


def llm_of(agent: Agent) -> ScriptedLlmService:
    service = agent.llm_service
    assert isinstance(service, ScriptedLlmService)
    return service


def write_workflow(
    root: Path,
    *,
    workflow: dict[str, Any] | None = None,
    tools: dict[str, Any] | None = None,
    context: dict[str, Any] | None = None,
    files: dict[str, str] | None = None,
) -> Path:
    """A workflow folder: the JSON files given and Python ``files`` (relative paths)."""
    root.mkdir(parents=True, exist_ok=True)
    spec = workflow or {"name": "flow", "agents": [{"name": "a"}]}
    (root / "workflow.json").write_text(json.dumps(spec), encoding="utf-8")
    if tools is not None:
        (root / "tools.json").write_text(json.dumps(tools), encoding="utf-8")
    if context is not None:
        (root / "context_variables.json").write_text(json.dumps(context), encoding="utf-8")
    for relative, source in (files or {}).items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return root


def factory_of(services: dict[str | None, LlmService]) -> Callable[[str | None], LlmService]:
    """An ``llm_factory`` that looks the model name up in ``services``."""

    def factory(model: str | None) -> LlmService:
        return services[model]

    return factory


class WorkflowRecorder:
    """Records every workflow event (and optionally more types) on a registry, in order."""

    def __init__(self, extra: Sequence[type[Any]] = ()) -> None:
        self.events: list[Event[Any]] = []
        self.types = (*WORKFLOW_EVENT_TYPES, *extra)

    def register_hooks(self, registry: HookRegistry) -> None:
        for event_type in self.types:
            registry.on(event_type, self.events.append)

    @property
    def names(self) -> list[str]:
        return [type(event.data).__name__ for event in self.events]

    def of_type(self, event_type: type[Any]) -> list[Any]:
        return [e.data for e in self.events if isinstance(e.data, event_type)]
