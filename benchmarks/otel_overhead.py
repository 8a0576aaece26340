"""Per-turn cost of telemetry: no provider vs the OpenTelemetry and Prometheus providers.

The scripted turn of ``turn_overhead.py``: the model asks for one tool call
(a constant async tool), then streams a final answer; memory store.  Settings,
interleaved batch by batch in one run (the machines here are noisy), medians:

- ``off``: no observability provider (the pipeline skips every step event);
- ``tracer``: the base ``ObservabilityProvider`` (the Instrumentation's own cost, spans dropped);
- ``otel simple``: ``OpenTelemetryObservabilityProvider`` on the SDK with a
  ``SimpleSpanProcessor`` into an ``InMemorySpanExporter`` (every span exported
  synchronously, on the event loop: the upper bound) and an ``InMemoryMetricReader``;
- ``otel batch``: the same with a ``BatchSpanProcessor`` (what ``otel_provider_from_env``
  uses: spans are queued, exported by the SDK's thread);
- ``prometheus``: ``PrometheusObservabilityProvider`` (metrics only).

    python benchmarks/otel_overhead.py            # full run (~1 min)
    python benchmarks/otel_overhead.py --quick    # smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    ObservabilityProvider,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.observability import (
    OpenTelemetryObservabilityProvider,
    PrometheusObservabilityProvider,
)

TOOL_CALL = tool_call_reply("constant", {}, call_id="call-1")
ANSWER = text_reply("The constant is 42, as the tool said.")


@tool
async def constant() -> str:
    """Returns a constant."""
    return "42"


def script(request: LlmRequest) -> LlmResponse:
    """Tool call first, answer once the tool result is in the history."""
    return ANSWER if request.messages[-1].role == "tool" else TOOL_CALL


class Setting:
    """One agent configuration; ``reset`` empties what its exporter kept."""

    def __init__(self, name: str, provider: ObservabilityProvider | None) -> None:
        self.name = name
        self.provider = provider
        self.exporter: InMemorySpanExporter | None = None
        self.agent = Agent(
            ScriptedLlmService(script, record_requests=False),
            tool_registry=ToolRegistry([constant]),
            config=AgentConfig(stream=True),
            observability_provider=provider,
        )

    def reset(self) -> None:
        self.agent.conversation_store = MemoryConversationStore()
        if self.exporter is not None:
            self.exporter.clear()


def otel_setting(name: str, processor: Callable[[InMemorySpanExporter], SpanProcessor]) -> Setting:
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(processor(exporter))
    meter_provider = MeterProvider(metric_readers=[InMemoryMetricReader()])
    setting = Setting(name, OpenTelemetryObservabilityProvider(tracer_provider, meter_provider))
    setting.exporter = exporter
    return setting


def settings() -> list[Setting]:
    return [
        Setting("off", None),
        Setting("tracer", ObservabilityProvider()),
        otel_setting("otel simple", SimpleSpanProcessor),
        otel_setting("otel batch", lambda e: BatchSpanProcessor(e, max_queue_size=1 << 20)),
        Setting("prometheus", PrometheusObservabilityProvider()),
    ]


async def batch(setting: Setting, turns: int) -> float:
    """Microseconds per turn over ``turns`` turns."""
    setting.reset()
    context = RequestContext()
    started = time.perf_counter()
    for _ in range(turns):
        async for _ in setting.agent.send_message(context, "What is the constant?"):
            pass
    return (time.perf_counter() - started) / turns * 1e6


async def spans_per_turn() -> int:
    setting = otel_setting("count", SimpleSpanProcessor)
    await batch(setting, 1)
    assert setting.exporter is not None
    return len(setting.exporter.get_finished_spans())


async def measure(batches: int, turns: int) -> dict[str, float]:
    all_settings = settings()
    for setting in all_settings:  # warm up
        await batch(setting, 100)
    samples: dict[str, list[float]] = {s.name: [] for s in all_settings}
    for _ in range(batches):
        for setting in all_settings:
            samples[setting.name].append(await batch(setting, turns))
    for setting in all_settings:
        if isinstance(setting.provider, OpenTelemetryObservabilityProvider):
            setting.provider.shutdown()
    return {name: statistics.median(values) for name, values in samples.items()}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer turns, for smoke runs")
    args = parser.parse_args()
    batches, turns = (5, 100) if args.quick else (21, 300)

    spans = await spans_per_turn()
    medians = await measure(batches, turns)
    off = medians["off"]
    print(f"hookline telemetry overhead: {batches} batches x {turns} turns per setting, medians")
    print("scripted turn: 1 tool call + streamed final answer, memory store")
    print(f"OpenTelemetry spans per turn: {spans}")
    for name, value in medians.items():
        extra = value - off
        print(f"  {name:<12} {value:9.1f} us/turn  (+{extra:7.1f} us, {value / off:.2f}x of off)")
    per_span = (medians["otel simple"] - medians["tracer"]) / spans
    print(f"OpenTelemetry provider cost per span (simple - tracer) / spans: {per_span:.1f} us")


if __name__ == "__main__":
    asyncio.run(main())
