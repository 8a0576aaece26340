"""The typed event registry: the one dispatch mechanism under every hookline hook.

``HookRegistry`` maps an event type to an ordered tuple of registrations and a
chain key to an ordered tuple of wrappers.  ``await emit(data)`` wraps the data
in an :class:`Event`, runs the handlers in order and returns the data, whose
mutable fields carry results back.  No handler registered means no ``Event``
object is built.

Two more things ride on ``emit``, and cost nothing while unused:

- **taps** (``propagate_to``): after its own handlers, a registry forwards
  every event to the targets' handlers, of any type, with its own context
  (``_dispatch`` is the one way an event is delivered, forwarded or not);
- **a handler observer** (``observe_handlers``): a handler registered with a
  ``name`` (and ``attributes``) is *labelled*; when an observer is installed,
  each labelled handler call is run through it, so the observer can time it.
  ``Instrumentation`` uses this to give each user hook its own span without
  the adapters knowing any tracer.  Without an observer, labels are not read.

Example::

    hooks = HookRegistry()
    hooks.on(BeforeToolCallEvent, lambda e: print(e.data.call.name))
    data = await hooks.emit(BeforeToolCallEvent(...))
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from hookline.hooks.options import (
    DEFAULT_OPTIONS,
    HookOptions,
    OnError,
    guard_handler,
    guard_wrapper,
    hook_marks,
    options_of,
)

__all__ = [
    "Chain",
    "Event",
    "Handler",
    "HandlerObserver",
    "HookContext",
    "HookEvent",
    "HookProvider",
    "HookRegistry",
    "Registration",
    "TurnScope",
    "Wrapper",
]

T = TypeVar("T")
Req = TypeVar("Req")
Resp = TypeVar("Resp")


class HookEvent:
    """Optional base class of event payloads (the catalogue's events use it).

    Any object can be emitted; dispatch is by exact type.  ``guards_step``
    False marks an observer event: there is no step for ``on_error="skip_step"``
    to skip, so a failing handler's error is logged.
    """

    __slots__ = ()
    guards_step: ClassVar[bool] = True


class TurnScope:
    """What ``HookContext`` shows of a running turn: its agent, its user (set once
    step 1 resolved it) and the ``state`` dict its hooks share.  Kept apart from the
    turn itself, so a context holds no reference back to the turn's registry."""

    __slots__ = ("agent", "state", "user")

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.user: Any = None
        self.state: dict[str, Any] = {}


@dataclass(frozen=True, slots=True, kw_only=True)
class HookContext:
    """Who emitted an event, and for which turn. Stamped by the registry, never by
    emitting code: every handler gets it the same way, as ``event.context``.

    ``agent_path`` is dotted from the outermost agent ("planner.researcher").
    ``conversation_id`` and ``request_id`` (the turn id) are set per turn by the
    agent, with ``turn`` (a ``TurnScope``), through which ``user``, ``agent``
    and ``state`` (a dict the turn's hooks share, empty at its start) are read.
    Outside a turn they are None.

    Example::

        def count_tools(event):
            state = event.context.state
            state["tools"] = state.get("tools", 0) + 1
    """

    agent_type: type[Any] | None = None
    agent_path: str = ""
    agent_name: str | None = None
    execution_path: str | None = None
    conversation_id: str | None = None
    request_id: str | None = None
    turn: TurnScope | None = None

    @property
    def turn_id(self) -> str | None:
        """The turn's id (``request_id``)."""
        return self.request_id

    @property
    def user(self) -> Any:
        """The turn's user, once resolved (step 1)."""
        return self.turn.user if self.turn is not None else None

    @property
    def agent(self) -> Any:
        """The agent running the turn."""
        return self.turn.agent if self.turn is not None else None

    @property
    def state(self) -> dict[str, Any] | None:
        """A dict shared by the turn's hooks (None outside a turn)."""
        return self.turn.state if self.turn is not None else None


@dataclass(slots=True)
class Event(Generic[T]):
    """What a handler receives: the event's ``data`` and the emitter's ``context``."""

    data: T
    context: HookContext | None = None


_EMPTY_CONTEXT = HookContext()

Handler = Callable[[Event[T]], Any]
"""A sync or async callable taking ``Event[T]``; its return value is ignored."""

CallNext = Callable[[Req], Awaitable[Resp]]
Wrapper = Callable[[Req, Callable[[Req], Awaitable[Resp]]], Awaitable[Resp]]
"""``async (request, call_next) -> response``: one layer of an onion chain."""


@dataclass(frozen=True, slots=True, eq=False)
class Chain(Generic[Req, Resp]):
    """The key of a wrap chain (``MODEL_CALL``, ``TOOL_CALL``), typed by its request/response.

    Compared and hashed by identity.
    """

    name: str


class HookProvider(Protocol):
    """A distributable set of hooks: it registers its handlers and wrappers itself."""

    def register_hooks(self, registry: HookRegistry) -> None: ...


class HandlerObserver(Protocol):
    """Runs one labelled handler call: ``await run()`` once, timing it as it likes.

    ``name`` and ``attributes`` are the handler's label (``HookRegistry.on``).
    An observer must let the handler's exception propagate.

    Example::

        async def observe(name, attributes, event, run):
            started = time.perf_counter()
            try:
                await run()
            finally:
                print(name, attributes, time.perf_counter() - started)

        registry.observe_handlers(observe)
    """

    def __call__(
        self,
        name: str,
        attributes: Mapping[str, Any],
        event: Event[Any],
        run: Callable[[], Awaitable[None]],
    ) -> Awaitable[None]: ...


@dataclass(frozen=True, slots=True)
class _Entry:
    """One handler registration: the handler and how it was registered."""

    handler: Callable[[Event[Any]], Any]
    is_async: bool
    name: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)
    priority: int = 0


