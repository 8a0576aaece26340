"""What ``./scripts/chat`` adds to the bare CLI once the venv is installed (issue 34).

Runs ``.venv/bin/hookline chat --message Q`` and ``./scripts/chat --message Q`` in turns
(the wrapper once first, so that its install, if any, is done), each in its own fresh
data directory, on a question the runtime answers without loading the model. Prints the
median wall time of each and the difference; exits 1 when the wrapper costs more than
``--max-overhead`` seconds (default 0.5) over the bare CLI.

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
    bare_median, wrapper_median = statistics.median(bare_s), statistics.median(wrapper_s)
    overhead = wrapper_median - bare_median
    print(f"first ./scripts/chat (install if needed): {first:.2f} s")
    print(f"bare .venv/bin/hookline chat --message:   {bare_median:.2f} s (median of {args.runs})")
    print(f"./scripts/chat --message (installed):     {wrapper_median:.2f} s")
    print(f"wrapper overhead: {overhead * 1000:+.0f} ms (limit {args.max_overhead * 1000:.0f} ms)")
    return 0 if overhead <= args.max_overhead else 1


if __name__ == "__main__":
    sys.exit(main())
