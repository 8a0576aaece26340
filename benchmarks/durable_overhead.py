"""What a durable turn on DBOS costs, as ratios measured in one run (SQLite, PostgreSQL).

Run: ``python benchmarks/durable_overhead.py [--turns N] [--quick] [--sqlite-only]``.
The turn is scripted: the model asks for one tool call, then answers.  Per backend
(DBOS's system database and the conversation store on the same kind of database):

- A: the turn with ``agent.run`` (no DBOS);
- B: the same turn through ``DbosAgent.run`` (a new conversation and workflow each time);
- C: a bare DBOS workflow with as many no-op steps as B records (printed).

They alternate, so drift hits all alike; the medians are printed, and each ratio (B/A, B/C,
B/(A+C)) is the median of the ratios of one round's three turns (paired: a slow moment
of the machine hits one round's turns together).  The peer, when its venv exists
(``--setup-peer`` builds ``.peers-venv-dbos/`` with ``pydantic-ai-slim[dbos]``): the same
turn on Pydantic AI, plain and through its ``DBOSAgent``, with its own bare workflow
(``peers/durable_pydantic_ai.py``), and B against its durable turn.

Goal: B/(A+C) <= 1.1 — hookline adds nothing that DBOS does not need (each step is a
durable write DBOS makes, and A is the turn's own work).
PostgreSQL: ``HOOKLINE_BENCH_POSTGRES_DSN`` (default
``postgresql://postgres@127.0.0.1:5432/test``); a throwaway database for DBOS and a
throwaway schema for the store, dropped at the end; skipped with a message when
unreachable.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dbos import DBOS
from store_append import DEFAULT_DSN, postgres_reachable

from hookline import (
    Agent,
    LlmRequest,
    LlmResponse,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    text_reply,
    tool,
)
from hookline.durable.dbos import DbosAgent
from hookline.storage import ConversationStore

USER = User(id="bench")
WARMUP = 5
GOAL = 1.1
HERE = Path(__file__).resolve().parent
PEER_VENV = Path(os.environ.get("HOOKLINE_DBOS_PEER_VENV", HERE.parent / ".peers-venv-dbos"))


@tool(inline=True)
def constant(n: int) -> str:
    """A constant."""
    return f"{n}: 42"


def build(store: ConversationStore) -> Agent:
    """An agent whose model asks for one tool call, then answers."""

    def respond(request: LlmRequest) -> LlmResponse:
        if request.messages[-1].role == "tool":
            return text_reply("The constant is 42.")
        call = ToolCall(id="c0", name="constant", arguments={"n": 1})
        return LlmResponse(tool_calls=[call], finish_reason="tool_calls")

    return Agent(
        ScriptedLlmService(respond, record_requests=False),
        tool_registry=ToolRegistry([constant]),
        conversation_store=store,
        workflow_handler=None,
    )


@dataclass
class Backend:
    """Where DBOS and the store live for one measurement."""

    name: str
    dbos_url: str
    store: Callable[[], ConversationStore]
    cleanup: Callable[[], Awaitable[None]]


def bare_workflow(steps: int) -> Callable[[int], Awaitable[int]]:
    """A DBOS workflow of ``steps`` no-op async steps (registered before launch)."""

    async def nothing() -> int:
        return 0

    @DBOS.workflow(name="bench.bare")
    async def bare(count: int) -> int:
        for _ in range(count):
            await DBOS.run_step_async({"name": "bench.noop"}, nothing)
        return count

    return bare


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter_ns()
    await call()
    return (time.perf_counter_ns() - start) / 1_000_000


async def measure(backend: Backend, turns: int) -> float:
    plain_store, durable_store = backend.store(), backend.store()
    plain, durable = build(plain_store), DbosAgent(build(durable_store), name="bench")
    bare = bare_workflow(0)
    DBOS(config={"name": "hookline-bench", "system_database_url": backend.dbos_url})
    DBOS.launch()
    try:
        await durable.run("warm", user=USER, workflow_id="count")
        steps = len(await DBOS.list_workflow_steps_async("count"))
        a: list[float] = []
        b: list[float] = []
        c: list[float] = []
        for i in range(WARMUP + turns):
            times = (
                await timed(lambda: plain.run("What is it?", user=USER)),
                await timed(lambda: durable.run("What is it?", user=USER)),
                await timed(lambda: bare(steps)),
            )
            if i >= WARMUP:
                for series, value in zip((a, b, c), times, strict=True):
                    series.append(value)
    finally:
        DBOS.destroy(destroy_registry=True)
        await plain_store.close()
        await durable_store.close()
        await backend.cleanup()
    report(backend.name, steps, a, b, c)
    return statistics.median(b)


def report(name: str, steps: int, a: list[float], b: list[float], c: list[float]) -> None:
    """The medians, and the medians of the per-round ratios."""
    rounds = list(zip(a, b, c, strict=True))
    over_a = statistics.median(y / x for x, y, _ in rounds)
    over_c = statistics.median(y / z for _, y, z in rounds)
    over_both = statistics.median(y / (x + z) for x, y, z in rounds)
    verdict = "OK" if over_both <= GOAL else "OVER GOAL"
    medians = " ".join(f"{statistics.median(series):>9.2f}" for series in (a, b, c))
    print(
        f"{name:<11} {steps:>5} {medians} "
        f"{over_a:>7.2f}x {over_c:>6.2f}x {over_both:>8.2f}x  {verdict}"
    )


def peer_python() -> Path | None:
    """The Python of the peer's venv, if it has Pydantic AI with DBOS."""
    python = PEER_VENV / "bin" / "python"
    if not python.exists():
        return None
    found = subprocess.run([python, "-c", "import pydantic_ai, dbos"], capture_output=True)
    return python if found.returncode == 0 else None


