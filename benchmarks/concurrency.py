"""1,000 concurrent hookline conversations: their CPU cost against 1,000 sequential turns.

Every conversation runs one turn on one ``Agent`` with a memory store: the
scripted model asks for a constant tool, then answers (two model calls).

**CPU ratio** (issue 17: <= 1.3x).  In each round, interleaved and after
``gc.collect()``:

- *sequential*: 1,000 turns awaited one after another, model latency 0 (the
  scripted turn of every other benchmark);
- *concurrent*: 1,000 turns at once (``asyncio.gather``), model latency 100 ms,
  so all 1,000 are live together;
- *asyncio alone*: 1,000 tasks that only sleep twice for 100 ms each: what the
  simulated latency (a task and two timers per conversation) costs the event
  loop with no hookline at all.

The ratio is concurrent / sequential CPU time (the median of the per-round
ratios); "hookline's part" leaves out the asyncio-alone cost.  Time spent in the
garbage collector (``gc.callbacks``) is shown for each: live turns survive the
young collections, so more of them run and more objects reach the old
generations.

Then the wall time of the concurrent run against the ideal 0.2 s, and the memory
held per active conversation, measured while all of them wait for their first
model reply (tracemalloc and RSS, in a separate run so tracing does not slow the
timed ones).

    python benchmarks/concurrency.py            # 1,000 conversations, 9 rounds
    python benchmarks/concurrency.py --quick    # 3 rounds
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


def _agent(latency_s: float = LATENCY_S) -> Agent:
    llm = ScriptedLlmService(_script, delay_s=latency_s, record_requests=False)
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


class GcClock:
    """CPU seconds spent in the garbage collector, and collections per generation."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.collections = [0, 0, 0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.seconds += time.process_time() - self._started
            self.collections[info["generation"]] += 1


@dataclass
class Samples:
    """CPU seconds per batch, and gc seconds and collections per batch, by setting."""

    cpu: dict[str, list[float]] = field(default_factory=dict)
    gc: dict[str, list[float]] = field(default_factory=dict)
    collections: dict[str, list[list[int]]] = field(default_factory=dict)

    def add(self, name: str, cpu: float, clock: GcClock) -> None:
        self.cpu.setdefault(name, []).append(cpu)
        self.gc.setdefault(name, []).append(clock.seconds)
        self.collections.setdefault(name, []).append(clock.collections)

    def median(self, name: str) -> float:
        return statistics.median(self.cpu[name])

    def ratio(self, name: str, base: str) -> float:
        """Median over rounds of name / base, each pair from the same round."""
        pairs = zip(self.cpu[name], self.cpu[base], strict=True)
        return statistics.median(a / b for a, b in pairs)


async def sequential(count: int) -> None:
    agent = _agent(0.0)
    for index in range(count):
        assert await _turn(agent, index) == "The constant is 42.", "a turn did not answer"


async def concurrent(count: int) -> None:
    agent = _agent()
    texts = await asyncio.gather(*(_turn(agent, i) for i in range(count)))
    assert texts == ["The constant is 42."] * count, "a turn did not answer"


async def asyncio_alone(count: int) -> None:
    async def wait_twice() -> None:
        await asyncio.sleep(LATENCY_S)
        await asyncio.sleep(LATENCY_S)

    await asyncio.gather(*(wait_twice() for _ in range(count)))


SETTINGS: dict[str, Callable[[int], Awaitable[None]]] = {
    "sequential": sequential,
    "concurrent": concurrent,
    "asyncio alone": asyncio_alone,
}


async def cpu_rounds(count: int, rounds: int) -> Samples:
    """Every setting once per round, odd rounds in reverse order; CPU time of each."""
    await sequential(200)  # warm up: schemas, validators, caches
    samples = Samples()
    names = list(SETTINGS)
    for number in range(rounds):
        for name in names if number % 2 == 0 else reversed(names):
            gc.collect()  # no batch pays for collecting what earlier batches left
            clock = GcClock()
            gc.callbacks.append(clock)
            started = time.process_time()
            await SETTINGS[name](count)
            samples.add(name, time.process_time() - started, clock)
            gc.callbacks.remove(clock)
    return samples


def cpu_report(samples: Samples, count: int) -> list[str]:
    seq, conc, alone = (samples.median(name) for name in SETTINGS)
    ratio = samples.ratio("concurrent", "sequential")
    verdict = "ok" if ratio <= 1.3 else "MISSED"
    ours = statistics.median(
        (c - a) / s for s, c, a in zip(*(samples.cpu[name] for name in SETTINGS), strict=True)
    )
    lines = [
        f"hookline concurrency, CPU: {count:,} turns at once vs {count:,} one after another"
        f" ({len(samples.cpu['sequential'])} interleaved rounds, medians)",
        f"  ratio concurrent / sequential   {ratio:.2f}x  (issue 17 target <= 1.3x: {verdict})",
        f"  hookline's part                 {ours:.2f}x  (the asyncio-alone cost left out)",
    ]
    for name, value in zip(SETTINGS, (seq, conc, alone), strict=True):
        in_gc = statistics.median(samples.gc[name])
        runs = [statistics.median(c[g] for c in samples.collections[name]) for g in range(3)]
        lines.append(
            f"  {name:<15} {value * 1000:7.1f} ms CPU  ({value / count * 1e6:5.1f} us each);"
            f" gc {in_gc * 1000:5.1f} ms, collections gen0/1/2 " + "/".join(f"{n:g}" for n in runs)
        )
    return lines


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
    parser.add_argument("--quick", action="store_true", help="3 rounds, one timed run")
    parser.add_argument("--conversations", type=int, default=CONVERSATIONS)
    args = parser.parse_args()
    count = args.conversations
    samples = await cpu_rounds(count, 3 if args.quick else 9)
    await timed_run(50)  # warm up
    walls = [await timed_run(count) for _ in range(1 if args.quick else 5)]
    wall = statistics.median(walls)
    traced, rss = await memory_per_conversation(count)
    print("\n".join(cpu_report(samples, count)))
    print(f"hookline concurrency, wall: {count:,} conversations at once, one turn each,")
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