@dataclass(frozen=True, slots=True, eq=False)
class _Tap:
    """``propagate_to``: forward the source's events to ``target``."""

    target: HookRegistry
    only: frozenset[type[Any]] | None
    exclude: frozenset[type[Any]]

    def forwards(self, event_type: type[Any]) -> bool:
        if self.only is not None and event_type not in self.only:
            return False
        return event_type not in self.exclude


class Registration:
    """Handle returned by ``on``, ``wrap`` and ``propagate_to``; ``remove()`` undoes it."""

    __slots__ = ("_remove",)

    def __init__(self, remove: Callable[[], None]) -> None:
        self._remove = remove

    def remove(self) -> None:
        """Remove the registration; removing twice does nothing."""
        self._remove()
        self._remove = _noop


def _noop() -> None:
    return None


class _Tables:
    """Handler, wrapper and tap storage, shared by a registry and its views.

    ``active`` holds the event types ``emit`` would run anything for: own
    handlers, or a tap to a target that has some.  It is kept up to date on
    every change (here and, through ``sources``, in the registries that tap
    into this one) and never replaced, so a registry can answer ``has_handlers``
    with the set's own ``__contains__`` (see ``HookRegistry._share``).
    """

    __slots__ = (
        "active",
        "composed",
        "handlers",
        "observer",
        "sources",
        "taps",
        "wrapper_priorities",
        "wrappers",
    )

    def __init__(self) -> None:
        self.handlers: dict[type[Any], tuple[_Entry, ...]] = {}
        self.wrappers: dict[Chain[Any, Any], tuple[Any, ...]] = {}
        self.wrapper_priorities: dict[Chain[Any, Any], tuple[int, ...]] = {}
        self.composed: dict[Chain[Any, Any], tuple[Any, Any, Any]] = {}
        self.taps: tuple[_Tap, ...] = ()
        self.observer: HandlerObserver | None = None
        self.active: set[type[Any]] = set()
        self.sources: list[_Tables] = []  # the tables whose taps forward to these

    def refresh(self, seen: frozenset[int] = frozenset()) -> None:
        """Recompute ``active`` after a change, then in the registries tapping into this."""
        if id(self) in seen:  # registries that tap into each other
            return
        active = set(self.handlers)
        for tap in self.taps:
            active.update(t for t in tap.target._tables.active if tap.forwards(t))
        self.active.clear()
        self.active.update(active)
        for source in self.sources:
            source.refresh(seen | {id(self)})


def _is_async_callable(handler: Callable[..., Any]) -> bool:
    if inspect.iscoroutinefunction(handler):
        return True
    call = getattr(handler, "__call__", None)  # noqa: B004 - callable objects
    return call is not None and inspect.iscoroutinefunction(call)


async def _call(entry: _Entry, event: Event[Any]) -> None:
    if entry.is_async:
        await entry.handler(event)
        return
    result = entry.handler(event)
    if result is not None and inspect.isawaitable(result):
        await result


def _without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    return tuple(i for i in items if i is not item)


