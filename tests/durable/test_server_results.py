"""``serve --durable``: a turn's workflow builds its ``RunResult`` with the builder
``Agent.run`` uses, so the chat endpoint ends with the same ``done`` as without DBOS: a
success, a crashed tool, a paused approval, a halted message, a failed model."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from hookline import Agent, AgentConfig, RunResult, TurnFailedError, User
from hookline.events import MessageReceivedEvent
from hookline.llm.models import Usage
from hookline.server.turns import summary
from hookline.storage.sqlite import SqliteConversationStore
from hookline.tools.registry import ToolRegistry
from tests.durable.conftest import durable_server
from tests.server.conftest import lookup, make_agent, parse_sse, refund
from tests.server.test_turns import _ERROR_ID, SCRIPTS, _json, explode, no_refunds

pytest.importorskip("dbos")


def stored_in(store: Path | None) -> dict[str, Any]:
    """The agent's store argument: a SQLite file at ``store``, else the default."""
    return {"conversation_store": SqliteConversationStore(store)} if store else {}


def agent_for(name: str, store: Path | None = None) -> Agent:
    agent, _ = make_agent(
        SCRIPTS[name],
        approval=name == "paused",
        tool_registry=ToolRegistry([lookup, refund, explode]),
        user_resolver=None,
        config=AgentConfig(stream=True),
        **stored_in(store),
    )
    if name == "halted":
        agent.hooks.on(MessageReceivedEvent, no_refunds)
    return agent


async def reference(name: str) -> RunResult:
    try:
        return await agent_for(name).run("Go", conversation_id="c1", user=User(id="alice"))
    except TurnFailedError as error:
        return RunResult(
            text="", conversation_id="c1", usage=Usage(), error=str(error), failed=True
        )


@pytest.mark.parametrize("name", ["success", "failed tool", "paused", "halted", "failed model"])
def test_a_durable_turn_ends_as_it_does_in_the_request(
    name: str, tmp_path: Path, dbos_url: str
) -> None:
    expected = summary(asyncio.run(reference(name)))
    agent = agent_for(name, tmp_path / "conversations.sqlite3")
    with durable_server(agent, dbos_url, "hookline-results-test") as (url, _):
        body = {"message": "Go", "conversation_id": "c1"}
        headers = {"x-user-id": "alice"}
        response = httpx.post(f"{url}/api/v1/chat", json=body, headers=headers, timeout=30)
    done = parse_sse(response.text)[-1]
    assert done.event == "done"
    assert _ERROR_ID.sub("err-X", done.data) == _ERROR_ID.sub("err-X", _json(expected))
