"""Lifecycle tools never halt a workflow: errors and timeouts become tool_error events;
retries, ``when``, sync and async functions, fresh loading, logged results."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from hookline import ObservabilityProvider, ScriptedLlmService, text_reply
from hookline.workflows import LifecycleToolEvent, Workflow

from .conftest import WorkflowRecorder, write_workflow

FUNCTIONS = """
import asyncio
import time

def boom(context_variables):
    raise RuntimeError("database unreachable")

async def slow(context_variables):
    await asyncio.sleep(5)
    context_variables.data["slow_finished"] = True

def after_failures(context_variables):
    context_variables.data["after"] = "ran"
    return {"status": "success", "items": 2}

def flaky(context_variables):
    attempts = context_variables.data.get("attempts", 0) + 1
    context_variables.data["attempts"] = attempts
    if attempts < 3:
        raise ConnectionError(f"attempt {attempts} failed")
    return "third time lucky"

def review_only(context_variables):
    context_variables.data.setdefault("review_runs", []).append(context_variables.data["stage"])

def set_review(context_variables):
    context_variables.data["stage"] = "review"

async def async_no_context():
    await asyncio.sleep(0)
    return "async without context"

def sync_no_context():
    return "sync without context"
"""


def lifecycle(trigger: str, function: str, **extra: Any) -> dict[str, Any]:
    return {"trigger": trigger, "agent": None, "file": "hooks.py", "function": function, **extra}


def load(root: Path, turns: int = 2) -> Workflow:
    service = ScriptedLlmService([text_reply(f"answer {n}") for n in range(turns)])
    return Workflow.from_directory(root, llm_factory=lambda _: service)


def folder(tmp_path: Path, entries: list[dict[str, Any]], **workflow: Any) -> Path:
    spec = {"name": "flow", "agents": [{"name": "a"}], "max_rounds": 1, **workflow}
    return write_workflow(
        tmp_path / "flow",
        workflow=spec,
        tools={"lifecycle_tools": entries},
        files={"tools/hooks.py": FUNCTIONS},
    )


def kinds(recorder: WorkflowRecorder) -> list[tuple[str, str, str]]:
    return [(e.kind, e.function, e.status) for e in recorder.of_type(LifecycleToolEvent)]


async def test_a_raising_and_a_timing_out_tool_do_not_halt_the_workflow(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = folder(
        tmp_path,
        [
            lifecycle("before_chat", "boom"),
            lifecycle("before_chat", "slow", timeout_s=0.05),
            lifecycle("before_chat", "after_failures"),
            lifecycle("before_agent", "boom"),
        ],
    )
    workflow = load(root)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    with caplog.at_level(logging.INFO, logger="hookline.workflows"):
        result = await workflow.run("go")
    assert result.status == "completed"
    assert result.text == "answer 0"
    assert result.context_variables.data["after"] == "ran"
    assert "slow_finished" not in result.context_variables.data
    assert kinds(recorder) == [
        ("tool_call", "boom", "started"),
        ("tool_error", "boom", "error"),
        ("tool_call", "slow", "started"),
        ("tool_error", "slow", "error"),
        ("tool_call", "after_failures", "started"),
        ("tool_result", "after_failures", "success"),
        ("tool_call", "boom", "started"),
        ("tool_error", "boom", "error"),
    ]
    errors = [e for e in recorder.of_type(LifecycleToolEvent) if e.kind == "tool_error"]
    assert errors[0].payload() == {
        "trigger": "before_chat",
        "agent": None,
        "function": "boom",
        "file": "tools/hooks.py",
        "status": "error",
        "elapsed_ms": round(errors[0].elapsed_ms, 3),
        "result": "RuntimeError: database unreachable",
    }
    assert errors[0].event_type == "lifecycle.tool_error"
    assert errors[0].traceback is not None and 'raise RuntimeError("database' in errors[0].traceback
    assert errors[1].result == "TimeoutError: timed out after 0.05 s"
    assert 40 <= errors[1].elapsed_ms < 2000
    assert errors[2].trigger == "before_agent"
    assert errors[2].current_agent == "a"
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(failures) == 3
    assert failures[0].exc_info is not None
    assert "database unreachable" in caplog.text
    assert 'returned {"status": "success", "items": 2}' in caplog.text


async def test_retries_repeat_a_failing_tool_until_it_succeeds(tmp_path: Path) -> None:
    root = folder(tmp_path, [lifecycle("before_chat", "flaky", retries=2)])
    workflow = load(root)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    result = await workflow.run("go")
    assert result.context_variables.data["attempts"] == 3
    events = recorder.of_type(LifecycleToolEvent)
    assert [(e.kind, e.attempt) for e in events] == [
        ("tool_call", 1),
        ("tool_error", 1),
        ("tool_call", 2),
        ("tool_error", 2),
        ("tool_call", 3),
        ("tool_result", 3),
    ]
    assert events[1].result == "ConnectionError: attempt 1 failed"
    assert events[-1].result == "third time lucky"


async def test_retries_are_bounded(tmp_path: Path) -> None:
    root = folder(tmp_path, [lifecycle("before_chat", "flaky", retries=1)])
    workflow = load(root)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    result = await workflow.run("go")
    assert result.status == "completed"
    assert result.context_variables.data["attempts"] == 2
    assert [e.kind for e in recorder.of_type(LifecycleToolEvent)][-1] == "tool_error"


async def test_when_skips_a_tool_unless_its_condition_holds(tmp_path: Path) -> None:
    when = {"var": "stage", "equals": "review"}
    root = folder(
        tmp_path,
        [
            lifecycle("before_agent", "review_only", when=when),
            lifecycle("after_agent", "set_review"),
            lifecycle("after_agent", "review_only", when=when),
        ],
        max_rounds=2,
    )
    (root / "context_variables.json").write_text('{"stage": "draft"}', encoding="utf-8")
    workflow = load(root)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    result = await workflow.run("go")
    # turn 1: before skipped (draft), after -> review, after runs; turn 2: both run
    assert result.context_variables.data["review_runs"] == ["review", "review", "review"]
    calls = [e.function for e in recorder.of_type(LifecycleToolEvent) if e.kind == "tool_call"]
    assert calls == ["set_review", "review_only", "review_only", "set_review", "review_only"]


async def test_sync_and_async_functions_without_context(tmp_path: Path) -> None:
    root = folder(
        tmp_path,
        [lifecycle("after_chat", "async_no_context"), lifecycle("after_chat", "sync_no_context")],
    )
    workflow = load(root)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    await workflow.run("go")
    results = [e.result for e in recorder.of_type(LifecycleToolEvent) if e.kind == "tool_result"]
    assert results == ["async without context", "sync without context"]


async def test_functions_are_loaded_fresh_and_not_cached_in_sys_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    root = write_workflow(
        tmp_path / "flow",
        workflow={"name": "flow", "agents": [{"name": "a"}], "max_rounds": 1},
        tools={"lifecycle_tools": [lifecycle("before_chat", "version")]},
        files={"hooks.py": "def version():\n    return 'v1'\n"},
    )
    before = set(sys.modules)
    first = load(root)
    stat = (root / "hooks.py").stat()
    (root / "hooks.py").write_text("def version():\n    return 'v2'\n", encoding="utf-8")
    os.utime(root / "hooks.py", ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size and mtime
    second = load(root)
    assert first.lifecycle_tools[0].func() == "v1"
    assert second.lifecycle_tools[0].func() == "v2"
    assert not [name for name in set(sys.modules) - before if "hooks" in name]
    assert not (root / "__pycache__").exists()


class RecordingProvider(ObservabilityProvider):
    def __init__(self) -> None:
        self.metrics: list[tuple[str, float, dict[str, str]]] = []

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        self.metrics.append((name, value, dict(tags or {})))


async def test_failures_are_counted_and_durations_recorded(tmp_path: Path) -> None:
    provider = RecordingProvider()
    root = folder(tmp_path, [lifecycle("before_chat", "boom"), lifecycle("after_chat", "ok")])
    (root / "tools" / "hooks.py").write_text(
        FUNCTIONS + "\ndef ok():\n    return 1\n", encoding="utf-8"
    )
    service = ScriptedLlmService([text_reply("answer")])
    workflow = Workflow.from_directory(root, llm_factory=lambda _: service)
    metered = Workflow(
        workflow.name,
        workflow.agents,
        max_rounds=1,
        lifecycle_tools=workflow.lifecycle_tools,
        observability_provider=provider,
    )
    await metered.run("go")
    names = [(name, tags) for name, _, tags in provider.metrics]
    assert names == [
        (
            "workflow.lifecycle_tool.duration",
            {"trigger": "before_chat", "function": "boom", "status": "error"},
        ),
        ("agent.error.count", {"error_type": "lifecycle_tool:RuntimeError"}),
        (
            "workflow.lifecycle_tool.duration",
            {"trigger": "after_chat", "function": "ok", "status": "success"},
        ),
        ("workflow.duration", {"workflow": "flow", "reason": "max_rounds"}),
        ("workflow.rounds", {"workflow": "flow", "reason": "max_rounds"}),
    ]
    assert provider.metrics[-1][1] == 1
