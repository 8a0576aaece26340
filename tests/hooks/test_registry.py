"""Every rule of the typed-event registry (shared/reference/hook_registry.md)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from hookline.hooks import registry as registry_module
from hookline.hooks.registry import (
    Chain,
    Event,
    HookContext,
    HookEvent,
    HookRegistry,
)


@dataclass(kw_only=True)
class Ping(HookEvent):
    seen: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class AfterPing(HookEvent):
    seen: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class Unrelated(HookEvent):
    seen: list[str] = field(default_factory=list)


def appender(label: str) -> Callable[[Event[Any]], None]:
    def handler(event: Event[Any]) -> None:
        event.data.seen.append(label)

    return handler


def async_appender(label: str) -> Callable[[Event[Any]], Awaitable[None]]:
    async def handler(event: Event[Any]) -> None:
        event.data.seen.append(label)

    return handler


async def test_handlers_run_in_registration_order() -> None:
    hooks = HookRegistry()
    for label in ("a", "b", "c"):
        hooks.on(Ping, appender(label))
    assert (await hooks.emit(Ping())).seen == ["a", "b", "c"]


async def test_prepend_puts_a_handler_first() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, appender("a"))
    hooks.on(Ping, appender("b"))
    hooks.on(Ping, appender("first"), prepend=True)
    assert (await hooks.emit(Ping())).seen == ["first", "a", "b"]


async def test_after_events_are_not_reversed() -> None:
    hooks = HookRegistry()
    hooks.on(AfterPing, appender("one"))
    hooks.on(AfterPing, appender("two"))
    assert (await hooks.emit(AfterPing())).seen == ["one", "two"]


async def test_sync_and_async_handlers_mix_in_order() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, appender("sync1"))
    hooks.on(Ping, async_appender("async"))
    hooks.on(Ping, appender("sync2"))
    assert (await hooks.emit(Ping())).seen == ["sync1", "async", "sync2"]


async def test_callable_object_with_async_call_is_awaited() -> None:
    class Handler:
        async def __call__(self, event: Event[Ping]) -> None:
            event.data.seen.append("object")

    hooks = HookRegistry()
    hooks.on(Ping, Handler())
    assert (await hooks.emit(Ping())).seen == ["object"]


async def test_sync_handler_returning_an_awaitable_is_awaited() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, lambda e: async_appender("via-lambda")(e))
    assert (await hooks.emit(Ping())).seen == ["via-lambda"]


async def test_handler_errors_propagate_and_stop_later_handlers() -> None:
    hooks = HookRegistry()

    def boom(event: Event[Ping]) -> None:
        raise RuntimeError("bug in a hook")

    hooks.on(Ping, boom)
    hooks.on(Ping, appender("never"))
    data = Ping()
    with pytest.raises(RuntimeError, match="bug in a hook"):
        await hooks.emit(data)
    assert data.seen == []


async def test_emit_returns_the_same_data_with_mutations() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, appender("x"))
    data = Ping()
    assert await hooks.emit(data) is data
    assert data.seen == ["x"]


async def test_registry_stamps_its_context() -> None:
    context = HookContext(agent_path="planner.researcher", agent_name="researcher")
    hooks = HookRegistry(context)
    seen: list[HookContext | None] = []
    hooks.on(Ping, lambda e: seen.append(e.context))
    await hooks.emit(Ping())
    assert seen == [context]


async def test_no_handler_builds_no_event(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[object] = []

    class CountingEvent(Event[Any]):
        __slots__ = ()

        def __init__(self, data: Any, context: HookContext | None = None) -> None:
            built.append(data)
            super().__init__(data, context)

    monkeypatch.setattr(registry_module, "Event", CountingEvent)  # how emit builds an Event
    hooks = HookRegistry()
    hooks.on(Unrelated, appender("u"))
    await hooks.emit(Ping())
    assert built == []
    await hooks.emit(Unrelated())
    assert len(built) == 1


async def test_has_handlers_and_removal() -> None:
    hooks = HookRegistry()
    assert not hooks.has_handlers(Ping)
    first = hooks.on(Ping, appender("a"))
    second = hooks.on(Ping, appender("b"))
    assert hooks.has_handlers(Ping)
    assert hooks.handler_count(Ping) == 2
    first.remove()
    first.remove()  # twice is harmless
    assert (await hooks.emit(Ping())).seen == ["b"]
    second.remove()
    assert not hooks.has_handlers(Ping)


async def test_add_registers_a_provider() -> None:
    class Provider:
        def register_hooks(self, registry: HookRegistry) -> None:
            registry.on(Ping, appender("provided"))
            registry.on(AfterPing, appender("provided-after"))

    hooks = HookRegistry().add(Provider())
    assert (await hooks.emit(Ping())).seen == ["provided"]
    assert (await hooks.emit(AfterPing())).seen == ["provided-after"]


async def test_propagate_to_forwards_every_event_type_by_default() -> None:
    parent = HookRegistry(HookContext(agent_path="parent"))
    child = HookRegistry(HookContext(agent_path="parent.child"))
    contexts: list[str] = []
    parent.on(Ping, lambda e: contexts.append(e.context.agent_path if e.context else ""))
    parent.on(AfterPing, appender("parent"))
    child.propagate_to(parent)
    await child.emit(Ping())
    assert contexts == ["parent.child"]  # forwarded with the emitter's context
    assert (await child.emit(AfterPing())).seen == ["parent"]


async def test_propagate_to_only_and_exclude() -> None:
    parent = HookRegistry()
    parent.on(Ping, appender("parent"))
    parent.on(AfterPing, appender("parent"))
    only_child = HookRegistry()
    only_child.propagate_to(parent, only=[Ping])
    assert (await only_child.emit(Ping())).seen == ["parent"]
    assert (await only_child.emit(AfterPing())).seen == []
    excluding_child = HookRegistry()
    excluding_child.propagate_to(parent, exclude=[Ping])
    assert (await excluding_child.emit(Ping())).seen == []
    assert (await excluding_child.emit(AfterPing())).seen == ["parent"]


async def test_child_handlers_run_before_forwarding_in_registration_order() -> None:
    parent = HookRegistry()
    parent.on(Ping, appender("parent"))
    child = HookRegistry()
    child.on(Ping, appender("child"))
    child.propagate_to(parent, only=[Ping])
    assert (await child.emit(Ping())).seen == ["child", "parent"]


CHAIN: Chain[list[str], list[str]] = Chain("test")


def wrapper(label: str) -> Any:
    async def wrap(
        request: list[str], call_next: Callable[[list[str]], Awaitable[list[str]]]
    ) -> list[str]:
        response = await call_next([*request, f"{label}>"])
        return [*response, f"<{label}"]

    return wrap


async def terminal(request: list[str]) -> list[str]:
    return [*request, "model"]


async def test_wrappers_nest_first_registered_outermost() -> None:
    hooks = HookRegistry()
    hooks.wrap(CHAIN, wrapper("outer"))
    hooks.wrap(CHAIN, wrapper("inner"))
    result = await hooks.compose(CHAIN, terminal)([])
    assert result == ["outer>", "inner>", "model", "<inner", "<outer"]


async def test_empty_chain_is_the_terminal_itself() -> None:
    hooks = HookRegistry()
    assert hooks.compose(CHAIN, terminal) is terminal
    assert not hooks.has_wrappers(CHAIN)


async def test_composition_is_cached_until_wrappers_change() -> None:
    hooks = HookRegistry()
    registration = hooks.wrap(CHAIN, wrapper("a"))
    first = hooks.compose(CHAIN, terminal)
    assert hooks.compose(CHAIN, terminal) is first
    hooks.wrap(CHAIN, wrapper("b"), prepend=True)
    second = hooks.compose(CHAIN, terminal)
    assert second is not first
    assert await second([]) == ["b>", "a>", "model", "<a", "<b"]
    registration.remove()
    assert await hooks.compose(CHAIN, terminal)([]) == ["b>", "model", "<b"]


async def test_view_shares_handlers_with_its_own_context() -> None:
    hooks = HookRegistry(HookContext(agent_path="agent"))
    view = hooks.view(conversation_id="c1")
    seen: list[HookContext | None] = []
    hooks.on(Ping, lambda e: seen.append(e.context))
    await view.emit(Ping())
    assert seen[0] is not None and seen[0].conversation_id == "c1"
    assert seen[0].agent_path == "agent"
    view.on(AfterPing, appender("via-view"))
    assert (await hooks.emit(AfterPing())).seen == ["via-view"]


async def test_copy_is_independent() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, appender("original"))
    copied = hooks.copy()
    copied.on(Ping, appender("copy-only"))
    assert (await hooks.emit(Ping())).seen == ["original"]
    assert (await copied.emit(Ping())).seen == ["original", "copy-only"]


@dataclass
class PlainDataclass:
    """Not a ``HookEvent``: taps forward it all the same."""

    seen: list[str] = field(default_factory=list)


async def test_propagate_to_is_a_tap_for_any_event_type() -> None:
    parent = HookRegistry(HookContext(agent_path="parent"))
    child = HookRegistry(HookContext(agent_path="parent.child"))
    paths: list[str] = []
    parent.on(PlainDataclass, lambda e: paths.append(e.context.agent_path if e.context else ""))
    parent.on(PlainDataclass, appender("parent"))
    assert not child.has_handlers(PlainDataclass)
    tap = child.propagate_to(parent)
    assert child.has_handlers(PlainDataclass)  # the target handles it: the pipeline must emit
    assert not child.has_handlers(Unrelated)  # nobody would see it
    assert (await child.emit(PlainDataclass())).seen == ["parent"]
    assert paths == ["parent.child"]
    tap.remove()
    assert not child.has_handlers(PlainDataclass)
    assert (await child.emit(PlainDataclass())).seen == []


async def test_a_tap_sees_types_the_target_handles_later() -> None:
    parent, child = HookRegistry(), HookRegistry()
    child.propagate_to(parent, exclude=[Ping])
    assert child.is_empty() is False  # a tap is a registration: no shortcut past emit
    parent.on(AfterPing, appender("late"))
    parent.on(Ping, appender("excluded"))
    assert child.has_handlers(AfterPing) and not child.has_handlers(Ping)
    assert (await child.emit(AfterPing())).seen == ["late"]
    assert (await child.emit(Ping())).seen == []


async def test_has_handlers_follows_changes_through_views_and_chained_taps() -> None:
    parent, child, grandchild = HookRegistry(), HookRegistry(), HookRegistry()
    grandchild.propagate_to(child)
    tap = child.propagate_to(parent)
    view = grandchild.view(agent_path="v")  # made before the handler exists
    registration = parent.on(AfterPing, appender("parent"))
    assert view.has_handlers(AfterPing) and grandchild.has_handlers(AfterPing)
    assert (await view.emit(AfterPing())).seen == ["parent"]
    registration.remove()
    assert not view.has_handlers(AfterPing)
    parent.on(AfterPing, appender("again"))
    tap.remove()
    assert not grandchild.has_handlers(AfterPing) and not child.has_handlers(AfterPing)


async def test_copies_and_views_keep_the_taps() -> None:
    parent = HookRegistry()
    parent.on(Ping, appender("parent"))
    child = HookRegistry()
    child.propagate_to(parent)
    assert (await child.view(agent_path="v").emit(Ping())).seen == ["parent"]
    assert (await child.copy().emit(Ping())).seen == ["parent"]


async def test_labelled_handlers_run_through_the_observer() -> None:
    calls: list[tuple[str, dict[str, Any], str]] = []

    async def observer(
        name: str, attributes: Any, event: Event[Any], run: Callable[[], Awaitable[None]]
    ) -> None:
        calls.append((name, dict(attributes), "before"))
        try:
            await run()
        finally:
            calls.append((name, dict(attributes), "after"))

    hooks = HookRegistry()
    hooks.on(Ping, appender("plain"))
    hooks.on(Ping, async_appender("labelled"), name="audit", attributes={"hook": "Audit"})
    assert (await hooks.emit(Ping())).seen == ["plain", "labelled"]
    assert calls == []  # no observer: labels are not read
    registration = hooks.observe_handlers(observer)
    view = hooks.turn_view("c1", "r1")
    assert (await view.emit(Ping())).seen == ["plain", "labelled"]
    assert calls == [
        ("audit", {"hook": "Audit"}, "before"),
        ("audit", {"hook": "Audit"}, "after"),
    ]

    def boom(event: Event[Ping]) -> None:
        raise RuntimeError("bug in a hook")

    hooks.on(Ping, boom, name="boom")
    with pytest.raises(RuntimeError, match="bug in a hook"):
        await hooks.copy().emit(Ping())  # a copy keeps the observer
    assert calls[-1] == ("boom", {}, "after")
    registration.remove()
    calls.clear()
    with pytest.raises(RuntimeError):
        await hooks.emit(Ping())
    assert calls == []


def test_a_turn_view_context_is_a_frozen_hook_context_with_the_turn_ids() -> None:
    import dataclasses

    base = HookContext(agent_type=int, agent_path="a.b", agent_name="b", execution_path="x")
    view = HookRegistry(base).turn_view("conv-1", "req-1")
    assert type(view.context) is HookContext
    assert view.context == dataclasses.replace(base, conversation_id="conv-1", request_id="req-1")
    assert hash(view.context) == hash(
        dataclasses.replace(base, conversation_id="conv-1", request_id="req-1")
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.context.request_id = "other"  # type: ignore[misc]


async def test_emit_runs_sync_and_async_handlers_in_order() -> None:
    calls: list[str] = []

    async def first(event: Event[Ping]) -> None:
        event.data.seen.append("async")

    def second(event: Event[Ping]) -> None:
        event.data.seen.append("sync")

    async def later() -> None:
        calls.append("awaited")

    hooks = HookRegistry(HookContext(agent_path="a"))
    ping = Ping()
    await hooks.emit(ping)  # no handler: nothing to do
    assert ping.seen == []
    hooks.on(Ping, first)
    await hooks.emit(ping)  # one async handler: its own coroutine
    assert ping.seen == ["async"]
    hooks.on(Ping, second)
    await hooks.emit(ping)  # several, in order
    assert ping.seen == ["async", "async", "sync"]
    only_sync = HookRegistry()
    only_sync.on(Ping, lambda e: later())  # a sync handler returning an awaitable
    await only_sync.emit(Ping())
    assert calls == ["awaited"]
