"""Instructions per scripted turn, counted by valgrind's callgrind: a figure noise does not move.

The machines here are noisy (two shared cores): CPU-time figures move by several
percent from run to run.  This script counts the CPU instructions a turn executes,
which only changes when the code does.  It runs ``turn_overhead.py``'s scripted turn
(1 tool call + streamed final answer, memory store, core agent) under
``valgrind --tool=callgrind`` for 500 and for 1,500 turns and reports the difference
divided by 1,000 (start-up cancels out), for the bare agent and for 1 and 5 no-op
middleware overriding all six hooks.  ``PYTHONHASHSEED=0`` keeps dict layouts
identical between runs; what remains varies by about 1 %.  Between two versions of the
code the count also moves with where objects land in memory: CPython's attribute-lookup
cache is indexed by a type's version tag and the name's address, and which hot lookups
collide changes with any change (a no-op module constant moved the bare turn by 5,600
instructions; a new event class moved its cache misses from ~130 to ~2,900 instructions a
turn, docs/benchmarks.md).  Read a difference under ~3 % between commits as that.

    python benchmarks/instructions.py           # needs valgrind (Debian: apt install valgrind)
    python benchmarks/instructions.py --quick   # 50 and 150 turns: a smoke run

About 0.13 ns per instruction on the machines here (session 7's: the peers turn, ~533,000
instructions, in ~71 µs of CPU).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {"no middleware": 0, "1 middleware": 1, "5 middleware": 5}
TURNS = (500, 1500)
BUDGET = 560_000
"""Issue 17: the bare turn may cost up to 20 % more than the 466,000 of the first build."""

WORKER = """
import asyncio, sys
sys.path.insert(0, {benchmarks!r})
import middleware_overhead as m
from hookline import MemoryConversationStore, RequestContext

async def main(middleware, turns):
    agent = m.build_agent(middleware)
    context = RequestContext()
    for index in range(turns):
        if index % 500 == 0:
            agent.conversation_store = MemoryConversationStore()
        await m.one_turn(agent, context)

asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
"""


def count(worker: Path, middleware: int, turns: int, out_dir: Path) -> int:
    """Instructions of one whole run (start-up included)."""
    out = out_dir / f"callgrind.{middleware}.{turns}"
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT / "src")}
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            str(worker),
            str(middleware),
            str(turns),
        ],
        check=True,
        capture_output=True,
        env=env,
    )
    summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
    if summary is None:
        raise RuntimeError(f"no summary line in {out}")
    return int(summary.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="50 and 150 turns, for smoke runs")
    turns = (50, 150) if parser.parse_args().quick else TURNS
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = Path(tmp)
        worker = out_dir / "worker.py"
        worker.write_text(WORKER.format(benchmarks=str(ROOT / "benchmarks")))
        jobs = [(n, count_) for n in SETTINGS.values() for count_ in turns]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = pool.map(lambda job: count(worker, job[0], job[1], out_dir), jobs)
            totals = dict(zip(jobs, results, strict=True))
    per_turn = {
        n: (totals[(n, turns[1])] - totals[(n, turns[0])]) / (turns[1] - turns[0])
        for n in SETTINGS.values()
    }
    base = per_turn[0]
    print("instructions per scripted turn (callgrind; 1 tool call + streamed answer)")
    for label, n in SETTINGS.items():
        added = per_turn[n] - base
        print(f"  {label:<14} {per_turn[n]:>10,.0f}   (+{added:>8,.0f} = {added / base:6.1%})")
    verdict = "ok" if base <= BUDGET else "OVER BUDGET"
    print(f"  the bare turn: budget {BUDGET:,} (issue 17): {verdict}")
    print(
        f"  interpreter: {platform.python_implementation()} {platform.python_version()}"
        f" ({os.path.realpath(sys.executable)})"
    )


if __name__ == "__main__":
    main()
