"""Finding 7: identity from the client.  Against a live server, a client that sets
``X-User-Id`` / ``X-User-Groups: admin`` itself (or forges the proxy's address in
``X-Forwarded-For``, or writes the identity cookie by hand) is refused with 401; no
turn runs, nothing is stored, and the admin-only ``/status`` is never answered."""

from __future__ import annotations

from hookline import HeaderUserResolver, SignedCookie, text_reply
from tests.security.server_harness import answer_text, live

PROXY = "10.255.0.1"  # the proxy that signs users in; tests connect from 127.0.0.1
COOKIE_SECRET = "cookie-secret-for-tests-" + "k" * 32


def resolver(*proxies: str) -> HeaderUserResolver:
    return HeaderUserResolver(
        trusted_proxies=proxies or [PROXY], cookie="hookline_user", cookie_secret=COOKIE_SECRET
    )


async def test_identity_headers_from_a_client_are_refused() -> None:
    with live([text_reply("never")], resolver()) as server, server.client() as client:
        attacks = [
            {"x-user-id": "alice", "x-user-groups": "admin"},
            {"x-user-groups": "admin"},
            {"x-user-id": "alice", "x-user-groups": "admin", "x-forwarded-for": PROXY},
            {"x-user-id": "alice", "forwarded": f"for={PROXY}", "x-real-ip": PROXY},
        ]
        for headers in attacks:
            status = client.post("/api/v1/chat", json={"message": "/status"}, headers=headers)
            listing = client.get("/api/v1/conversations", headers=headers)

            assert status.status_code == 401, (headers, status.text)
            assert status.json()["error"]["message"] == (
                "x-user-id / x-user-groups are accepted only from a trusted proxy: "
                "sign in through it."
            )
            assert "Status" not in status.text and "tools:" not in status.text
            assert listing.status_code == 401

        assert server.llm.requests == []
        assert await server.conversations("alice") == []


async def test_a_hand_written_or_forged_cookie_is_refused() -> None:
    good = SignedCookie(COOKIE_SECRET).sign("bob")
    forged = [
        "alice",  # the old unsigned cookie
        good.replace(good.split(".")[0], "YWxpY2U"),  # "alice" with bob's signature
        SignedCookie("another-secret-" + "x" * 32).sign("alice"),
    ]
    with live([text_reply("Hi Bob.")], resolver()) as server:
        for value in forged:
            with server.client(cookies={"hookline_user": value}) as client:
                refused = client.post("/api/v1/chat", json={"message": "hi"})
            assert refused.status_code == 401, value
            assert refused.json()["error"]["message"] == (
                "The sign-in cookie is not valid or has expired."
            )
        assert server.llm.requests == []
        assert await server.conversations("alice") == []

        with server.client(cookies={"hookline_user": good}) as client:
            accepted = client.post("/api/v1/chat", json={"message": "hi"})
        assert accepted.status_code == 200
        assert answer_text(accepted.text) == "Hi Bob."
        assert len(await server.conversations("bob")) == 1


async def test_the_trusted_proxy_is_believed() -> None:
    with live([text_reply("Welcome.")], resolver("127.0.0.1")) as server:
        with server.client() as client:
            headers = {"x-user-id": "alice", "x-user-groups": "admin"}
            status = client.post("/api/v1/chat", json={"message": "/status"}, headers=headers)
        assert status.status_code == 200
        assert "## Status" in status.text  # an admin, as the proxy says
        assert server.llm.requests == []  # /status needs no model
