"""CORS (closed by default, explicit origins only), /health and /metrics."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry, Counter

from hookline import text_reply
from hookline.server import check_cors_origins, create_app
from tests.server.conftest import ALICE, ClientFactory, make_agent

PREFLIGHT = {
    "access-control-request-method": "POST",
    "access-control-request-headers": "content-type",
}


def test_cors_is_closed_by_default(make_client: ClientFactory) -> None:
    agent, _ = make_agent([text_reply("ok")])
    client = make_client(agent)

    preflight = client.options(
        "/api/v1/chat", headers={"origin": "https://evil.example", **PREFLIGHT}
    )
    simple = client.post(
        "/api/v1/chat", json={"message": "hi"}, headers={**ALICE, "origin": "https://evil.example"}
    )

    assert "access-control-allow-origin" not in preflight.headers
    assert preflight.status_code == 405
    assert "access-control-allow-origin" not in simple.headers


def test_listed_origins_are_allowed_and_others_are_not(make_client: ClientFactory) -> None:
    agent, _ = make_agent([text_reply("ok")])
    client = make_client(
        agent, cors_origins=["https://app.example.com"], cors_allow_credentials=True
    )

    allowed = client.options(
        "/api/v1/chat", headers={"origin": "https://app.example.com", **PREFLIGHT}
    )
    refused = client.options(
        "/api/v1/chat", headers={"origin": "https://evil.example", **PREFLIGHT}
    )
    simple = client.post(
        "/api/v1/chat",
        json={"message": "hi"},
        headers={**ALICE, "origin": "https://app.example.com"},
    )

    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "https://app.example.com"
    assert allowed.headers["access-control-allow-credentials"] == "true"
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    assert simple.headers["access-control-allow-origin"] == "https://app.example.com"
    assert "x-conversation-id" in simple.headers["access-control-expose-headers"]


@pytest.mark.parametrize(
    ("origins", "credentials", "message"),
    [
        pytest.param(["*"], True, "wildcard with credentials", id="star-with-credentials"),
        pytest.param(["*"], False, "wildcard", id="star"),
        pytest.param(["https://*.example.com"], False, "wildcard", id="pattern"),
        pytest.param(["https://example.com/app"], False, "has a path", id="path"),
        pytest.param(["example.com"], False, "is not an origin", id="no-scheme"),
    ],
)
def test_unsafe_cors_configurations_are_refused(
    origins: list[str], credentials: bool, message: str
) -> None:
    agent, _ = make_agent([])
    with pytest.raises(ValueError, match=message):
        create_app(agent, cors_origins=origins, cors_allow_credentials=credentials)


def test_origins_are_normalised() -> None:
    assert check_cors_origins(["HTTPS://App.Example.com/"], allow_credentials=True) == [
        "https://app.example.com"
    ]


def test_health(make_client: ClientFactory) -> None:
    agent, _ = make_agent([])
    client = make_client(agent)

    assert client.get("/health").json() == {"status": "ok"}


def test_metrics_count_requests_by_route_and_turns_by_outcome(make_client: ClientFactory) -> None:
    agent, _ = make_agent([text_reply("ok")])
    client = make_client(agent)
    client.post("/api/v1/chat", json={"message": "hi"}, headers=ALICE)
    client.get("/api/v1/conversations/abc", headers=ALICE)

    response = client.get("/metrics")

    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert (
        'hookline_http_requests_total{method="POST",route="/api/v1/chat",status="200"} 1.0' in text
    )
    assert (
        'hookline_http_requests_total{method="GET",route="/api/v1/conversations/{conversation_id}",'
        'status="404"} 1.0' in text
    )
    assert 'hookline_server_turns_total{endpoint="chat",outcome="completed"} 1.0' in text
    assert 'hookline_http_request_duration_seconds_bucket{le="+Inf",method="POST"' in text


def test_metrics_serve_a_given_registry_with_the_agents_metrics(
    make_client: ClientFactory,
) -> None:
    registry = CollectorRegistry()
    agent_turns = Counter("agent_turns", "Turns counted by the agent.", registry=registry)
    agent_turns.inc(3)

    class Provider:
        def __init__(self, registry: CollectorRegistry) -> None:
            self.registry = registry

    agent, _ = make_agent([])
    by_registry = make_client(agent, metrics_registry=registry)
    by_provider = make_client(agent, metrics_provider=Provider(registry))

    for client in (by_registry, by_provider):
        text = client.get("/metrics").text
        assert "agent_turns_total 3.0" in text
        assert "hookline_http_requests_total" in text
