"""A worker killed with SIGKILL in the middle of its writes, restarted several
times: every invariant of the chaos suite still holds (SQLite and PostgreSQL).

The parent learns what the workers did from their stdout (``sent``, ``ack``,
``approve`` lines, flushed before the next step) and the side-effect ledger
file, then reads the store back.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

import hookline
from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.storage.postgres import PostgresConversationStore
from tests.chaos.harness import (
    FileLedger,
    Tally,
    chaos_seed,
    final_turn_violations,
    verify_store,
)

WORKER = Path(__file__).with_name("worker.py")
ROOT = Path(__file__).resolve().parents[2]  # the checkout: tests.chaos is importable
SRC = str(Path(hookline.__file__).resolve().parents[1])  # the hookline under test
KILLS = 5
CONVERSATIONS = 6


async def _run_and_kill(args: list[str], lifetime_s: float) -> list[str]:
    """Start a worker, let it run ``lifetime_s`` after it is ready, SIGKILL it."""
    path = os.pathsep.join([SRC, str(ROOT), os.environ.get("PYTHONPATH", "")])
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        str(WORKER),
        *args,
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert worker.stdout is not None
    ready = await asyncio.wait_for(worker.stdout.readline(), 60)
    assert ready == b"ready\n", ready
    await asyncio.sleep(lifetime_s)
    worker.send_signal(signal.SIGKILL)
    out, _ = await worker.communicate()
    assert worker.returncode == -signal.SIGKILL, "the worker stopped before it was killed"
    return out.decode(errors="replace").splitlines()


def _read(lines: list[str], tally: Tally) -> None:
    """Fold a worker's announcements into ``tally`` (a last line may be cut short)."""
    for line in lines:
        parts = line.split(" ", 2)
        if len(parts) != 3:
            continue
        kind, first, rest = parts
        if kind == "sent":
            tally.sent[first].append(rest)
        elif kind == "ack":
            tally.acked[(first, rest)] += 1
        elif kind == "approve":
            tally.approved[first] = None if rest == "-" else int(rest)
        tally.counts[kind] += 1


async def _kill_repeatedly(
    backend: str, target: str, schema: str, tmp_path: Path
) -> tuple[Tally, FileLedger, list[str]]:
    seed = chaos_seed()
    print(f"sigkill seed {seed} (re-run with HOOKLINE_CHAOS_SEED={seed})")
    rng = random.Random(seed)
    ledger = FileLedger(tmp_path / "ledger.txt")
    tally = Tally()
    name = f"kill-{seed}"
    for round_ in range(KILLS):
        args = [backend, target, schema, str(ledger.path), str(seed + round_), name]
        lines = await _run_and_kill([*args, str(CONVERSATIONS)], rng.uniform(0.2, 1.0))
        _read(lines, tally)
    print(f"{KILLS} workers killed; {dict(tally.counts)}")
    assert tally.counts["ack"] > 0, "the workers never got a message stored"
    return tally, ledger, [f"{name}-{i}" for i in range(CONVERSATIONS)]


async def _check(
    store: ConversationStore, tally: Tally, ledger: FileLedger, ids: list[str]
) -> None:
    assert await verify_store(store, ids, tally, ledger) == []
    assert await final_turn_violations(store, store, ids) == []
    assert await verify_store(store, ids, tally, ledger) == []  # and nothing ran twice


async def test_sqlite_worker_killed_during_writes_keeps_every_invariant(tmp_path: Path) -> None:
    path = str(tmp_path / "kill.db")
    tally, ledger, ids = await _kill_repeatedly("sqlite", path, "-", tmp_path)
    store = SqliteConversationStore(path)
    try:
        await _check(store, tally, ledger, ids)
    finally:
        await store.close()


async def test_postgres_worker_killed_during_writes_keeps_every_invariant(
    tmp_path: Path, pg_dsn: str, pg_schema: str
) -> None:
    tally, ledger, ids = await _kill_repeatedly("postgres", pg_dsn, pg_schema, tmp_path)
    store = PostgresConversationStore(pg_dsn, schema=pg_schema)
    try:
        await _check(store, tally, ledger, ids)
    finally:
        await store.close()
