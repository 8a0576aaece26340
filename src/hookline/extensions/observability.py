"""ObservabilityProvider: where spans and metrics go (OpenTelemetry, Prometheus, logs).

The agent creates the spans and metrics listed in ``docs/observability.md``
through the provider given as ``Agent(observability_provider=...)``.  Span
durations use a monotonic clock; ``start_time``/``end_time`` are wall-clock
seconds for exporters.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import Field, PrivateAttr

from hookline._model import Model
from hookline.hooks.registry import HookRegistry

__all__ = [
    "ErrorToleratedEvent",
    "LoggingObservabilityProvider",
    "Metric",
    "ObservabilityProvider",
    "Span",
    "tolerated",
]

logger = logging.getLogger("hookline.observability")


_WALL_AT, _PERF_AT = time.time(), time.perf_counter()


def span_clock() -> float:
    """Wall-clock seconds read off the monotonic clock (one anchor per process): every
    span's start and end are on one timeline, so children nest inside their parent even
    when the system clock is stepped mid-turn."""
    return _WALL_AT + (time.perf_counter() - _PERF_AT)


class Span(Model):
    """A timed operation. ``parent_id`` nests it (message > iteration > llm/tool > hooks).

    ``attributes`` are the reference's span attributes; ``details`` holds what
    else the step reported (model provider, tokens, tool call id... see
    ``docs/observability.md``), for providers that map spans to other
    conventions (OpenTelemetry GenAI).
    """

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    name: str
    start_time: float = Field(default_factory=span_clock)
    end_time: float | None = None
    attributes: dict[str, Any] = Field(default_factory=dict)
    parent_id: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    _started: float = PrivateAttr(default=0.0)
    _duration_ms: float | None = PrivateAttr(default=None)

    def model_post_init(self, context: Any) -> None:
        # not PrivateAttr(default_factory=...): pydantic inspects a factory per instance (4x slower)
        self._started = _PERF_AT + (self.start_time - _WALL_AT)  # the same instant as start_time

    def end(self) -> None:
        """Stop the clock (idempotent)."""
        if self.end_time is None:
            self._duration_ms = (time.perf_counter() - self._started) * 1000.0
            self.end_time = span_clock()

    def backdate(self, started: float) -> None:
        """Move the start back to ``started``, a ``time.perf_counter()`` reading.

        For a span created when its step has ended (``Instrumentation`` builds
        some spans from the event that closes them).
        """
        shift = self._started - started
        self._started = started
        self.start_time -= shift

    def duration_ms(self) -> float | None:
        """Milliseconds from creation to ``end()`` (monotonic), None while open."""
        return self._duration_ms

    def set_attribute(self, key: str, value: Any) -> None:
        self.attributes[key] = value


@dataclass(kw_only=True, slots=True)
class ErrorToleratedEvent:
    """A failure hookline tolerated (a workflow handler, a memory search, a recovered
    model or tool error).  ``kind`` says where ("workflow", "llm", "tool",
    "memory_search", "query_log").  Information only; ``Instrumentation`` counts it
    as ``agent.error.count`` with ``error_type="<kind>:<exception class>"``.
    """

    kind: str
    error: BaseException


def tolerated(registry: HookRegistry, kind: str) -> Callable[[BaseException], Awaitable[None]]:
    """A callback that reports a tolerated failure as ``ErrorToleratedEvent`` on ``registry``."""

    async def report(error: BaseException) -> None:
        if registry.has_handlers(ErrorToleratedEvent):
            await registry.emit(ErrorToleratedEvent(kind=kind, error=error))

    return report


class Metric(Model):
    """One measurement: "agent.tool.duration" = 12.5 ms, tagged tool=run_sql."""

    name: str
    value: float
    unit: str = ""
    tags: dict[str, str] = Field(default_factory=dict)
    timestamp: float = Field(default_factory=time.time)


class ObservabilityProvider:
    """Receives the agent's spans and metrics. Every method has a working default.

    Example::

        class PrintingProvider(ObservabilityProvider):
            async def record_metric(self, name, value, unit="", tags=None):
                print(name, value, unit, tags)
    """

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        """Record a measurement (counter, gauge, histogram). The default drops it."""
        return None

    async def create_span(self, name: str, attributes: dict[str, Any] | None = None) -> Span:
        """Start a span; the agent sets ``parent_id`` and calls ``end_span`` later."""
        return Span(name=name, attributes=dict(attributes or {}))

    async def end_span(self, span: Span) -> None:
        """End a span and export it. The default only stops its clock."""
        span.end()


class LoggingObservabilityProvider(ObservabilityProvider):
    """Writes metrics (INFO) and spans (DEBUG) to the ``hookline.observability`` logger."""

    def __init__(self, log: logging.Logger | None = None) -> None:
        self.log = log or logger

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        self.log.info("METRIC %s=%s%s tags=%s", name, value, unit, tags or {})

    async def create_span(self, name: str, attributes: dict[str, Any] | None = None) -> Span:
        span = Span(name=name, attributes=dict(attributes or {}))
        self.log.debug("SPAN START %s id=%s", name, span.id)
        return span

    async def end_span(self, span: Span) -> None:
        span.end()
        self.log.debug(
            "SPAN END %s id=%s parent=%s duration=%.1fms",
            span.name,
            span.id,
            span.parent_id,
            span.duration_ms() or 0.0,
        )
