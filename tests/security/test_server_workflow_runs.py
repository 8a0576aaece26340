"""Finding 8: workflow run hijack.  Two processes share one SQLite state store (as two
server workers do); mallory names alice's paused run by its ``state_id``.  Starting a run
under that id is refused and changes nothing; resuming it is "not found", exactly as
for an id that does not exist; alice's run is intact and resumes.

hookline's server has no workflow endpoint: the state store is where runs are shared,
so the attack goes through it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline import Agent, ScriptedLlmService, User, text_reply, tool_call_reply
from hookline.workflows import (
    SqliteWorkflowStateStore,
    Workflow,
    WorkflowError,
    WorkflowStateNotFoundError,
)

ALICE = User(id="alice", username="alice")
MALLORY = User(id="mallory", username="mallory")


def process(path: Path) -> Workflow:
    """One worker's view of the "trip" workflow, on the shared state file."""
    planner = Agent(
        ScriptedLlmService(
            [tool_call_reply("ask_user", {"question": "Which city?"}), text_reply("Rome.")]
        ),
        name="planner",
    )
    booker = Agent(ScriptedLlmService([text_reply("Booked. TERMINATE")]), name="booker")
    return Workflow(
        "trip", [planner, booker], human_input=True, state_store=SqliteWorkflowStateStore(path)
    )


async def test_another_users_paused_run_cannot_be_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "states.db"
    alice_worker, mallory_worker = process(path), process(path)
    paused = await alice_worker.run("My secret trip for the board", user=ALICE)
    assert paused.status == "paused"
    before = await alice_worker.state_store.load_state(paused.state_id)

    with pytest.raises(WorkflowError, match="is already in use") as taken:
        await mallory_worker.run("hi", user=MALLORY, state_id=paused.state_id)
    with pytest.raises(WorkflowStateNotFoundError) as hijack:
        await mallory_worker.resume(paused.state_id, "Paris", user=MALLORY)
    with pytest.raises(WorkflowStateNotFoundError) as missing:
        await mallory_worker.resume("no-such-run", "Paris", user=MALLORY)

    assert "secret" not in str(taken.value) and "alice" not in str(taken.value)
    assert str(hijack.value) == str(missing.value).replace("no-such-run", paused.state_id)
    assert await mallory_worker.state_store.load_state(paused.state_id) == before  # untouched
    done = await alice_worker.resume(paused.state_id, "Rome", user=ALICE)
    assert done.status == "completed"
    assert [e.content for e in done.transcript][:3] == [
        "My secret trip for the board",
        "Which city?",
        "Rome",
    ]
    for worker in (alice_worker, mallory_worker):
        await worker.state_store.close()
