"""Stateless OpenAI requests leave nothing behind, whatever the client does.

A request with no conversation id and no ``user`` is stateless.  Against a real
uvicorn server on a SQLite and a PostgreSQL store, the openai SDK and raw httpx
each read a streamed answer to the end, close at ``[DONE]``, or drop mid-stream
(and ask once without streaming); afterwards the listing is empty and the tables,
read directly, hold no conversation, message, ledger or lock row.  While the turn
runs, the conversation is not listed either.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import httpx2
import openai
import pytest
from openai.types.chat import ChatCompletionMessageParam

from hookline import (
    ConversationStore,
    PostgresConversationStore,
    ScriptedLlmService,
    SqliteConversationStore,
    StaticUserResolver,
    text_reply,
)
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.server import BackgroundServer, create_app
from tests.server.conftest import make_agent
from tests.storage.conftest import pg_dsn, run_async

__all__ = ["pg_dsn"]  # the fixture, imported for this module's tests

QUESTION: list[ChatCompletionMessageParam] = [{"role": "user", "content": "Hi"}]
TURN_S = 0.4  # how long the model takes: a client that drops early drops mid-turn


@dataclass
class Rows:
    """What the store's tables hold, read directly (not through hookline)."""

    conversations: int
    messages: int
    tool_calls: int
    locks: int

    @classmethod
    def empty(cls) -> Rows:
        return cls(0, 0, 0, 0)


@dataclass
class Served:
    url: str
    llm: ScriptedLlmService
    rows: Callable[[], Rows]

    def listed(self) -> list[str]:
        answer = httpx2.get(f"{self.url}/api/v1/conversations")
        assert answer.status_code == 200
        return [c["id"] for c in answer.json()["conversations"]]

    def sdk(self) -> openai.OpenAI:
        return openai.OpenAI(base_url=f"{self.url}/v1", api_key="-", max_retries=0)

    def wait_for_model(self, asked: int) -> None:
        """Wait until the model has the next request (it answers ``TURN_S`` later)."""
        deadline = time.monotonic() + 5.0
        while len(self.llm.requests) == asked and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(self.llm.requests) == asked + 1

    def settled(self, timeout: float = 5.0) -> tuple[list[str], Rows]:
        """The listing and the rows once the server has cleaned up (or the timeout ran out)."""
        deadline = time.monotonic() + timeout
        while True:
            listed, rows = self.listed(), self.rows()
            if (listed == [] and rows == Rows.empty()) or time.monotonic() > deadline:
                return listed, rows
            time.sleep(0.05)


def _slow_answer(request: LlmRequest) -> LlmResponse:
    return text_reply("One, two, three.")


def _sqlite_rows(path: Path) -> Rows:
    import sqlite3

    with sqlite3.connect(path) as db:

        def count(table: str) -> int:
            found = db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone()
            if found is None:
                return 0
            return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

        locks = count("hookline_turn_locks") + count("hookline_turn_waiters")
        return Rows(count("conversations"), count("messages"), count("tool_calls"), locks)


async def _postgres_rows(dsn: str, schema: str) -> Rows:
    conn = await asyncpg.connect(dsn)
    try:
        counts: list[int] = []
        for table in ("conversations", "messages", "tool_calls"):
            name = f'"{schema}"."hookline_{table}"'
            exists = await conn.fetchval("SELECT to_regclass($1)", name)
            counts.append(
                0 if exists is None else await conn.fetchval(f"SELECT count(*) FROM {name}")
            )
        locks = await conn.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        return Rows(counts[0], counts[1], counts[2], locks)
    finally:
        await conn.close()


