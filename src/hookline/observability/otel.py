"""OpenTelemetryObservabilityProvider: hookline's spans and metrics on the OpenTelemetry SDK.

How nesting works: the agent's ``Tracer`` sets ``span.parent_id`` *after*
``create_span`` returns, and a parent ends after its children.  So an OTel
span is started lazily — when its hookline span ends, or earlier when a
child ends and needs it as parent — with the hookline span's own start time
(explicit nanosecond timestamps), under its parent's OTel span.  A root span
(the message) nests under whatever OTel span was current when it was created
(a server request span, say).  Open spans are kept in a bounded map keyed by
hookline span id.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.metrics import MeterProvider, get_meter_provider
from opentelemetry.trace import SpanKind, Status, StatusCode, TracerProvider

from hookline.extensions.observability import ObservabilityProvider, Span
from hookline.observability.genai import GenAiSpan, genai_span
from hookline.observability.otel_metrics import OtelMetrics

__all__ = ["OpenTelemetryObservabilityProvider"]

MAX_OPEN_SPANS = 10_000
"""Spans never ended (a dropped turn) are forgotten, oldest first, past this many."""
_MAX_ENDED = 4_096


@dataclass(slots=True)
class _Pending:
    span: Span
    ambient: otel_context.Context
    otel: trace.Span | None = None


class OpenTelemetryObservabilityProvider(ObservabilityProvider):
    """Spans and metrics to OpenTelemetry, named by the GenAI semantic conventions.

    Uses the global tracer and meter providers unless given.  Message content
    is not recorded unless ``capture_content=True``.  See ``hookline.observability.genai``
    for the span mapping and ``docs/observability.md`` for the catalogue.

    Example::

        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

        exporter = InMemorySpanExporter()
        tracer_provider = TracerProvider()
        tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
        agent = Agent(llm, observability_provider=OpenTelemetryObservabilityProvider(
            tracer_provider=tracer_provider))
    """

    def __init__(
        self,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
        capture_content: bool = False,
    ) -> None:
        self.capture_content = capture_content
        self.tracer_provider = tracer_provider or trace.get_tracer_provider()
        self.meter_provider = meter_provider or get_meter_provider()
        self.tracer = self.tracer_provider.get_tracer("hookline")
        self.metrics = OtelMetrics(self.meter_provider.get_meter("hookline"))
        self._open: OrderedDict[str, _Pending] = OrderedDict()
        self._ended: OrderedDict[str, trace.SpanContext] = OrderedDict()

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        self.metrics.record(name, value, unit, tags or {})

    async def create_span(self, name: str, attributes: dict[str, Any] | None = None) -> Span:
        span = Span(name=name, attributes=dict(attributes or {}))
        self._open[span.id] = _Pending(span, otel_context.get_current())
        if len(self._open) > MAX_OPEN_SPANS:
            self._open.popitem(last=False)
        return span

    async def end_span(self, span: Span) -> None:
        span.end()
        pending = self._open.pop(span.id, None) or _Pending(span, otel_context.get_current())
        pending.span = span
        view = genai_span(span, capture_content=self.capture_content)
        started_before = pending.otel is not None  # as a parent of a span that ended first
        otel_span = self._start(pending, view)
        _finish(otel_span, view, update=started_before)
        otel_span.end(end_time=_ns(span.end_time or span.start_time))
        self._ended[span.id] = otel_span.get_span_context()
        if len(self._ended) > _MAX_ENDED:
            self._ended.popitem(last=False)
        if view.operation == "chat":
            self.metrics.record_model_call(view, (span.duration_ms() or 0.0) / 1000.0)

    def force_flush(self, timeout_millis: int = 30_000) -> bool:
        """Export what the SDK's processors and readers still hold."""
        flushed = True
        for provider in (self.tracer_provider, self.meter_provider):
            flush = getattr(provider, "force_flush", None)
            if flush is not None:
                flushed = bool(flush(timeout_millis)) and flushed
        return flushed

    def shutdown(self) -> None:
        """Flush and stop the SDK providers (at process exit; the SDK also does it)."""
        for provider in (self.tracer_provider, self.meter_provider):
            stop = getattr(provider, "shutdown", None)
            if stop is not None:
                stop()

    def _start(self, pending: _Pending, view: GenAiSpan | None = None) -> trace.Span:
        """The OTel span of ``pending``, started now if it is not yet (parents first)."""
        if pending.otel is not None:
            return pending.otel
        span = pending.span
        view = view or genai_span(span, capture_content=self.capture_content)
        pending.otel = self.tracer.start_span(
            view.name,
            context=self._parent_context(pending),
            kind=SpanKind.CLIENT if view.is_client else SpanKind.INTERNAL,
            attributes=view.attributes,
            start_time=_ns(span.start_time),
        )
        return pending.otel

    def _parent_context(self, pending: _Pending) -> otel_context.Context:
        parent_id = pending.span.parent_id
        if parent_id is None:
            return pending.ambient
        parent = self._open.get(parent_id)
        if parent is not None:
            return trace.set_span_in_context(self._start(parent))
        ended = self._ended.get(parent_id)
        if ended is not None:
            return trace.set_span_in_context(trace.NonRecordingSpan(ended))
        return pending.ambient


def _finish(otel_span: trace.Span, view: GenAiSpan, *, update: bool) -> None:
    """The span's status, and its final name and attributes when started earlier."""
    if update:
        otel_span.update_name(view.name)
        otel_span.set_attributes(view.attributes)
    if view.error_type:
        otel_span.set_attribute("error.type", view.error_type)
        otel_span.set_status(Status(StatusCode.ERROR, view.error_message))


def _ns(seconds: float) -> int:
    return int(seconds * 1_000_000_000)
