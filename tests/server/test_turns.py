"""One ``RunResult`` builder: a turn the server streams gives the result ``Agent.run``
gives for the same scripted turn (``hookline.agent.collect.run_result`` builds both)."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import fields
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentError,
    LlmError,
    RequestContext,
    RunResult,
    ToolRegistry,
    TurnFailedError,
    User,
    approve,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import MessageReceivedEvent
from hookline.hooks.registry import Event
from hookline.llm.models import Usage
from hookline.llm.scripted import ScriptStep
from hookline.server import create_app
from hookline.server.context import ServerContext
from hookline.server.streams import resume_stream, start_stream
from hookline.server.turns import error_code, new_result, recorded, summary
from tests.server.conftest import ALICE as ALICE_HEADERS
from tests.server.conftest import ClientFactory, lookup, make_agent, parse_sse, refund

ALICE = User(id="alice", group_memberships=["analysts"])
_ERROR_ID = re.compile(r"err-[0-9a-f]{12}")
_DURATION = re.compile(r'"duration_ms":[0-9.e-]+| in [0-9]+ ms')


@tool
async def explode(city: str) -> str:
    """Crash, quoting a secret.

    Args:
        city: Any city.
    """
    raise RuntimeError(f"connect to postgres://app:hunter2@db/{city} failed")


def no_refunds(event: Event[MessageReceivedEvent]) -> None:
    raise AgentError("Refunds are closed today.")


SCRIPTS: dict[str, list[ScriptStep]] = {
    "success": [
        tool_call_reply("lookup", {"city": "Paris"}, call_id="c1"),
        text_reply("About 2.1 million."),
    ],
    "failed tool": [
        tool_call_reply("explode", {"city": "Paris"}, call_id="x1"),
        text_reply("The tool broke."),
    ],
    "paused": [tool_call_reply("refund", {"order": 7}, call_id="r1")],
    "halted": [text_reply("never said")],
    "failed model": [LlmError("model down")],
}


def agent_for(name: str) -> Agent:
    agent, _ = make_agent(
        SCRIPTS[name],
        approval=name == "paused",
        tool_registry=ToolRegistry([lookup, refund, explode]),
    )
    if name == "halted":
        agent.hooks.on(MessageReceivedEvent, no_refunds)
    return agent


def comparable(result: RunResult) -> dict[str, Any]:
    """Every field (the components as JSON), error ids and durations masked."""
    shown = {f.name: getattr(result, f.name) for f in fields(RunResult)}
    shown["components"] = [
        _DURATION.sub("", _ERROR_ID.sub("err-X", c.to_json())) for c in result.components
    ]
    shown["tool_results"] = {k: _ERROR_ID.sub("err-X", v) for k, v in result.tool_results.items()}
    shown["error"] = _ERROR_ID.sub("err-X", result.error or "")
    return shown


async def served(name: str) -> RunResult:
    """The chat endpoint's path: ``start_stream`` on the app's context, ``recorded``."""
    server = create_app(agent_for(name)).state.hookline
    assert isinstance(server, ServerContext)
    result = new_result("c1")
    stream = await start_stream(server, RequestContext(), ALICE, "Go", "c1", result)
    components = [component async for component in recorded(stream, result)]
    assert result.components == components
    return result


async def run(name: str) -> RunResult:
    return await agent_for(name).run("Go", conversation_id="c1", user=ALICE)


@pytest.mark.parametrize("name", ["success", "failed tool", "paused", "halted"])
async def test_the_server_and_agent_run_give_the_same_result(name: str) -> None:
    result = await served(name)
    assert comparable(result) == comparable(await run(name))


async def test_each_outcome_is_what_it_says() -> None:
    success, crashed = await served("success"), await served("failed tool")
    paused, halted = await served("paused"), await served("halted")
    assert (success.text, success.tool_results) == (
        "About 2.1 million.",
        {"c1": "Paris: 2.1 million"},
    )
    assert (success.completed, success.failed, success.paused) == (True, False, False)
    shown = crashed.tool_results["x1"]  # what a user may read: an error id, no secret
    assert _ERROR_ID.search(shown) and "hunter2" not in shown and "postgres" not in shown
    assert [call.id for call in paused.pending_tool_calls] == ["r1"]
    assert paused.pending_reasons == {"r1": "Refunds need a human."}
    assert summary(paused)["pending_tool_calls"][0]["reason"] == "Refunds need a human."
    assert (halted.halted, halted.completed, halted.error) == (
        True,
        False,
        "Refunds are closed today.",
    )


async def test_a_failed_model_fails_the_same_way() -> None:
    result = await served("failed model")
    with pytest.raises(TurnFailedError) as raised:
        await run("failed model")
    assert (result.failed, result.completed, error_code(result)) == (True, False, "turn_failed")
    assert _ERROR_ID.sub("err-X", result.error or "") == _ERROR_ID.sub("err-X", str(raised.value))
    assert summary(result)["error"] == result.error


async def test_a_resumed_turn_gives_the_result_agent_resume_gives() -> None:
    script = [*SCRIPTS["paused"], text_reply("Refunded.")]
    local, _ = make_agent(script, approval=True)
    paused = await local.run("Go", conversation_id="c1", user=ALICE)
    digest = paused.pending_digests["r1"]
    resumed = await local.resume("c1", {"r1": approve(digest=digest)}, user=ALICE)

    agent, _ = make_agent(script, approval=True)
    server = create_app(agent).state.hookline
    assert isinstance(server, ServerContext)
    first = new_result("c1")
    stream = await start_stream(server, RequestContext(), ALICE, "Go", "c1", first)
    [_ async for _ in recorded(stream, first)]
    result = new_result("c1")
    decisions = {"r1": approve(digest=first.pending_digests["r1"])}
    stream = await resume_stream(server, RequestContext(), ALICE, "c1", decisions, result)
    [_ async for _ in recorded(stream, result)]
    assert comparable(result) == comparable(resumed)
    assert (result.text, result.tool_results) == ("Refunded.", {"r1": "refunded order 7"})


@pytest.mark.parametrize("name", ["success", "failed tool", "paused", "halted", "failed model"])
def test_the_chat_endpoint_ends_with_the_summary_of_that_result(
    name: str, make_client: ClientFactory
) -> None:
    client = make_client(agent_for(name))
    body = {"message": "Go", "conversation_id": "c1"}
    events = parse_sse(client.post("/api/v1/chat", json=body, headers=ALICE_HEADERS).text)
    done = events[-1]
    assert done.event == "done"
    expected = summary(_reference(name))
    assert _ERROR_ID.sub("err-X", done.data) == _ERROR_ID.sub("err-X", _json(expected))


def _reference(name: str) -> RunResult:
    """The result of the same turn through ``Agent.run``; a failed one (``Agent.run``
    raises) as the result of a failed turn."""

    async def reference() -> RunResult:
        try:
            return await run(name)
        except TurnFailedError as error:
            return RunResult(
                text="", conversation_id="c1", usage=Usage(), error=str(error), failed=True
            )

    return asyncio.run(reference())


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
