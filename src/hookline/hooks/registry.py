"""The typed event registry: the one dispatch mechanism under every hookline hook.

``HookRegistry`` maps an event type to an ordered tuple of handlers and a
chain key to an ordered tuple of wrappers.  ``emit(data)`` wraps the data in
an :class:`Event`, runs the handlers in order and returns the data, whose
mutable fields carry results back.  No handler registered means no ``Event``
object is built.

Example::

    hooks = HookRegistry()
    hooks.on(BeforeToolCallEvent, lambda e: print(e.data.call.name))
    data = await hooks.emit(BeforeToolCallEvent(...))
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Generator, Iterable
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar, cast

__all__ = [
    "Chain",
    "Event",
    "Handler",
    "HookContext",
    "HookEvent",
    "HookProvider",
    "HookRegistry",
    "Registration",
    "Wrapper",
]

T = TypeVar("T")
Req = TypeVar("Req")
Resp = TypeVar("Resp")

_EVENT_TYPES: dict[tuple[str, str], type[HookEvent]] = {}
"""Every ``HookEvent`` subclass by (module, qualified name), in definition order."""


class HookEvent:
    """Base class of event payloads; subclasses are known to ``propagate_to``.

    Any dataclass can be emitted; subclassing ``HookEvent`` only makes the type
    part of the default set that ``propagate_to`` forwards.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Keyed by name: ``@dataclass(slots=True)`` builds a second class that replaces the first.
        _EVENT_TYPES[(cls.__module__, cls.__qualname__)] = cls


@dataclass(frozen=True, slots=True, kw_only=True)
class HookContext:
    """Who emitted an event. Stamped by the registry, never by emitting code.

    ``agent_path`` is dotted from the outermost agent ("planner.researcher").
    ``conversation_id`` and ``request_id`` are set per turn by the agent.
    """

    agent_type: type[Any] | None = None
    agent_path: str = ""
    agent_name: str | None = None
    execution_path: str | None = None
    conversation_id: str | None = None
    request_id: str | None = None


@dataclass(slots=True)
class Event(Generic[T]):
    """What a handler receives: the event's ``data`` and the emitter's ``context``."""

    data: T
    context: HookContext | None = None


_EMPTY_CONTEXT = HookContext()
_new = object.__new__


class _Done:
    """An awaitable that is already done (``dispatch`` when nothing needs awaiting)."""

    __slots__ = ()

    def __await__(self) -> Generator[Any, None, None]:
        return iter(())  # type: ignore[return-value] # any iterator will do; this one is C


_DONE = _Done()


@dataclass(slots=True, kw_only=True)
class _UnfrozenContext:
    """``HookContext``'s layout without the freeze: a turn's context is built as one
    of these, then becomes a ``HookContext`` (``__class__`` assignment between the
    same slots).  A frozen dataclass sets each field through ``object.__setattr__``,
    which made building a context a visible part of every turn."""

    agent_type: type[Any] | None = None
    agent_path: str = ""
    agent_name: str | None = None
    execution_path: str | None = None
    conversation_id: str | None = None
    request_id: str | None = None


_make_unfrozen_context = _UnfrozenContext


def _turn_context(base: HookContext, conversation_id: str, request_id: str) -> HookContext:
    """``replace(base, conversation_id=..., request_id=...)``, fast."""
    context: Any = _make_unfrozen_context(
        agent_type=base.agent_type,
        agent_path=base.agent_path,
        agent_name=base.agent_name,
        execution_path=base.execution_path,
        conversation_id=conversation_id,
        request_id=request_id,
    )
    context.__class__ = HookContext
    return context  # type: ignore[no-any-return]


Handler = Callable[[Event[T]], Any]
"""A sync or async callable taking ``Event[T]``; its return value is ignored."""

CallNext = Callable[[Req], Awaitable[Resp]]
Wrapper = Callable[[Req, Callable[[Req], Awaitable[Resp]]], Awaitable[Resp]]
"""``async (request, call_next) -> response``: one layer of an onion chain."""


@dataclass(frozen=True, slots=True, eq=False)
class Chain(Generic[Req, Resp]):
    """The key of a wrap chain (``MODEL_CALL``, ``TOOL_CALL``), typed by its request/response.

    Compared and hashed by identity (a C-level hash: chains are looked up on every call).
    """

    name: str


class HookProvider(Protocol):
    """A distributable set of hooks: it registers its handlers and wrappers itself."""

    def register_hooks(self, registry: HookRegistry) -> None: ...


