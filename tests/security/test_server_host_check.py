"""Finding 6: DNS rebinding and no auth by default.  A live server answers only requests
that name it by a loopback or configured host; ``hookline serve`` refuses to expose an
unauthenticated agent beyond this machine unless ``--insecure`` is given."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner

from hookline import StaticUserResolver, User, text_reply
from hookline.cli.app import app as cli_app
from tests.security.server_harness import answer_text, live

LOCAL = StaticUserResolver(User(id="local"))


async def test_a_rebound_host_name_is_refused_and_nothing_runs() -> None:
    with live([text_reply("Hello.")], LOCAL) as server, server.client() as client:
        # the browser on attacker.example, whose name now resolves to 127.0.0.1
        attack = client.post(
            "/api/v1/chat",
            json={"message": "list my conversations"},
            headers={
                "host": f"attacker.example:{server.port}",
                "origin": "http://attacker.example",
            },
        )
        listing = client.get("/api/v1/conversations", headers={"host": "attacker.example"})
        openai = client.post(
            "/v1/chat/completions",
            json={"model": "m", "messages": [{"role": "user", "content": "hi"}]},
            headers={"host": "attacker.example"},
        )

        assert attack.status_code == 421
        assert attack.json()["error"]["code"] == "host_not_allowed"
        assert attack.json()["error"]["message"].startswith(
            "Host 'attacker.example' is not allowed: this server answers only to localhost"
        )
        assert (listing.status_code, openai.status_code) == (421, 421)
        assert server.llm.requests == []  # no turn ran
        assert await server.conversations("local") == []  # nothing stored

        local = {"host": f"localhost:{server.port}"}
        ok = client.post("/api/v1/chat", json={"message": "hi"}, headers=local)
        assert ok.status_code == 200, ok.text
        assert answer_text(ok.text) == "Hello."
        for host in ("localhost", f"127.0.0.1:{server.port}", "[::1]:8000"):
            assert client.get("/health", headers={"host": host}).status_code == 200


def test_configured_host_names_are_answered() -> None:
    options = {"allowed_hosts": ["chat.example.com", "*.corp.example"]}
    with live([], LOCAL, options) as server, server.client() as client:
        for host in ("chat.example.com", "chat.example.com:443", "a.corp.example"):
            assert client.get("/health", headers={"host": host}).status_code == 200, host
        for host in ("example.com", "corp.example", "chat.example.com.evil", ""):
            assert client.get("/health", headers={"host": host}).status_code == 421, host


def test_serve_refuses_a_public_bind_without_auth(tmp_path: Path) -> None:
    env = {"HOOKLINE_DATA_DIR": str(tmp_path), "HOOKLINE_MODEL": "", "HOOKLINE_JWT_SECRET": ""}
    result = CliRunner().invoke(cli_app, ["serve", "--host", "0.0.0.0"], env=env)

    assert result.exit_code == 2
    assert "Refusing to serve on 0.0.0.0 without authentication" in result.output
    assert "--insecure serves it anyway" in result.output
    assert not (tmp_path / "hookline.db").exists()  # refused before anything was opened


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_insecure_starts_with_a_loud_warning(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).parents[2] / "src"),
        "HOOKLINE_DATA_DIR": str(tmp_path),
        "HOOKLINE_MODEL": "",
    }
    env.pop("HOOKLINE_JWT_SECRET", None)
    command = ["serve", "--host", "0.0.0.0", "--port", str(port), "--insecure"]
    process = subprocess.Popen(
        [sys.executable, "-m", "hookline.cli", *command],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        assert health.status_code == 200
        rebound = httpx.get(f"http://127.0.0.1:{port}/health", headers={"host": "evil.example"})
        assert rebound.status_code == 421  # --insecure does not turn off the Host check
    finally:
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=20)
    assert "WARNING: --insecure: serving on 0.0.0.0 with NO authentication" in output
    assert "add --allowed-host NAME" in output
