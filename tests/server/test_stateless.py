"""Stateless OpenAI requests leave nothing behind, whatever the client does.

A request with no conversation id and no ``user`` is stateless.  Against a real
uvicorn server on a SQLite and a PostgreSQL store, the openai SDK and raw httpx
each read a streamed answer to the end, close at ``[DONE]``, or drop mid-stream
(and ask once without streaming); afterwards the listing is empty and the tables,
read directly, hold no conversation, message, ledger or lock row.  While the turn
runs, the conversation is not listed either.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import httpx2
import openai
import pytest
from openai.types.chat import ChatCompletionMessageParam, ChatCompletionToolParam

from hookline import (
    ConversationStore,
    PostgresConversationStore,
    ScriptedLlmService,
    SqliteConversationStore,
    StaticUserResolver,
    User,
    text_reply,
    tool_call_reply,
)
from hookline.components.base import UiComponent
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.server import BackgroundServer, create_app
from hookline.server.errors import ApiError
from hookline.server.stateless import EXPIRES_KEY, StatelessRequests, StatelessTurn, end_turn
from hookline.server.turns import new_result
from hookline.storage import MemoryConversationStore
from hookline.storage.models import HIDDEN_KEY, Message
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
    server: BackgroundServer
    llm: ScriptedLlmService
    rows: Callable[[], Rows]

    @property
    def url(self) -> str:
        return self.server.url

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


Start = Callable[..., Served]


@pytest.fixture(params=["sqlite", "postgres"])
def serve(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Start]:
    """``serve(llm, **create_app_kwargs)``: a real server over an agent on ``llm``, with a
    SQLite or a PostgreSQL store."""
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
    servers: list[BackgroundServer] = []

    def start(llm: ScriptedLlmService, **kwargs: Any) -> Served:
        agent, _ = make_agent([], user_resolver=StaticUserResolver(), conversation_store=store)
        agent.llm_service = llm
        app = create_app(agent, close_store_on_shutdown=True, **kwargs)
        servers.append(BackgroundServer(app).start())
        return Served(servers[-1], llm, rows)

    try:
        yield start
    finally:
        for server in servers:
            server.stop()
        if request.param == "postgres":
            run_async(_drop_schema(dsn, schema))


@pytest.fixture
def served(serve: Start) -> Served:
    """A server whose model answers after ``TURN_S`` seconds."""
    return serve(ScriptedLlmService(_slow_answer, delay_s=TURN_S))


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


# -- client-tool pauses: kept hidden for the result, then expired ---------------------------

WEATHER_TOOL: ChatCompletionToolParam = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}


def _weather_model() -> ScriptedLlmService:
    return ScriptedLlmService(
        [tool_call_reply("get_weather", {"city": "Paris"}, call_id="c1"), text_reply("Sunny.")]
    )


def _ask_weather(served: Served) -> list[ChatCompletionMessageParam]:
    """The question, the paused answer's tool call and the client's result for it."""
    first = served.sdk().chat.completions.create(model="m", messages=QUESTION, tools=[WEATHER_TOOL])
    calls = first.choices[0].message.tool_calls or []
    assert [call.model_dump()["function"]["name"] for call in calls] == ["get_weather"]
    call_id = calls[0].id
    return [
        *QUESTION,
        {"role": "assistant", "tool_calls": [_call_param(call_id)]},
        {"role": "tool", "tool_call_id": call_id, "content": "21 C"},
    ]


def _call_param(call_id: str) -> Any:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "get_weather", "arguments": "{}"},
    }


def test_a_client_tool_pause_is_hidden_until_its_result_then_gone(serve: Start) -> None:
    served = serve(_weather_model())

    followup = _ask_weather(served)
    paused = served.rows()
    listed_while_paused = served.listed()
    answer = served.sdk().chat.completions.create(
        model="m", messages=followup, tools=[WEATHER_TOOL]
    )
    listed, rows = served.settled()

    assert listed_while_paused == []
    assert (paused.conversations, paused.messages) == (1, 2)  # kept for the result
    assert answer.choices[0].message.content == "Sunny."
    assert served.llm.requests[1].messages[-1].content == "21 C"
    assert (listed, rows) == ([], Rows.empty())


def test_a_client_tool_pause_expires_and_a_late_result_gets_410(serve: Start) -> None:
    served = serve(_weather_model(), client_tool_timeout=0.5)

    followup = _ask_weather(served)
    expired = served.settled()  # the timer deleted it
    with pytest.raises(openai.APIStatusError) as late:
        served.sdk().chat.completions.create(model="m", messages=followup, tools=[WEATHER_TOOL])

    assert expired == ([], Rows.empty())
    _assert_pause_expired(late.value)
    assert len(served.llm.requests) == 1  # the late result ran nothing
    assert served.settled() == ([], Rows.empty())


def test_a_restarted_server_expires_the_pause_a_stopped_one_left(serve: Start) -> None:
    first = serve(_weather_model(), client_tool_timeout=2.0)
    followup = _ask_weather(first)
    stopping = first.rows()
    first.server.stop()
    left_behind = first.rows()  # the stopped server's timer never fired
    second = serve(_weather_model(), client_tool_timeout=2.0)
    expired = second.settled()  # its timer, re-armed as the server started

    with pytest.raises(openai.APIStatusError) as late:
        second.sdk().chat.completions.create(model="m", messages=followup, tools=[WEATHER_TOOL])

    assert (stopping.conversations, stopping.messages) == (1, 2)
    assert left_behind == stopping
    assert expired == ([], Rows.empty())
    _assert_pause_expired(late.value)
    assert len(second.llm.requests) == 0


async def test_a_late_result_for_a_pause_still_stored_gets_410_and_deletes_it() -> None:
    store, requests, user = MemoryConversationStore(), StatelessRequests(), User(id="ada")
    conversation_id = await requests.create(store, user, [])
    await store.compare_and_set_metadata(
        conversation_id, user, HIDDEN_KEY, True, {EXPIRES_KEY: time.time() - 1}
    )  # paused, its deadline past, no timer (a store that cannot list hidden ones)
    paused = await store.get_conversation(conversation_id, user)
    assert paused is not None

    with pytest.raises(ApiError) as late:
        await requests.claim(store, user, paused)

    assert (late.value.status_code, late.value.code) == (410, "pause_expired")
    assert await store.get_conversation(conversation_id, user) is None


def _assert_pause_expired(error: openai.APIStatusError) -> None:
    assert error.status_code == 410
    body = error.body
    assert isinstance(body, dict)
    assert body["code"] == "pause_expired"
    assert body["message"].startswith("This tool result came too late")


# -- the clean-up is not cancelled with its request ----------------------------------------


class SlowDeletes(SqliteConversationStore):
    """Deleting waits for ``proceed``; ``deleting`` is set when it starts."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.deleting = asyncio.Event()
        self.proceed = asyncio.Event()

    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        self.deleting.set()
        await self.proceed.wait()
        return await super().delete_conversation(conversation_id, user)


