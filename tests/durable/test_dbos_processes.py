"""Durable turns on DBOS with real processes killed by SIGKILL (tests/durable/dbos_child.py).

A turn cut off in one process is finished by DBOS recovery in another: finished model
calls are not made again, a tool that finished does not run again, the call cut off
follows the exactly-once rules, and the stored conversation is a valid turn.  A turn
waiting for approval survives its process; queued turns survive a worker.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hookline import User
from hookline.durable import dbos_sqlite_problem
from hookline.storage.base import ConversationStore
from tests.durable.conftest import drop_database
from tests.storage.conftest import run_async

pytest.importorskip("dbos")

ROOT = Path(__file__).resolve().parents[2]
USER = User(id="ada")
CONVERSATION = "durable-1"


@pytest.fixture(params=["sqlite", "postgres"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """Where a test's processes keep their state: SQLite files, or a PostgreSQL database."""
    base: dict[str, Any] = {
        "effects": str(tmp_path / "effects.jsonl"),
        "conversation_id": CONVERSATION,
        "workflow_id": f"turn-{uuid.uuid4().hex[:8]}",
    }
    if request.param == "sqlite":
        problem = dbos_sqlite_problem()
        if problem:
            pytest.skip(problem)
        base.update(
            store="sqlite",
            store_path=str(tmp_path / "conversations.sqlite3"),
            dbos_url=f"sqlite:///{tmp_path / 'dbos.sqlite3'}",
        )
        yield base
        return
    dsn = request.getfixturevalue("pg_dsn")
    database = f"hl_dbos_{uuid.uuid4().hex[:10]}"
    base.update(
        store="postgres",
        store_dsn=dsn,
        store_schema=database,
        dbos_url=dsn.rsplit("/", 1)[0] + f"/{database}",
    )
    yield base
    run_async(drop_database(dsn, database))


CHILDREN: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def no_child_left() -> Iterator[None]:
    """A test that fails midway leaves no process behind (some wait forever by design)."""
    yield
    while CHILDREN:
        process = CHILDREN.pop()
        if process.poll() is None:
            kill(process)


