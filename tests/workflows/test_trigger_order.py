"""The order of lifecycle triggers and workflow events across a 3-agent round robin."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hookline import Event, ScriptedLlmService, text_reply
from hookline.workflows import (
    AgentTurnCompletedEvent,
    AgentTurnStartedEvent,
    ChatCompletedEvent,
    ChatStartedEvent,
    LifecycleToolEvent,
    SelectSpeakerEvent,
    Workflow,
)

from .conftest import WorkflowRecorder, factory_of, write_workflow

TRACE_TOOLS = """
def _mark(context_variables, label):
    context_variables.data.setdefault("trace", []).append(label)

def chat_start(context_variables):
    _mark(context_variables, "before_chat")

def any_agent_start(context_variables):
    _mark(context_variables, "before_agent[*]")

def b_start(context_variables):
    _mark(context_variables, "before_agent[b]")

def any_agent_end(context_variables):
    _mark(context_variables, "after_agent[*]")

def c_end(context_variables):
    _mark(context_variables, "after_agent[c]")

def chat_end(context_variables):
    _mark(context_variables, "after_chat")
"""


def lifecycle(trigger: str, agent: str | None, function: str) -> dict[str, Any]:
    return {"trigger": trigger, "agent": agent, "file": "trace.py", "function": function}


def three_agent_folder(root: Path) -> Path:
    return write_workflow(
        root,
        workflow={
            "name": "trio",
            "pattern": "round_robin",
            "max_rounds": 3,
            "agents": [{"name": n, "model": n} for n in ("a", "b", "c")],
        },
        tools={
            "lifecycle_tools": [
                lifecycle("after_chat", None, "chat_end"),
                lifecycle("before_agent", None, "any_agent_start"),
                lifecycle("before_agent", "b", "b_start"),
                lifecycle("after_agent", None, "any_agent_end"),
                lifecycle("after_agent", "c", "c_end"),
                lifecycle("before_chat", None, "chat_start"),
            ]
        },
        files={"tools/trace.py": TRACE_TOOLS},
    )


def services() -> dict[str | None, Any]:
    return {name: ScriptedLlmService([text_reply(f"{name} speaks")]) for name in "abc"}


async def test_lifecycle_triggers_run_in_order_agent_specific_only_for_their_agent(
    tmp_path: Path,
) -> None:
    workflow = Workflow.from_directory(
        three_agent_folder(tmp_path / "trio"), llm_factory=factory_of(services())
    )
    trace: list[str] = []

    def speaker(event: Event[SelectSpeakerEvent]) -> None:
        trace.append(f"select {event.data.speaker}")

    workflow.hooks.on(SelectSpeakerEvent, speaker)
    result = await workflow.run("Go")
    assert result.status == "completed"
    assert result.reason == "max_rounds"
    assert result.context_variables.data["trace"] == [
        "before_chat",
        "before_agent[*]",
        "after_agent[*]",
        "before_agent[*]",
        "before_agent[b]",
        "after_agent[*]",
        "before_agent[*]",
        "after_agent[*]",
        "after_agent[c]",
        "after_chat",
    ]
    assert trace == ["select a", "select b", "select c"]
    assert [(e.speaker, e.content) for e in result.transcript] == [
        ("user", "Go"),
        ("a", "a speaks"),
        ("b", "b speaks"),
        ("c", "c speaks"),
    ]


async def test_workflow_events_interleave_with_lifecycle_tool_events(tmp_path: Path) -> None:
    workflow = Workflow.from_directory(
        three_agent_folder(tmp_path / "trio"), llm_factory=factory_of(services())
    )
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    await workflow.run("Go")

    def label(event: Event[Any]) -> str:
        data = event.data
        if isinstance(data, LifecycleToolEvent):
            scope = data.agent or "*"
            return f"{data.kind}:{data.trigger}[{scope}]@{data.current_agent}"
        if isinstance(data, SelectSpeakerEvent):
            return f"select:{data.speaker}"
        if isinstance(data, AgentTurnStartedEvent | AgentTurnCompletedEvent):
            return f"{type(data).__name__}:{data.agent}"
        return type(data).__name__

    def lc(trigger: str, scope: str, agent: str | None) -> list[str]:
        return [f"tool_call:{trigger}[{scope}]@{agent}", f"tool_result:{trigger}[{scope}]@{agent}"]

    expected = [
        *lc("before_chat", "*", None),
        "ChatStartedEvent",
        "select:a",
        *lc("before_agent", "*", "a"),
        "AgentTurnStartedEvent:a",
        *lc("after_agent", "*", "a"),
        "AgentTurnCompletedEvent:a",
        "select:b",
        *lc("before_agent", "*", "b"),
        *lc("before_agent", "b", "b"),
        "AgentTurnStartedEvent:b",
        *lc("after_agent", "*", "b"),
        "AgentTurnCompletedEvent:b",
        "select:c",
        *lc("before_agent", "*", "c"),
        "AgentTurnStartedEvent:c",
        *lc("after_agent", "*", "c"),
        *lc("after_agent", "c", "c"),
        "AgentTurnCompletedEvent:c",
        *lc("after_chat", "*", None),
        "ChatCompletedEvent",
    ]
    assert [label(event) for event in recorder.events] == expected
    completed = recorder.of_type(ChatCompletedEvent)[0]
    assert completed.rounds == 3
    assert completed.duration_ms >= 0
    assert recorder.of_type(ChatStartedEvent)[0].message == "Go"
