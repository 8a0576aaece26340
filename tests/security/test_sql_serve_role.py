"""Issue 31: ``hookline serve --db <superuser DSN>`` served, and the superuser warning went
to the log only, after the first query.  Now it stops before listening (exit 2) with the
fix named; ``--allow-privileged-role`` is the explicit opt-in; ``hookline chat`` and the
model's own ``run_sql`` path refuse the same role."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from tests.security.sql_support import POSTGRES_DSN

asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def reachable() -> None:
    try:
        await (await asyncpg.connect(POSTGRES_DSN, timeout=5)).close()
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES_DSN}: {exc}")


def hookline(tmp_path: Path, *args: str, model: str = "") -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
        "HOOKLINE_MODEL": model,
    }
    return subprocess.Popen(
        [sys.executable, "-m", "hookline.cli", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.usefixtures("reachable")
def test_serve_refuses_a_superuser_dsn_before_listening(tmp_path: Path) -> None:
    port = free_port()
    process = hookline(tmp_path, "serve", "--db", POSTGRES_DSN, "--port", str(port))
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "Traceback" not in err and "Traceback" not in out
    assert "refuses to run SQL as role 'postgres': it is SUPERUSER" in err
    assert "hookline sql-role" in err and "--allow-privileged-role" in err
    assert "hookline serve: http://" not in out  # it never listened


@pytest.mark.usefixtures("reachable")
def test_chat_refuses_it_too_and_the_opt_in_lets_serve_start(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"steps": ["hello"]}), encoding="utf-8")
    chat = hookline(tmp_path, "chat", "--db", POSTGRES_DSN, "-m", "hi", model=f"scripted:{script}")
    _, chat_err = chat.communicate(timeout=60)
    assert chat.returncode == 2
    assert "--allow-privileged-role" in chat_err
    port = free_port()
    process = hookline(
        tmp_path, "serve", "--db", POSTGRES_DSN, "--port", str(port), "--allow-privileged-role"
    )
    try:
        deadline = time.monotonic() + 45
        while True:
            try:
                health = httpx2.get(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except httpx2.TransportError:
                assert process.poll() is None, process.communicate()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        assert health.json() == {"status": "ok"}
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
