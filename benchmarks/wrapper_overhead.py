"""What ``./scripts/chat`` adds to the bare CLI once the venv is installed (issue 34).

Runs ``.venv/bin/hookline chat --message Q`` and ``./scripts/chat --message Q`` in turns
(the wrapper once first, so that its install, if any, is done), each in its own fresh
data directory, on a question the runtime answers without loading the model. Prints the
fastest and the median wall time of each and the differences; exits 1 when the wrapper's
fastest run is more than ``--max-overhead`` seconds (default 0.5) over the bare CLI's
(the fastest runs: on a shared machine the medians move by a few hundred ms).

    python benchmarks/wrapper_overhead.py             # 5 runs of each
    python benchmarks/wrapper_overhead.py --runs 3 --max-overhead 0.5
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "How many customers are there?"


def timed(command: list[str]) -> float:
    """Seconds one run of ``command`` takes (fresh data directory; it must answer 400)."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "HOOKLINE_DATA_DIR": data}
        env.pop("HOOKLINE_MODEL", None)
        started = time.perf_counter()
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
        )
        elapsed = time.perf_counter() - started
    if done.returncode != 0 or "400" not in done.stdout:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-overhead", type=float, default=0.5, help="seconds")
    args = parser.parse_args()
    wrapper = ["./scripts/chat", "--message", QUESTION]
    bare = [".venv/bin/hookline", "chat", "--message", QUESTION]
    first = timed(wrapper)  # installs the venv if it must
    bare_s: list[float] = []
    wrapper_s: list[float] = []
    for _ in range(args.runs):
        bare_s.append(timed(bare))
        wrapper_s.append(timed(wrapper))
    overhead = min(wrapper_s) - min(bare_s)
    median_overhead = statistics.median(wrapper_s) - statistics.median(bare_s)
    print(f"first ./scripts/chat (install if needed): {first:.2f} s")
    print(f"{args.runs} runs each, fastest / median:")
    print(f"  bare .venv/bin/hookline chat --message: {_pair(bare_s)}")
    print(f"  ./scripts/chat --message (installed):   {_pair(wrapper_s)}")
    print(
        f"wrapper overhead: {overhead * 1000:+.0f} ms fastest, {median_overhead * 1000:+.0f} ms "
        f"median (limit {args.max_overhead * 1000:+.0f} ms on the fastest)"
    )
    return 0 if overhead <= args.max_overhead else 1


def _pair(seconds: list[float]) -> str:
    return f"{min(seconds):.2f} s / {statistics.median(seconds):.2f} s"


if __name__ == "__main__":
    sys.exit(main())