def _position(priorities: Sequence[int], priority: int, prepend: bool) -> int:
    """Where a registration of ``priority`` goes: after every higher one and, unless
    ``prepend``, after the equal ones (registration order)."""
    for index, other in enumerate(priorities):
        if other < priority or (prepend and other == priority):
            return index
    return len(priorities)


class HookRegistry:
    """Ordered handlers per event type, plus the two wrap chains.

    Rules (docs/hooks.md): higher ``priority`` first, then registration order
    (``prepend=True`` puts one first among its priority; "after" events are
    not reversed); sync and async handlers both work (classified once, when
    registered); a handler's exception propagates unless it was registered
    with ``on_error``; the registry stamps its ``context`` on every event.
    Wrappers nest: higher priority, then the first registered, is outermost.
    """

    __slots__ = ("_tables", "context", "defaults", "has_handlers")

    has_handlers: Callable[[type[Any]], bool]
    """``has_handlers(event_type)``: True when emitting ``event_type`` would run a
    handler, here or through a tap (the pipeline asks before it builds an event)."""

    def __init__(self, context: HookContext | None = None) -> None:
        self._share(_Tables())
        self.context = context
        self.defaults: HookOptions | None = None  # set on the view ``add`` gives a provider

    def _share(self, tables: _Tables) -> None:
        """Use ``tables`` (a view shares its registry's).

        ``has_handlers`` is the ``__contains__`` of the tables' ``active`` set,
        bound once: the pipeline asks it ~30 times per turn, and a method call
        there cost ~6 % of a bare turn's instructions (benchmarks/instructions.py).
        """
        self._tables = tables
        self.has_handlers = tables.active.__contains__

    # -- handlers -------------------------------------------------------------

    def on(
        self,
        event_type: type[T],
        handler: Handler[T],
        *,
        prepend: bool = False,
        priority: int = 0,
        on_error: OnError = "raise",
        timeout_s: float | None = None,
        name: str | None = None,
        attributes: Mapping[str, Any] | None = None,
    ) -> Registration:
        """Register ``handler`` for ``event_type``; returns a removable handle.

        Higher ``priority`` runs first; equal priority keeps registration order
        (``prepend=True`` puts it before the equal ones).  ``on_error`` and
        ``timeout_s``: see ``hookline.hooks.options`` (resolved here, once: a
        handler without them runs as it is).  ``name`` labels the handler for a
        ``HandlerObserver`` (the span name ``Instrumentation`` gives its calls),
        ``attributes`` describe it.
        """
        options = self._options(priority, on_error, timeout_s)
        function = cast("Callable[[Event[Any]], Any]", handler)
        if options.guarded:
            function = guard_handler(function, options, event_type)
        entry = _Entry(
            function,
            _is_async_callable(function),
            name,
            dict(attributes or {}),
            options.priority,
        )
        handlers = self._tables.handlers
        current = handlers.get(event_type, ())
        index = _position([e.priority for e in current], options.priority, prepend)
        handlers[event_type] = (*current[:index], entry, *current[index:])
        self._tables.refresh()
        return Registration(lambda: self._remove_handler(event_type, entry))

    def _options(self, priority: int, on_error: OnError, timeout_s: float | None) -> HookOptions:
        """The registration's options; a provider's defaults (``add``) fill the unset ones."""
        defaults = self.defaults
        if defaults is None:
            if priority == 0 and on_error == "raise" and timeout_s is None:
                return DEFAULT_OPTIONS
            return HookOptions(priority=priority, on_error=on_error, timeout_s=timeout_s)
        return HookOptions(
            priority=priority or defaults.priority,
            on_error=on_error if on_error != "raise" else defaults.on_error,
            timeout_s=timeout_s if timeout_s is not None else defaults.timeout_s,
        )

    def _remove_handler(self, event_type: type[Any], entry: _Entry) -> None:
        remaining = _without(self._tables.handlers.get(event_type, ()), entry)
        if remaining:
            self._tables.handlers[event_type] = remaining
        else:
            self._tables.handlers.pop(event_type, None)
        self._tables.refresh()

    def is_empty(self) -> bool:
        """True while nothing at all is registered (the pipeline's cheapest path)."""
        tables = self._tables
        return not (tables.handlers or tables.wrappers or tables.taps)

    def handler_count(self, event_type: type[Any]) -> int:
        """How many handlers of this registry ``emit`` would call for ``event_type``."""
        return len(self._tables.handlers.get(event_type, ()))

    def handlers(self, event_type: type[T]) -> tuple[Handler[T], ...]:
        """The handlers ``emit`` would call for ``event_type``, in order."""
        return tuple(entry.handler for entry in self._tables.handlers.get(event_type, ()))

    def add(
        self,
        provider: object,
        *,
        priority: int | None = None,
        on_error: OnError | None = None,
        timeout_s: float | None = None,
    ) -> HookRegistry:
        """Let ``provider`` register its hooks here; returns the registry (chainable).

        ``provider.register_hooks(registry)`` runs (if it has one), then its
        ``@hook`` methods are registered.  The options given here, else the
        provider's attributes of the same names (``AgentMiddleware`` class
        attributes, the extension points'), are the defaults of everything it
        registers.
        """
        options = options_of(provider, priority=priority, on_error=on_error, timeout_s=timeout_s)
        target = self
        if options != DEFAULT_OPTIONS:
            target = self._view(self.context)
            target.defaults = options
        register = getattr(provider, "register_hooks", None)
        if register is not None:
            register(target)
        for method, event_type, marked in hook_marks(provider):
            target.on(
                event_type,
                method,
                priority=marked.priority,
                on_error=marked.on_error,
                timeout_s=marked.timeout_s,
            )
        return self

    def emit(self, data: T) -> Coroutine[Any, Any, T]:
        """Run the handlers for ``type(data)`` in order, then the taps; return ``data``.

        ``await registry.emit(data)``: the coroutine is ``_dispatch``'s own (no frame of
        its own here), the one way an event reaches handlers, forwarded or not.
        """
        return _dispatch(self._tables, data, self.context)

    def observe_handlers(self, observer: HandlerObserver) -> Registration:
        """Run every labelled handler call through ``observer`` (one observer at a time).

        Shared by views; copied by ``copy``.  ``Instrumentation`` installs one.
        """
        tables = self._tables
        tables.observer = observer

        def remove() -> None:
            if tables.observer is observer:
                tables.observer = None

        return Registration(remove)

    def propagate_to(
        self,
        target: HookRegistry,
        *,
        only: Iterable[type[Any]] | None = None,
        exclude: Iterable[type[Any]] | None = None,
    ) -> Registration:
        """A tap: after this registry's own handlers, each event goes on to ``target``'s
        handlers (and its taps), with the context of the registry that emitted it.

        Every event is forwarded, of any type (plain dataclasses too), except
        the ``exclude`` types; with ``only``, exactly those types.
        ``has_handlers`` here is true for a type the target handles.
        """
        tap = _Tap(target, frozenset(only) if only is not None else None, frozenset(exclude or ()))
        tables = self._tables
        tables.taps = (*tables.taps, tap)
        target._tables.sources.append(tables)
        tables.refresh()

        def remove() -> None:
            if tap in tables.taps:  # not released already (``release``)
                tables.taps = _without(tables.taps, tap)
                target._tables.sources.remove(tables)  # one entry per tap
                tables.refresh()

        return Registration(remove)

    def release(self) -> None:
        """Drop every tap of this registry's tables: the registries they forward to
        forget them (each target keeps its sources to keep ``has_handlers`` current).

        For a registry made for one use, a ``copy`` with its own taps (a selective
        sub-agent's call): release it when the use ends, or each target keeps it
        alive.  A view shares its registry's tables: releasing it releases those.

        Example::

            child = agent.hooks.copy(context)
            child.propagate_to(parent)
            try:
                await run_the_call(child)
            finally:
                child.release()
        """
        tables = self._tables
        for tap in tables.taps:
            tap.target._tables.sources.remove(tables)
        tables.taps = ()
        tables.refresh()

    def source_count(self) -> int:
        """How many taps forward into this registry (``propagate_to``, kept by copies)."""
        return len(self._tables.sources)

    # -- wrap chains ----------------------------------------------------------

    def wrap(
        self,
        chain: Chain[Req, Resp],
        wrapper: Wrapper[Req, Resp],
        *,
        prepend: bool = False,
        priority: int = 0,
        on_error: OnError = "raise",
        timeout_s: float | None = None,
    ) -> Registration:
        """Add ``wrapper`` to ``chain``: higher ``priority`` is further out; at equal
        priority the first registered is the outermost (``prepend``: outermost of them)."""
        options = self._options(priority, on_error, timeout_s)
        if options.guarded:
            wrapper = guard_wrapper(wrapper, options, chain.name)
        tables = self._tables
        current = tables.wrappers.get(chain, ())
        priorities = tables.wrapper_priorities.get(chain, ())
        index = _position(priorities, options.priority, prepend)
        tables.wrappers[chain] = (*current[:index], wrapper, *current[index:])
        tables.wrapper_priorities[chain] = (
            *priorities[:index],
            options.priority,
            *priorities[index:],
        )
        return Registration(lambda: self._remove_wrapper(chain, wrapper))

    def _remove_wrapper(self, chain: Chain[Any, Any], wrapper: Any) -> None:
        tables = self._tables
        current = tables.wrappers.get(chain, ())
        keep = [i for i, w in enumerate(current) if w is not wrapper]
        if keep:
            tables.wrappers[chain] = tuple(current[i] for i in keep)
            priorities = tables.wrapper_priorities[chain]
            tables.wrapper_priorities[chain] = tuple(priorities[i] for i in keep)
        else:
            tables.wrappers.pop(chain, None)
            tables.wrapper_priorities.pop(chain, None)

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
            return cast("Callable[[Req], Awaitable[Resp]]", cached[2])
        composed = terminal
        for wrapper in reversed(wrappers):
            composed = _bind(wrapper, composed)
        tables.composed[chain] = (wrappers, terminal, composed)
        return composed

    # -- views and copies -------------------------------------------------------

    def view(self, **context_changes: Any) -> HookRegistry:
        """A registry sharing these handlers and wrappers, with another context."""
        return self._view(replace(self.context or _EMPTY_CONTEXT, **context_changes))

    def turn_view(
        self, conversation_id: str, request_id: str, turn: TurnScope | None = None
    ) -> HookRegistry:
        """``view`` stamping one turn's conversation and request ids and the turn
        itself (once per turn).

        The context is built field by field rather than with ``dataclasses.replace``,
        which looks the fields up again on every call.
        """
        base = self.context or _EMPTY_CONTEXT
        return self._view(
            HookContext(
                agent_type=base.agent_type,
                agent_path=base.agent_path,
                agent_name=base.agent_name,
                execution_path=base.execution_path,
                conversation_id=conversation_id,
                request_id=request_id,
                turn=turn,
            )
        )

    def _view(self, context: HookContext | None) -> HookRegistry:
        """A registry on these same tables (no tables of its own built), with ``context``."""
        other = HookRegistry.__new__(HookRegistry)
        other._share(self._tables)
        other.context = context
        other.defaults = None
        return other

    def copy(self, context: HookContext | None = None) -> HookRegistry:
        """A registry with a snapshot of these registrations, stored apart."""
        other = HookRegistry(context if context is not None else self.context)
        tables, source = other._tables, self._tables
        tables.handlers = dict(source.handlers)
        tables.wrappers = dict(source.wrappers)
        tables.wrapper_priorities = dict(source.wrapper_priorities)
        tables.taps = source.taps
        tables.observer = source.observer
        for tap in tables.taps:
            tap.target._tables.sources.append(tables)
        tables.refresh()
        return other