def child(mode: str, settings: dict[str, Any], tmp: Path) -> subprocess.Popen[str]:
    path = tmp / f"settings-{uuid.uuid4().hex[:6]}.json"
    path.write_text(json.dumps(settings), encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.durable.dbos_child", mode, str(path)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    CHILDREN.append(process)
    return process


def finished(process: subprocess.Popen[str], timeout: float = 90) -> Any:
    """The JSON the process printed last; it must exit 0 (killed when it takes too long)."""
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill(process)
        raise
    assert process.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def effects(settings: dict[str, Any]) -> list[dict[str, Any]]:
    path = Path(settings["effects"])
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[str], what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        if process.poll() is not None:
            raise AssertionError(f"{what}: the process ended: {process.communicate()[1][-3000:]}")
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


def open_store(settings: dict[str, Any]) -> ConversationStore:
    if settings["store"] == "sqlite":
        from hookline.storage.sqlite import SqliteConversationStore

        return SqliteConversationStore(settings["store_path"])
    from hookline.storage.postgres import PostgresConversationStore

    return PostgresConversationStore(settings["store_dsn"], schema=settings["store_schema"])


def stored(settings: dict[str, Any], conversation_id: str = CONVERSATION) -> Any:
    async def read() -> Any:
        store = open_store(settings)
        try:
            conversation = await store.get_conversation(conversation_id, USER)
            ledger = await store.tool_calls(conversation_id, USER)
            return conversation, {entry.call_id: entry.state for entry in ledger}
        finally:
            await store.close()

    return run_async(read())


@pytest.mark.parametrize("second", ["charge", "email"])
def test_a_turn_killed_in_its_second_tool_is_finished_by_another_process(
    settings: dict[str, Any], tmp_path: Path, second: str
) -> None:
    settings.update(plan=["charge", second], block_step=1)
    first = child("start", settings, tmp_path)
    wait_for(lambda: any("blocked" in e for e in effects(settings)), first, "the second tool")
    kill(first)

    recovered = child("recover", {**settings, "block_step": None}, tmp_path)
    result = finished(recovered)

    assert result == {"text": "finished after 2 tools", "paused": False}
    records = effects(settings)
    tools = [(r["tool"], r["step"], r["pid"]) for r in records if "tool" in r]
    models = [(r["model"], r["pid"]) for r in records if "model" in r]
    assert tools[0] == ("charge", 0, first.pid)  # the first tool ran once, in the first process
    assert models == [(0, first.pid), (1, first.pid), (2, recovered.pid)]  # not asked again
    conversation, ledger = stored(settings)
    assert [m.role for m in conversation.messages] == [
        "user", "assistant", "tool", "assistant", "tool", "assistant",
    ]  # fmt: skip
    second_result = conversation.messages[4].content or ""
    if second == "charge":  # not idempotent: never run again, answered "interrupted"
        assert tools[1:] == [("charge", 1, first.pid)]
        assert "was interrupted while it ran" in second_result
        assert ledger == {"call_0": "finished", "call_1": "interrupted"}
    else:  # idempotent: run again, with the same idempotency key
        assert [t[:2] for t in tools[1:]] == [("email", 1), ("email", 1)]
        keys = {r["key"] for r in records if r.get("tool") == "email"}
        assert len(keys) == 1
        assert second_result == "email 1 done"
        assert ledger == {"call_0": "finished", "call_1": "finished"}


def test_a_new_conversations_turn_killed_in_a_tool_is_finished_in_that_conversation(
    settings: dict[str, Any], tmp_path: Path
) -> None:
    settings.update(plan=["charge", "charge"], block_step=1, conversation_id=None)
    first = child("start", settings, tmp_path)
    wait_for(lambda: any("blocked" in e for e in effects(settings)), first, "the second tool")
    kill(first)

    result = finished(child("recover", {**settings, "block_step": None}, tmp_path))

    assert result["text"] == "finished after 2 tools"
    conversation, ledger = stored(settings, result["conversation"])
    assert [m.role for m in conversation.messages] == [
        "user", "assistant", "tool", "assistant", "tool", "assistant",
    ]  # fmt: skip
    assert ledger == {"call_0": "finished", "call_1": "interrupted"}
    conversations = run_async(listed(settings))
    assert conversations == [result["conversation"]]  # created once


def listed(settings: dict[str, Any]) -> Any:
    async def read() -> list[str]:
        store = open_store(settings)
        try:
            return [c.id for c in await store.list_conversations(USER)]
        finally:
            await store.close()

    return read()


def test_starting_the_same_workflow_id_twice_is_one_turn(
    settings: dict[str, Any], tmp_path: Path
) -> None:
    settings.update(plan=["charge"])
    assert finished(child("start", settings, tmp_path))["text"] == "finished after 1 tools"

    again = finished(child("start", settings, tmp_path))

    assert again["text"] == "finished after 1 tools"
    assert [r["tool"] for r in effects(settings) if "tool" in r] == ["charge"]
    conversation, _ = stored(settings)
    assert [m.role for m in conversation.messages] == ["user", "assistant", "tool", "assistant"]


def test_an_approval_reaches_a_turn_whose_process_died(
    settings: dict[str, Any], tmp_path: Path
) -> None:
    """The turn pauses for approval; its process is killed; an hour later (the processes'
    clocks are set an hour ahead: DBOS's durable wait reads them) the decision is sent
    while no process runs the turn; a new process recovers it, and the tool runs once."""
    settings.update(plan=["charge"], approval=True)
    first = child("start", settings, tmp_path)
    wait_for(lambda: _paused(settings), first, "the paused turn")
    time.sleep(0.5)  # the workflow is waiting for the decision now
    kill(first)

    later = {**settings, "clock_offset": 3600}
    finished_approval = child("approve", {**later, "call_id": "call_0"}, tmp_path)
    assert finished_approval.wait(timeout=60) == 0, finished_approval.communicate()[1][-3000:]
    recovered = child("recover", later, tmp_path)
    result = finished(recovered)

    assert result == {"text": "finished after 1 tools", "paused": False}
    assert [(r["tool"], r["pid"]) for r in effects(settings) if "tool" in r] == [
        ("charge", recovered.pid)
    ]
    conversation, ledger = stored(settings)
    assert [m.role for m in conversation.messages] == ["user", "assistant", "tool", "assistant"]
    assert ledger == {"call_0": "finished"}


def test_a_decision_after_the_approval_timeout_finds_the_turn_ended_paused(
    settings: dict[str, Any], tmp_path: Path
) -> None:
    """The durable wait lasts ``approval_timeout`` (30 minutes here), counted across the
    restart: an hour later the workflow ends with the turn still paused, nothing ran."""
    settings.update(plan=["charge"], approval=True, approval_timeout=1800)
    first = child("start", settings, tmp_path)
    wait_for(lambda: _paused(settings), first, "the paused turn")
    time.sleep(0.5)
    kill(first)

    recovered = child("recover", {**settings, "clock_offset": 3600}, tmp_path)

    assert finished(recovered) == {"text": "", "paused": True}
    assert [r for r in effects(settings) if "tool" in r] == []
    conversation, _ = stored(settings)
    assert [m.role for m in conversation.messages] == ["user", "assistant"]  # still waiting


def _paused(settings: dict[str, Any]) -> bool:
    try:
        conversation, _ = stored(settings)
    except Exception:  # the store's tables are not there yet
        return False
    return conversation is not None and [m.role for m in conversation.messages] == [
        "user",
        "assistant",
    ]


@pytest.mark.slow
def test_queued_turns_survive_a_killed_worker(settings: dict[str, Any], tmp_path: Path) -> None:
    """50 turns across 10 conversations on the queue, two workers, one killed midway and
    started again (as a supervisor would): every turn finishes, in order, once."""
    if settings["store"] != "postgres":
        pytest.skip("several workers share PostgreSQL (SQLite is one machine's file)")
    settings.update(plan=["charge"], tool_delay=0.05, turns=50, conversations=10)
    worker = {**settings, "executor_id": "worker-2"}
    second = child("worker", worker, tmp_path)
    wait_for(lambda: any(r.get("worker") for r in effects(settings)), second, "worker 2")
    enqueuer = child("enqueue", {**settings, "executor_id": "worker-1"}, tmp_path)
    wait_for(lambda: _charges_by(settings, second.pid) >= 3, second, "worker 2's turns")
    kill(second)
    restarted = child("worker", worker, tmp_path)

    try:
        texts = finished(enqueuer, timeout=180)
    finally:
        kill(restarted)

    assert texts == ["finished after 1 tools"] * 50
    charges = [r for r in effects(settings) if r.get("tool") == "charge"]
    assert len({r["key"] for r in charges}) == len(charges)  # no effect twice
    results = []
    for number in range(10):
        conversation, _ = stored(settings, f"conv-{number}")
        asked = [m.content for m in conversation.messages if m.role == "user"]
        assert asked == [f"turn {t}" for t in range(number, 50, 10)]  # in order
        roles = [m.role for m in conversation.messages]
        assert roles == ["user", "assistant", "tool", "assistant"] * 5  # turns never interleave
        results += [m.content or "" for m in conversation.messages if m.role == "tool"]
    done = results.count("charge 0 done")
    cut_off = sum("was interrupted while it ran" in text for text in results)
    assert done + cut_off == 50 and cut_off <= 10  # at most the calls running at the kill
    assert done <= len(charges) <= done + cut_off


def _charges_by(settings: dict[str, Any], pid: int) -> int:
    return sum(1 for r in effects(settings) if r.get("tool") == "charge" and r["pid"] == pid)


def test_a_workflow_run_killed_in_its_second_agent_is_finished_by_another_process(
    settings: dict[str, Any], tmp_path: Path
) -> None:
    """The writer's turn finished before the kill: recovery does not ask it again; the
    critic's cut-off charge is answered "interrupted"; the run completes."""
    if settings["store"] != "sqlite":
        pytest.skip("the workflow state store is SQLite")
    settings.update(workflow=True, state_path=str(tmp_path / "state.sqlite3"), block_step=1)
    first = child("start", settings, tmp_path)
    wait_for(lambda: any("blocked" in e for e in effects(settings)), first, "the critic's tool")
    kill(first)

    recovered = child("recover", {**settings, "block_step": None}, tmp_path)
    result = finished(recovered)

    assert result["status"] == "completed"
    assert [speaker for speaker, _ in result["transcript"]] == ["user", "writer", "critic"]
    assert result["transcript"][-1][1] == "Looks good. TERMINATE"
    records = effects(settings)
    assert [(r["step"], r["pid"]) for r in records if "tool" in r] == [
        (0, first.pid),
        (1, first.pid),
    ]  # each charge once; the critic's never again
    asked = [(r["model"], r["pid"]) for r in records if "model" in r]
    assert asked == [
        ("writer:0", first.pid),
        ("writer:1", first.pid),
        ("critic:0", first.pid),
        ("critic:1", recovered.pid),
    ]
    lifecycle = [(r["lifecycle"], r["pid"]) for r in records if "lifecycle" in r]
    assert lifecycle == [(0, first.pid), (1, first.pid)]  # steps: not run again
    assert result["variables"]["turns"] == 2  # what they left, back from the checkpoints
    critic, ledger = stored(settings, "run-1.critic")
    assert "was interrupted while it ran" in (critic.messages[2].content or "")
    assert ledger == {"critic_call": "interrupted"}


def test_a_durable_turn_outside_dbos_is_refused_clearly(tmp_path: Path) -> None:
    from hookline import Agent, ScriptedLlmService
    from hookline.durable.dbos import DbosAgent

    with pytest.raises(ValueError, match="outlives the process"):
        DbosAgent(Agent(ScriptedLlmService([])))
