"""Telemetry backends: OpenTelemetry (GenAI semantic conventions), Prometheus, a composite.

Importing this package imports neither ``opentelemetry`` nor
``prometheus_client``: ``OpenTelemetryObservabilityProvider`` (extra
``hookline[otel]``) and ``PrometheusObservabilityProvider`` / ``metrics_text``
(extra ``hookline[prometheus]``) load their module on first use.

Example::

    from hookline.observability import otel_provider_from_env

    agent = Agent(llm, observability_provider=otel_provider_from_env())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookline._lazy import load
from hookline.observability.composite import CompositeObservabilityProvider
from hookline.observability.genai import GenAiSpan, genai_span
from hookline.observability.otel_env import otel_provider_from_env

if TYPE_CHECKING:
    from hookline.observability.otel import OpenTelemetryObservabilityProvider
    from hookline.observability.prometheus import (
        PROMETHEUS_CONTENT_TYPE,
        PrometheusObservabilityProvider,
        metrics_text,
    )

_LAZY = {
    "OpenTelemetryObservabilityProvider": "hookline.observability.otel",
    "PROMETHEUS_CONTENT_TYPE": "hookline.observability.prometheus",
    "PrometheusObservabilityProvider": "hookline.observability.prometheus",
    "metrics_text": "hookline.observability.prometheus",
}

__all__ = [
    "PROMETHEUS_CONTENT_TYPE",
    "CompositeObservabilityProvider",
    "GenAiSpan",
    "OpenTelemetryObservabilityProvider",
    "PrometheusObservabilityProvider",
    "genai_span",
    "metrics_text",
    "otel_provider_from_env",
]


def __getattr__(name: str) -> Any:
    return load(__name__, _LAZY, name)
