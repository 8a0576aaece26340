"""SIGKILL in the middle of a tool, then recovery in another process (SQLite, PostgreSQL).

The worker (tests/agent/crash_worker.py) runs a turn whose tool writes its effect
to a file and then blocks; the test kills it with SIGKILL and recovers the
conversation here, with the same tools (which no longer block).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import hookline
from hookline import Agent, ScriptedLlmService, User, text_reply
from hookline.storage import ConversationStore
from tests.agent.crash_tools import READY, crash_tools
from tests.agent.crash_worker import open_store
from tests.storage.conftest import pg_dsn, pg_schema

__all__ = ["pg_dsn", "pg_schema"]

pytestmark = pytest.mark.slow

WORKER = Path(__file__).with_name("crash_worker.py")
ROOT = Path(__file__).resolve().parents[2]
SRC = str(Path(hookline.__file__).resolve().parents[1])
ALICE = User(id="alice")


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str, str]:
    if request.param == "sqlite":
        return "sqlite", str(tmp_path / "crash.db"), "-"
    return "postgres", request.getfixturevalue("pg_dsn"), request.getfixturevalue("pg_schema")


@pytest.fixture
async def store(backend: tuple[str, str, str]) -> AsyncIterator[ConversationStore]:
    opened = open_store(*backend)
    yield opened
    await opened.close()


async def kill_in_tool(backend: tuple[str, str, str], tool: str, effects: Path) -> None:
    """Run the worker until its tool blocks, then SIGKILL it."""
    path = os.pathsep.join([SRC, str(ROOT), os.environ.get("PYTHONPATH", "")])
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        str(WORKER),
        *backend,
        tool,
        str(effects),
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert worker.stdout is not None
    line = await asyncio.wait_for(worker.stdout.readline(), 60)
    assert line.decode().strip() == READY
    worker.send_signal(signal.SIGKILL)
    await worker.wait()
    assert worker.returncode == -signal.SIGKILL


def effects_of(path: Path) -> list[tuple[str, str]]:
    return [tuple(line.split(" ", 1)) for line in path.read_text().splitlines()]  # type: ignore[misc]


async def test_an_ordinary_tool_killed_midway_ran_once_and_is_reported_interrupted(
    backend: tuple[str, str, str], store: ConversationStore, tmp_path: Path
) -> None:
    effects = tmp_path / "effects.txt"
    await kill_in_tool(backend, "send_email", effects)
    [started] = await store.tool_calls("crash-1", ALICE, state="started")
    agent = Agent(
        ScriptedLlmService([]),
        tool_registry=crash_tools(effects, hang=False),
        conversation_store=store,
    )

    result = await agent.recover("crash-1", user=ALICE)

    assert [name for name, _ in effects_of(effects)] == ["send_email"]  # exactly once
    conversation = await store.get_conversation("crash-1", ALICE)
    assert conversation is not None
    roles = [(m.role, m.metadata.get("hookline")) for m in conversation.messages]
    assert roles == [  # the batch was cut off before it was stored: rebuilt from the ledger
        ("user", None),
        ("assistant", "recovered"),
        ("tool", "interrupted"),
        ("assistant", "recovered"),
    ]
    tool_results = [m for m in conversation.messages if m.role == "tool"]
    assert [m.tool_call_id for m in tool_results] == ["call-1"]
    assert "may or may not have taken effect" in (tool_results[0].content or "")
    assert [(e.call_id, e.state, e.attempts) for e in result.entries] == [
        ("call-1", "interrupted", 1)
    ]
    [entry] = await agent.ledger("crash-1", user=ALICE)
    assert (entry.state, entry.turn_id, entry.started_at) == (
        "interrupted",
        started.turn_id,
        started.started_at,
    )


async def test_an_idempotent_tool_killed_midway_runs_again_with_the_same_key(
    backend: tuple[str, str, str], store: ConversationStore, tmp_path: Path
) -> None:
    effects = tmp_path / "effects.txt"
    await kill_in_tool(backend, "charge", effects)
    agent = Agent(
        ScriptedLlmService([]),
        tool_registry=crash_tools(effects, hang=False),
        conversation_store=store,
    )

    result = await agent.recover("crash-1", user=ALICE)

    ran = effects_of(effects)
    assert [name for name, _ in ran] == ["charge", "charge"]
    assert ran[0][1] == ran[1][1]  # the same idempotency key in both processes
    assert result.rerun == ["call-1"]
    conversation = await store.get_conversation("crash-1", ALICE)
    assert conversation is not None
    tool_results = [m for m in conversation.messages if m.role == "tool"]
    assert [(m.tool_call_id, m.content) for m in tool_results] == [("call-1", "charged 42")]
    [entry] = await agent.ledger("crash-1", user=ALICE)
    assert (entry.state, entry.attempts, entry.idempotency_key) == ("finished", 2, ran[0][1])


async def test_the_next_message_recovers_by_itself(
    backend: tuple[str, str, str], store: ConversationStore, tmp_path: Path
) -> None:
    effects = tmp_path / "effects.txt"
    await kill_in_tool(backend, "send_email", effects)
    llm = ScriptedLlmService([text_reply("It may not have gone out; shall I retry?")])
    agent = Agent(llm, tool_registry=crash_tools(effects, hang=False), conversation_store=store)

    result = await agent.run("did it go out?", conversation_id="crash-1", user=ALICE)

    assert result.text.startswith("It may not have gone out")
    assert [name for name, _ in effects_of(effects)] == ["send_email"]
    [request] = llm.requests
    calls = [c.id for m in request.messages for c in (m.tool_calls or [])]
    results = [m.tool_call_id for m in request.messages if m.role == "tool"]
    assert calls == results == ["call-1"]  # every call answered exactly once
    assert [m.role for m in request.messages] == ["user", "assistant", "tool", "assistant", "user"]
    assert await store.tool_calls("crash-1", ALICE, state="started") == []
