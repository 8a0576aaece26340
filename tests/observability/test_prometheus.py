"""PrometheusObservabilityProvider: the /metrics text after real turns, parsed back."""

from __future__ import annotations

import pytest

pytest.importorskip("prometheus_client", reason="the prometheus extra is not installed")

from prometheus_client import CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from hookline import LlmError, TurnFailedError, text_reply, tool_call_reply
from hookline.observability import (
    PROMETHEUS_CONTENT_TYPE,
    CompositeObservabilityProvider,
    PrometheusObservabilityProvider,
    metrics_text,
)
from tests.conftest import make_agent
from tests.observability.recording import RecordingProvider

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def samples(provider: PrometheusObservabilityProvider) -> tuple[dict[str, str], Samples]:
    """(family name -> type, (sample name, labels) -> value) of the exposition text."""
    types: dict[str, str] = {}
    values: Samples = {}
    for family in text_string_to_metric_families(metrics_text(provider).decode()):
        types[family.name] = family.type
        for sample in family.samples:
            values[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return types, values


async def test_metric_families_after_a_turn_with_a_tool_call() -> None:
    provider = PrometheusObservabilityProvider()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok", output_tokens=7)],
        observability_provider=provider,
    )
    await agent.run("Rome?")
    types, values = samples(provider)

    assert {name: kind for name, kind in types.items() if not name.endswith("_created")} == {
        "hookline_llm_tokens": "counter",
        "hookline_agent_user_resolution_duration_seconds": "histogram",
        "hookline_agent_conversation_load_duration_seconds": "histogram",
        "hookline_agent_tool_schemas_duration_seconds": "histogram",
        "hookline_agent_system_prompt_duration_seconds": "histogram",
        "hookline_llm_request_duration_seconds": "histogram",
        "hookline_agent_tool_duration_seconds": "histogram",
        "hookline_agent_conversation_save_duration_seconds": "histogram",
        "hookline_agent_message_duration_seconds": "histogram",
    }
    tool = (("success", "True"), ("tool", "lookup"))
    assert values[("hookline_agent_tool_duration_seconds_count", tool)] == 1
    assert values[("hookline_agent_tool_duration_seconds_bucket", (("le", "+Inf"), *tool))] == 1
    assert values[("hookline_llm_request_duration_seconds_count", ())] == 2
    message = (("hit_tool_limit", "False"),)
    assert 0 < values[("hookline_agent_message_duration_seconds_sum", message)] < 5
    tokens = "hookline_llm_tokens_total"
    assert values[(tokens, (("model", "scripted"), ("type", "input")))] == 20
    assert values[(tokens, (("model", "scripted"), ("type", "output")))] == 12
    assert not any("user_id" in dict(labels) for _, labels in values)


async def test_errors_are_counted_by_type() -> None:
    provider = PrometheusObservabilityProvider()
    agent, _ = make_agent([LlmError("down")], observability_provider=provider)
    with pytest.raises(TurnFailedError):
        await agent.run("hi")
    types, values = samples(provider)
    assert types["hookline_agent_error"] == "counter"
    assert values[("hookline_agent_error_total", (("error_type", "LlmError"),))] == 1


async def test_label_allow_list_can_be_extended_and_tags_not_listed_are_dropped() -> None:
    provider = PrometheusObservabilityProvider(
        namespace="bot", labels={"agent.message.duration": ("user_id", "hit_tool_limit")}
    )
    await provider.record_metric(
        "agent.message.duration", 250.0, "ms", {"user_id": "u1", "hit_tool_limit": "False"}
    )
    await provider.record_metric("custom.thing.duration", 5.0, "ms", {"user_id": "u1"})
    await provider.record_metric("queue.depth", 3.0, "items", {"queue": "a"})
    _, values = samples(provider)
    labels = (("hit_tool_limit", "False"), ("user_id", "u1"))
    assert values[("bot_agent_message_duration_seconds_sum", labels)] == 0.25
    assert values[("bot_custom_thing_duration_seconds_count", ())] == 1
    assert values[("bot_queue_depth_sum", ())] == 3.0


async def test_a_missing_tag_is_an_empty_label() -> None:
    provider = PrometheusObservabilityProvider()
    await provider.record_metric("agent.tool.duration", 10.0, "ms", {"tool": "t"})
    _, values = samples(provider)
    assert values[("hookline_agent_tool_duration_seconds_count", (("success", ""), ("tool", "t")))]


async def test_costs_are_a_counter_in_dollars() -> None:
    provider = PrometheusObservabilityProvider()
    await provider.record_metric("llm.cost", 0.25, "USD", {"model": "gpt-4o"})
    await provider.record_metric("llm.cost", 0.5, "USD", {"model": "gpt-4o"})
    types, values = samples(provider)
    assert types["hookline_llm_cost_usd"] == "counter"
    assert values[("hookline_llm_cost_usd_total", (("model", "gpt-4o"),))] == 0.75


async def test_metrics_text_finds_the_provider_inside_a_composite() -> None:
    registry = CollectorRegistry()
    prometheus = PrometheusObservabilityProvider(registry)
    composite = CompositeObservabilityProvider([RecordingProvider(), prometheus])
    await composite.record_metric("agent.error.count", 1, "count", {"error_type": "X"})
    assert prometheus.registry is registry
    assert metrics_text(composite).startswith(b"# HELP hookline_agent_error_total")
    assert PROMETHEUS_CONTENT_TYPE.startswith("text/plain")
    with pytest.raises(ValueError, match="RecordingProvider holds no Prometheus"):
        metrics_text(RecordingProvider())


def test_two_providers_do_not_collide() -> None:
    first, second = PrometheusObservabilityProvider(), PrometheusObservabilityProvider()
    assert first.registry is not second.registry
