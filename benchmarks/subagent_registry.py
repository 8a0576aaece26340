"""The parent's registry before and after 1,000 selective sub-agent calls (issue 32).

A planner asks its researcher (``as_tool(..., isolation="selective")``) once per turn,
1,000 turns.  Measured on the planner's registry before the calls and after: the taps
forwarding into it (``source_count``), one emit of an event it handles, and one
registration with its removal (each walks the registries tapping in), in ns (medians
of batches); and the memory the 1,000 turns kept (tracemalloc, the turns' stores
replaced each turn so that only what the runtime keeps counts).  Before issue 32 each
call left its tap behind: 1,000 calls, 1,000 sources, ~1.6 MB kept, and a registration
cost that grew with them.  Now the lines "before" and "after" agree.

    python benchmarks/subagent_registry.py           # ~15 s
    python benchmarks/subagent_registry.py --quick   # 100 calls: a smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
import tracemalloc
from dataclasses import dataclass

from hookline import (
    Agent,
    HookRegistry,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool_call_reply,
)


@dataclass(slots=True)
class Tick:
    """The event emitted on the parent's registry (one handler)."""

    count: int = 0


def family() -> tuple[Agent, Agent]:
    """The planner and its selective researcher."""

    def plan(request: LlmRequest) -> LlmResponse:
        if request.messages[-1].role == "tool":
            return text_reply("done")
        return tool_call_reply("researcher", {"task": "find facts"})

    child = Agent(
        ScriptedLlmService(lambda request: text_reply("facts"), record_requests=False),
        name="researcher",
    )
    researcher = child.as_tool("researcher", "Researches.", isolation="selective")
    parent = Agent(
        ScriptedLlmService(plan, record_requests=False),
        tool_registry=ToolRegistry([researcher]),
        name="planner",
    )
    parent.hooks.on(Tick, lambda event: None)
    return parent, child


async def emit_ns(hooks: HookRegistry, batches: int = 15, size: int = 2_000) -> float:
    """Median ns of one ``emit`` of an event ``hooks`` handles."""
    timings = []
    for _ in range(batches):
        started = time.perf_counter_ns()
        for _ in range(size):
            await hooks.emit(Tick())
        timings.append((time.perf_counter_ns() - started) / size)
    return statistics.median(timings)


def register_ns(hooks: HookRegistry, batches: int = 15, size: int = 200) -> float:
    """Median ns of one registration on ``hooks`` and its removal."""
    timings = []
    for _ in range(batches):
        started = time.perf_counter_ns()
        for _ in range(size):
            hooks.on(Tick, lambda event: None).remove()
        timings.append((time.perf_counter_ns() - started) / size)
    return statistics.median(timings)


async def measure(hooks: HookRegistry) -> tuple[int, float, float]:
    """(sources, emit ns, registration + removal ns) on ``hooks``."""
    return hooks.source_count(), await emit_ns(hooks), register_ns(hooks)


async def calls(parent: Agent, child: Agent, count: int) -> int:
    """``count`` planner turns, one sub-agent call each; the bytes they kept."""

    async def one() -> None:
        parent.conversation_store = MemoryConversationStore()
        child.conversation_store = MemoryConversationStore()
        await parent.run("plan")

    await one()
    gc.collect()
    tracemalloc.start()
    try:
        start, _ = tracemalloc.get_traced_memory()
        for _ in range(count):
            await one()
        gc.collect()
        end, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return end - start


async def compare(count: int) -> list[tuple[str, int, float, float, int]]:
    """The parent's registry measured before and after ``count`` calls."""
    parent, child = family()
    rows = [("before", *await measure(parent.hooks), 0)]
    kept = await calls(parent, child, count)
    rows.append((f"after {count:,}", *await measure(parent.hooks), kept))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 calls instead of 1,000")
    count = 100 if parser.parse_args().quick else 1_000
    rows = asyncio.run(compare(count))
    print("the parent's registry, selective sub-agent calls (issue 32)")
    print(f"  {'':12} {'sources':>8} {'emit ns':>9} {'on+remove ns':>13} {'kept bytes':>11}")
    for name, sources, emit_ns, register_ns, kept_bytes in rows:
        print(f"  {name:12} {sources:8d} {emit_ns:9.0f} {register_ns:13.0f} {kept_bytes:11,d}")


if __name__ == "__main__":
    main()
