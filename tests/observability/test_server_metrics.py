"""The server's GET /metrics serves a PrometheusObservabilityProvider's metrics."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed")

from fastapi.testclient import TestClient

from hookline import text_reply, tool_call_reply
from hookline.observability import PrometheusObservabilityProvider
from hookline.server import create_app
from tests.server.conftest import ALICE, PROXY, make_agent


def test_agent_and_server_metrics_on_one_page() -> None:
    provider = PrometheusObservabilityProvider()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}), text_reply("2.8 million")],
        observability_provider=provider,
    )
    app = create_app(agent, metrics_provider=provider)
    with TestClient(app, base_url="http://localhost", client=PROXY) as client:
        chat = client.post("/api/v1/chat", json={"message": "Rome?"}, headers=ALICE)
        assert chat.status_code == 200
        metrics = client.get("/metrics")

    assert metrics.headers["content-type"].startswith("text/plain")
    text = metrics.text
    assert 'hookline_server_turns_total{endpoint="chat",outcome="completed"} 1.0' in text
    assert 'hookline_agent_message_duration_seconds_count{hit_tool_limit="False"} 1.0' in text
    assert "hookline_llm_tokens_total" in text
    assert "alice" not in text  # no user ids as labels
