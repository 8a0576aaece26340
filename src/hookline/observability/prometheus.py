"""PrometheusObservabilityProvider: hookline's metrics for a ``/metrics`` endpoint.

Names: ``agent.tool.duration`` (ms) becomes the histogram
``hookline_agent_tool_duration_seconds``; amounts that add up become
counters: ``agent.error.count`` is ``hookline_agent_error_total``,
``llm.tokens`` ``hookline_llm_tokens_total{model, type}`` and ``llm.cost``
(USD) ``hookline_llm_cost_usd_total{model}``.  Labels come from the
metric's tags through a fixed allow-list per metric (``DEFAULT_LABELS``):
a tag not listed is dropped, so no label can explode into one series per
user or per conversation.  ``user_id`` is never a label unless you list it.
Spans are not exported (use OpenTelemetry for traces).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client import generate_latest as _generate_latest

from hookline.extensions.observability import ObservabilityProvider

__all__ = [
    "DEFAULT_BUCKETS",
    "DEFAULT_LABELS",
    "PROMETHEUS_CONTENT_TYPE",
    "PrometheusObservabilityProvider",
    "metrics_text",
]

PROMETHEUS_CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The ``Content-Type`` of ``metrics_text``'s answer."""

DEFAULT_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
"""Seconds: from a 5 ms hook to a two-minute agent turn."""

DEFAULT_LABELS: Mapping[str, tuple[str, ...]] = {
    "agent.hook.duration": ("hook", "phase"),
    "agent.conversation.load.duration": ("is_new",),
    "agent.llm_context.enhance_system_prompt.duration": ("enhancer",),
    "agent.llm_context.enhance_user_messages.duration": ("enhancer",),
    "agent.tool_schemas.duration": ("schema_count",),
    "agent.enrichment.duration": ("enricher",),
    "agent.tool.duration": ("tool", "success"),
    "agent.filter.duration": ("filter",),
    "agent.middleware.duration": ("middleware", "phase", "stream"),
    "agent.message.duration": ("hit_tool_limit",),
    "agent.error.count": ("error_type",),
    "llm.tokens": ("model", "type"),
    "llm.cost": ("model",),
}
"""The reference's metric tags, less ``user_id``; other metrics get no labels."""

COUNTED_UNITS = {"count": "", "tokens": "", "USD": "_usd"}
"""Units of amounts that add up (counters), and the suffix their name gets."""
_Metric = Counter | Histogram


class PrometheusObservabilityProvider(ObservabilityProvider):
    """Histograms (seconds) for durations and counters for counts, in ``registry``.

    Spans are not exported (the base class's ``end_span`` only stops their clock).

    Without ``registry`` the provider has its own (``prometheus_client.REGISTRY``
    is process-global: pass it to expose hookline next to your other metrics,
    once per process).  ``labels`` adds or replaces allow-list entries.

    Example::

        provider = PrometheusObservabilityProvider()
        agent = Agent(llm, observability_provider=provider)
        await agent.run("Hi")
        body = metrics_text(provider)  # what GET /metrics returns
    """

    def __init__(
        self,
        registry: CollectorRegistry | None = None,
        namespace: str = "hookline",
        *,
        labels: Mapping[str, Sequence[str]] | None = None,
        buckets: Sequence[float] = DEFAULT_BUCKETS,
    ) -> None:
        self.registry = registry if registry is not None else CollectorRegistry()
        self.namespace = namespace
        self.labels: dict[str, tuple[str, ...]] = {
            name: tuple(keys) for name, keys in {**DEFAULT_LABELS, **(labels or {})}.items()
        }
        self.buckets = tuple(buckets)
        self._metrics: dict[str, _Metric] = {}

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        keys = self.labels.get(name, ())
        if unit in COUNTED_UNITS or name.endswith(".count"):
            base = name.removesuffix(".count") + COUNTED_UNITS.get(unit, "")
            counter = self._metric(base, keys, "counter")
            _labelled(counter, keys, tags).inc(value)
            return
        seconds = unit == "ms"
        histogram = self._metric(f"{name}_seconds" if seconds else name, keys, "histogram")
        observed = value / 1000.0 if seconds else value
        _labelled(histogram, keys, tags).observe(observed)

    def _metric(self, name: str, keys: tuple[str, ...], kind: str) -> _Metric:
        metric = self._metrics.get(name)
        if metric is None:
            metric = self._metrics[name] = self._create(name, keys, kind)
        return metric

    def _create(self, name: str, keys: tuple[str, ...], kind: str) -> _Metric:
        clean = _NOT_ALLOWED.sub("_", name)
        description = f"hookline {name.replace('_seconds', '')}"
        if kind == "counter":
            return Counter(
                clean, description, keys, namespace=self.namespace, registry=self.registry
            )
        return Histogram(
            clean,
            description,
            keys,
            namespace=self.namespace,
            registry=self.registry,
            buckets=self.buckets,
        )


_NOT_ALLOWED = re.compile(r"[^a-zA-Z0-9_]")


def _labelled(metric: _Metric, keys: tuple[str, ...], tags: Mapping[str, str] | None) -> Any:
    if not keys:
        return metric
    values = tags or {}
    return metric.labels(*(str(values.get(key, "")) for key in keys))


def metrics_text(provider: ObservabilityProvider) -> bytes:
    """The Prometheus text exposition of ``provider``'s metrics (a ``/metrics`` body).

    ``provider`` is a ``PrometheusObservabilityProvider`` or a composite holding
    one.  Serve it with ``PROMETHEUS_CONTENT_TYPE``.
    """
    found = _find(provider)
    if found is None:
        raise ValueError(f"{type(provider).__name__} holds no PrometheusObservabilityProvider")
    return _generate_latest(found.registry)


def _find(provider: ObservabilityProvider) -> PrometheusObservabilityProvider | None:
    if isinstance(provider, PrometheusObservabilityProvider):
        return provider
    for child in getattr(provider, "providers", ()):
        found = _find(child)
        if found is not None:
            return found
    return None
