"""``run_workflow_command`` and ``python -m hookline.workflows``, on the shipped example."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from hookline import ScriptedLlmService, text_reply, tool_call_reply
from hookline.workflows import Workflow, scripted_llm_factory
from hookline.workflows.cli import run_workflow_command

from .conftest import write_workflow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "workflows" / "content_review"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}

EXPECTED_LINES = [
    "-> researcher (round 1)",
    "   tool lookup_fact -> ok",
    "researcher: Facts: hookline is an asyncio runtime for LLM agents; every step of a turn is a "
    "hook.",
    "-> writer (round 2)",
    "-> reviewer (round 3)",
    "reviewer: The draft is accurate and clear. TERMINATE",
    "workflow content_review: completed (done_marker) after 3 round(s)",
]


def assert_in_order(output: str, expected: list[str]) -> None:
    position = 0
    for line in expected:
        found = output.find(line, position)
        assert found >= 0, f"{line!r} not found in order in:\n{output}"
        position = found + len(line)


def test_the_example_runs_offline_through_python_dash_m() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "hookline.workflows", str(EXAMPLE), "--scripted", "-m", "Write"],
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert_in_order(completed.stdout, EXPECTED_LINES)
    lifecycle = [line for line in completed.stdout.splitlines() if "[lifecycle." in line]
    assert [line.split(":")[0].strip() for line in lifecycle] == [
        "[lifecycle.tool_result] before_chat chat initialize (tools/lifecycle.py)",
        "[lifecycle.tool_result] before_agent researcher count_turn (tools/lifecycle.py)",
        "[lifecycle.tool_result] before_agent writer count_turn (tools/lifecycle.py)",
        "[lifecycle.tool_result] before_agent writer start_writing (tools/lifecycle.py)",
        "[lifecycle.tool_result] before_agent reviewer count_turn (tools/lifecycle.py)",
        "[lifecycle.tool_result] after_agent reviewer record_review (tools/lifecycle.py)",
        "[lifecycle.tool_result] after_chat chat report (tools/lifecycle.py)",
    ]
    assert '-> {"turns": 3, "facts": 1, "stage": "writing"}' in completed.stdout


async def test_the_example_in_process_shares_context_between_tools_and_lifecycle() -> None:
    workflow = Workflow.from_directory(EXAMPLE, llm_factory=scripted_llm_factory(EXAMPLE))
    result = await workflow.run("Write a paragraph about hookline")
    data = result.context_variables.data
    assert result.reason == "done_marker"
    assert data["facts"] == [
        "hookline is an asyncio runtime for LLM agents; every step of a turn is a hook."
    ]
    assert (data["turns"], data["stage"], data["reviews"]) == (3, "writing", 1)


def test_run_workflow_command_streams_to_the_given_output() -> None:
    out = io.StringIO()
    code = run_workflow_command(EXAMPLE, "Write", scripted=True, out=out)
    assert code == 0
    assert_in_order(out.getvalue(), EXPECTED_LINES)


def test_an_invalid_folder_exits_2_with_the_error(tmp_path: Path) -> None:
    root = write_workflow(tmp_path / "bad", tools={"lifecycle_tools": [{"trigger": "nope"}]})
    err = io.StringIO()
    code = run_workflow_command(root, "Go", lambda _: ScriptedLlmService([]), err=err)
    assert code == 2
    assert err.getvalue().startswith("error: tools.json: lifecycle_tools[0].trigger: must be")


def test_a_paused_run_resumes_from_the_data_dir_in_a_later_command(tmp_path: Path) -> None:
    root = write_workflow(
        tmp_path / "ask",
        workflow={"name": "ask", "human_input": True, "agents": [{"name": "helper"}]},
    )
    first = ScriptedLlmService([tool_call_reply("ask_user", {"question": "Your name?"})])
    out = io.StringIO()
    assert run_workflow_command(root, "Greet me", lambda _: first, data_dir=tmp_path, out=out) == 0
    text = out.getvalue()
    assert "input requested: Your name?" in text
    state_id = text.split("--resume ", 1)[1].split()[0]
    assert (tmp_path / "workflows.db").exists()

    second = ScriptedLlmService([text_reply("Hello, Ada! TERMINATE")])
    out = io.StringIO()
    code = run_workflow_command(
        root, "Ada", lambda _: second, resume=state_id, data_dir=tmp_path, out=out
    )
    assert code == 0
    assert "-> helper (round 2, resumed)" in out.getvalue()
    assert "helper: Hello, Ada! TERMINATE" in out.getvalue()
    history = [(m.role, m.content) for m in second.requests[0].messages]
    assert history == [
        ("user", "[user]: Greet me"),
        ("assistant", None),  # the ask_user call
        ("tool", "The question was sent to the user."),
        ("assistant", "Your name?"),
        ("user", "[user]: Ada"),
    ]


def test_a_failing_run_exits_1(tmp_path: Path) -> None:
    root = write_workflow(tmp_path / "f", workflow={"name": "f", "agents": [{"name": "a"}]})
    err = io.StringIO()
    code = run_workflow_command(root, "Go", lambda _: ScriptedLlmService([]), err=err)
    assert code == 1
    assert "Agent 'a' failed in round 1" in err.getvalue()
