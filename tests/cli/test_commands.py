"""``hookline logs analyze|export``, ``hookline workflow run`` and ``hookline serve``."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from tests.cli.test_chat import COUNT_SQL, ROOT, run, script


def test_logs_analyze_and_export_read_the_query_log(tmp_path: Path) -> None:
    log = tmp_path / "queries.jsonl"
    turns = [
        ("Break the products down by category", COUNT_SQL, "Six."),
        ("Delete everything", "DELETE FROM products", "Refused."),
    ]
    for question, sql, answer in turns:
        model = script(tmp_path, [{"tool": "run_sql", "arguments": {"sql": sql}}, answer])
        ask = ["chat", "-m", question, "--query-log", str(log)]
        result = run(tmp_path, ask, model=model, planner="hint")  # the model writes the SQL
        assert result.exit_code == 0, result.output

    analyzed = run(tmp_path, ["logs", "analyze", "--log", str(log)])
    exported = run(tmp_path, ["logs", "export", str(tmp_path / "pairs.jsonl"), "--log", str(log)])

    assert analyzed.exit_code == 0, analyzed.output
    assert "queries: 2  successful: 1  failed: 1  success rate: 50.0%" in analyzed.output
    assert exported.exit_code == 0
    assert "Exported 1 question/SQL pairs" in exported.output
    pairs = [json.loads(line) for line in (tmp_path / "pairs.jsonl").read_text().splitlines()]
    assert pairs == [{"question": "Break the products down by category", "sql": COUNT_SQL}]


def test_logs_without_a_log_file(tmp_path: Path) -> None:
    result = run(tmp_path, ["logs", "analyze"])

    assert result.exit_code == 1
    assert "No query log at" in result.output


def test_workflow_run_delegates_or_says_it_is_missing(tmp_path: Path) -> None:
    result = run(tmp_path, ["workflow", "run", str(tmp_path / "missing"), "-m", "hi"])

    assert result.exit_code != 0
    if importlib.util.find_spec("hookline.workflows") is None:
        assert "Workflows are not installed" in result.output


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_runs_the_app_on_the_default_wiring(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
        "HOOKLINE_MODEL": "",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "hookline.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                health = httpx2.get(f"{base}/health", timeout=1)
                break
            except httpx2.TransportError:
                assert process.poll() is None, "the server exited"
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert health.json() == {"status": "ok"}
        page = httpx2.get(f"{base}/", timeout=5)
        assert page.headers["content-type"].startswith("text/html")
        assert "content-security-policy" in page.headers
        answer = httpx2.post(f"{base}/api/v1/chat", json={"message": "/help"}, timeout=10)
        assert "## Commands" in answer.text
    finally:
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=20)
    assert f"hookline serve: http://127.0.0.1:{port}" in output
    assert process.returncode == 0


def test_serve_refuses_a_wildcard_cors_origin(tmp_path: Path) -> None:
    result = run(tmp_path, ["serve", "--cors-origin", "https://ok.example", "--cors-origin", "*"])

    assert result.exit_code == 2
    assert "wildcard" in result.output
