"""A real uvicorn server on 127.0.0.1 over a scripted agent, for the server attacks
(issue 22, findings 6, 7, 10, 11): ``with live(agent) as server: server.client()``."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx

from hookline import Agent, AgentConfig, ScriptedLlmService, ToolRegistry, User, tool
from hookline.llm.scripted import ScriptStep
from hookline.server import BackgroundServer, create_app
from hookline.storage import ConversationStore, MemoryConversationStore
from hookline.users.resolvers import UserResolver

SECRET_TEXT = "postgres://admin:hunter2@db.internal"
"""What a crashing tool's exception says: must never reach a client."""

RAN: list[str] = []


@tool
async def lookup(city: str) -> str:
    """Look up the population of a city.

    Args:
        city: The city's name.
    """
    RAN.append(f"lookup {city}")
    return f"{city}: 2.1 million"


@tool
async def crash(city: str) -> str:
    """A tool whose dependency fails with a revealing message.

    Args:
        city: The city's name.
    """
    RAN.append(f"crash {city}")
    raise ConnectionError(f"could not connect to {SECRET_TEXT}")


@tool(access_groups=["admin"])
async def reset_accounts(scope: str) -> str:
    """Reset every account (administrators only).

    Args:
        scope: Which accounts.
    """
    RAN.append(f"reset_accounts {scope}")
    return "reset"


@dataclass
class Live:
    url: str
    port: int
    agent: Agent
    llm: ScriptedLlmService
    store: ConversationStore

    def client(self, **kwargs: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=20, **kwargs)

    async def conversations(self, user_id: str) -> list[Any]:
        """Everything stored for ``user_id`` (read from the store, not through the API)."""
        return await self.store.list_conversations(User(id=user_id), limit=100)


def scripted_agent(
    script: Sequence[ScriptStep],
    resolver: UserResolver,
    store: ConversationStore | None = None,
    **kwargs: Any,
) -> tuple[Agent, ScriptedLlmService, ConversationStore]:
    RAN.clear()
    llm = ScriptedLlmService(script)
    store = store or MemoryConversationStore()
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([lookup, crash, reset_accounts]),
        user_resolver=resolver,
        conversation_store=store,
        config=AgentConfig(stream=True),
        **kwargs,
    )
    return agent, llm, store


@contextmanager
def live(
    script: Sequence[ScriptStep], resolver: UserResolver, app_options: Any = None, **kwargs: Any
) -> Iterator[Live]:
    """A live server until the block ends."""
    agent, llm, store = scripted_agent(script, resolver, **kwargs)
    with BackgroundServer(create_app(agent, **(app_options or {}))) as server:
        yield Live(server.url, server.port, agent, llm, store)


def sse_data(text: str) -> list[Any]:
    """The JSON of every ``data:`` line of an SSE body."""
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]


def answer_text(text: str) -> str:
    """The streamed answer of an SSE body: its text components joined."""
    return "".join(d["rich"]["content"] for d in sse_data(text) if d.get("type") == "text")
