"""benchmarks/sql_guard.py runs (every query it times passes the guard) and prints its two
figures."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_guard_benchmark_runs_and_reports_microseconds_per_check() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "sql_guard.py"), "--quick"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = re.findall(
        r"^  (typical query|wide query \(\d+ chars\)) +(\d+) us$", done.stdout, re.M
    )
    assert [name.split()[0] for name, _ in figures] == ["typical", "wide"]
    assert all(int(us) > 0 for _, us in figures)
