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
ratios); "hookline's part" leaves out the asyncio-alone cost; "the ratio's floor" is
what the ratio would be if a concurrent turn cost exactly what a sequential one does
(sequential plus asyncio alone, over sequential): the target cannot be met on a machine
where it is above 1.3.  Time spent in the garbage collector (``gc.callbacks``) is
shown for each: live turns survive the young collections, so more of them run and
more objects reach the old generations.

Then the wall time of the concurrent run against the ideal 0.2 s, and the memory
held per active conversation, measured while all of them wait for their first
model reply (tracemalloc and RSS, in a separate run so tracing does not slow the
timed ones).

**Instructions** (``--instructions``, needs valgrind).  CPU time mixes what the
code does with what the memory hierarchy makes of it (1,000 live turns do not fit
in the caches a sequential turn reuses), and it moves from machine to machine.
Counting instructions with callgrind (each setting in its own process, minus a run
that only warms up) says where concurrency costs: per turn, for the settings above
and for sequential turns whose model answers after 1 ms (the same simulated
latency, one turn at a time: a timer costs the event loop the same whatever its
delay), each also with the garbage collector off.  The collector's share is the
difference; "hookline's code" is the concurrent turn without the collector and
without asyncio's cost of the latency, against the sequential turn.

    python benchmarks/concurrency.py                  # 1,000 conversations, 9 rounds
    python benchmarks/concurrency.py --quick          # 3 rounds
    python benchmarks/concurrency.py --instructions   # callgrind, a few minutes
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
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
SEQUENTIAL_LATENCY_S = 0.001
"""The model latency of sequential turns in the instruction counts (1,000 x 0.1 s would
take minutes; the event loop does the same work for any delay)."""
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


async def sequential_with_latency(count: int) -> None:
    agent = _agent(SEQUENTIAL_LATENCY_S)
    for index in range(count):
        assert await _turn(agent, index) == "The constant is 42.", "a turn did not answer"