async def _no_components() -> AsyncIterator[UiComponent]:
    components: list[UiComponent] = []
    for component in components:
        yield component


async def test_the_clean_up_survives_the_cancellation_of_its_request(tmp_path: Path) -> None:
    store = SlowDeletes(tmp_path / "hookline.db")
    requests, user = StatelessRequests(), User(id="ada")
    conversation_id = await requests.create(store, user, [Message(role="user", content="Hi")])
    turn = StatelessTurn(requests, store, user)
    ending = asyncio.create_task(
        end_turn(_no_components(), new_result(conversation_id), None, turn)
    )

    await store.deleting.wait()
    ending.cancel()  # the request goes away while its conversation is being deleted
    with pytest.raises(asyncio.CancelledError):
        await ending
    running = len(requests.cleanups)
    store.proceed.set()
    await requests.drain()

    assert running == 1
    assert await store.get_conversation(conversation_id, user) is None
    assert _sqlite_rows(tmp_path / "hookline.db") == Rows.empty()
    await store.close()


def test_a_refused_stateless_request_leaves_no_row(serve: Start) -> None:
    served = serve(_weather_model())
    shadow: ChatCompletionToolParam = {
        "type": "function",
        "function": {"name": "refund", "parameters": {}},  # the agent's own tool's name
    }

    with pytest.raises(openai.BadRequestError) as refused:
        served.sdk().chat.completions.create(model="m", messages=QUESTION, tools=[shadow])

    assert isinstance(refused.value.body, dict) and refused.value.body["param"] == "tools[0]"
    assert served.llm.requests == []
    assert served.settled() == ([], Rows.empty())


def test_a_client_cannot_name_a_conversation_like_a_stateless_one(served: Served) -> None:
    body = {"model": "m", "messages": QUESTION}
    headers = {"x-hookline-conversation-id": "stateless-0123456789abcdef"}

    named = httpx2.post(f"{served.url}/v1/chat/completions", json=body, headers=headers)

    assert named.status_code == 404
    assert "cannot be chosen by a client" in named.json()["error"]["message"]
    assert served.llm.requests == []
    assert served.settled() == ([], Rows.empty())
