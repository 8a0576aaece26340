"""``usage`` in every reply, and the SQL planner's answers streamed in pieces like a
model's: over OpenAI chat completions (whole and streamed), ``/api/v1/chat`` and AG-UI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hookline import (
    Agent,
    AgentConfig,
    ScriptedLlmService,
    StaticUserResolver,
    ToolRegistry,
    text_reply,
)
from hookline.llm.tokens import estimated_usage
from hookline.middleware.sql_planner import SqlPlannerMiddleware
from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.tools.builtin import RunSqlTool
from tests.server.conftest import ALICE, ClientFactory, make_agent, parse_sse
from tests.server.test_agui import run, run_input

QUESTION = "How many customers live in Italy?"
ANSWER = "The answer is **35** (customers)."
PIECES = ["The", " answer", " is", " **35**", " (customers)."]


def planned_agent(tmp_path: Path) -> Agent:
    """The data agent's planner over the sample database; the model is never called."""
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    return Agent(
        ScriptedLlmService([]),
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        user_resolver=StaticUserResolver(),
        config=AgentConfig(stream=True),
        middleware=[SqlPlannerMiddleware(runner)],
    )


def _chunks(text: str) -> list[dict[str, Any]]:
    return [json.loads(e.data) for e in parse_sse(text) if e.data != "[DONE]"]


def test_a_model_reply_reports_the_models_usage_whole_and_streamed(
    make_client: ClientFactory,
) -> None:
    agent, _ = make_agent(
        [text_reply("Hi.", input_tokens=31, output_tokens=7), text_reply("Hi.", input_tokens=31)]
    )
    client = make_client(agent)
    body = {"model": "m", "messages": [{"role": "user", "content": "Hi"}]}

    whole = client.post("/v1/chat/completions", json=body, headers=ALICE).json()
    streamed = client.post(
        "/v1/chat/completions",
        json={**body, "stream": True, "stream_options": {"include_usage": True}},
        headers=ALICE,
    )

    assert whole["usage"] == {"prompt_tokens": 31, "completion_tokens": 7, "total_tokens": 38}
    last = _chunks(streamed.text)[-1]
    assert last["choices"] == []
    assert last["usage"] == {"prompt_tokens": 31, "completion_tokens": 5, "total_tokens": 36}


def test_a_planner_answer_streams_in_pieces_with_an_estimated_usage(
    tmp_path: Path, make_client: ClientFactory
) -> None:
    client = make_client(planned_agent(tmp_path))
    body = {"model": "m", "messages": [{"role": "user", "content": QUESTION}]}

    whole = client.post("/v1/chat/completions", json=body, headers=ALICE).json()
    streamed = client.post(
        "/v1/chat/completions",
        json={**body, "stream": True, "stream_options": {"include_usage": True}},
        headers=ALICE,
    )

    estimate = estimated_usage([QUESTION], ANSWER)
    assert estimate.input_tokens > 0 and estimate.output_tokens > 0
    expected = {
        "prompt_tokens": estimate.input_tokens,
        "completion_tokens": estimate.output_tokens,
        "total_tokens": estimate.total_tokens,
    }
    assert whole["choices"][0]["message"]["content"] == ANSWER
    assert whole["usage"] == expected
    chunks = _chunks(streamed.text)
    texts = [c["choices"][0]["delta"].get("content") for c in chunks if c["choices"]]
    assert texts == ["", *PIECES, None]  # the role, the pieces, the finish
    assert chunks[-1]["usage"] == expected


def test_a_planner_answer_streams_in_pieces_over_sse_chat_and_agui(
    tmp_path: Path, make_client: ClientFactory
) -> None:
    client = make_client(planned_agent(tmp_path))

    chat = client.post("/api/v1/chat", json={"message": QUESTION}, headers=ALICE)
    events = run(client, run_input("thread-p", QUESTION))

    components = [e.json() for e in parse_sse(chat.text) if e.event == "message"]
    deltas = [
        c["rich"]["content"]
        for c in components
        if c["rich"].get("type") == "text" and c["rich"].get("delta")
    ]
    assert deltas == PIECES
    contents = [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert contents == PIECES
