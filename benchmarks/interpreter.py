"""Which interpreter a benchmark ran on, and how fast it runs plain Python on this machine.

The same code runs at very different speeds on different CPython builds: pyenv's
default build (no ``--enable-optimizations``, no LTO, ``--enable-shared``) executes
hookline's scripted turn about 1.8x slower than Debian's ``/usr/bin/python3.11``
(PGO + LTO) on the same machine, for nearly the same instruction count.  Absolute
figures are only comparable with the interpreter and its speed next to them.

    print(interpreter.describe())
    # interpreter: CPython 3.11.7 (/usr/bin/python3.11); await of a no-op coroutine: 0.135 us
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Coroutine

__all__ = ["coroutine_call_us", "describe"]


async def _noop() -> None:
    return None


async def _await_many(count: int) -> float:
    started = time.process_time()
    for _ in range(count):
        await _noop()
    return time.process_time() - started


def coroutine_call_us(count: int = 200_000, repeats: int = 5) -> float:
    """CPU microseconds for one ``await noop()``: a yardstick of interpreter and CPU speed."""
    return statistics.median(_run(_await_many(count)) for _ in range(repeats)) / count * 1e6


def _run(coroutine: Coroutine[None, None, float]) -> float:
    """Run a coroutine that never suspends, without an event loop (one may be running)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return float(done.value)
    raise RuntimeError("the yardstick coroutine suspended")


def describe() -> str:
    """One line: implementation, version, executable and the yardstick."""
    executable = os.path.realpath(sys.executable)
    return (
        f"interpreter: {platform.python_implementation()} {platform.python_version()} "
        f"({executable}); await of a no-op coroutine: {coroutine_call_us():.3f} us"
    )
