"""The peer of benchmarks/durable_overhead.py: the same one-tool turn on Pydantic AI, plain
and through its DBOS integration (``DBOSAgent``), and a bare DBOS workflow with as many
steps as that durable turn records.  Runs in a venv with ``pydantic-ai-slim[dbos]``
(``durable_overhead.py --setup-peer`` makes one); prints one JSON line.

    python durable_pydantic_ai.py <dbos system database URL> <turns>
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from dbos import DBOS
from pydantic_ai import Agent
from pydantic_ai.durable_exec.dbos import DBOSAgent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

WARMUP = 5


def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """One tool call, then the answer (as hookline's scripted model does)."""
    last = messages[-1]
    if any(getattr(part, "part_kind", "") == "tool-return" for part in last.parts):
        return ModelResponse(parts=[TextPart("The constant is 42.")])
    return ModelResponse(parts=[ToolCallPart("constant", {"n": 1}, tool_call_id="c0")])


def build() -> Agent[None, str]:
    agent: Agent[None, str] = Agent(FunctionModel(respond), name="bench")

    @agent.tool_plain
    def constant(n: int) -> str:
        """A constant."""
        return f"{n}: 42"

    return agent


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter_ns()
    await call()
    return (time.perf_counter_ns() - start) / 1_000_000


async def main(url: str, turns: int) -> None:
    plain = build()
    durable = DBOSAgent(build(), name="bench")

    async def nothing() -> int:
        return 0

    @DBOS.workflow(name="bench.bare")
    async def bare(count: int) -> int:
        for _ in range(count):
            await DBOS.run_step_async({"name": "bench.noop"}, nothing)
        return count

    DBOS(config={"name": "pydantic-ai-bench", "system_database_url": url})
    DBOS.launch()
    try:
        await durable.run("What is it?")
        (last,) = await DBOS.list_workflows_async(sort_desc=True, limit=1)
        steps = len(await DBOS.list_workflow_steps_async(last.workflow_id))
        series: list[list[float]] = [[], [], []]
        for i in range(WARMUP + turns):
            times = (
                await timed(lambda: plain.run("What is it?")),
                await timed(lambda: durable.run("What is it?")),
                await timed(lambda: bare(steps)),
            )
            if i >= WARMUP:
                for values, value in zip(series, times, strict=True):
                    values.append(value)
    finally:
        DBOS.destroy(destroy_registry=True)
    a, b, c = (statistics.median(values) for values in series)
    print(json.dumps({"steps": steps, "plain_ms": a, "dbos_ms": b, "bare_ms": c}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
