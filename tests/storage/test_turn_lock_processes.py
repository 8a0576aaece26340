"""One turn at a time per conversation across OS processes (SQLite and PostgreSQL).

Two processes each run 20 turns (a tool call and a slow scripted model) on one
conversation: every user message is stored once, each turn's four messages
are contiguous and the history is valid.  A process that dies holding the
lock does not keep it: PostgreSQL drops it with the connection, SQLite's
lease runs out.  Ten approvals of one paused call from two processes run it
once; a reviewer outside the policy is refused.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest

import hookline
from hookline.errors import ConversationBusy
from hookline.storage import ConversationStore
from hookline.storage.models import Message
from hookline.tools.approval import decision_records
from tests.storage.turn_worker import OWNER, agent_for, store_for

WORKER = Path(__file__).with_name("turn_worker.py")
ROOT = Path(__file__).resolve().parents[2]
SRC = str(Path(hookline.__file__).resolve().parents[1])
TURNS = 20

pytestmark = pytest.mark.slow


async def spawn(*args: str) -> asyncio.subprocess.Process:
    path = os.pathsep.join([SRC, str(ROOT), os.environ.get("PYTHONPATH", "")])
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(WORKER),
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": path},
    )


async def start_together(workers: list[asyncio.subprocess.Process]) -> None:
    """Wait until every worker is ready, then release them at once."""
    for worker in workers:
        assert worker.stdout is not None
        assert await asyncio.wait_for(worker.stdout.readline(), 60) == b"ready\n"
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(b"go\n")
        await worker.stdin.drain()


def turn_blocks(messages: list[Message]) -> list[str]:
    """The user messages in stored order, checking each turn is four contiguous messages."""
    assert len(messages) % 4 == 0, [m.content for m in messages]
    users = []
    for i in range(0, len(messages), 4):
        user, ask, result, answer = messages[i : i + 4]
        text = user.content or ""
        assert user.role == "user"
        assert ask.role == "assistant" and ask.tool_calls is not None
        assert [c.arguments["text"] for c in ask.tool_calls] == [text], "interleaved turns"
        assert result.role == "tool" and result.tool_call_id == ask.tool_calls[0].id
        assert result.content == f"noted {text}"
        assert answer.role == "assistant" and answer.content == f"done noted {text}"
        users.append(text)
    return users


async def race(kind: str, target: str, schema: str) -> list[str]:
    store = store_for(kind, target, schema)
    try:
        conv = await store.create_conversation(OWNER, conversation_id="shared-turns")
        workers = [
            await spawn("turns", kind, target, schema, conv.id, name, str(TURNS))
            for name in ("A", "B")
        ]
        await start_together(workers)
        for worker in workers:
            out, _ = await asyncio.wait_for(worker.communicate(), 120)
            assert (worker.returncode, out) == (0, b"done\n")
        loaded = await store.get_conversation(conv.id, OWNER)
    finally:
        await store.close()
    assert loaded is not None
    return turn_blocks(loaded.messages)


def assert_all_once(users: list[str]) -> None:
    assert sorted(users) == sorted(f"{n}-{i}" for n in "AB" for i in range(TURNS))
    for name in "AB":  # each process's turns in its own order
        assert [u for u in users if u[0] == name] == [f"{name}-{i}" for i in range(TURNS)]


async def test_sqlite_two_processes_twenty_turns_each_never_interleave(tmp_path: Path) -> None:
    users = await race("sqlite", str(tmp_path / "turns.db"), "-")
    assert_all_once(users)


async def test_postgres_two_processes_twenty_turns_each_never_interleave(
    pg_dsn: str, pg_schema: str
) -> None:
    users = await race("postgres", pg_dsn, pg_schema)
    assert_all_once(users)


async def kill_holder(kind: str, target: str, schema: str, store: ConversationStore) -> None:
    await store.create_conversation(OWNER, conversation_id="held")
    holder = await spawn("hold", kind, target, schema, "held", "-", "0")
    assert holder.stdout is not None
    assert await asyncio.wait_for(holder.stdout.readline(), 60) == b"locked\n"
    with pytest.raises(ConversationBusy):  # alive: the lock is its
        async with store.turn_lock("held", timeout=0.2):
            pass
    holder.send_signal(signal.SIGKILL)
    await holder.wait()


async def test_sqlite_lock_of_a_killed_process_expires_with_its_lease(tmp_path: Path) -> None:
    path = str(tmp_path / "held.db")
    store = store_for("sqlite", path, "-")
    try:
        await kill_holder("sqlite", path, "-", store)
        started = time.monotonic()
        async with store.turn_lock("held", timeout=10.0):  # the holder's lease is 1 s
            waited = time.monotonic() - started
            holder = await store.turn_locks.holder("held")  # type: ignore[attr-defined]
    finally:
        await store.close()
    assert waited < 5.0
    assert holder is not None and holder[1] == 2  # the fencing token counts on


async def test_postgres_lock_of_a_killed_process_is_freed_with_its_connection(
    pg_dsn: str, pg_schema: str
) -> None:
    store = store_for("postgres", pg_dsn, pg_schema)
    try:
        await kill_holder("postgres", pg_dsn, pg_schema, store)
        started = time.monotonic()
        async with store.turn_lock("held", timeout=10.0):
            waited = time.monotonic() - started
    finally:
        await store.close()
    assert waited < 5.0


async def approvals_race(kind: str, target: str, schema: str, effects: Path) -> list[str]:
    """A paused ``pay`` call; a stranger's approval, then 2 processes x 5 approvals."""
    store = store_for(kind, target, schema)
    try:
        paused = await agent_for(store).run("pay-1", user=OWNER, conversation_id="pay")
        assert [c.id for c in paused.pending_tool_calls] == ["call-pay-1"]
        stranger = await spawn(
            "approve", kind, target, schema, "pay", "call-pay-1", "1", str(effects), "sam"
        )
        await start_together([stranger])
        out, _ = await asyncio.wait_for(stranger.communicate(), 60)
        assert out.decode().split() == ["not_allowed"]
        workers = [
            await spawn(
                "approve", kind, target, schema, "pay", "call-pay-1", "5", str(effects), "owner"
            )
            for _ in range(2)
        ]
        await start_together(workers)
        outcomes = []
        for worker in workers:
            out, _ = await asyncio.wait_for(worker.communicate(), 60)
            assert worker.returncode == 0
            outcomes += out.decode().split()
        loaded = await store.get_conversation("pay", OWNER)
    finally:
        await store.close()
    assert loaded is not None
    assert [m.role for m in loaded.messages] == ["user", "assistant", "tool", "assistant"]
    assert [r.decided_by for r in decision_records(loaded)] == ["owner"]
    return outcomes


async def test_sqlite_ten_approvals_from_two_processes_run_the_call_once(tmp_path: Path) -> None:
    effects = tmp_path / "effects.txt"
    outcomes = await approvals_race("sqlite", str(tmp_path / "pay.db"), "-", effects)
    assert sorted(outcomes) == ["already_decided"] * 9 + ["ran"]
    assert effects.read_text().splitlines() == ["pay-1"]


async def test_postgres_ten_approvals_from_two_processes_run_the_call_once(
    pg_dsn: str, pg_schema: str, tmp_path: Path
) -> None:
    effects = tmp_path / "effects.txt"
    outcomes = await approvals_race("postgres", pg_dsn, pg_schema, effects)
    assert sorted(outcomes) == ["already_decided"] * 9 + ["ran"]
    assert effects.read_text().splitlines() == ["pay-1"]
