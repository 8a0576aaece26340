"""1,000 concurrent hookline conversations against a model with 100 ms latency.

Every conversation runs one turn: the model (``ScriptedLlmService(delay_s=0.1)``)
asks for a constant tool, then answers -- two model calls, so the ideal wall
time is 0.2 s however many conversations run at once.  Reports the wall time
against that ideal, and the memory held per active conversation, measured
while all of them wait for their first model reply (tracemalloc and RSS,
in a second run so tracing does not slow the timed one).

    python benchmarks/concurrency.py            # 1,000 conversations, median of 5 runs
    python benchmarks/concurrency.py --quick    # 1 run
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
import tracemalloc
from pathlib import Path

from hookline import (
    Agent,
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

CONVERSATIONS = 1000
LATENCY_S = 0.1
IDEAL_S = 2 * LATENCY_S
CALL = tool_call_reply("constant", {}, call_id="call_1")
ANSWER = text_reply("The constant is 42.")


@tool
async def constant() -> str:
    """Returns a constant."""
    return "42"


def _script(request: LlmRequest) -> LlmResponse:
    return ANSWER if request.messages[-1].role == "tool" else CALL


def _agent() -> Agent:
    llm = ScriptedLlmService(_script, delay_s=LATENCY_S, record_requests=False)
    return Agent(
        llm, tool_registry=ToolRegistry([constant]), conversation_store=MemoryConversationStore()
    )


async def _turn(agent: Agent, index: int) -> str:
    text = ""
    async for component in agent.send_message(
        RequestContext(), "What is the constant?", f"c{index}"
    ):
        if component.rich_component.type == "text":
            text += getattr(component.simple_component, "text", "")
    return text


async def timed_run(count: int) -> float:
    """Wall seconds for ``count`` concurrent turns (every answer checked)."""
    agent = _agent()
    started = time.perf_counter()
    texts = await asyncio.gather(*(_turn(agent, i) for i in range(count)))
    elapsed = time.perf_counter() - started
    assert texts == ["The constant is 42."] * count, "a turn did not answer"
    return elapsed


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def memory_per_conversation(count: int) -> tuple[float, float]:
    """(traced KiB, RSS KiB) per conversation while all ``count`` are mid-turn."""
    agent = _agent()
    await _turn(agent, -1)  # warm caches: schemas, validators
    gc.collect()
    tracemalloc.start()
    traced_before, rss_before = tracemalloc.get_traced_memory()[0], rss_kb()
    tasks = [asyncio.create_task(_turn(agent, i)) for i in range(count)]
    await asyncio.sleep(LATENCY_S / 2)  # every turn now waits for its first model reply
    traced_mid, rss_mid = tracemalloc.get_traced_memory()[0], rss_kb()
    await asyncio.gather(*tasks)
    tracemalloc.stop()
    return (traced_mid - traced_before) / 1024 / count, (rss_mid - rss_before) / count


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one timed run")
    parser.add_argument("--conversations", type=int, default=CONVERSATIONS)
    args = parser.parse_args()
    count = args.conversations
    await timed_run(50)  # warm up
    walls = [await timed_run(count) for _ in range(1 if args.quick else 5)]
    wall = statistics.median(walls)
    traced, rss = await memory_per_conversation(count)
    print(f"hookline concurrency: {count:,} conversations at once, one turn each,")
    print(
        f"model latency {LATENCY_S * 1000:.0f} ms x 2 calls (ideal {IDEAL_S:.2f} s), memory store"
    )
    print(
        f"  wall time         {wall:.3f} s  ({wall / IDEAL_S:.2f}x ideal; median of {len(walls)})"
    )
    overhead_us = (wall - IDEAL_S) / count * 1e6
    print(f"  overhead          {wall - IDEAL_S:.3f} s  ({overhead_us:.0f} us per conversation)")
    print(f"  memory per active conversation  {traced:.1f} KiB traced, {rss:.1f} KiB RSS")


if __name__ == "__main__":
    asyncio.run(main())
