"""Finding 7: identity from the client.  Against a live server, a client that sets
``X-User-Id`` / ``X-User-Groups: admin`` itself (or forges the proxy's address in
``X-Forwarded-For``, or writes the identity cookie by hand) is refused with 401; no
turn runs, nothing is stored, and the admin-only ``/status`` is never answered.  A
trusted-proxy network so wide that any client is "the proxy" (``0.0.0.0/0``) is refused
by ``create_app`` and ``hookline serve`` (exit 2) unless ``insecure``."""

from __future__ import annotations

import os
import subprocess
import sys
from ipaddress import ip_network
from pathlib import Path

import pytest

from hookline import Agent, HeaderUserResolver, text_reply
from hookline.cli.serve import serve_security
from hookline.server import create_app
from hookline.server.auth import check_trusted_proxies
from hookline.users import SignedCookie
from tests.security.server_harness import answer_text, live, scripted_agent

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


# -- a trusted proxy network so wide that every client is "the proxy" -----------------------

WIDE = ["0.0.0.0/0", "::/0", "10.0.0.0/7", "2001:db8::/31", "::ffff:0.0.0.0/96"]
NARROW = ["10.0.0.0/8", "2001:db8::/32", "127.0.0.1", "::1", "::ffff:10.0.0.0/104"]


@pytest.mark.parametrize("network", WIDE)
def test_a_proxy_network_wider_than_8_or_32_bits_is_refused(network: str) -> None:
    with pytest.raises(ValueError, match="Refusing to trust the proxy network") as refused:
        check_trusted_proxies(["10.0.0.5", network])
    with pytest.raises(ValueError, match="Refusing to trust the proxy network"):
        create_app(_agent(), user_resolver=resolver(network))
    with pytest.raises(ValueError, match="Refusing to trust the proxy network"):
        create_app(_agent(resolver(network)))  # the agent's own resolver

    assert "could set X-User-Id / X-User-Groups and be any user" in str(refused.value)
    assert check_trusted_proxies([network], insecure=True) == [str(ip_network(network))]
    assert create_app(_agent(), user_resolver=resolver(network), insecure=True).routes


def test_a_proxy_address_or_narrow_network_is_trusted() -> None:
    assert check_trusted_proxies(NARROW) == []
    assert create_app(_agent(), user_resolver=resolver(*NARROW)).routes


def _agent(own: HeaderUserResolver | None = None) -> Agent:
    return scripted_agent([], own or resolver())[0]


@pytest.mark.parametrize("network", ["0.0.0.0/0", "::/0", "8.0.0.0/5"])
def test_hookline_serve_exits_2_on_a_wide_trusted_proxy(tmp_path: Path, network: str) -> None:
    refused = _serve(tmp_path, "--host", "0.0.0.0", "--trusted-proxy", network)

    assert refused.returncode == 2, refused.stderr
    message = " ".join(refused.stderr.split())
    assert f"Refusing to trust the proxy network {network}" in message
    assert "--insecure" in message
    assert "hookline serve:" not in refused.stdout  # nothing was served


def test_hookline_serve_insecure_warns_about_a_wide_trusted_proxy(tmp_path: Path) -> None:
    security = serve_security(
        host="0.0.0.0",
        jwt_secret=None,
        jwt_secret_env="HOOKLINE_JWT_SECRET",
        trusted_proxies=["0.0.0.0/0"],
        allowed_hosts=["chat.example.com"],
        insecure=True,
    )
    assert security.warnings == [
        "WARNING: --insecure: every client in 0.0.0.0/0 may claim any user and group."
    ]


def _serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).parents[2] / "src"),
        "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
        "HOOKLINE_MODEL": "",
        "COLUMNS": "200",
    }
    return subprocess.run(
        [sys.executable, "-m", "hookline.cli", "serve", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
