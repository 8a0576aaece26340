"""otel_provider_from_env: an OpenTelemetry provider configured by the standard OTEL_* variables.

Nothing is imported from OpenTelemetry unless a variable asks for an
exporter, so an agent without telemetry pays nothing.  Read:

- ``OTEL_EXPORTER_OTLP_ENDPOINT`` / ``OTEL_EXPORTER_OTLP_{TRACES,METRICS}_ENDPOINT``:
  export traces (and metrics) by OTLP to that collector;
- ``OTEL_TRACES_EXPORTER`` / ``OTEL_METRICS_EXPORTER``: ``otlp``, ``console`` or
  ``none`` (overrides the endpoint rule for that signal);
- ``OTEL_EXPORTER_OTLP_PROTOCOL``: ``http/protobuf`` (the ``hookline[otel]`` extra)
  or ``grpc`` (needs ``opentelemetry-exporter-otlp-proto-grpc``);
- ``OTEL_SDK_DISABLED=true``: no provider;
- ``OTEL_SERVICE_NAME``, ``OTEL_RESOURCE_ATTRIBUTES``, ``OTEL_EXPORTER_OTLP_HEADERS``,
  ``OTEL_BSP_*``, ``OTEL_METRIC_EXPORT_INTERVAL``...: read by the SDK itself
  (the service name defaults to "hookline");
- ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true``: record message content.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookline.observability.otel import OpenTelemetryObservabilityProvider

__all__ = ["otel_provider_from_env"]

logger = logging.getLogger("hookline.observability")

_TRUE = frozenset({"1", "true", "yes", "on"})


def otel_provider_from_env() -> OpenTelemetryObservabilityProvider | None:
    """A provider exporting to what the OTEL_* variables name, or None when none is set.

    None as well (with a warning) when a variable is set but the
    ``hookline[otel]`` extra is not installed.

    Example::

        # OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 python app.py
        agent = Agent(llm, observability_provider=otel_provider_from_env())
    """
    env = os.environ
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() in _TRUE:
        return None
    traces, metrics = _exporter(env, "TRACES"), _exporter(env, "METRICS")
    if traces is None and metrics is None:
        return None
    try:
        from hookline.observability.otel_setup import build_provider
    except ImportError as exc:
        logger.warning(
            "OTEL_* is set but OpenTelemetry is missing (%s): pip install 'hookline[otel]'", exc
        )
        return None
    capture = env.get("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "").lower() in _TRUE
    return build_provider(traces=traces, metrics=metrics, capture_content=capture)


def _exporter(env: Mapping[str, str], signal: str) -> str | None:
    """ "otlp", "console" or None for ``signal`` ("TRACES" or "METRICS")."""
    explicit = env.get(f"OTEL_{signal}_EXPORTER", "").split(",")[0].strip().lower()
    if explicit:
        return None if explicit == "none" else explicit
    if env.get("OTEL_EXPORTER_OTLP_ENDPOINT") or env.get(f"OTEL_EXPORTER_OTLP_{signal}_ENDPOINT"):
        return "otlp"
    return None
