"""User resolution: header resolver (401 without identity) and HS256 JWTs verified by PyJWT."""

from __future__ import annotations

import base64
import json
import time
from typing import Any

import jwt
import pytest

from hookline import RequestContext, ToolRegistry, text_reply, tool, tool_call_reply
from hookline.server import AuthenticationError, JwtUserResolver
from tests.server.conftest import ClientFactory, event_types, make_agent, parse_sse

SECRET = "s" * 40
OTHER_SECRET = "o" * 40


def token(claims: dict[str, Any], secret: str = SECRET, **overrides: Any) -> str:
    body = {"sub": "carol", "exp": int(time.time()) + 300, **claims, **overrides}
    return jwt.encode(body, secret, algorithm="HS256")


def bearer(value: str) -> dict[str, str]:
    return {"authorization": f"Bearer {value}"}


@tool(access_groups=["finance"])
async def payroll() -> str:
    """Payroll totals."""
    return "42"


def test_without_an_identity_the_header_resolver_gives_401(make_client: ClientFactory) -> None:
    agent, llm = make_agent([text_reply("never")])
    client = make_client(agent)

    response = client.post("/api/v1/chat", json={"message": "Hi"})

    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.json()["error"]["type"] == "authentication_error"
    assert "Not signed in" in response.json()["error"]["message"]
    assert client.get("/api/v1/conversations").status_code == 401
    assert llm.requests == []


def test_a_valid_token_resolves_the_user_and_scopes_conversations(
    make_client: ClientFactory,
) -> None:
    agent, _ = make_agent([text_reply("Hi Carol."), text_reply("Hi Dan.")])
    client = make_client(agent, user_resolver=JwtUserResolver(SECRET))
    carol, dan = bearer(token({})), bearer(token({}, sub="dan"))

    conversation_id = client.post("/api/v1/chat", json={"message": "Hi"}, headers=carol).headers[
        "x-conversation-id"
    ]
    client.post("/api/v1/chat", json={"message": "Hi"}, headers=dan)

    listed = client.get("/api/v1/conversations", headers=carol).json()["conversations"]
    assert [c["id"] for c in listed] == [conversation_id]
    assert client.get(f"/api/v1/conversations/{conversation_id}", headers=dan).status_code == 404


@pytest.mark.parametrize(
    ("make_token", "message"),
    [
        pytest.param(lambda: token({}, exp=int(time.time()) - 10), "expired", id="expired"),
        pytest.param(lambda: token({}, secret=OTHER_SECRET), "not valid", id="forged"),
        pytest.param(lambda: token({}) + "x", "not valid", id="tampered-signature"),
        pytest.param(
            lambda: _unsigned({"sub": "carol", "exp": 9999999999}), "not valid", id="alg-none"
        ),
        pytest.param(lambda: jwt.encode({"sub": "carol"}, SECRET), "not valid", id="no-exp"),
        pytest.param(lambda: "not-a-jwt", "not valid", id="garbage"),
    ],
)
def test_bad_tokens_are_401(make_client: ClientFactory, make_token: Any, message: str) -> None:
    agent, llm = make_agent([text_reply("never")])
    client = make_client(agent, user_resolver=JwtUserResolver(SECRET))

    response = client.post("/api/v1/chat", json={"message": "Hi"}, headers=bearer(make_token()))

    assert response.status_code == 401
    assert message in response.json()["error"]["message"]
    assert llm.requests == []


def _unsigned(claims: dict[str, Any]) -> str:
    def part(data: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def test_groups_claim_is_configurable_and_gates_tools(make_client: ClientFactory) -> None:
    agent, llm = make_agent(
        [tool_call_reply("payroll", {}, call_id="p1"), text_reply("Done.")],
        tool_registry=ToolRegistry([payroll]),
    )
    client = make_client(agent, user_resolver=JwtUserResolver(SECRET, groups_claim="roles"))

    allowed = parse_sse(
        client.post(
            "/api/v1/chat",
            json={"message": "payroll?"},
            headers=bearer(token({"roles": ["finance"]})),
        ).text
    )

    assert event_types(allowed)[:2] == ["tool_execution", "tool_execution"]
    assert allowed[1].json()["rich"]["status"] == "success"
    assert [s.name for s in llm.requests[0].tools or []] == ["payroll"]


async def test_the_resolver_reads_claims_and_refuses_missing_tokens() -> None:
    resolver = JwtUserResolver(SECRET, audience="hookline", cookie="session")
    good = token({"aud": "hookline", "groups": "a, b", "email": "c@example.com", "name": "Carol"})

    by_header = await resolver.resolve_user(RequestContext(headers=bearer(good)))
    by_cookie = await resolver.resolve_user(RequestContext(cookies={"session": good}))

    assert by_header == by_cookie
    assert (by_header.id, by_header.username, by_header.email) == (
        "carol",
        "Carol",
        "c@example.com",
    )
    assert by_header.group_memberships == ["a", "b"]
    with pytest.raises(AuthenticationError, match="not valid"):
        await resolver.resolve_user(RequestContext(headers=bearer(token({"aud": "other"}))))
    with pytest.raises(AuthenticationError, match="Not signed in"):
        await resolver.resolve_user(RequestContext())


def test_a_short_secret_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 32 bytes"):
        JwtUserResolver("short")
