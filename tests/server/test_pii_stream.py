"""PiiRedactionMiddleware(redact_output=True) on a real server: the SSE chat endpoint, the
OpenAI-compatible endpoint (official SDK, streamed and not) and AG-UI never show the email,
whatever the chunk split, and the stored message is the text they showed."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import openai
import pytest

from hookline import Agent, AgentConfig, MemoryConversationStore
from hookline.middleware import PiiRedactionMiddleware
from hookline.server import BackgroundServer, create_app
from hookline.users.resolvers import StaticUserResolver
from tests.agent.test_stream_guardrails import ANSWER, MASKED, SECRET, Pieces, split
from tests.server.conftest import parse_sse

START = ANSWER.index(SECRET)
SPLITS = [(2 + at % 29, START + at) for at in range(0, len(SECRET) + 1, 3)]
"""Every third position inside the email, over 2..30 pieces."""


@pytest.fixture
def served() -> Iterator[str]:
    chunks = [split(ANSWER, at, pieces) for pieces, at in SPLITS]
    answers = [c for c in chunks for _ in range(4)]  # SSE, OpenAI streamed and not, AG-UI
    agent = Agent(
        Pieces(answers),
        conversation_store=MemoryConversationStore(),
        user_resolver=StaticUserResolver(),
        config=AgentConfig(stream=True),
        middleware=[PiiRedactionMiddleware(redact_output=True)],
    )
    server = BackgroundServer(create_app(agent)).start()
    yield server.url
    server.stop()


def sse_text(body: str) -> str:
    """The streamed text of a chat SSE body."""
    events = [e.json() for e in parse_sse(body) if e.event == "message"]
    return "".join(e["rich"]["content"] for e in events if e["type"] == "text")


async def test_the_first_splits_on_every_surface(served: str) -> None:
    await check_surfaces(served, SPLITS[:2])


@pytest.mark.slow
async def test_no_surface_of_a_real_server_shows_the_email(served: str) -> None:
    await check_surfaces(served, SPLITS)


async def check_surfaces(url: str, splits: list[tuple[int, int]]) -> None:
    client = openai.OpenAI(base_url=f"{url}/v1", api_key="-", max_retries=0)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for _ in splits:
            response = await http.post("/api/v1/chat", json={"message": "How?"})
            shown = sse_text(response.text)
            assert shown == MASKED and SECRET not in response.text
            conversation_id = response.headers["x-conversation-id"]
            saved = await http.get(f"/api/v1/conversations/{conversation_id}")
            assert saved.json()["messages"][-1]["content"] == shown

            stream = client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": "How?"}], stream=True
            )
            assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices) == MASKED
            whole = client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": "How?"}]
            )
            assert whole.choices[0].message.content == MASKED

            body = {
                "threadId": "t-pii",
                "runId": "r",
                "state": {},
                "messages": [{"id": "u", "role": "user", "content": "How?"}],
                "tools": [],
                "context": [],
                "forwardedProps": {},
            }
            agui = await http.post("/agui", json=body)
            events = [json.loads(e.data) for e in parse_sse(agui.text)]
            text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
            assert text == MASKED and SECRET not in agui.text