@pytest.fixture(params=["sqlite", "postgres"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    """A real server over an agent whose model answers after ``TURN_S`` seconds."""
    store: ConversationStore
    if request.param == "sqlite":
        path = tmp_path / "hookline.db"
        store = SqliteConversationStore(path)
        rows: Callable[[], Rows] = lambda: _sqlite_rows(path)  # noqa: E731
    else:
        dsn = request.getfixturevalue("pg_dsn")
        schema = f"hl_test_{uuid.uuid4().hex[:12]}"
        run_async(_create_schema(dsn, schema))
        store = PostgresConversationStore(dsn, schema=schema)
        rows = lambda: run_async(_postgres_rows(dsn, schema))  # noqa: E731
    agent, _ = make_agent([], user_resolver=StaticUserResolver(), conversation_store=store)
    llm = agent.llm_service = ScriptedLlmService(_slow_answer, delay_s=TURN_S)
    server = BackgroundServer(create_app(agent, close_store_on_shutdown=True)).start()
    try:
        yield Served(server.url, llm, rows)
    finally:
        server.stop()
        if request.param == "postgres":
            run_async(_drop_schema(dsn, schema))


async def _create_schema(dsn: str, schema: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()


async def _drop_schema(dsn: str, schema: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


# -- the clients: each returns the answer text it saw ------------------------------------


def sdk_whole(served: Served) -> str:
    answer = served.sdk().chat.completions.create(model="m", messages=QUESTION)
    return answer.choices[0].message.content or ""


def sdk_read_to_end(served: Served) -> str:
    stream = served.sdk().chat.completions.create(model="m", messages=QUESTION, stream=True)
    return "".join(c.choices[0].delta.content or "" for c in stream if c.choices)


def sdk_close_at_done(served: Served) -> str:
    stream = served.sdk().chat.completions.create(model="m", messages=QUESTION, stream=True)
    text = ""
    for chunk in stream:
        text += chunk.choices[0].delta.content or ""
        if chunk.choices[0].finish_reason is not None:
            stream.close()  # the last chunk before [DONE]
            break
    return text


def sdk_drop_mid_stream(served: Served) -> str:
    asked = len(served.llm.requests)
    stream = served.sdk().chat.completions.create(model="m", messages=QUESTION, stream=True)
    chunks = iter(stream)  # kept: a dropped iterator would close the stream
    assert next(chunks).choices[0].delta.role == "assistant"
    served.wait_for_model(asked)
    assert served.listed() == []  # the turn runs: its conversation is not listed
    stream.close()
    return ""


def _raw_stream(served: Served) -> Any:
    body = {"model": "m", "messages": QUESTION, "stream": True}
    return httpx2.stream("POST", f"{served.url}/v1/chat/completions", json=body, timeout=10)


def _content(line: str) -> str:
    if not line.startswith("data: {"):
        return ""
    choices = json.loads(line[6:])["choices"]
    return "".join(c["delta"].get("content") or "" for c in choices)


def raw_whole(served: Served) -> str:
    body = {"model": "m", "messages": QUESTION}
    answer = httpx2.post(f"{served.url}/v1/chat/completions", json=body, timeout=10)
    content: str = answer.json()["choices"][0]["message"]["content"]
    return content


def raw_read_to_end(served: Served) -> str:
    with _raw_stream(served) as response:
        lines = list(response.iter_lines())
    assert lines[-2:] == ["data: [DONE]", ""]
    return "".join(_content(line) for line in lines)


def raw_close_at_done(served: Served) -> str:
    text = ""
    with _raw_stream(served) as response:
        for line in response.iter_lines():
            if line == "data: [DONE]":
                break  # leaving the block closes the connection at once
            text += _content(line)
    return text


def raw_drop_mid_stream(served: Served) -> str:
    asked = len(served.llm.requests)
    with _raw_stream(served) as response:
        lines = response.iter_lines()  # kept: a dropped iterator would close the stream
        assert '"role": "assistant"' in next(lines)
        served.wait_for_model(asked)
        assert served.listed() == []  # the turn runs: its conversation is not listed
    return ""


CLIENTS = {
    "sdk-whole": sdk_whole,
    "sdk-read-to-end": sdk_read_to_end,
    "sdk-close-at-done": sdk_close_at_done,
    "sdk-drop-mid-stream": sdk_drop_mid_stream,
    "httpx-whole": raw_whole,
    "httpx-read-to-end": raw_read_to_end,
    "httpx-close-at-done": raw_close_at_done,
    "httpx-drop-mid-stream": raw_drop_mid_stream,
}


@pytest.mark.parametrize("client", list(CLIENTS.values()), ids=list(CLIENTS))
def test_a_stateless_request_leaves_no_conversation_and_no_row(
    served: Served, client: Callable[[Served], str]
) -> None:
    for _ in range(3):
        text = client(served)
        assert text in ("", "One, two, three.")

    listed, rows = served.settled()

    assert len(served.llm.requests) == 3  # every request reached the model
    assert listed == []
    assert rows == Rows.empty()
