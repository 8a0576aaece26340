"""OpenTelemetry SDK fixtures (in-memory span exporter and metric reader) and tree helpers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk", reason="the otel extra is not installed")

from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import HistogramDataPoint, InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from hookline.observability import OpenTelemetryObservabilityProvider

Tree = tuple[str, tuple["Tree", ...]]


@dataclass
class Otel:
    """An SDK tracer and meter provider that keep everything in memory."""

    exporter: InMemorySpanExporter
    reader: InMemoryMetricReader
    tracer_provider: TracerProvider
    meter_provider: MeterProvider

    def provider(self, *, capture_content: bool = False) -> OpenTelemetryObservabilityProvider:
        return OpenTelemetryObservabilityProvider(
            tracer_provider=self.tracer_provider,
            meter_provider=self.meter_provider,
            capture_content=capture_content,
        )

    def spans(self) -> list[ReadableSpan]:
        return sorted(self.exporter.get_finished_spans(), key=lambda s: s.start_time or 0)

    def span(self, name: str) -> ReadableSpan:
        found = [s for s in self.spans() if s.name == name]
        assert len(found) == 1, [s.name for s in self.spans()]
        return found[0]

    def tree(self) -> list[Tree]:
        """The finished spans as (name, children) trees, children in start order."""
        spans = self.spans()
        ids = {s.context.span_id for s in spans if s.context}

        def children(parent: int | None) -> tuple[Tree, ...]:
            return tuple(
                (s.name, children(s.context.span_id if s.context else None))
                for s in spans
                if (s.parent.span_id if s.parent and s.parent.span_id in ids else None) == parent
            )

        return list(children(None))

    def points(self, metric: str) -> list[Any]:
        """The data points of ``metric`` collected so far."""
        data = self.reader.get_metrics_data()
        found: list[Any] = []
        for resource in data.resource_metrics if data else ():
            for scope in resource.scope_metrics:
                for item in scope.metrics:
                    if item.name == metric:
                        found.extend(item.data.data_points)
        return found

    def histogram_sums(self, metric: str, key: str) -> dict[Any, float]:
        """``metric``'s histogram sums keyed by the data point's ``key`` attribute."""
        sums: dict[Any, float] = {}
        for point in self.points(metric):
            assert isinstance(point, HistogramDataPoint)
            sums[(point.attributes or {}).get(key)] = point.sum
        return sums


@pytest.fixture
def otel() -> Otel:
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    reader = InMemoryMetricReader()
    return Otel(exporter, reader, tracer_provider, MeterProvider(metric_readers=[reader]))
