"""Per-turn overhead of AgentMiddleware: 0, 1 and 5 no-op middleware overriding all six hooks.

The scripted turn of ``turn_overhead.py``: the model asks for one tool call
(a constant async tool), then streams a final answer; memory store;
streaming on; the core agent (no workflow handler).  Each middleware
overrides ``before_agent``, ``before_model``, ``wrap_model_call``,
``after_model``, ``wrap_tool_call`` and ``after_agent`` with pass-through
bodies.  The settings are interleaved in one run (the machines here are
noisy) and the medians of many batches are reported, in CPU time (as
``turn_overhead.py``; ``--wall`` for wall time).  The same turn without
streaming is reported too.

Then the turn on a simulated 50 ms model (``ScriptedLlmService(delay_s=0.05)``,
two model calls per turn): 0 and 5 middleware interleaved turn by turn; the
relative overhead is the median of the paired differences (wall time) divided
by the median turn time.  The paired CPU-time difference is shown beside it:
it has no timer jitter, and it shows how much slower CPU work runs right after
the process slept (cold caches), which the scripted turn does not see.

    python benchmarks/middleware_overhead.py            # full run (~2 min)
    python benchmarks/middleware_overhead.py --quick    # smoke run

Targets (issue 4): 5 such middleware add <= 25 us per scripted turn, and
< 0.1 % with a 50 ms model.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import interpreter

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    Message,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    ToolResult,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import ModelCallNext, ToolCallNext, ToolInvocation
from hookline.middleware import AgentMiddleware, Continue, HookAction

TOOL_CALL = tool_call_reply("constant", {}, call_id="call-1")
ANSWER = text_reply("The constant is 42, as the tool said.")
CONTINUE = Continue()
SETTINGS = (0, 1, 5)

CLOCK: Callable[[], float] = time.process_time
"""CPU time of this process (the scripted turn does no I/O); ``--wall`` switches."""


@tool
async def constant() -> str:
    """Returns a constant."""
    return "42"


def script(request: LlmRequest) -> LlmResponse:
    """Tool call first, answer once the tool result is in the history."""
    return ANSWER if request.messages[-1].role == "tool" else TOOL_CALL


class NoOp(AgentMiddleware):
    """Overrides all six hooks with pass-through bodies."""

    async def before_agent(self, input: str) -> str:
        return input

    async def before_model(self, messages: list[Message]) -> list[Message]:
        return messages

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        return await call_next(request)

    async def after_model(self, response: LlmResponse) -> HookAction:
        return CONTINUE

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        return await call_next(invocation)

    async def after_agent(self, result: str) -> str:
        return result


def build_agent(middleware: int, delay_s: float = 0.0, *, stream: bool = True) -> Agent:
    return Agent(
        ScriptedLlmService(script, record_requests=False, delay_s=delay_s),
        tool_registry=ToolRegistry([constant]),
        config=AgentConfig(stream=stream),
        workflow_handler=None,
        middleware=[NoOp() for _ in range(middleware)],
    )


async def one_turn(agent: Agent, context: RequestContext) -> None:
    async for _ in agent.send_message(context, "What is the constant?"):
        pass


async def batch(agent: Agent, turns: int, clock: Callable[[], float]) -> float:
    """Microseconds per turn over ``turns`` turns (fresh store per batch)."""
    agent.conversation_store = MemoryConversationStore()
    context = RequestContext()
    gc.collect()  # no batch pays for collecting what earlier batches left
    started = clock()
    for _ in range(turns):
        await one_turn(agent, context)
    return (clock() - started) / turns * 1e6


@dataclass
class Scripted:
    """Medians per setting (us/turn), and the median of each round's difference to 0."""

    per_turn: dict[int, float]
    added: dict[int, float]


async def measure_scripted(batches: int, turns: int, *, stream: bool) -> Scripted:
    """Rounds of one batch per setting; a setting's cost is taken against the bare batch
    of its own round (the machine's speed drifts between rounds, not within one)."""
    agents = {n: build_agent(n, stream=stream) for n in SETTINGS}
    for agent in agents.values():  # warm up: schemas built, caches filled
        await batch(agent, 200, CLOCK)
    samples: dict[int, list[float]] = {n: [] for n in agents}
    for index in range(batches):
        for n in SETTINGS if index % 2 == 0 else SETTINGS[::-1]:
            samples[n].append(await batch(agents[n], turns, CLOCK))
    bare = samples[0]
    return Scripted(
        per_turn={n: statistics.median(values) for n, values in samples.items()},
        added={
            n: statistics.median(b - a for a, b in zip(bare, values, strict=True))
            for n, values in samples.items()
        },
    )


