"""A real uvicorn server over a scripted agent, with JWT users (alice, bob): what the
client-interop attacks run against."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx2
import jwt

from hookline import Agent, AgentConfig, ScriptedLlmService
from hookline.llm.scripted import ScriptStep
from hookline.server import BackgroundServer, JwtUserResolver, create_app

SECRET = "interop-secret-" + "s" * 32


def token(user: str) -> str:
    return jwt.encode({"sub": user, "exp": int(time.time()) + 600}, SECRET, algorithm="HS256")


def bearer(user: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token(user)}"}


@dataclass
class Served:
    url: str
    agent: Agent
    llm: ScriptedLlmService

    def client(self, user: str) -> httpx2.Client:
        return httpx2.Client(base_url=self.url, headers=bearer(user), timeout=20)

    def conversation_ids(self, user: str) -> list[str]:
        with self.client(user) as client:
            listed = client.get("/api/v1/conversations")
        assert listed.status_code == 200, listed.text
        return [c["id"] for c in listed.json()["conversations"]]


@contextmanager
def served(script: Sequence[ScriptStep], **config: Any) -> Iterator[Served]:
    """``with served([...]) as server:`` a live server on 127.0.0.1 until the block ends."""
    llm = ScriptedLlmService(script)
    agent = Agent(llm, config=AgentConfig(**config), user_resolver=JwtUserResolver(SECRET))
    with BackgroundServer(create_app(agent)) as server:
        yield Served(server.url, agent, llm)
