"""OpenTelemetry instruments for hookline's metrics and the GenAI client metrics.

``*.duration`` metrics become histograms (unit "ms"); amounts that add up
(``*.count``, ``llm.tokens``, ``llm.cost`` in USD) counters; anything else a
histogram in its own unit.  Metric tags become
attributes, except ``user_id`` (one time series per user is a cardinality
problem for every metrics backend).  ``gen_ai.client.token.usage`` and
``gen_ai.client.operation.duration`` (seconds) are recorded for each model
call, with the buckets the GenAI conventions advise.
"""

from __future__ import annotations

from collections.abc import Mapping

from opentelemetry.metrics import Counter, Histogram, Meter

from hookline.observability.genai import AttributeValue, GenAiSpan

__all__ = ["OtelMetrics"]

HIGH_CARDINALITY_TAGS = frozenset({"user_id"})

TOKEN_BUCKETS = (1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304)
DURATION_BUCKETS = (0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48)
MS_BUCKETS = (1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000)

_COUNTER_UNITS = {"count": "1", "tokens": "{token}", "USD": "USD"}
_GENAI_METRIC_KEYS = (
    "gen_ai.operation.name",
    "gen_ai.provider.name",
    "gen_ai.request.model",
    "gen_ai.response.model",
)


class OtelMetrics:
    """Instruments on one ``Meter``, created on first use and kept.

    Example::

        metrics = OtelMetrics(meter_provider.get_meter("hookline"))
        metrics.record("agent.tool.duration", 12.5, "ms", {"tool": "add"})
    """

    def __init__(self, meter: Meter) -> None:
        self.meter = meter
        self._counters: dict[str, Counter] = {}
        self._histograms: dict[str, Histogram] = {}
        self.token_usage = meter.create_histogram(
            "gen_ai.client.token.usage",
            unit="{token}",
            description="Number of input and output tokens used.",
            explicit_bucket_boundaries_advisory=TOKEN_BUCKETS,
        )
        self.operation_duration = meter.create_histogram(
            "gen_ai.client.operation.duration",
            unit="s",
            description="GenAI operation duration.",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )

    def record(self, name: str, value: float, unit: str, tags: Mapping[str, str]) -> None:
        """One of hookline's metrics (``agent.tool.duration`` = 12.5 ms...)."""
        attributes = {k: v for k, v in tags.items() if k not in HIGH_CARDINALITY_TAGS}
        if unit in _COUNTER_UNITS or name.endswith(".count"):
            self._counter(name, _COUNTER_UNITS.get(unit, "1")).add(value, attributes)
        else:
            self._histogram(name, unit).record(value, attributes)

    def record_model_call(self, view: GenAiSpan, duration_s: float) -> None:
        """The GenAI client metrics of one ``chat`` span."""
        attributes: dict[str, AttributeValue] = {
            key: view.attributes[key] for key in _GENAI_METRIC_KEYS if key in view.attributes
        }
        failed = {"error.type": view.error_type} if view.error_type else {}
        self.operation_duration.record(duration_s, {**attributes, **failed})
        for token_type in ("input", "output"):
            tokens = view.attributes.get(f"gen_ai.usage.{token_type}_tokens")
            if isinstance(tokens, int):
                self.token_usage.record(tokens, {**attributes, "gen_ai.token.type": token_type})

    def _counter(self, name: str, unit: str) -> Counter:
        counter = self._counters.get(name)
        if counter is None:
            counter = self._counters[name] = self.meter.create_counter(name, unit=unit)
        return counter

    def _histogram(self, name: str, unit: str) -> Histogram:
        histogram = self._histograms.get(name)
        if histogram is None:
            buckets = MS_BUCKETS if unit == "ms" else None
            histogram = self._histograms[name] = self.meter.create_histogram(
                name, unit=unit, explicit_bucket_boundaries_advisory=buckets
            )
        return histogram
