"""The registry against a model: random registrations, removals, prepends,
wrappers and propagation; every emit and every composed chain runs in the
order the model predicts, with the right context (a forwarded event keeps its
emitter's).

The model is a list of handler labels per (registry, event type), and the
child's taps (``propagate_to``): after the child's own handlers, each tap that
forwards the type expands into the parent's list at emit time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookline.hooks.registry import Chain, Event, HookContext, HookEvent, HookRegistry, Registration


@dataclass(kw_only=True)
class Alpha(HookEvent):
    seen: list[tuple[str, str | None]] = field(default_factory=list)


@dataclass(kw_only=True)
class Beta(HookEvent):
    seen: list[tuple[str, str | None]] = field(default_factory=list)


EVENTS: tuple[type[Alpha] | type[Beta], ...] = (Alpha, Beta)
CALL: Chain[list[str], list[str]] = Chain("property_call")
CHILD, PARENT = 0, 1
NAMES = ("child", "parent")

Entry = tuple[str, str]  # ("handler", label)


def _handler(label: str, kind: int) -> Callable[[Event[Any]], Any]:
    """Sync, async, or sync returning an awaitable (a lambda calling a coroutine)."""

    def record(event: Event[Any]) -> None:
        name = event.context.agent_name if event.context else None
        event.data.seen.append((label, name))

    async def record_async(event: Event[Any]) -> None:
        record(event)

    if kind == 0:
        return record
    if kind == 1:
        return record_async
    return lambda event: record_async(event)


def _wrapper(label: str) -> Callable[[list[str], Any], Awaitable[list[str]]]:
    async def wrapper(trail: list[str], call_next: Any) -> list[str]:
        result: list[str] = await call_next([*trail, label])
        return result

    return wrapper


async def _terminal(trail: list[str]) -> list[str]:
    return trail


class Scenario:
    """The real registries and the model, driven by the same operations."""

    def __init__(self) -> None:
        self.hooks = [HookRegistry(HookContext(agent_name=name, agent_path=name)) for name in NAMES]
        self.model: dict[tuple[int, int], list[Entry]] = {
            (r, e): [] for r in (CHILD, PARENT) for e in range(len(EVENTS))
        }
        self.wrappers: list[str] = []
        self.taps: list[tuple[str, set[int]]] = []  # the child's, in order: (label, events)
        self.registrations: list[tuple[Registration, Callable[[], None]]] = []
        self.count = 0

    def _label(self) -> str:
        self.count += 1
        return f"h{self.count}"

    def on(self, registry: int, event: int, kind: int, prepend: bool) -> None:
        label = self._label()
        entry: Entry = ("handler", label)
        handle = self.hooks[registry].on(EVENTS[event], _handler(label, kind), prepend=prepend)
        self._insert((registry, event), entry, prepend)
        self.registrations.append((handle, self._remover((registry, event), entry)))

    def wrap(self, prepend: bool) -> None:
        label = self._label()
        handle = self.hooks[CHILD].wrap(CALL, _wrapper(label), prepend=prepend)
        if prepend:
            self.wrappers.insert(0, label)
        else:
            self.wrappers.append(label)
        self.registrations.append((handle, lambda: self.wrappers.remove(label)))

    def propagate(self, only: list[int] | None, exclude: list[int]) -> None:
        types = None if only is None else [EVENTS[e] for e in only]
        handle = self.hooks[CHILD].propagate_to(
            self.hooks[PARENT], only=types, exclude=[EVENTS[e] for e in exclude]
        )
        forwarded = {e for e in (range(len(EVENTS)) if only is None else only) if e not in exclude}
        tap = (self._label(), forwarded)
        self.taps.append(tap)
        self.registrations.append((handle, lambda: self.taps.remove(tap)))

    def remove(self, index: int) -> None:
        if not self.registrations:
            return
        handle, model_remove = self.registrations.pop(index % len(self.registrations))
        handle.remove()
        model_remove()
        handle.remove()  # a second removal does nothing

    def _insert(self, key: tuple[int, int], entry: Entry, prepend: bool) -> None:
        if prepend:
            self.model[key].insert(0, entry)
        else:
            self.model[key].append(entry)

    def _remover(self, key: tuple[int, int], entry: Entry) -> Callable[[], None]:
        return lambda: self.model[key].remove(entry)

    def expected(
        self, registry: int, event: int, emitter: int | None = None
    ) -> list[tuple[str, str | None]]:
        """Forwarded events keep the emitter's context (its name)."""
        name = NAMES[registry if emitter is None else emitter]
        out: list[tuple[str, str | None]] = [
            (label, name) for _, label in self.model[(registry, event)]
        ]
        if registry == CHILD:
            for _, forwarded in self.taps:
                if event in forwarded:
                    out.extend(self.expected(PARENT, event, emitter=registry))
        return out

    def expected_has_handlers(self, registry: int, event: int) -> bool:
        if self.model[(registry, event)]:
            return True
        return registry == CHILD and any(
            event in forwarded and self.expected_has_handlers(PARENT, event)
            for _, forwarded in self.taps
        )

    async def check(self) -> None:
        for registry in (CHILD, PARENT):
            for event, event_type in enumerate(EVENTS):
                data = await self.hooks[registry].emit(event_type())
                assert data.seen == self.expected(registry, event)
                has = self.hooks[registry].has_handlers(event_type)
                assert has == self.expected_has_handlers(registry, event)
        chain = self.hooks[CHILD].compose(CALL, _terminal)
        assert await chain([]) == self.wrappers
        assert self.hooks[CHILD].has_wrappers(CALL) == bool(self.wrappers)


registries = st.sampled_from((CHILD, PARENT))
events = st.sampled_from(range(len(EVENTS)))
subsets = st.lists(events, unique=True)
operations = st.one_of(
    st.tuples(st.just("on"), registries, events, st.sampled_from((0, 1, 2)), st.booleans()),
    st.tuples(st.just("wrap"), st.booleans()),
    st.tuples(st.just("remove"), st.integers(0, 50)),
    st.tuples(st.just("propagate"), st.one_of(st.none(), subsets), subsets),
    st.tuples(st.just("check")),
)


async def _play(ops: list[tuple[Any, ...]]) -> None:
    scenario = Scenario()
    for op in ops:
        name, args = op[0], op[1:]
        if name == "check":
            await scenario.check()
        else:
            getattr(scenario, name)(*args)
    await scenario.check()


@settings(max_examples=150, deadline=None)
@given(st.lists(operations, max_size=30))
def test_emit_and_compose_follow_the_model(ops: list[tuple[Any, ...]]) -> None:
    asyncio.run(_play(ops))


def test_the_model_catches_a_wrong_order() -> None:
    """The checker can fail: a registry whose prepend appended would be caught."""
    scenario = Scenario()
    scenario.on(CHILD, 0, 0, False)
    scenario.on(CHILD, 0, 0, True)
    scenario.model[(CHILD, 0)].reverse()  # what a broken prepend would produce
    try:
        asyncio.run(scenario.check())
    except AssertionError:
        return
    raise AssertionError("the model accepted the wrong order")
