"""Lifecycle tools obey the hook contract: ``priority`` orders them among all handlers of
their event; ``on_error`` says what a failure does ("log", "raise", "skip_step")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hookline import ScriptedLlmService, text_reply
from hookline.hooks.registry import Event
from hookline.workflows import (
    ChatStartedEvent,
    LifecycleTool,
    LifecycleToolError,
    LifecycleToolEvent,
    Workflow,
    WorkflowConfigError,
)

from .conftest import WorkflowRecorder, write_workflow
from .test_lifecycle_tools import FUNCTIONS, folder, lifecycle, load

ORDER = """
def first(context_variables):
    context_variables.data.setdefault("order", []).append("first")

def second(context_variables):
    context_variables.data.setdefault("order", []).append("second")

def urgent(context_variables):
    context_variables.data.setdefault("order", []).append("urgent")
"""


async def test_priority_orders_tools_among_every_handler_of_the_event(tmp_path: Path) -> None:
    root = write_workflow(
        tmp_path / "flow",
        workflow={"name": "flow", "agents": [{"name": "a"}], "max_rounds": 1},
        tools={
            "lifecycle_tools": [
                {"trigger": "before_chat", "agent": None, "file": "o.py", "function": "first"},
                {"trigger": "before_chat", "agent": None, "file": "o.py", "function": "second"},
                {
                    "trigger": "before_chat",
                    "agent": None,
                    "file": "o.py",
                    "function": "urgent",
                    "priority": 10,
                },
            ]
        },
        files={"tools/o.py": ORDER},
    )
    workflow = load(root, turns=1)

    def user_handler(event: Event[ChatStartedEvent]) -> None:
        event.data.context_variables.data.setdefault("order", []).append("user")

    workflow.hooks.on(ChatStartedEvent, user_handler, priority=5)
    result = await workflow.run("go")

    assert result.status == "completed"
    assert result.context_variables.data["order"] == ["urgent", "user", "first", "second"]


async def test_on_error_log_is_the_default_and_the_run_goes_on(tmp_path: Path) -> None:
    root = folder(tmp_path, [lifecycle("before_agent", "boom")])
    workflow = load(root)

    result = await workflow.run("go")

    assert result.status == "completed"
    assert result.text == "answer 0"


async def test_on_error_raise_fails_the_run_after_the_retries(tmp_path: Path) -> None:
    root = folder(tmp_path, [lifecycle("before_chat", "boom", on_error="raise", retries=1)])
    workflow = load(root)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)

    with pytest.raises(LifecycleToolError, match=r"boom \(before_chat\) failed: RuntimeError"):
        await workflow.run("go")

    errors = [e for e in recorder.of_type(LifecycleToolEvent) if e.kind == "tool_error"]
    assert [e.attempt for e in errors] == [1, 2]  # both attempts recorded before it raised


async def test_on_error_skip_step_skips_the_agents_turn(tmp_path: Path) -> None:
    root = folder(
        tmp_path,
        [lifecycle("before_agent", "boom", on_error="skip_step")],
        agents=[{"name": "a"}, {"name": "b"}],
        max_rounds=2,
        pattern="round_robin",
    )
    service = ScriptedLlmService([text_reply("b answers")])
    workflow = Workflow.from_directory(root, llm_factory=lambda _: service)

    result = await workflow.run("go")

    assert result.status == "completed"
    # both agents' turns were skipped: the model was never called
    assert service.requests == []
    texts = [entry.content for entry in result.transcript]
    assert texts[1:] == [
        "(a skipped: lifecycle tool boom failed)",
        "(b skipped: lifecycle tool boom failed)",
    ]


async def test_skip_step_on_a_chat_trigger_acts_as_log(tmp_path: Path) -> None:
    root = folder(tmp_path, [lifecycle("before_chat", "boom", on_error="skip_step")])

    result = await load(root).run("go")

    assert result.status == "completed"
    assert result.text == "answer 0"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"on_error": "ignore"}, "on_error: must be one of raise, log, skip_step"),
        ({"priority": "high"}, "priority: must be a whole number"),
        ({"priority": True}, "priority: must be a whole number"),
    ],
)
def test_tools_json_options_are_validated(
    tmp_path: Path, extra: dict[str, Any], message: str
) -> None:
    root = folder(tmp_path, [lifecycle("before_chat", "boom", **extra)])

    with pytest.raises(WorkflowConfigError, match=message):
        load(root)


def test_python_tools_take_the_same_options() -> None:
    def noop() -> None:
        return None

    tool = LifecycleTool(trigger="before_chat", func=noop, priority=3, on_error="raise")
    assert (tool.priority, tool.on_error) == (3, "raise")
    with pytest.raises(ValueError, match="on_error must be one of"):
        LifecycleTool(trigger="before_chat", func=noop, on_error="ignore")  # type: ignore[arg-type]


assert FUNCTIONS  # the shared tool functions (boom, ...) come from the sibling module
