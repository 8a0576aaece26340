"""``hookline serve --durable``: chat turns run as DBOS workflows and stream as before; a
server killed while a turn streams finishes the turn after its restart, and the answer is
in the conversation."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hookline.durable import dbos_sqlite_problem
from tests.durable.conftest import drop_database
from tests.durable.sse import read_sse
from tests.server.test_client_matrix import _free_port
from tests.storage.conftest import run_async

pytest.importorskip("dbos")

ROOT = Path(__file__).resolve().parents[2]
ANSWER = "The products fall into six categories, from Books to Toys, each with ten products."
QUESTION = "Break the products down by category"  # the SQL planner cannot read "break"


class Server:
    """``hookline serve --durable`` on a scripted model that streams slowly; restartable."""

    def __init__(
        self, folder: Path, script: dict[str, Any], extra: dict[str, str] | None = None
    ) -> None:
        self.folder = folder
        (folder / "script.json").write_text(json.dumps(script), encoding="utf-8")
        self.extra = extra or {}
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "HOOKLINE_MODEL": f"scripted:{self.folder / 'script.json'}",
            "HOOKLINE_DATA_DIR": str(self.folder / "data"),
            "HOOKLINE_PLANNER": "hint",  # the scripted model answers what the planner cannot
            "PYTHONPATH": str(ROOT / "src"),
        }
        env.pop("HOOKLINE_JWT_SECRET", None)
        env.pop("HOOKLINE_DBOS_URL", None)
        env.update(self.extra)
        log = (self.folder / f"serve-{time.monotonic_ns()}.log").open("wb")
        command = [sys.executable, "-m", "hookline.cli", "serve", "--durable"]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port)], env=env, stdout=log, stderr=log
        )
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, "hookline serve --durable exited"
            try:
                if httpx.get(f"{self.url}/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "hookline serve --durable did not start"
            time.sleep(0.2)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path, dbos_url: str) -> Iterator[Server]:
    """``serve --durable`` with its default, DBOS on a SQLite file next to the
    conversations (PostgreSQL where this Python's SQLite cannot hold it)."""
    extra = {} if dbos_sqlite_problem() is None else {"HOOKLINE_DBOS_URL": dbos_url}
    running = Server(tmp_path, {"steps": [ANSWER], "chunks": 12, "delay_s": 0.25}, extra)
    running.start()
    yield running
    running.stop()


def texts(events: list[dict[str, Any]]) -> str:
    return "".join(e["rich"].get("content", "") for e in events if e.get("type") == "text")


def test_a_durable_turn_streams_like_any_turn(server: Server) -> None:
    with httpx.stream(
        "POST", f"{server.url}/api/v1/chat", json={"message": QUESTION}, timeout=60
    ) as response:
        assert response.status_code == 200
        conversation_id = response.headers["x-conversation-id"]
        events, _ = read_sse(response.iter_lines())

    assert texts(events) == ANSWER
    assert sum(1 for e in events if e.get("type") == "text") > 5  # streamed, piece by piece
    again, done_again = follow(server, conversation_id)  # after the end: from the result
    assert again == events and done_again["completed"] is True
    stored = httpx.get(f"{server.url}/api/v1/conversations/{conversation_id}", timeout=10).json()
    assert [(m["role"], m["content"]) for m in stored["messages"]] == [
        ("user", QUESTION),
        ("assistant", ANSWER),
    ]


@pytest.mark.slow
def test_a_turn_cut_off_by_a_killed_server_finishes_after_the_restart(server: Server) -> None:
    conversation_id = killed_mid_answer(server)  # a quarter of the answer had streamed

    server.start()  # DBOS recovery finishes the turn (after the dead server's lock lease)
    events, done = follow(server, conversation_id)  # the client comes back

    assert texts(events) == ANSWER and done["completed"] is True
    assert answered(server, conversation_id) == [("user", QUESTION), ("assistant", ANSWER)]


def follow(server: Server, conversation_id: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``GET /api/v1/conversations/{id}/turn``: the components and the ``done`` summary."""
    url = f"{server.url}/api/v1/conversations/{conversation_id}/turn"
    with httpx.stream("GET", url, timeout=120) as response:
        assert response.status_code == 200, response.read()
        return read_sse(response.iter_lines())


def killed_mid_answer(server: Server) -> str:
    """Ask ``server``, kill it while the answer streams; the conversation's id."""
    with httpx.stream(
        "POST", f"{server.url}/api/v1/chat", json={"message": QUESTION}, timeout=60
    ) as response:
        conversation_id = response.headers["x-conversation-id"]
        pieces = 0
        for line in response.iter_lines():
            pieces += line.startswith("data:")
            if pieces == 3:
                server.kill()
                break
    return conversation_id


def answered(server: Server, conversation_id: str, timeout: float = 90) -> list[Any]:
    deadline = time.monotonic() + timeout
    while True:
        stored = httpx.get(f"{server.url}/api/v1/conversations/{conversation_id}", timeout=10)
        messages = stored.json().get("messages", []) if stored.status_code == 200 else []
        if len(messages) >= 2:
            return [(m["role"], m["content"]) for m in messages]
        assert time.monotonic() < deadline, f"the turn did not finish: {messages}"
        time.sleep(0.5)


@pytest.mark.slow
def test_two_durable_servers_on_one_postgresql(tmp_path: Path, pg_dsn: str) -> None:
    """Two servers share one DBOS database (PostgreSQL) and one conversation store, each
    with its own executor id: one is killed mid-answer, the other goes on serving; when
    the killed one starts again, DBOS recovery puts its turn back on the queue and one of
    the two servers finishes it, once."""
    database = f"hl_dbos_{uuid.uuid4().hex[:10]}"
    url = pg_dsn.rsplit("/", 1)[0] + f"/{database}"
    script = {"steps": [ANSWER] * 3, "chunks": 12, "delay_s": 0.25}  # whichever server
    first = Server(tmp_path, script, {"HOOKLINE_DBOS_URL": url, "DBOS__VMID": "server-a"})
    second = Server(tmp_path, script, {"HOOKLINE_DBOS_URL": url, "DBOS__VMID": "server-b"})
    first.start()
    second.start()
    try:
        cut_off = killed_mid_answer(first)
        other = httpx.post(f"{second.url}/api/v1/chat", json={"message": QUESTION}, timeout=60)
        assert other.status_code == 200
        assert answered(second, other.headers["x-conversation-id"]) == [
            ("user", QUESTION),
            ("assistant", ANSWER),
        ]
        time.sleep(2)  # nothing recovers a turn of a dead executor by itself
        cut = httpx.get(f"{second.url}/api/v1/conversations/{cut_off}", timeout=10).json()
        assert [m["role"] for m in cut["messages"]] == ["user"]
        first.start()
        assert answered(first, cut_off) == [("user", QUESTION), ("assistant", ANSWER)]
        time.sleep(1)
        assert answered(second, cut_off) == [("user", QUESTION), ("assistant", ANSWER)]
    finally:
        first.stop()
        second.stop()
        run_async(drop_database(pg_dsn, database))
