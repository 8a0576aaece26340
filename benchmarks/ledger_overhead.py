"""The effect ledger's cost per tool call, on SQLite and PostgreSQL.

Run: ``python benchmarks/ledger_overhead.py [--turns N] [--calls K]``.  Each turn
is scripted: the model asks for K tool calls (one response, run concurrently),
then answers.  The same turn runs with the ledger (the default) and without it
(``AgentConfig(tool_ledger=False)``), alternating so drift hits both alike, on
SQLite (a temporary file) and PostgreSQL (a throwaway schema in the database
named by ``HOOKLINE_BENCH_POSTGRES_DSN``, default
``postgresql://postgres@127.0.0.1:5432/test``; skipped with a message when
unreachable).  It prints the median turn time of each, their ratio, and the
ledger's cost per tool call ((with - without) / K).

With the ledger a turn makes 1 + K + 1 store writes instead of 1: each call's
entry is committed before its tool runs, and the batch is stored as soon as it
ran (its entries settled in the same transaction) before the final answer.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from store_append import DEFAULT_DSN, postgres_reachable, postgres_store, sqlite_store

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    text_reply,
    tool,
)
from hookline.storage import ConversationStore

USER = User(id="bench")
WARMUP = 10


@tool(inline=True)
def constant(n: int) -> str:
    """A constant."""
    return f"{n}: 42"


def build(store: ConversationStore, calls: int, *, ledger: bool) -> Agent:
    """An agent whose model asks for ``calls`` tool calls, then answers."""

    def respond(request: LlmRequest) -> LlmResponse:
        if request.messages[-1].role == "tool":
            return text_reply("The constant is 42.")
        batch = [ToolCall(id=f"c{i}", name="constant", arguments={"n": i}) for i in range(calls)]
        return LlmResponse(tool_calls=batch, finish_reason="tool_calls")

    return Agent(
        ScriptedLlmService(respond, record_requests=False),
        tool_registry=ToolRegistry([constant]),
        conversation_store=store,
        config=AgentConfig(tool_ledger=ledger),
        workflow_handler=None,
    )


async def _timed(agent: Agent, index: int) -> float:
    start = time.perf_counter_ns()
    await agent.run("What is the constant?", conversation_id=f"{index}", user=USER)
    return (time.perf_counter_ns() - start) / 1_000


async def measure(store: ConversationStore, turns: int, calls: int) -> tuple[float, float]:
    """Median microseconds of a turn with and without the ledger (fresh conversations)."""
    with_ledger, without = build(store, calls, ledger=True), build(store, calls, ledger=False)
    on: list[float] = []
    off: list[float] = []
    for i in range(WARMUP + turns):
        first = await _timed(with_ledger, 2 * i)
        second = await _timed(without, 2 * i + 1)
        if i >= WARMUP:
            on.append(first)
            off.append(second)
    return statistics.median(on), statistics.median(off)


async def run(
    name: str,
    opened: Callable[[], AbstractAsyncContextManager[ConversationStore]],
    turns: int,
    calls: int,
) -> None:
    async with opened() as store:
        on, off = await measure(store, turns, calls)
    per_call = (on - off) / calls
    print(f"{name:<11} {off:>14.0f} {on:>12.0f} {on / off:>7.2f}x {per_call:>14.0f}")


def _postgres(dsn: str) -> Callable[[], AbstractAsyncContextManager[ConversationStore]]:
    def opened() -> AbstractAsyncContextManager[ConversationStore]:
        return postgres_store(dsn)

    return opened


async def main(turns: int, calls: int) -> None:
    print(f"a turn with {calls} tool call(s), {turns} turns each way; medians in microseconds")
    print(f"{'backend':<11} {'no ledger':>14} {'ledger':>12} {'ratio':>8} {'cost per call':>14}")
    await run("sqlite", sqlite_store, turns, calls)
    dsn = os.environ.get("HOOKLINE_BENCH_POSTGRES_DSN", DEFAULT_DSN)
    why_not = await postgres_reachable(dsn)
    if why_not is None:
        await run("postgresql", _postgres(dsn), turns, calls)
    else:
        print(f"postgresql  skipped: not reachable at {dsn} ({why_not})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200, help="timed turns each way")
    parser.add_argument("--calls", type=int, default=1, help="tool calls per turn")
    args = parser.parse_args()
    asyncio.run(main(args.turns, args.calls))