def setup_peer() -> None:
    """Build ``.peers-venv-dbos/`` with ``pydantic-ai-slim[dbos]`` (from the package index)."""
    subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True)
    pip = [str(PEER_VENV / "bin" / "python"), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "pydantic-ai-slim[dbos]"], check=True)


def peer(python: Path, name: str, dbos_url: str, turns: int, ours: float) -> None:
    """The Pydantic AI row (its own A, B and C), and our durable turn against its."""
    done = subprocess.run(
        [python, str(HERE / "peers" / "durable_pydantic_ai.py"), dbos_url, str(turns)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        print(f"{'  pydantic-ai':<11} failed: {done.stderr.strip().splitlines()[-1:]}")
        return
    row = json.loads(done.stdout.strip().splitlines()[-1])
    a, b, c = row["plain_ms"], row["dbos_ms"], row["bare_ms"]
    print(
        f"{'  pydantic-ai':<11} {row['steps']:>5} {a:>9.2f} {b:>9.2f} {c:>9.2f} "
        f"{b / a:>7.2f}x {b / c:>6.2f}x {b / (a + c):>8.2f}x  "
        f"(hookline's durable turn / this one on {name}: {ours / b:.2f}x)"
    )


def sqlite_backend(folder: Path) -> Backend:
    from hookline.storage.sqlite import SqliteConversationStore

    async def nothing() -> None:
        return None

    return Backend(
        name="sqlite",
        dbos_url=f"sqlite:///{folder / 'dbos.sqlite3'}",
        store=lambda: SqliteConversationStore(folder / "conversations.sqlite3"),
        cleanup=nothing,
    )


def postgres_backend(dsn: str) -> Backend:
    from hookline.storage.postgres import PostgresConversationStore

    name = f"hl_bench_dbos_{uuid.uuid4().hex[:8]}"

    async def drop() -> None:
        import asyncpg  # type: ignore[import-untyped]

        connection = await asyncpg.connect(dsn)
        try:
            await connection.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()

    return Backend(
        name="postgresql",
        dbos_url=dsn.rsplit("/", 1)[0] + f"/{name}",
        store=lambda: PostgresConversationStore(dsn, schema=name),
        cleanup=drop,
    )


async def main(turns: int, sqlite_only: bool) -> None:
    print(f"one-tool turns, {turns} of each; medians in milliseconds")
    print(
        f"{'backend':<11} {'steps':>5} {'A plain':>9} {'B dbos':>9} {'C bare':>9} "
        f"{'B/A':>8} {'B/C':>7} {'B/(A+C)':>9}  goal <= {GOAL}"
    )
    python = peer_python()
    with tempfile.TemporaryDirectory() as folder:
        ours = await measure(sqlite_backend(Path(folder)), turns)
        if python is not None:
            peer(python, "sqlite", f"sqlite:///{Path(folder) / 'peer.sqlite3'}", turns, ours)
    if python is None:
        print(f"{'  pydantic-ai':<11} skipped: --setup-peer installs it into {PEER_VENV.name}/")
    if sqlite_only:
        return
    dsn = os.environ.get("HOOKLINE_BENCH_POSTGRES_DSN", DEFAULT_DSN)
    why_not = await postgres_reachable(dsn)
    if why_not is None:
        backend = postgres_backend(dsn)
        ours = await measure(backend, turns)
        if python is not None:
            peer_backend = postgres_backend(dsn)
            peer(python, "postgresql", peer_backend.dbos_url, turns, ours)
            await peer_backend.cleanup()
    else:
        print(f"postgresql  skipped: not reachable at {dsn} ({why_not})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=50, help="timed turns of each kind")
    parser.add_argument("--quick", action="store_true", help="10 turns of each kind")
    parser.add_argument("--sqlite-only", action="store_true", help="skip PostgreSQL")
    parser.add_argument("--setup-peer", action="store_true", help="install the peer first")
    args = parser.parse_args()
    if args.setup_peer:
        setup_peer()
    asyncio.run(main(10 if args.quick else args.turns, args.sqlite_only))