async def measure_slow_model(turns: int) -> dict[str, float]:
    """Paired turns with 0 and 5 middleware on a 50 ms model (wall and CPU time)."""
    agents = {n: build_agent(n, delay_s=0.05) for n in (0, 5)}
    for agent in agents.values():
        await batch(agent, 2, time.perf_counter)
    wall: dict[int, list[float]] = {0: [], 5: []}
    cpu: dict[int, list[float]] = {0: [], 5: []}
    for index in range(turns):
        for n in (0, 5) if index % 2 == 0 else (5, 0):
            agents[n].conversation_store = MemoryConversationStore()
            gc.collect()
            cpu_started, wall_started = time.process_time(), time.perf_counter()
            await one_turn(agents[n], RequestContext())
            wall[n].append((time.perf_counter() - wall_started) * 1e6)
            cpu[n].append((time.process_time() - cpu_started) * 1e6)
    base = statistics.median(wall[0])
    return {
        "turn_ms": base / 1000,
        "wall_added": statistics.median(b - a for a, b in zip(wall[0], wall[5], strict=True)),
        "cpu_added": statistics.median(b - a for a, b in zip(cpu[0], cpu[5], strict=True)),
        "cpu_turn": statistics.median(cpu[0]),
        "base_us": base,
    }


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def print_scripted(streamed: Scripted, plain: Scripted, clock: str) -> float:
    print("scripted turn: 1 tool call + streamed final answer, memory store, core agent")
    print("each middleware overrides all six hooks with pass-through bodies")
    for n in SETTINGS:
        print(
            f"  {n} middleware: {streamed.per_turn[n]:8.2f} us/turn  (+{streamed.added[n]:6.2f} us)"
        )
    added = streamed.added[5]
    print(f"{'us added by 5 middleware, ' + clock + ' time':<44} {added:>9.2f} us   ", end="")
    print(f"(target <= 25)  {verdict(added <= 25)}")
    print(
        f"  the same turn not streamed: {plain.per_turn[0]:.2f} us/turn with 0, "
        f"+{plain.added[1]:.2f} us with 1, +{plain.added[5]:.2f} us with 5"
    )
    return added


def print_slow(slow: dict[str, float], turns: int, scripted_added: float) -> None:
    relative = slow["wall_added"] / slow["base_us"] * 100
    print(f"50 ms model, {turns} paired turns, 2 model calls a turn: {slow['turn_ms']:.2f} ms/turn")
    print(
        f"{'added by 5 middleware (median difference)':<44} {slow['wall_added']:>9.2f} us = "
        f"{relative:.4f} %  (target < 0.1 %)  {verdict(relative < 0.1)}"
    )
    print(
        f"  CPU time: {slow['cpu_turn']:.0f} us/turn with 0 middleware, "
        f"+{slow['cpu_added']:.0f} us with 5 = {slow['cpu_added'] / slow['base_us'] * 100:.4f} %"
        f" (the scripted turn: +{scripted_added:.0f} us = "
        f"{scripted_added / slow['base_us'] * 100:.4f} %)"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer turns, for CI smoke runs")
    parser.add_argument("--wall", action="store_true", help="wall-clock time for the scripted turn")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    batches, turns = (5, 200) if args.quick else (31, 500)
    slow_turns = 20 if args.quick else 400
    clock = "wall" if args.wall else "CPU"

    streamed = await measure_scripted(batches, turns, stream=True)
    plain = await measure_scripted(batches, turns, stream=False)
    slow = await measure_slow_model(slow_turns)

    print(f"hookline middleware overhead: {batches} rounds x {turns} turns per setting, medians")
    print(interpreter.describe())
    added = print_scripted(streamed, plain, clock)
    print_slow(slow, slow_turns, added)


if __name__ == "__main__":
    asyncio.run(main())
