"""Declarative workflows: models from the factory, patterns from workflow.json, tools from files."""

from __future__ import annotations

import sys
import types
from collections.abc import Mapping
from pathlib import Path

import pytest

from hookline import ScriptedLlmService, text_reply, tool_call_reply
from hookline.llm.base import LlmService
from hookline.workflows import (
    HandoffPattern,
    LlmSelectedPattern,
    Workflow,
    WorkflowConfigError,
    default_llm_factory,
)

from .conftest import factory_of, llm_of, write_workflow

TOOLS = '''
import asyncio

async def save_note(note: str, context_variables) -> str:
    """Save a note for the team.

    Args:
        note: The note.
    """
    await asyncio.sleep(0)
    context_variables.data.setdefault("notes", []).append(note)
    return f"saved {note!r}"

def pick(selection):
    return None if selection.round > 2 else selection.agents[-1]
'''


def test_default_factory_without_providers_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "hookline.llm.env", None)
    with pytest.raises(WorkflowConfigError, match="No model providers available"):
        default_llm_factory("openai:gpt-4o-mini")


def test_default_factory_sets_hookline_model_for_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []
    service = ScriptedLlmService([])

    def from_env(environ: Mapping[str, str] | None = None) -> LlmService:
        assert environ is not None
        seen.append(environ.get("HOOKLINE_MODEL"))
        return service

    module = types.ModuleType("hookline.llm.env")
    module.from_env = from_env  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "hookline.llm.env", module)
    monkeypatch.setenv("HOOKLINE_MODEL", "local")
    assert default_llm_factory("anthropic:claude") is service
    assert default_llm_factory(None) is service
    assert seen == ["anthropic:claude", "local"]


async def test_models_are_built_once_per_name_and_agents_get_prompts_and_tools(
    tmp_path: Path,
) -> None:
    root = write_workflow(
        tmp_path / "notes",
        workflow={
            "name": "notes",
            "model": "base",
            "max_rounds": 2,
            "agents": [
                {"name": "a", "system_prompt": "You take notes.", "tools": ["save_note"]},
                {"name": "b", "model": "other", "max_tool_iterations": 2},
            ],
        },
        tools={"tools": [{"file": "team.py", "function": "save_note", "name": "note"}]},
        files={"tools/team.py": TOOLS},
    )
    with pytest.raises(WorkflowConfigError, match=r"agents\[0\]\.tools\[0\]: unknown tool"):
        Workflow.from_directory(root, llm_factory=factory_of({}))
    (root / "tools.json").write_text(
        '{"tools": [{"file": "team.py", "function": "save_note"}]}', encoding="utf-8"
    )
    built: list[str | None] = []
    base = ScriptedLlmService(
        [tool_call_reply("save_note", {"note": "buy milk"}), text_reply("ok")]
    )
    other = ScriptedLlmService([text_reply("noted")])

    def factory(model: str | None) -> LlmService:
        built.append(model)
        return {"base": base, "other": other}[model or ""]

    workflow = Workflow.from_directory(root, llm_factory=factory)
    assert built == ["base", "other"]
    assert workflow.agent("b").config.max_tool_iterations == 2
    result = await workflow.run("Remember milk")
    assert result.context_variables.data["notes"] == ["buy milk"]
    request = base.requests[0]
    assert request.system_prompt is not None
    assert request.system_prompt.startswith("You take notes.")
    schema = (request.tools or [])[0]
    assert (schema.name, list(schema.parameters["properties"])) == ("save_note", ["note"])
    assert schema.description == "Save a note for the team."


def test_patterns_from_workflow_json(tmp_path: Path) -> None:
    agents = [{"name": "a"}, {"name": "b"}]
    services: dict[str | None, LlmService] = {
        None: ScriptedLlmService([]),
        "selector": ScriptedLlmService([]),
    }
    handoff = write_workflow(
        tmp_path / "h",
        workflow={
            "name": "h",
            "pattern": {"type": "handoff", "initial_agent": "b", "fallback": "ask_user"},
            "agents": agents,
        },
    )
    pattern = Workflow.from_directory(handoff, llm_factory=factory_of(services)).pattern
    assert isinstance(pattern, HandoffPattern)
    assert (pattern.initial_agent, pattern.fallback) == ("b", "ask_user")

    selected = write_workflow(
        tmp_path / "s",
        workflow={
            "name": "s",
            "pattern": {"type": "llm-selected", "model": "selector", "max_history": 4},
            "agents": agents,
        },
    )
    pattern = Workflow.from_directory(selected, llm_factory=factory_of(services)).pattern
    assert isinstance(pattern, LlmSelectedPattern)
    assert pattern.llm is services["selector"]
    assert pattern.max_history == 4

    bad = write_workflow(
        tmp_path / "x",
        workflow={
            "name": "x",
            "pattern": {"type": "handoff", "initial_agent": "z"},
            "agents": agents,
        },
    )
    with pytest.raises(WorkflowConfigError, match=r"^workflow.json: pattern.initial_agent: 'z'"):
        Workflow.from_directory(bad, llm_factory=factory_of(services))


async def test_a_custom_pattern_function_from_a_file(tmp_path: Path) -> None:
    a, b = ScriptedLlmService([]), ScriptedLlmService([text_reply("b1"), text_reply("b2")])
    root = write_workflow(
        tmp_path / "c",
        workflow={
            "name": "c",
            "pattern": {"type": "custom", "file": "team.py", "function": "pick"},
            "agents": [{"name": "a", "model": "a"}, {"name": "b", "model": "b"}],
        },
        files={"tools/team.py": TOOLS},
    )
    workflow = Workflow.from_directory(root, llm_factory=factory_of({"a": a, "b": b}))
    result = await workflow.run("Go")
    assert [e.speaker for e in result.transcript] == ["user", "b", "b"]
    assert result.reason == "pattern"
    assert llm_of(workflow.agent("a")).requests == []

    missing = write_workflow(
        tmp_path / "m",
        workflow={
            "name": "m",
            "pattern": {"type": "custom", "file": "team.py"},
            "agents": [{"name": "a"}],
        },
        files={"team.py": TOOLS},
    )
    with pytest.raises(WorkflowConfigError, match=r"^workflow.json: pattern.function: is required"):
        Workflow.from_directory(missing, llm_factory=factory_of({None: a}))


async def test_context_variables_json_and_the_folder_name_default(tmp_path: Path) -> None:
    root = write_workflow(
        tmp_path / "my flow",
        workflow={"agents": [{"name": "a"}], "max_rounds": 1},
        context={"stage": "draft", "limits": {"rounds": 1}},
    )
    service = ScriptedLlmService([text_reply("hi")])
    workflow = Workflow.from_directory(root, llm_factory=factory_of({None: service}))
    assert workflow.name == "my_flow"
    result = await workflow.run("Go")
    assert result.context_variables.data["stage"] == "draft"
    assert result.context_variables.data["limits"] == {"rounds": 1}
