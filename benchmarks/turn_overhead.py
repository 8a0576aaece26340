"""Per-turn overhead of the hookline pipeline, and the cost of one handler call.

A scripted turn: the model asks for one tool call (a constant async tool),
then streams a final answer; memory store; streaming on.  Measured with 0, 1
and 5 no-op handlers on every turn event, interleaved in one run (the
machines here are noisy), medians of many batches.

    python benchmarks/turn_overhead.py            # full run (~1 min)
    python benchmarks/turn_overhead.py --quick    # smoke run

The absolute figures describe this machine at this moment (a VM's speed drifts 1.6x):
speed targets are ratios against the peers (``benchmarks/peers/run.py``) and
instruction counts (``benchmarks/instructions.py``).  The one target here is a count:
an event without handlers allocates nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import interpreter

from hookline import (
    Agent,
    AgentConfig,
    Event,
    HookRegistry,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.hooks.events import ALL_EVENT_TYPES, BeforeToolCallEvent

TOOL_CALL = tool_call_reply("constant", {}, call_id="call-1")
ANSWER = text_reply("The constant is 42, as the tool said.")


@tool
async def constant() -> str:
    """Returns a constant."""
    return "42"


def script(request: LlmRequest) -> LlmResponse:
    """Tool call first, answer once the tool result is in the history."""
    return ANSWER if request.messages[-1].role == "tool" else TOOL_CALL


def noop(event: Event[Any]) -> None:
    return None


DEFAULT_AGENT = -1
"""The setting that measures ``Agent()`` with its default workflow handler (/help etc.)."""


def build_agent(handlers_per_event: int) -> Agent:
    """The core agent (no workflow handler) with ``n`` no-op handlers on every event."""
    llm = ScriptedLlmService(script, record_requests=False)
    registry = ToolRegistry([constant])
    config = AgentConfig(stream=True)
    if handlers_per_event == DEFAULT_AGENT:
        return Agent(llm, tool_registry=registry, config=config)
    agent = Agent(llm, tool_registry=registry, config=config, workflow_handler=None)
    for event_type in ALL_EVENT_TYPES:
        for _ in range(handlers_per_event):
            agent.hooks.on(event_type, noop)
    return agent


async def one_turn(agent: Agent, context: RequestContext) -> None:
    async for _ in agent.send_message(context, "What is the constant?"):
        pass


CLOCK = time.process_time
"""CPU time of this process: the turn is CPU-bound (no I/O), and CPU time is far less
disturbed than wall time by other work on the machine's two shared cores.
``--wall`` measures wall time instead."""


async def batch(agent: Agent, turns: int) -> float:
    """Microseconds per turn over ``turns`` turns (fresh store per batch)."""
    agent.conversation_store = MemoryConversationStore()
    context = RequestContext()
    gc.collect()  # no batch pays for collecting what earlier batches left
    started = CLOCK()
    for _ in range(turns):
        await one_turn(agent, context)
    return (CLOCK() - started) / turns * 1e6


async def handler_calls_per_turn() -> int:
    agent = build_agent(0)
    calls = 0

    def count(event: Event[Any]) -> None:
        nonlocal calls
        calls += 1

    for event_type in ALL_EVENT_TYPES:
        agent.hooks.on(event_type, count)
    await one_turn(agent, RequestContext())
    return calls


async def measure_turns(batches: int, turns: int) -> dict[int, float]:
    agents = {n: build_agent(n) for n in (0, 1, 5, DEFAULT_AGENT)}
    for agent in agents.values():  # warm up: schemas built, caches filled
        await batch(agent, 200)
    samples: dict[int, list[float]] = {n: [] for n in agents}
    for _ in range(batches):
        for n, agent in agents.items():
            samples[n].append(await batch(agent, turns))
    return {n: statistics.median(values) for n, values in samples.items()}


async def allocations_for_unhandled_emit() -> int:
    hooks = HookRegistry()
    hooks.on(BeforeToolCallEvent, noop)  # another type has a handler
    data = ANSWER  # any object: its type has no handler
    await hooks.emit(data)
    tracemalloc.start()
    snapshot_before = tracemalloc.take_snapshot()
    for _ in range(1000):
        await hooks.emit(data)
    snapshot_after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    registry_file = sys.modules[HookRegistry.__module__].__file__ or ""
    diff = snapshot_after.filter_traces([tracemalloc.Filter(True, registry_file)]).compare_to(
        snapshot_before.filter_traces([tracemalloc.Filter(True, registry_file)]), "lineno"
    )
    return sum(max(stat.size_diff, 0) for stat in diff)


def import_time_ms(runs: int) -> float:
    """Median wall time of ``import hookline`` in a fresh interpreter (this checkout).

    The package is byte-compiled first (``python -m compileall``), as a pip install
    leaves it: with ``PYTHONDONTWRITEBYTECODE`` set, a source checkout would otherwise
    be compiled again by every interpreter, which is not what a user waits for.
    """
    src = Path(__file__).resolve().parents[1] / "src"
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(src / "hookline")],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    code = "import time; t=time.perf_counter(); import hookline; print(time.perf_counter()-t)"
    env = {**os.environ, "PYTHONPATH": str(src)}
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
            ).stdout
        )
        for _ in range(runs)
    ]
    return statistics.median(times) * 1000


def report(line: str, value: float, unit: str) -> None:
    print(f"{line:<44} {value:>9.2f} {unit}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer turns, for CI smoke runs")
    parser.add_argument("--wall", action="store_true", help="wall-clock time, not CPU time")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    batches, turns = (5, 200) if args.quick else (31, 500)

    calls = await handler_calls_per_turn()
    medians = await measure_turns(batches, turns)
    per_call = (medians[5] - medians[1]) / (4 * calls)  # beyond the first handler of an event
    allocated = await allocations_for_unhandled_emit()
    import_ms = import_time_ms(5 if args.quick else 15)

    clock = "wall" if args.wall else "CPU"
    print(
        f"hookline turn overhead: {batches} batches x {turns} turns per setting, medians, "
        f"{clock} time"
    )
    print(interpreter.describe())
    print("scripted turn: 1 tool call + streamed final answer, memory store")
    print(f"handler calls per turn with 1 handler on every event: {calls}")
    for n in (0, 1, 5):
        print(
            f"  {n} no-op handler(s) per event: {medians[n]:8.2f} us/turn"
            f"  ({medians[n] / medians[0]:.2f}x of 0)"
        )
    default = medians[DEFAULT_AGENT]
    print(
        f"  Agent() defaults (/help handler):  {default:8.2f} us/turn  "
        f"({default / medians[0]:.2f}x of 0)"
    )
    report("us per turn, no handlers", medians[0], "us")
    report("us per extra sync handler call", per_call, "us")
    report("import hookline", import_ms, "ms")
    verdict = "ok" if allocated == 0 else "ALLOCATES"
    line = "bytes allocated by 1000 unhandled emits"
    print(f"{line:<44} {allocated:>9.2f} B    (target 0)  {verdict}")


if __name__ == "__main__":
    asyncio.run(main())
