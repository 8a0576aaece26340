"""Nested human-in-the-loop in a workflow step: a member's call that waits pauses the run;
approved after a restart (new objects, or a new process), the member's turn resumes where
it paused, the run completes, and nothing that ran before the pause runs again."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest

import hookline
from hookline import approve

from .nested_worker import USER, after_restart, first_run

WORKER = Path(__file__).with_name("nested_worker.py")
ROOT = Path(__file__).resolve().parents[2]
SRC = str(Path(hookline.__file__).resolve().parents[1])
TRANSCRIPT = ["go", "Planned and paid.", "Booked."]


def effects(folder: Path) -> list[str]:
    return (folder / "effects.txt").read_text().splitlines()


async def pause(folder: Path) -> str:
    workflow, conversations = first_run(folder)
    try:
        result = await workflow.run("go", user=USER, state_id="run-1")
    finally:
        await conversations.close()
        await workflow.state_store.close()
    assert result.status == "paused" and result.input_request is None
    assert [(c.id, c.name, c.arguments) for c in result.pending_tool_calls] == [
        ("c1", "pay", {"amount": 5})
    ]
    assert effects(folder) == ["look 1"]
    return result.state_id


async def test_a_workflow_step_waits_for_approval_and_the_run_completes(tmp_path: Path) -> None:
    state_id = await pause(tmp_path)
    workflow, conversations = after_restart(tmp_path)
    try:
        result = await workflow.resume(state_id, user=USER, decisions={"c1": approve()})
    finally:
        await conversations.close()
        await workflow.state_store.close()
    assert (result.status, [e.content for e in result.transcript]) == ("completed", TRANSCRIPT)
    assert effects(tmp_path) == ["look 1", "pay 5"]


@pytest.mark.slow
async def test_a_workflow_step_is_approved_in_a_new_process(tmp_path: Path) -> None:
    state_id = await pause(tmp_path)
    path = os.pathsep.join([SRC, str(ROOT), os.environ.get("PYTHONPATH", "")])
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.workflows.nested_worker",
        str(tmp_path),
        state_id,
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path},
    )
    out, _ = await asyncio.wait_for(worker.communicate(), 60)
    assert worker.returncode == 0
    assert json.loads(out) == {"status": "completed", "transcript": TRANSCRIPT}
    assert effects(tmp_path) == ["look 1", "pay 5"]