async def _dispatch(tables: _Tables, data: T, context: HookContext | None) -> T:
    """Run ``tables``' handlers for ``type(data)`` under ``context``, then forward ``data``
    through each tap that takes its type, under the same ``context``; return ``data``.

    The one forwarding implementation: ``emit`` runs it on a registry's own tables, a
    ``view`` shares another registry's tables under its own context (forwarding
    everything, no tables of its own), and a tap (``propagate_to``; a sub-agent's
    "selective" isolation, a workflow member) runs it on the target's tables.  Whoever
    receives an event sees who emitted it: the emitter's ``agent_path``, conversation
    and turn.
    """
    entries = tables.handlers.get(type(data))
    if entries is not None:
        event = Event(data, context)
        observer = tables.observer
        for entry in entries:
            if observer is not None and entry.name is not None:
                await observer(entry.name, entry.attributes, event, _runner(entry, event))
            elif entry.is_async:
                await entry.handler(event)
            else:
                result = entry.handler(event)
                if result is not None and inspect.isawaitable(result):
                    await result
    for tap in tables.taps:
        if tap.forwards(type(data)):
            await _dispatch(tap.target._tables, data, context)
    return data


def _runner(entry: _Entry, event: Event[Any]) -> Callable[[], Awaitable[None]]:
    return lambda: _call(entry, event)


def _bind(
    wrapper: Wrapper[Req, Resp], call_next: Callable[[Req], Awaitable[Resp]]
) -> Callable[[Req], Awaitable[Resp]]:
    def layer(request: Req) -> Awaitable[Resp]:
        return wrapper(request, call_next)

    return layer
