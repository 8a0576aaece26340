"""Per-turn overhead of AgentMiddleware: 0, 1 and 5 no-op middleware overriding all six hooks.

The scripted turn of ``turn_overhead.py``: the model asks for one tool call
(a constant async tool), then streams a final answer; memory store;
streaming on.  Each middleware overrides ``before_agent``, ``before_model``,
``wrap_model_call``, ``after_model``, ``wrap_tool_call`` and ``after_agent``
with pass-through bodies.  The settings are interleaved in one run (the
machines here are noisy) and the medians of many batches are reported.

Then the same turn on a simulated 50 ms model (``ScriptedLlmService(delay_s=0.05)``,
two model calls per turn): 0 and 5 middleware interleaved, turn by turn; the
relative overhead is the median difference divided by the median turn time.

    python benchmarks/middleware_overhead.py            # full run (~2 min)
    python benchmarks/middleware_overhead.py --quick    # smoke run

Targets (issue 4): 5 such middleware add <= 25 us per scripted turn, and
< 0.1 % with a 50 ms model.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    Message,
    ModelCallNext,
    RequestContext,
    ScriptedLlmService,
    ToolCallNext,
    ToolInvocation,
    ToolRegistry,
    ToolResult,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.middleware import AgentMiddleware, Continue, HookAction

TOOL_CALL = tool_call_reply("constant", {}, call_id="call-1")
ANSWER = text_reply("The constant is 42, as the tool said.")
CONTINUE = Continue()


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
        middleware=[NoOp() for _ in range(middleware)],
    )


async def one_turn(agent: Agent, context: RequestContext) -> None:
    async for _ in agent.send_message(context, "What is the constant?"):
        pass


async def batch(agent: Agent, turns: int) -> float:
    """Microseconds per turn over ``turns`` turns (fresh store per batch)."""
    agent.conversation_store = MemoryConversationStore()
    context = RequestContext()
    started = time.perf_counter()
    for _ in range(turns):
        await one_turn(agent, context)
    return (time.perf_counter() - started) / turns * 1e6


async def measure_scripted(batches: int, turns: int, *, stream: bool = True) -> dict[int, float]:
    agents = {n: build_agent(n, stream=stream) for n in (0, 1, 5)}
    for agent in agents.values():  # warm up: schemas built, caches filled
        await batch(agent, 200)
    samples: dict[int, list[float]] = {n: [] for n in agents}
    for _ in range(batches):
        for n, agent in agents.items():
            samples[n].append(await batch(agent, turns))
    return {n: statistics.median(values) for n, values in samples.items()}


async def measure_slow_model(turns: int) -> tuple[float, float, float]:
    """(median turn ms with 0, median of the paired differences in us, relative %)."""
    agents = {n: build_agent(n, delay_s=0.05) for n in (0, 5)}
    for agent in agents.values():
        await batch(agent, 2)
    times: dict[int, list[float]] = {0: [], 5: []}
    for index in range(turns):
        order = (0, 5) if index % 2 == 0 else (5, 0)
        for n in order:
            times[n].append(await batch(agents[n], 1))
    differences = [b - a for a, b in zip(times[0], times[5], strict=True)]
    base = statistics.median(times[0])
    added = statistics.median(differences)
    return base / 1000, added, added / base * 100


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer turns, for CI smoke runs")
    args = parser.parse_args()
    batches, turns = (5, 200) if args.quick else (31, 500)
    slow_turns = 20 if args.quick else 400

    medians = await measure_scripted(batches, turns)
    added_5 = medians[5] - medians[0]
    plain = await measure_scripted(batches, turns, stream=False)
    base_ms, slow_added, relative = await measure_slow_model(slow_turns)

    print(f"hookline middleware overhead: {batches} batches x {turns} turns per setting, medians")
    print("scripted turn: 1 tool call + streamed final answer, memory store")
    print("each middleware overrides all six hooks with pass-through bodies")
    for n in (0, 1, 5):
        print(f"  {n} middleware: {medians[n]:8.2f} us/turn  (+{medians[n] - medians[0]:6.2f} us)")
    print(f"{'us added by 5 middleware':<44} {added_5:>9.2f} us   (target <= 25)  ", end="")
    print(verdict(added_5 <= 25))
    print(
        f"  the same turn not streamed: {plain[0]:.2f} us/turn with 0, "
        f"+{plain[1] - plain[0]:.2f} us with 1, +{plain[5] - plain[0]:.2f} us with 5"
    )
    print(f"50 ms model, {slow_turns} turns per setting, interleaved: {base_ms:.2f} ms/turn")
    print(
        f"{'added by 5 middleware (median difference)':<44} {slow_added:>9.2f} us = "
        f"{relative:.4f} %  (target < 0.1 %)  {verdict(relative < 0.1)}"
    )
    print(
        f"{'  cross-check: scripted us added / turn time':<44} "
        f"{added_5 / (base_ms * 1000) * 100:>9.4f} %  (timer jitter free)"
    )


if __name__ == "__main__":
    asyncio.run(main())
