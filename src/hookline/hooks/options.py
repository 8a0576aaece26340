"""The hook contract's options: ``priority``, ``on_error`` and ``timeout_s``.

Every registration (``HookRegistry.on`` / ``wrap``, ``@hook`` methods, a
``HookProvider``'s or an ``AgentMiddleware``'s class attributes, the extension
points' attributes) takes the same three options.  They are resolved once, when
the handler is registered: a handler registered without ``on_error`` /
``timeout_s`` is stored as it is and costs nothing more per event; with them it
is wrapped once in a guard that applies them.

- ``priority``: higher runs first (outermost for wrappers); equal priority
  keeps registration order.
- ``on_error``: ``"raise"`` (default: the error propagates), ``"log"`` (logged
  with the handler's and the event's names, the turn goes on), ``"skip_step"``
  (the step the event guards is skipped with a clear record: ``StepSkipped``).
- ``timeout_s``: an async handler still running after that long is cancelled
  and treated as failed with ``HookTimeoutError``, under the same ``on_error``.

Example::

    hooks.on(TurnEndedEvent, send_metrics, on_error="log", timeout_s=0.5)
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from hookline.errors import AgentError, HooklineError

__all__ = [
    "ON_ERROR_CHOICES",
    "HookOptions",
    "HookTimeoutError",
    "OnError",
    "StepSkipped",
    "guard_handler",
    "guard_wrapper",
    "hook",
    "hook_marks",
    "options_of",
]

logger = logging.getLogger("hookline.hooks")

OnError = Literal["raise", "log", "skip_step"]
ON_ERROR_CHOICES = ("raise", "log", "skip_step")
F = TypeVar("F", bound=Callable[..., Any])


class HookTimeoutError(HooklineError, TimeoutError):
    """A handler ran longer than its ``timeout_s``."""


class StepSkipped(AgentError):
    """A handler registered with ``on_error="skip_step"`` failed: its step is skipped.

    The pipeline turns it into a record: a tool call gets an error result;
    any other step halts the turn with this message (as ``AgentError`` does).
    """

    def __init__(self, handler: str, event: str, error: BaseException) -> None:
        super().__init__(f"Step skipped: the hook {handler} failed on {event} ({error!r}).")
        self.handler = handler
        self.event = event
        self.error = error


@dataclass(frozen=True, slots=True, kw_only=True)
class HookOptions:
    """The three options of one registration; the defaults change nothing."""

    priority: int = 0
    on_error: OnError = "raise"
    timeout_s: float | None = None

    def __post_init__(self) -> None:
        if self.on_error not in ON_ERROR_CHOICES:
            raise ValueError(f"on_error must be one of {ON_ERROR_CHOICES}, not {self.on_error!r}")
        if self.timeout_s is not None and not self.timeout_s > 0:
            raise ValueError(f"timeout_s must be positive, not {self.timeout_s!r}")

    @property
    def guarded(self) -> bool:
        """True when a guard must wrap the handler (``on_error`` or ``timeout_s`` set)."""
        return self.on_error != "raise" or self.timeout_s is not None


DEFAULT_OPTIONS = HookOptions()


def options_of(obj: object, **given: Any) -> HookOptions:
    """The options an object declares as attributes (``priority``, ``on_error``,
    ``timeout_s``), overridden by the ``given`` ones that are not None."""

    def value(name: str) -> Any:
        chosen = given.get(name)
        return chosen if chosen is not None else getattr(obj, name, None)

    priority, on_error, timeout_s = value("priority"), value("on_error"), value("timeout_s")
    if priority in (None, 0) and on_error in (None, "raise") and timeout_s is None:
        return DEFAULT_OPTIONS
    return HookOptions(priority=priority or 0, on_error=on_error or "raise", timeout_s=timeout_s)


def _name(handler: Callable[..., Any]) -> str:
    return getattr(handler, "__qualname__", None) or type(handler).__qualname__


def _failed(
    options: HookOptions, handler: str, event: str, error: Exception, skippable: bool
) -> None:
    """Apply ``on_error`` to a handler's error (``"raise"`` never gets here)."""
    if options.on_error == "skip_step" and skippable:
        logger.warning("hook %s failed on %s: the step is skipped", handler, event, exc_info=error)
        raise StepSkipped(handler, event, error) from error
    logger.warning("hook %s failed on %s (on_error=log)", handler, event, exc_info=error)


async def _within(awaitable: Awaitable[Any], timeout_s: float | None, handler: str) -> Any:
    if timeout_s is None:
        return await awaitable
    try:
        async with asyncio.timeout(timeout_s):
            return await awaitable
    except TimeoutError as exc:
        raise HookTimeoutError(f"the hook {handler} ran longer than {timeout_s:g} s") from exc


