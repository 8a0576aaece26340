"""Shared fixtures: users, a constant tool, and helpers to run turns."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from hookline import (
    Agent,
    AgentConfig,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    User,
    tool,
)
from hookline.components import UiComponent
from hookline.llm.scripted import ScriptStep


@pytest.fixture
def alice() -> User:
    return User(id="alice", username="alice", group_memberships=["analysts"])


@pytest.fixture
def bob() -> User:
    return User(id="bob", username="bob")


@tool
async def lookup(city: str) -> str:
    """Look up the population of a city.

    Args:
        city: The city's name.
    """
    return f"{city}: 2.1 million"


def make_agent(
    script: Sequence[ScriptStep], *, stream: bool = False, **kwargs: object
) -> tuple[Agent, ScriptedLlmService]:
    """An agent with the ``lookup`` tool on a scripted model."""
    llm = ScriptedLlmService(script)
    registry = kwargs.pop("tool_registry", None) or ToolRegistry([lookup])
    config = kwargs.pop("config", None) or AgentConfig(stream=stream)
    agent = Agent(llm, tool_registry=registry, config=config, **kwargs)  # type: ignore[arg-type]
    return agent, llm


async def collect(stream: AsyncIterator[UiComponent]) -> list[UiComponent]:
    return [component async for component in stream]


async def send(agent: Agent, message: str, conversation_id: str | None = None) -> list[UiComponent]:
    return await collect(agent.send_message(RequestContext(), message, conversation_id))
