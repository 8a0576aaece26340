"""Starting a run claims its ``state_id`` first (insert-if-absent): two starts of one new
id at once, by two users or one, give one paused run and one "already in use" error, and
the refused start runs nothing.  On every state store: memory, SQLite, PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline import Agent, ScriptedLlmService, User, text_reply, tool_call_reply
from hookline.workflows import (
    MemoryWorkflowStateStore,
    PostgresWorkflowStateStore,
    SqliteWorkflowStateStore,
    Workflow,
    WorkflowError,
    WorkflowStateStore,
)
from hookline.workflows.state import WorkflowState
from tests.storage.conftest import pg_dsn, run_async

__all__ = ["pg_dsn"]  # the fixture, imported for this module's tests

ALICE = User(id="alice", username="alice")
BOB = User(id="bob", username="bob")


def trip(store: WorkflowStateStore) -> Workflow:
    """A workflow whose planner asks the user first: a started run pauses."""
    planner = Agent(
        ScriptedLlmService(
            [tool_call_reply("ask_user", {"question": "Which city?"}), text_reply("Rome.")]
        ),
        name="planner",
    )
    booker = Agent(ScriptedLlmService([text_reply("Booked. TERMINATE")]), name="booker")
    return Workflow("trip", [planner, booker], human_input=True, state_store=store)


def _requests(workflow: Workflow) -> int:
    llm = workflow.agent("planner").llm_service
    assert isinstance(llm, ScriptedLlmService)
    return len(llm.requests)


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    if request.param == "memory":
        yield MemoryWorkflowStateStore()
        return
    if request.param == "sqlite":
        sqlite = SqliteWorkflowStateStore(tmp_path / "states.db")
        yield sqlite
        await sqlite.close()
        return
    dsn = request.getfixturevalue("pg_dsn")
    schema = f"hl_test_{uuid.uuid4().hex[:12]}"
    postgres = PostgresWorkflowStateStore(dsn, schema=schema)
    yield postgres
    await postgres.close()
    run_async(_drop_schema(dsn, schema))


async def _drop_schema(dsn: str, schema: str) -> None:
    import asyncpg  # type: ignore[import-untyped]

    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@pytest.mark.parametrize(("first", "second"), [(ALICE, BOB), (ALICE, ALICE)], ids=["two", "one"])
async def test_two_starts_of_one_new_state_id_give_one_run(
    store: WorkflowStateStore, first: User, second: User
) -> None:
    workers = [trip(store), trip(store)]  # two server processes on one state store

    outcomes = await asyncio.gather(
        workers[0].run("Plan my trip", user=first, state_id="trip-1"),
        workers[1].run("Plan my trip", user=second, state_id="trip-1"),
        return_exceptions=True,
    )

    paused = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert [r.status for r in paused] == ["paused"]
    assert [type(e) for e in refused] == [WorkflowError]
    assert "state_id 'trip-1' is already in use" in str(refused[0])
    winner = outcomes.index(paused[0])
    assert [_requests(w) for w in workers] == [1 if i == winner else 0 for i in range(2)]
    stored = await store.load_state("trip-1")
    assert stored is not None and stored.user_id == (first, second)[winner].id
    assert stored.status == "paused" and stored.transcript == paused[0].transcript


async def test_a_run_that_fails_frees_its_state_id(store: WorkflowStateStore) -> None:
    failing = trip(store)
    failing.agent("planner").llm_service = ScriptedLlmService([RuntimeError("down")])

    with pytest.raises(WorkflowError):
        await failing.run("Plan", user=ALICE, state_id="trip-2")
    retried = await trip(store).run("Plan", user=ALICE, state_id="trip-2")

    assert retried.status == "paused"


async def test_create_state_inserts_only_if_absent(store: WorkflowStateStore) -> None:
    mine = WorkflowState(state_id="s1", workflow="trip", user_id="alice", message="hi")
    theirs = WorkflowState(state_id="s1", workflow="trip", user_id="bob", message="yo")

    assert await store.create_state(mine) is True
    assert await store.create_state(theirs) is False
    assert await store.load_state("s1") == mine
