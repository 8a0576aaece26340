"""``serve --durable`` runs every endpoint's turns on DBOS: the OpenAI-compatible
``/v1/chat/completions`` (plain, streamed, and a client tool's round trip) and ``/agui``
answer as they do without DBOS, and each turn is a DBOS workflow of its conversation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hookline import (
    Agent,
    AgentConfig,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.storage.sqlite import SqliteConversationStore
from tests.durable.conftest import durable_server
from tests.server.test_agui import run_input

dbos = pytest.importorskip("dbos")
DBOS = dbos.DBOS
RAN: list[str] = []
WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}


@tool
async def lookup(city: str) -> str:
    """Look a city up (on the server)."""
    RAN.append(city)
    return f"{city}: 2.1 million"


def serve(tmp_path: Path, dbos_url: str, script: list[Any]) -> Iterator[str]:
    RAN.clear()
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([lookup]),
        conversation_store=SqliteConversationStore(tmp_path / "conversations.sqlite3"),
        config=AgentConfig(stream=True),
    )
    with durable_server(agent, dbos_url, "hookline-endpoints-test") as (url, _):
        yield url


@pytest.fixture
def plain_answer(tmp_path: Path, dbos_url: str) -> Iterator[str]:
    yield from serve(tmp_path, dbos_url, [text_reply("Paris has 2.1 million people.")])


@pytest.fixture
def client_tool(tmp_path: Path, dbos_url: str) -> Iterator[str]:
    script = [tool_call_reply("get_weather", {"city": "Paris"}, call_id="w1"), text_reply("Sunny.")]
    yield from serve(tmp_path, dbos_url, script)


def turns_of(conversation_id: str) -> list[Any]:
    """The DBOS workflows of the conversation's turns."""
    return list(DBOS.list_workflows(workflow_id_prefix=f"{conversation_id}/"))


def completion(url: str, **body: Any) -> httpx.Response:
    body.setdefault("model", "hookline")
    response = httpx.post(f"{url}/v1/chat/completions", json=body, timeout=30)
    assert response.status_code == 200, response.text
    return response


def test_an_openai_completion_is_a_durable_turn(plain_answer: str) -> None:
    response = completion(plain_answer, messages=[{"role": "user", "content": "Paris?"}])

    answer = response.json()["choices"][0]["message"]["content"]
    assert answer == "Paris has 2.1 million people."
    (turn,) = turns_of(response.headers["x-hookline-conversation-id"])
    assert turn.status == "SUCCESS"


def test_a_streamed_openai_completion_is_a_durable_turn(plain_answer: str) -> None:
    response = completion(
        plain_answer, messages=[{"role": "user", "content": "Paris?"}], stream=True
    )

    chunks = [
        json.loads(line.removeprefix("data: "))
        for line in response.text.splitlines()
        if line.startswith("data: {")
    ]
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    assert text == "Paris has 2.1 million people."
    (turn,) = turns_of(response.headers["x-hookline-conversation-id"])
    assert turn.status == "SUCCESS"


def test_a_client_tools_result_reaches_the_waiting_workflow(client_tool: str) -> None:
    asked = [{"role": "user", "content": "Weather in Paris?"}]
    first = completion(client_tool, messages=asked, tools=[WEATHER]).json()
    (call,) = first["choices"][0]["message"]["tool_calls"]
    assert first["choices"][0]["finish_reason"] == "tool_calls"
    conversation_id = call["id"].split("~")[1]
    (waiting,) = turns_of(conversation_id)
    assert waiting.status == "PENDING"  # the workflow waits for the client's result

    answered = [
        *asked,
        {"role": "assistant", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call["id"], "content": "sunny, 24 C"},
    ]
    second = completion(client_tool, messages=answered, tools=[WEATHER]).json()

    assert second["choices"][0]["message"]["content"] == "Sunny."
    (turn,) = turns_of(conversation_id)  # the same workflow went on
    assert turn.workflow_id == waiting.workflow_id and turn.status == "SUCCESS"
    assert RAN == []  # nothing ran on the server


def test_an_agui_run_is_a_durable_turn(plain_answer: str) -> None:
    body = run_input("thread-1", "Paris?")
    response = httpx.post(f"{plain_answer}/agui", json=body, timeout=30)

    assert response.status_code == 200, response.text
    events = [
        json.loads(line.removeprefix("data: "))
        for line in response.text.splitlines()
        if line.startswith("data: ")
    ]
    kinds = [event["type"] for event in events]
    assert kinds[0] == "RUN_STARTED" and kinds[-1] == "RUN_FINISHED"
    text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
    assert text == "Paris has 2.1 million people."
    (workflow,) = [w for w in DBOS.list_workflows() if w.name.startswith("hookline.turn.")]
    assert workflow.status == "SUCCESS"
    assert workflow.workflow_id.startswith("agui-")  # the thread's conversation
