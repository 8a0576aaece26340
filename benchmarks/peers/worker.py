"""One library's benchmark worker: started once by ``run.py``, driven over stdin.

``python worker.py PEER`` imports ``peer_<PEER>`` (and so the library), prints
one JSON line ``{"ready": ..., "rss_kb": ..., "version": ..., "python": ...}`` -- or
``{"error": ...}`` when the library is missing or its API is not what the
adapter expects -- then answers one JSON line per command:

- ``{"cmd": "bench", "builder": "build", "hooks": 5, "min_s": 0.2}``: run whole
  turns for at least ``min_s`` seconds (after ``min_s / 4`` of untimed turns, as the
  worker sat idle while the others ran, and ``gc.collect()``, so no batch pays for
  what earlier ones left); reply ``{"us": <CPU microseconds per turn>, "wall_us":
  <wall microseconds per turn>, "turns": <count>}``.  CPU time of the whole process
  (all its threads): two shared cores make wall time the noisier figure.
- ``{"cmd": "growth", "builder": "build", "turns": 10000}``: RSS before and after
  that many turns (after a warm-up and ``gc.collect()``), in KiB.

The first turn of every (builder, hooks) is checked: the final text is the
scripted answer and the tool ran exactly once.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import os
import platform
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from scenario import ANSWER, Calls, Turn

PYTHON = (
    f"{platform.python_implementation()} {platform.python_version()}"
    f" ({os.path.realpath(sys.executable)})"
)


def rss_kb() -> int:
    """This process's resident set size (Linux ``/proc``), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class Worker:
    """The adapter, its built turns (one per builder and hook count), the commands."""

    def __init__(self, adapter: ModuleType) -> None:
        self.adapter = adapter
        self.turns: dict[tuple[str, int], Turn] = {}

    async def turn(self, builder: str, hooks: int) -> Turn:
        key = (builder, hooks)
        if key not in self.turns:
            turn = getattr(self.adapter, builder)(hooks)
            before = Calls.count
            text = await turn()
            if text.strip() != ANSWER or Calls.count != before + 1:
                raise RuntimeError(
                    f"the scripted turn did not run as expected: answer {text!r}, "
                    f"tool ran {Calls.count - before} time(s)"
                )
            self.turns[key] = turn
        return self.turns[key]

    async def bench(self, builder: str, hooks: int, min_s: float) -> dict[str, Any]:
        turn = await self.turn(builder, hooks)
        warm_until = time.perf_counter() + min_s / 4  # the worker sat idle: caches are cold
        while time.perf_counter() < warm_until:
            await turn()
        count = 0
        gc.collect()
        cpu_started, started = time.process_time(), time.perf_counter()
        deadline = started + min_s
        while count < 5 or time.perf_counter() < deadline:
            await turn()
            count += 1
        cpu, wall = time.process_time() - cpu_started, time.perf_counter() - started
        return {"us": cpu / count * 1e6, "wall_us": wall / count * 1e6, "turns": count}

    async def growth(self, builder: str, turns: int) -> dict[str, Any]:
        turn = await self.turn(builder, 0)
        for _ in range(200):
            await turn()
        gc.collect()
        before = rss_kb()
        for _ in range(turns):
            await turn()
        gc.collect()
        return {"before_kb": before, "after_kb": rss_kb(), "turns": turns}

    async def handle(self, command: dict[str, Any]) -> dict[str, Any]:
        name = command["cmd"]
        if name == "bench":
            return await self.bench(command["builder"], command["hooks"], command["min_s"])
        if name == "growth":
            return await self.growth(command["builder"], command["turns"])
        raise ValueError(f"unknown command {name!r}")


async def main(peer: str) -> None:
    try:
        adapter = importlib.import_module(f"peer_{peer}")
        version = adapter.version()
    except Exception as exc:  # not installed, or not the API the adapter expects
        _send({"error": f"{type(exc).__name__}: {exc}"})
        return
    _send({"ready": True, "rss_kb": rss_kb(), "version": version, "python": PYTHON})
    worker = Worker(adapter)
    for line in sys.stdin:  # one command at a time: nothing else runs meanwhile
        command = json.loads(line)
        if command["cmd"] == "quit":
            break
        try:
            _send(await worker.handle(command))
        except Exception as exc:
            _send({"error": f"{type(exc).__name__}: {exc}"})


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