def guard_handler(
    handler: Callable[[Any], Any], options: HookOptions, event_type: type[Any]
) -> Callable[[Any], Awaitable[None]]:
    """``handler`` with ``options.on_error`` and ``options.timeout_s`` applied.

    ``"skip_step"`` on an event that guards no step (``guards_step = False``, the
    observer events) logs like ``"log"``: there is nothing to skip.  An
    ``AgentError`` (a hook halting the turn on purpose) always goes through.
    """
    name, event = _name(handler), event_type.__name__
    skippable = getattr(event_type, "guards_step", True)

    async def guarded(event_object: Any) -> None:
        try:
            result = handler(event_object)
            if result is not None and inspect.isawaitable(result):
                await _within(result, options.timeout_s, name)
        except AgentError:  # a deliberate halt (StepSkipped too), never an error to isolate
            raise
        except Exception as error:
            if options.on_error == "raise":
                raise
            _failed(options, name, event, error, skippable)

    guarded.__qualname__ = name
    return guarded


def guard_wrapper(
    wrapper: Callable[[Any, Any], Awaitable[Any]], options: HookOptions, chain: str
) -> Any:
    """A chain layer with ``options`` applied.

    The layer's own failure (not one coming up from ``call_next``) is handled
    by ``on_error``: with ``"log"`` the layer is bypassed (``call_next`` is
    called if the layer had not called it, its result kept if it had);
    ``"skip_step"`` raises ``StepSkipped``.  ``timeout_s`` bounds the layer and
    what it calls; a timeout after ``call_next`` was entered is raised as is
    (the call it cut off may have had effects: it is not run again).
    """
    name = _name(wrapper)

    async def guarded(request: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
        state: dict[str, Any] = {}

        async def tracked(inner: Any) -> Any:
            state["entered"] = True
            try:
                state["result"] = await call_next(inner)
            except BaseException:
                state["inner_failed"] = True
                raise
            return state["result"]

        try:
            return await _within(wrapper(request, tracked), options.timeout_s, name)
        except AgentError:  # a deliberate halt (StepSkipped too), never an error to isolate
            raise
        except Exception as error:
            if options.on_error == "raise" or state.get("inner_failed"):
                raise
            if state.get("entered") and "result" not in state:
                raise
            _failed(options, name, chain, error, True)
            return state["result"] if "result" in state else await call_next(request)

    guarded.__qualname__ = name
    return guarded


_MARK = "__hookline_hooks__"


def hook(
    event_type: type[Any],
    *,
    priority: int = 0,
    on_error: OnError = "raise",
    timeout_s: float | None = None,
) -> Callable[[F], F]:
    """Mark a method of a hook provider as the handler of ``event_type``.

    ``HookRegistry.add(provider)`` registers the marked methods (after the
    provider's own ``register_hooks``, if it has one), with these options.

    Example::

        class Audit:
            @hook(ToolCallEndedEvent, on_error="log", timeout_s=1.0)
            async def record(self, event):
                await audit_log.write(event.data.call.name)

        agent.hooks.add(Audit())
    """
    options = HookOptions(priority=priority, on_error=on_error, timeout_s=timeout_s)

    def mark(function: F) -> F:
        marks = list(getattr(function, _MARK, ()))
        marks.append((event_type, options))
        setattr(function, _MARK, tuple(marks))
        return function

    return mark


def hook_marks(provider: object) -> list[tuple[Callable[..., Any], type[Any], HookOptions]]:
    """The ``@hook`` methods of ``provider``'s class, bound, in definition order."""
    found: list[tuple[Callable[..., Any], type[Any], HookOptions]] = []
    seen: set[str] = set()
    for klass in type(provider).__mro__:
        for attribute, value in vars(klass).items():
            if attribute in seen:
                continue
            seen.add(attribute)
            for event_type, options in getattr(value, _MARK, ()):
                found.append(
                    (cast("Callable[..., Any]", getattr(provider, attribute)), event_type, options)
                )
    return found


def options_kwargs(obj: object) -> dict[str, Any]:
    """The options ``obj`` declares as attributes, as keywords for ``on`` / ``wrap``
    (empty when it declares none: the registration is the plain one)."""
    options = options_of(obj)
    if options == DEFAULT_OPTIONS:
        return {}
    return {
        "priority": options.priority,
        "on_error": options.on_error,
        "timeout_s": options.timeout_s,
    }