@dataclass(frozen=True, slots=True)
class _Entry:
    handler: Callable[[Event[Any]], Any]
    is_async: bool


class Registration:
    """Handle returned by ``on`` and ``wrap``; ``remove()`` undoes the registration."""

    __slots__ = ("_remove",)

    def __init__(self, remove: Callable[[], None]) -> None:
        self._remove = remove

    def remove(self) -> None:
        """Remove the handler or wrapper; removing twice does nothing."""
        self._remove()
        self._remove = _noop


def _noop() -> None:
    return None


class _Tables:
    """Handler and wrapper storage, shared by a registry and its views."""

    __slots__ = ("composed", "handlers", "wrappers")

    def __init__(self) -> None:
        self.handlers: dict[type[Any], tuple[_Entry, ...]] = {}
        self.wrappers: dict[Chain[Any, Any], tuple[Any, ...]] = {}
        self.composed: dict[Chain[Any, Any], tuple[Any, Any, Any]] = {}


def _is_async_callable(handler: Callable[..., Any]) -> bool:
    if inspect.iscoroutinefunction(handler):
        return True
    call = getattr(handler, "__call__", None)  # noqa: B004 - callable objects
    return call is not None and inspect.iscoroutinefunction(call)


class HookRegistry:
    """Ordered handlers per event type, plus the two wrap chains.

    Rules: handlers run in registration order (``prepend=True`` puts one
    first; "after" events are not reversed); sync and async handlers both
    work (classified once, when registered); a handler's exception
    propagates; the registry stamps its ``context`` on every event.
    Wrappers nest: the first registered is the outermost.
    """

    __slots__ = ("_tables", "context")

    def __init__(self, context: HookContext | None = None) -> None:
        self._tables = _Tables()
        self.context = context

    # -- handlers -------------------------------------------------------------

    def on(
        self, event_type: type[T], handler: Handler[T], *, prepend: bool = False
    ) -> Registration:
        """Register ``handler`` for ``event_type``; returns a removable handle."""
        entry = _Entry(cast("Callable[[Event[Any]], Any]", handler), _is_async_callable(handler))
        current = self._tables.handlers.get(event_type, ())
        self._tables.handlers[event_type] = (entry, *current) if prepend else (*current, entry)
        return Registration(lambda: self._remove_handler(event_type, entry))

    def _remove_handler(self, event_type: type[Any], entry: _Entry) -> None:
        remaining = tuple(e for e in self._tables.handlers.get(event_type, ()) if e is not entry)
        if remaining:
            self._tables.handlers[event_type] = remaining
        else:
            self._tables.handlers.pop(event_type, None)

    def is_empty(self) -> bool:
        """True while nothing at all is registered (the pipeline's cheapest path)."""
        return not (self._tables.handlers or self._tables.wrappers)

    def has_handlers(self, event_type: type[Any]) -> bool:
        """True when at least one handler is registered for ``event_type``."""
        return event_type in self._tables.handlers

    def handler_count(self, event_type: type[Any]) -> int:
        """How many handlers ``emit`` would call for ``event_type``."""
        return len(self._tables.handlers.get(event_type, ()))

    def handlers(self, event_type: type[T]) -> tuple[Handler[T], ...]:
        """The handlers ``emit`` would call for ``event_type``, in order."""
        return tuple(entry.handler for entry in self._tables.handlers.get(event_type, ()))

    def add(self, provider: HookProvider) -> HookRegistry:
        """Let ``provider`` register its hooks here; returns the registry (chainable)."""
        provider.register_hooks(self)
        return self

    async def emit(self, data: T) -> T:
        """Run the handlers for ``type(data)`` in order and return ``data``."""
        if type(data) in self._tables.handlers:
            await self.dispatch(data)
        return data

    def dispatch(self, data: Any) -> Awaitable[Any]:
        """``emit`` for an emitter that keeps ``data``: await the result, then read
        ``data``.  With a single async handler, the awaitable is that handler's own
        coroutine (no coroutine of the registry's in between): the pipeline's form.

        Example::

            event = BeforeToolCallEvent(...)
            await hooks.dispatch(event)
            if event.blocked_reason: ...
        """
        entries = self._tables.handlers.get(type(data))
        if entries is None:
            return _DONE
        event: Event[Any] = _new(Event)
        event.data = data
        event.context = self.context
        if len(entries) == 1:
            entry = entries[0]
            if entry.is_async:
                own: Awaitable[Any] = entry.handler(event)  # no cast(): a call per event
                return own
            result = entry.handler(event)
            return result if result is not None and inspect.isawaitable(result) else _DONE
        return self._run_handlers(entries, event)

    async def _run_handlers(self, entries: tuple[_Entry, ...], event: Event[Any]) -> None:
        for entry in entries:
            if entry.is_async:
                await entry.handler(event)
            else:
                result = entry.handler(event)
                if result is not None and inspect.isawaitable(result):
                    await result

    def propagate_to(
        self,
        target: HookRegistry,
        *,
        only: Iterable[type[Any]] | None = None,
        exclude: Iterable[type[Any]] | None = None,
    ) -> list[Registration]:
        """Re-emit events of this registry on ``target`` (with target's context).

        Without ``only``, every ``HookEvent`` subclass defined so far is
        forwarded; ``exclude`` removes types from that set.
        """
        types = list(only) if only is not None else list(_EVENT_TYPES.values())
        skipped = set(exclude or ())

        def forward(event: Event[Any]) -> Awaitable[Any]:
            return target.emit(event.data)

        return [self.on(t, forward) for t in types if t not in skipped]

    # -- wrap chains ----------------------------------------------------------

    def wrap(
        self, chain: Chain[Req, Resp], wrapper: Wrapper[Req, Resp], *, prepend: bool = False
    ) -> Registration:
        """Add ``wrapper`` to ``chain``; the first registered is the outermost."""
        current = self._tables.wrappers.get(chain, ())
        self._tables.wrappers[chain] = (wrapper, *current) if prepend else (*current, wrapper)
        return Registration(lambda: self._remove_wrapper(chain, wrapper))

    def _remove_wrapper(self, chain: Chain[Any, Any], wrapper: Any) -> None:
        remaining = tuple(w for w in self._tables.wrappers.get(chain, ()) if w is not wrapper)
        if remaining:
            self._tables.wrappers[chain] = remaining
        else:
            self._tables.wrappers.pop(chain, None)

    def has_wrappers(self, chain: Chain[Any, Any]) -> bool:
        """True when ``chain`` has at least one wrapper."""
        return chain in self._tables.wrappers

    def compose(
        self, chain: Chain[Req, Resp], terminal: Callable[[Req], Awaitable[Resp]]
    ) -> Callable[[Req], Awaitable[Resp]]:
        """The chain's wrappers around ``terminal``; ``terminal`` itself when empty.

        The result is cached per chain until the wrappers or the terminal change.
        """
        tables = self._tables
        wrappers = tables.wrappers.get(chain)
        if not wrappers:
            return terminal
        cached = tables.composed.get(chain)
        if cached is not None and cached[0] is wrappers and cached[1] is terminal:
            hit: Callable[[Req], Awaitable[Resp]] = cached[2]  # no cast(): a call per use
            return hit
        composed = terminal
        for wrapper in reversed(wrappers):
            composed = _bind(wrapper, composed)
        tables.composed[chain] = (wrappers, terminal, composed)
        return composed

    # -- views and copies -------------------------------------------------------

    def view(self, **context_changes: Any) -> HookRegistry:
        """A registry sharing these handlers and wrappers, with another context."""
        other = HookRegistry.__new__(HookRegistry)
        other._tables = self._tables
        base = self.context or _EMPTY_CONTEXT
        other.context = replace(base, **context_changes)
        return other

    def turn_view(self, conversation_id: str, request_id: str) -> HookRegistry:
        """``view`` stamping one turn's conversation and request ids (the hot path)."""
        other = HookRegistry.__new__(HookRegistry)
        other._tables = self._tables
        other.context = _turn_context(self.context or _EMPTY_CONTEXT, conversation_id, request_id)
        return other

    def copy(self, context: HookContext | None = None) -> HookRegistry:
        """A registry with a snapshot of these handlers and wrappers, stored apart."""
        other = HookRegistry(context if context is not None else self.context)
        other._tables.handlers = dict(self._tables.handlers)
        other._tables.wrappers = dict(self._tables.wrappers)
        return other


def _bind(
    wrapper: Wrapper[Req, Resp], call_next: Callable[[Req], Awaitable[Resp]]
) -> Callable[[Req], Awaitable[Resp]]:
    def layer(request: Req) -> Awaitable[Resp]:
        return wrapper(request, call_next)

    return layer
