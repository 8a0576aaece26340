"""The OpenTelemetry SDK side of ``otel_provider_from_env``: providers, processors, exporters.

Spans go through a ``BatchSpanProcessor`` (export off the event loop, in
batches); metrics through a ``PeriodicExportingMetricReader``.  Both are
flushed at process exit by the SDK.  Exporters read their endpoint, headers
and timeouts from the OTEL_* variables themselves.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from typing import Any

from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import (
    ConsoleMetricExporter,
    MetricExporter,
    PeriodicExportingMetricReader,
)
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter

from hookline.observability.otel import OpenTelemetryObservabilityProvider

__all__ = ["build_provider"]

_OTLP = {  # (protocol family, signal) -> (module, class)
    ("http", "TRACES"): (
        "opentelemetry.exporter.otlp.proto.http.trace_exporter",
        "OTLPSpanExporter",
    ),
    ("http", "METRICS"): (
        "opentelemetry.exporter.otlp.proto.http.metric_exporter",
        "OTLPMetricExporter",
    ),
    ("grpc", "TRACES"): (
        "opentelemetry.exporter.otlp.proto.grpc.trace_exporter",
        "OTLPSpanExporter",
    ),
    ("grpc", "METRICS"): (
        "opentelemetry.exporter.otlp.proto.grpc.metric_exporter",
        "OTLPMetricExporter",
    ),
}


def build_provider(
    *, traces: str | None, metrics: str | None, capture_content: bool
) -> OpenTelemetryObservabilityProvider:
    """A provider with SDK tracer/meter providers for the chosen exporters (None: off)."""
    resource = _resource()
    tracer_provider = None
    if traces is not None:
        tracer_provider = TracerProvider(resource=resource)
        tracer_provider.add_span_processor(BatchSpanProcessor(_span_exporter(traces)))
    meter_provider = None
    if metrics is not None:
        reader = PeriodicExportingMetricReader(_metric_exporter(metrics))
        meter_provider = MeterProvider(resource=resource, metric_readers=[reader])
    return OpenTelemetryObservabilityProvider(
        tracer_provider=tracer_provider,
        meter_provider=meter_provider,
        capture_content=capture_content,
    )


def _resource() -> Resource:
    """From OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES; the service is "hookline" by default."""
    named = "OTEL_SERVICE_NAME" in os.environ or "service.name=" in os.environ.get(
        "OTEL_RESOURCE_ATTRIBUTES", ""
    )
    return Resource.create({} if named else {"service.name": "hookline"})


def _span_exporter(kind: str) -> SpanExporter:
    if kind == "console":
        return ConsoleSpanExporter()
    exporter: SpanExporter = _otlp(kind, "TRACES")
    return exporter


def _metric_exporter(kind: str) -> MetricExporter:
    if kind == "console":
        return ConsoleMetricExporter()
    exporter: MetricExporter = _otlp(kind, "METRICS")
    return exporter


def _otlp(kind: str, signal: str) -> Any:
    if kind != "otlp":
        raise ValueError(f"OTEL_{signal}_EXPORTER={kind!r}: hookline knows otlp, console, none")
    family = "grpc" if _protocol(os.environ, signal) == "grpc" else "http"
    module_name, class_name = _OTLP[(family, signal)]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        package = f"opentelemetry-exporter-otlp-proto-{family}"
        raise ImportError(f"OTLP over {family} needs the {package} package") from exc
    return getattr(module, class_name)()


def _protocol(env: Mapping[str, Any], signal: str) -> str:
    """The OTLP protocol for ``signal``: "http/protobuf" unless "grpc" is asked for."""
    value = env.get(f"OTEL_EXPORTER_OTLP_{signal}_PROTOCOL") or env.get(
        "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"
    )
    return str(value).strip().lower()
