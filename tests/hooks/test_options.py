"""The hook contract on the registry: priority, on_error, timeout_s, @hook, provider defaults."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from hookline.hooks import (
    Chain,
    Event,
    HookEvent,
    HookRegistry,
    HookTimeoutError,
    StepSkipped,
    hook,
)


@dataclass(kw_only=True)
class Ping(HookEvent):
    seen: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class Seen(HookEvent):
    """An observer event: nothing to skip."""

    guards_step = False
    seen: list[str] = field(default_factory=list)


ECHO: Chain[list[str], list[str]] = Chain("echo")


def appender(label: str) -> Callable[[Event[Any]], None]:
    def handler(event: Event[Any]) -> None:
        event.data.seen.append(label)

    return handler


def layer(label: str) -> Callable[[list[str], Any], Awaitable[list[str]]]:
    async def wrapper(request: list[str], call_next: Any) -> list[str]:
        return [label, *(await call_next([*request, label]))]

    return wrapper


async def terminal(request: list[str]) -> list[str]:
    return ["|", *request]


async def test_higher_priority_runs_first_and_equal_priority_keeps_registration_order() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, appender("a0"))
    hooks.on(Ping, appender("low"), priority=-5)
    hooks.on(Ping, appender("high"), priority=10)
    hooks.on(Ping, appender("b0"))
    hooks.on(Ping, appender("high2"), priority=10)
    hooks.on(Ping, appender("first0"), prepend=True)
    assert (await hooks.emit(Ping())).seen == ["high", "high2", "first0", "a0", "b0", "low"]


async def test_wrapper_priority_decides_the_outermost_layer() -> None:
    hooks = HookRegistry()
    hooks.wrap(ECHO, layer("a"))
    hooks.wrap(ECHO, layer("inner"), priority=-1)
    hooks.wrap(ECHO, layer("outer"), priority=3)
    hooks.wrap(ECHO, layer("b"))
    result = await hooks.compose(ECHO, terminal)([])
    assert result == ["outer", "a", "b", "inner", "|", "outer", "a", "b", "inner"]


async def test_removing_a_wrapper_keeps_the_others_priorities() -> None:
    hooks = HookRegistry()
    hooks.wrap(ECHO, layer("outer"), priority=3)
    removed = hooks.wrap(ECHO, layer("gone"), priority=5)
    hooks.wrap(ECHO, layer("a"))
    removed.remove()
    hooks.wrap(ECHO, layer("top"), priority=4)
    assert (await hooks.compose(ECHO, terminal)([]))[:3] == ["top", "outer", "a"]


async def test_a_handler_without_options_is_stored_as_it_is() -> None:
    hooks = HookRegistry()
    handler = appender("plain")
    hooks.on(Ping, handler, priority=2)
    assert hooks.handlers(Ping) == (handler,)
    hooks.on(Ping, appender("guarded"), on_error="log")
    assert hooks.handlers(Ping)[1] is not handler


async def test_errors_propagate_by_default() -> None:
    hooks = HookRegistry()

    def boom(event: Event[Ping]) -> None:
        raise RuntimeError("bug")

    hooks.on(Ping, boom)
    with pytest.raises(RuntimeError, match="bug"):
        await hooks.emit(Ping())


async def test_on_error_log_logs_with_handler_and_event_and_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    hooks = HookRegistry()

    async def flaky_observer(event: Event[Ping]) -> None:
        raise ValueError("metrics backend down")

    hooks.on(Ping, flaky_observer, on_error="log")
    hooks.on(Ping, appender("after"))
    with caplog.at_level(logging.WARNING, logger="hookline.hooks"):
        data = await hooks.emit(Ping())
    assert data.seen == ["after"]
    [record] = caplog.records
    assert "flaky_observer" in record.getMessage() and "Ping" in record.getMessage()
    assert record.exc_info is not None and isinstance(record.exc_info[1], ValueError)


async def test_a_hung_handler_is_cut_off_by_its_timeout(caplog: pytest.LogCaptureFixture) -> None:
    hooks = HookRegistry()

    async def hangs(event: Event[Ping]) -> None:
        await asyncio.sleep(3600)

    hooks.on(Ping, hangs, timeout_s=0.05, on_error="log")
    hooks.on(Ping, appender("after"))
    with caplog.at_level(logging.WARNING, logger="hookline.hooks"):
        data = await asyncio.wait_for(hooks.emit(Ping()), 5)
    assert data.seen == ["after"]
    assert isinstance(caplog.records[0].exc_info[1], HookTimeoutError)  # type: ignore[index]


async def test_a_timeout_without_on_error_raises() -> None:
    hooks = HookRegistry()

    async def hangs(event: Event[Ping]) -> None:
        await asyncio.sleep(3600)

    hooks.on(Ping, hangs, timeout_s=0.05)
    with pytest.raises(HookTimeoutError, match="hangs"):
        await hooks.emit(Ping())


async def test_skip_step_raises_step_skipped_and_logs_on_observer_events(
    caplog: pytest.LogCaptureFixture,
) -> None:
    hooks = HookRegistry()

    def boom(event: Event[Any]) -> None:
        raise RuntimeError("nope")

    hooks.on(Ping, boom, on_error="skip_step")
    hooks.on(Seen, boom, on_error="skip_step")
    hooks.on(Seen, appender("after"))
    with pytest.raises(StepSkipped, match="boom") as skipped:
        await hooks.emit(Ping())
    assert skipped.value.event == "Ping" and isinstance(skipped.value.error, RuntimeError)
    with caplog.at_level(logging.WARNING, logger="hookline.hooks"):
        assert (await hooks.emit(Seen())).seen == ["after"]
    assert "boom" in caplog.records[-1].getMessage()


async def test_a_failing_wrapper_with_on_error_log_is_bypassed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    hooks = HookRegistry()

    async def broken(request: list[str], call_next: Any) -> list[str]:
        raise RuntimeError("broken layer")

    async def fails_after(request: list[str], call_next: Any) -> list[str]:
        await call_next(request)
        raise RuntimeError("after the call")

    hooks.wrap(ECHO, broken, on_error="log")
    hooks.wrap(ECHO, fails_after, on_error="log")
    calls: list[list[str]] = []

    async def counting(request: list[str]) -> list[str]:
        calls.append(request)
        return ["done"]

    with caplog.at_level(logging.WARNING, logger="hookline.hooks"):
        assert await hooks.compose(ECHO, counting)(["x"]) == ["done"]
    assert calls == [["x"]]  # the inner call ran once: not again after the layer failed
    assert [r.getMessage().split(" failed")[0] for r in caplog.records] == [
        "hook test_a_failing_wrapper_with_on_error_log_is_bypassed.<locals>.broken",
        "hook test_a_failing_wrapper_with_on_error_log_is_bypassed.<locals>.fails_after",
    ]


async def test_an_inner_error_passes_through_a_logging_wrapper() -> None:
    hooks = HookRegistry()
    hooks.wrap(ECHO, layer("log"), on_error="log")

    async def failing(request: list[str]) -> list[str]:
        raise LookupError("the model is down")

    with pytest.raises(LookupError):
        await hooks.compose(ECHO, failing)([])


class Audit:
    def __init__(self) -> None:
        self.log: list[str] = []

    @hook(Ping, priority=5)
    def early(self, event: Event[Ping]) -> None:
        event.data.seen.append("audit.early")

    @hook(Ping, on_error="log")
    async def flaky(self, event: Event[Ping]) -> None:
        raise RuntimeError("audit store down")


class Defaults:
    priority = 7
    on_error = "log"

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.on(Ping, appender("defaults"))
        registry.on(Ping, self.boom)

    def boom(self, event: Event[Ping]) -> None:
        raise RuntimeError("provider bug")


async def test_hook_decorator_and_provider_attributes_set_the_options() -> None:
    hooks = HookRegistry()
    hooks.on(Ping, appender("plain"))
    hooks.add(Audit())
    hooks.add(Defaults())
    hooks.add(Defaults(), priority=-1)  # keywords win over the attributes
    data = await hooks.emit(Ping())
    assert data.seen == ["defaults", "audit.early", "plain", "defaults"]


def test_bad_options_are_refused_when_registering() -> None:
    hooks = HookRegistry()
    with pytest.raises(ValueError, match="on_error"):
        hooks.on(Ping, appender("x"), on_error="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timeout_s"):
        hooks.on(Ping, appender("x"), timeout_s=0)
    assert not hooks.has_handlers(Ping)


async def test_a_deliberate_halt_goes_through_a_logging_guard() -> None:
    from hookline.errors import AgentError

    hooks = HookRegistry()

    def halt(event: Event[Ping]) -> None:
        raise AgentError("message too rude")

    hooks.on(Ping, halt, on_error="log")
    with pytest.raises(AgentError, match="too rude"):
        await hooks.emit(Ping())