async def asyncio_alone_sequential(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(SEQUENTIAL_LATENCY_S)
        await asyncio.sleep(SEQUENTIAL_LATENCY_S)


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
    rounds = list(zip(*(samples.cpu[name] for name in SETTINGS), strict=True))
    ours = statistics.median((c - a) / s for s, c, a in rounds)
    floor = statistics.median((s + a) / s for s, _, a in rounds)
    lines = [
        f"hookline concurrency, CPU: {count:,} turns at once vs {count:,} one after another"
        f" ({len(samples.cpu['sequential'])} interleaved rounds, medians)",
        f"  ratio concurrent / sequential   {ratio:.2f}x  (issue 17 target <= 1.3x: {verdict})",
        f"  hookline's part                 {ours:.2f}x  (the asyncio-alone cost left out)",
        f"  the ratio's floor               {floor:.2f}x  (asyncio alone on top of the"
        " sequential turns: a concurrent turn that cost what a sequential one does)",
    ]
    for name, value in zip(SETTINGS, (seq, conc, alone), strict=True):
        in_gc = statistics.median(samples.gc[name])
        runs = [statistics.median(c[g] for c in samples.collections[name]) for g in range(3)]
        lines.append(
            f"  {name:<15} {value * 1000:7.1f} ms CPU  ({value / count * 1e6:5.1f} us each);"
            f" gc {in_gc * 1000:5.1f} ms, collections gen0/1/2 " + "/".join(f"{n:g}" for n in runs)
        )
    return lines


COUNTED: dict[str, Callable[[int], Awaitable[None]]] = {
    **SETTINGS,
    "sequential, model latency": sequential_with_latency,
    "asyncio alone, sequential": asyncio_alone_sequential,
}
"""The settings whose instructions ``--instructions`` counts (each with the collector on
and off)."""


async def counted_worker(setting: str, collector: bool, count: int) -> None:
    """What one callgrind run executes: the warm-up, then ``count`` turns of ``setting``."""
    await sequential(200)
    gc.collect()
    if not collector:
        gc.disable()
    if count:
        await COUNTED[setting](count)


def callgrind(setting: str, collector: bool, count: int, out_dir: Path) -> int:
    """Instructions of one whole worker run (start-up included)."""
    slug = re.sub(r"\W+", "-", setting)
    out = out_dir / f"callgrind.{slug}.{collector}.{count}"
    worker = ["--worker", setting, "--collector", "on" if collector else "off"]
    subprocess.run(
        [
            *("valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"),
            *(sys.executable, __file__, *worker, "--conversations", str(count)),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
    if summary is None:
        raise RuntimeError(f"no summary line in {out}")
    return int(summary.group(1))


def count_instructions(count: int) -> dict[tuple[str, bool], float]:
    """Instructions per turn of every counted setting, with the collector on and off.

    Each run's start-up run (no turns) is subtracted with the collector in the same
    state: a process exiting with the collector on collects its whole heap first.
    """
    jobs = [(name, collector) for name in COUNTED for collector in (True, False)]
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        start_ups = {
            collector: pool.submit(callgrind, "sequential", collector, 0, Path(tmp))
            for collector in (True, False)
        }
        totals = list(pool.map(lambda job: callgrind(job[0], job[1], count, Path(tmp)), jobs))
        base = {collector: future.result() for collector, future in start_ups.items()}
    return {job: (total - base[job[1]]) / count for job, total in zip(jobs, totals, strict=True)}


def instruction_report(per_turn: dict[tuple[str, bool], float], count: int) -> list[str]:
    """Where concurrency costs, in instructions per turn."""
    seq, seq_latency = per_turn["sequential", True], per_turn["sequential, model latency", True]
    conc = per_turn["concurrent", True]
    alone, alone_seq = per_turn["asyncio alone", True], per_turn["asyncio alone, sequential", True]
    like_for_like = conc / seq_latency
    without_collector = {name: per_turn[name, False] for name in COUNTED}
    code = (
        without_collector["concurrent"] - without_collector["asyncio alone"]
    ) / without_collector["sequential"]
    lines = [
        f"hookline concurrency, instructions per turn (callgrind, {count:,} turns;"
        " in the collector = with it on minus off)"
    ]
    for name, latency, asyncio_part in (
        ("sequential", "no model latency", None),
        (
            "sequential, model latency",
            f"model latency {SEQUENTIAL_LATENCY_S * 1000:g} ms",
            alone_seq,
        ),
        ("concurrent", f"model latency {LATENCY_S * 1000:g} ms", alone),
    ):
        value, in_gc = per_turn[name, True], per_turn[name, True] - per_turn[name, False]
        waits = "" if asyncio_part is None else f"; asyncio's waits alone {asyncio_part:,.0f}"
        lines.append(
            f"  {name.split(',')[0]:<11} {latency:<23} {value:>9,.0f}"
            f"  (in the collector {in_gc:,.0f}{waits})"
        )
    verdict = "ok" if like_for_like <= 1.3 else "MISSED"
    lines += [
        f"  concurrent / sequential without latency (the CPU ratio's baseline)  {conc / seq:.2f}x",
        f"  concurrent / sequential, both with model latency  {like_for_like:.2f}x"
        f"  (issue 17 target <= 1.3x: {verdict})",
        f"  hookline's code (the collector and asyncio's waits left out)  {code:.3f}x",
    ]
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


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds, one timed run")
    parser.add_argument("--conversations", type=int, default=CONVERSATIONS)
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (valgrind) instead"
    )
    parser.add_argument("--worker", choices=list(COUNTED), help=argparse.SUPPRESS)
    parser.add_argument("--collector", choices=["on", "off"], default="on", help=argparse.SUPPRESS)
    return parser.parse_args()


async def main() -> None:
    args = parse_args()
    count = args.conversations
    if args.worker is not None:
        await counted_worker(args.worker, args.collector == "on", count)
        return
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
        print("\n".join(instruction_report(count_instructions(count), count)))
        return
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
