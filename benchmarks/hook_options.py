"""What the hook contract's options cost per emit (issue 20).

One event with 5 handlers, emitted many times, in five registrations:

- ``plain``: ``hooks.on(Event, handler)``, as before the options existed;
- ``explicit defaults``: ``priority=0, on_error="raise", timeout_s=None`` spelled out;
- ``priority``: ``priority=`` set (ordering is decided when registering);
- ``on_error="log"``: the handler is wrapped once in a guard;
- ``timeout_s``: the guard also bounds each call.

The first three store the very same handler objects, so their emits are the same
code: their ratio to ``plain`` is 1 within noise.  The guarded ones show what
isolation costs per handler call.  Settings are interleaved, medians of batches,
ratios to ``plain``.  The per-turn figure is ``instructions.py`` (bare turn and
1 / 5 middleware, which register no options).

    python benchmarks/hook_options.py            # ~20 s
    python benchmarks/hook_options.py --quick    # smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hookline import Event, HookRegistry
from hookline.hooks import HookEvent

HANDLERS = 5


@dataclass(kw_only=True, slots=True)
class Tick(HookEvent):
    count: int = 0


def handler(event: Event[Tick]) -> None:
    event.data.count += 1


SETTINGS: dict[str, dict[str, Any]] = {
    "plain": {},
    "explicit defaults": {"priority": 0, "on_error": "raise", "timeout_s": None},
    "priority": {"priority": 5},
    'on_error="log"': {"on_error": "log"},
    "timeout_s": {"timeout_s": 1.0, "on_error": "log"},
}


def registry(options: dict[str, Any]) -> HookRegistry:
    hooks = HookRegistry()
    for _ in range(HANDLERS):
        hooks.on(Tick, handler, **options)
    return hooks


async def batch(hooks: HookRegistry, emits: int, clock: Callable[[], float]) -> float:
    """Nanoseconds per emit."""
    started = clock()
    for _ in range(emits):
        await hooks.emit(Tick())
    return (clock() - started) / emits * 1e9


async def main(rounds: int, emits: int) -> None:
    registries = {name: registry(options) for name, options in SETTINGS.items()}
    plain_handlers = registries["plain"].handlers(Tick)
    for name in ("explicit defaults", "priority"):
        assert registries[name].handlers(Tick) == plain_handlers, name  # stored as they are
    times: dict[str, list[float]] = {name: [] for name in SETTINGS}
    ratios: dict[str, list[float]] = {name: [] for name in SETTINGS}
    for index in range(rounds):
        names = list(SETTINGS) if index % 2 == 0 else list(reversed(SETTINGS))
        measured = {name: await batch(registries[name], emits, time.process_time) for name in names}
        for name in SETTINGS:
            times[name].append(measured[name])
            ratios[name].append(measured[name] / measured["plain"])
    print(f"emit with {HANDLERS} handlers ({rounds} rounds of {emits} emits; CPU time)")
    for name in SETTINGS:
        ratio = statistics.median(ratios[name])
        print(f"  {name:<20} {statistics.median(times[name]):8.0f} ns/emit   ratio {ratio:5.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    asyncio.run(main(4, 2_000) if args.quick else main(15, 20_000))
