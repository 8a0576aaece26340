"""CompositeObservabilityProvider: every provider sees every span, nested its own way."""

from __future__ import annotations

from hookline import text_reply, tool_call_reply
from hookline.observability import CompositeObservabilityProvider
from tests.conftest import make_agent
from tests.observability.conftest import Otel
from tests.observability.recording import RecordingProvider


async def test_each_provider_gets_the_same_tree_and_metrics() -> None:
    first, second = RecordingProvider(), RecordingProvider()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok")],
        observability_provider=CompositeObservabilityProvider([first, second]),
    )
    await agent.run("Rome?")
    assert first.tree() == second.tree()
    assert ("agent.tool.execute", "agent.iteration") in second.tree()
    assert {s.id for s in first.ended}.isdisjoint(s.id for s in second.ended)
    assert [s.attributes for s in first.ended] == [s.attributes for s in second.ended]
    assert [s.details for s in first.ended] == [s.details for s in second.ended]
    assert first.named("agent.send_message")[0].details["agent_name"] == "agent"
    assert [(m.name, m.tags) for m in first.metrics] == [(m.name, m.tags) for m in second.metrics]


async def test_otel_second_in_a_composite_nests_like_otel_alone(otel: Otel) -> None:
    recording = RecordingProvider()
    composite = CompositeObservabilityProvider([recording, otel.provider()])
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok")],
        observability_provider=composite,
        name="geo",
    )
    await agent.run("Rome?")
    (root,) = otel.tree()
    assert root[0] == "invoke_agent geo"
    iteration = [child for child in root[1] if child[0] == "agent.iteration"][0]
    assert [name for name, _ in iteration[1]] == ["chat scripted", "execute_tool lookup"]
    assert len(otel.spans()) == len(recording.ended)


def test_capture_content_when_any_provider_asks() -> None:
    assert not CompositeObservabilityProvider([RecordingProvider()]).capture_content
    assert CompositeObservabilityProvider(
        [RecordingProvider(), RecordingProvider(capture_content=True)]
    ).capture_content


async def test_an_empty_composite_behaves_like_the_base_provider() -> None:
    composite = CompositeObservabilityProvider([])
    span = await composite.create_span("x", {"a": 1})
    await composite.end_span(span)
    assert span.duration_ms() is not None
    await composite.record_metric("m", 1.0)
