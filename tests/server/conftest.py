"""Server test helpers: an app over a scripted agent, SSE parsing, users by header.

The test client talks to the app as a trusted proxy on 127.0.0.1 would (the
users' identity headers are believed only from there) and names the server
``localhost`` (the Host check refuses unknown names).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient

from hookline import (
    Agent,
    AgentConfig,
    Event,
    HeaderUserResolver,
    ScriptedLlmService,
    ToolRegistry,
    tool,
)
from hookline.events import BeforeToolCallEvent
from hookline.llm.scripted import ScriptStep
from hookline.server import create_app

ALICE = {"x-user-id": "alice", "x-user-groups": "analysts"}
PROXY = ("127.0.0.1", 50000)
"""The test client's address: the trusted proxy of ``make_agent``'s resolver."""
BOB = {"x-user-id": "bob"}
TOOL_RUNS: list[tuple[str, dict[str, Any]]] = []


@tool
async def lookup(city: str) -> str:
    """Look up the population of a city.

    Args:
        city: The city's name.
    """
    TOOL_RUNS.append(("lookup", {"city": city}))
    return f"{city}: 2.1 million"


@tool
async def refund(order: int) -> str:
    """Refund an order."""
    TOOL_RUNS.append(("refund", {"order": order}))
    return f"refunded order {order}"


def needs_approval(event: Event[BeforeToolCallEvent]) -> None:
    """Refunds wait for a reviewer."""
    if event.data.call.name == "refund" and not event.data.approved:
        event.data.defer_reason = "Refunds need a human."


@dataclass
class SseEvent:
    event: str
    data: str

    def json(self) -> Any:
        return json.loads(self.data)


def parse_sse(text: str) -> list[SseEvent]:
    """The events of an SSE body (comments skipped)."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
        if data:
            events.append(SseEvent(name, "\n".join(data)))
    return events


def event_types(events: Sequence[SseEvent]) -> list[str]:
    """Component types, and the names of non-message events ("done")."""
    return [e.json()["type"] if e.event == "message" else e.event for e in events]


def make_agent(
    script: Sequence[ScriptStep], *, stream: bool = True, approval: bool = False, **kwargs: Any
) -> tuple[Agent, ScriptedLlmService]:
    """An agent on a scripted model with ``lookup`` and ``refund``; users from headers."""
    TOOL_RUNS.clear()
    llm = ScriptedLlmService(script)
    agent = Agent(
        llm,
        tool_registry=kwargs.pop("tool_registry", None) or ToolRegistry([lookup, refund]),
        user_resolver=kwargs.pop("user_resolver", None)
        or HeaderUserResolver(trusted_proxies=[PROXY[0]]),
        config=kwargs.pop("config", None) or AgentConfig(stream=stream),
        **kwargs,
    )
    if approval:
        agent.hooks.on(BeforeToolCallEvent, needs_approval)
    return agent, llm


ClientFactory = Callable[..., TestClient]


@pytest.fixture
def make_client() -> Iterator[ClientFactory]:
    """``make_client(agent, **create_app_kwargs)``: a started TestClient, closed after the test."""
    with ExitStack() as stack:

        def factory(
            agent: Agent, *, raise_server_exceptions: bool = True, **kwargs: Any
        ) -> TestClient:
            app = create_app(agent, **kwargs)
            client = TestClient(
                app,
                base_url="http://localhost",
                client=PROXY,
                raise_server_exceptions=raise_server_exceptions,
            )
            return stack.enter_context(client)

        yield factory
