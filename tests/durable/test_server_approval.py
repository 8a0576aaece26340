"""The server on a DbosAgent: a turn that pauses for approval ends its stream with the
pending call; the resume endpoint sends the decision to the waiting workflow and streams
the rest; a client that follows a finished turn gets its components from the result."""

from __future__ import annotations

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
from hookline.middleware import HumanApprovalMiddleware
from hookline.server import BackgroundServer, create_app
from hookline.storage.sqlite import SqliteConversationStore
from tests.durable.conftest import durable_server
from tests.durable.sse import read_sse

dbos = pytest.importorskip("dbos")
DBOS = dbos.DBOS
RUNS: list[int] = []


@tool
async def refund(order: int) -> str:
    """Refund an order."""
    RUNS.append(order)
    return f"order {order} refunded"


@pytest.fixture
def server(tmp_path: Path, dbos_url: str) -> Iterator[tuple[str, Any]]:
    RUNS.clear()
    agent = Agent(
        ScriptedLlmService([tool_call_reply("refund", {"order": 7}), text_reply("Refunded.")]),
        tool_registry=ToolRegistry([refund]),
        conversation_store=SqliteConversationStore(tmp_path / "conversations.sqlite3"),
        config=AgentConfig(stream=True),
        middleware=[HumanApprovalMiddleware(tools=["refund"])],
    )
    with durable_server(agent, dbos_url, "hookline-server-test") as running:
        yield running


def sse(response: httpx.Response) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The components and the ``done`` summary of an SSE response."""
    return read_sse(response.text.splitlines())


def refund_asked(url: str) -> tuple[str, dict[str, Any]]:
    """A new conversation's turn asking for the refund: its id and the ``done`` summary."""
    first = httpx.post(f"{url}/api/v1/chat", json={"message": "refund order 7"}, timeout=30)
    return first.headers["x-conversation-id"], sse(first)[1]


def test_an_approval_through_the_resume_endpoint_reaches_the_waiting_workflow(
    server: tuple[str, Any],
) -> None:
    url, _ = server
    conversation_id, paused = refund_asked(url)
    assert paused["paused"] is True and RUNS == []
    (call,) = paused["pending_tool_calls"]

    decided = httpx.post(
        f"{url}/api/v1/conversations/{conversation_id}/resume",
        json={
            "decisions": [
                {"tool_call_id": call["id"], "action": "approve", "digest": call["digest"]}
            ]
        },
        timeout=30,
    )

    components, done = sse(decided)
    assert decided.status_code == 200
    assert [c["type"] for c in components][:2] == ["tool_execution", "tool_execution"]
    assert done["paused"] is False and done["completed"] is True
    assert "".join(c["rich"].get("content", "") for c in components) == "Refunded."
    assert RUNS == [7]
    stored = httpx.get(f"{url}/api/v1/conversations/{conversation_id}", timeout=10).json()
    assert [m["role"] for m in stored["messages"]] == ["user", "assistant", "tool", "assistant"]
    again = httpx.post(
        f"{url}/api/v1/conversations/{conversation_id}/resume",
        json={
            "decisions": [
                {"tool_call_id": call["id"], "action": "approve", "digest": call["digest"]}
            ]
        },
        timeout=30,
    )
    assert again.status_code == 409 and RUNS == [7]  # nothing waits any more


async def test_following_a_finished_turn_gives_its_components(
    tmp_path: Path, dbos_url: str
) -> None:
    from hookline.durable.dbos import DbosAgent

    agent = Agent(
        ScriptedLlmService([text_reply("Hello there.")], chunks=3),
        conversation_store=SqliteConversationStore(tmp_path / "conversations.sqlite3"),
        config=AgentConfig(stream=True),
    )
    durable = DbosAgent(agent)
    DBOS(config={"name": "hookline-follow-test", "system_database_url": dbos_url})
    DBOS.launch()
    try:
        live = [c async for c in durable.stream_turn("hi", conversation_id="c1", workflow_id="w")]
        handle = await DBOS.retrieve_workflow_async("w")
        later = [c async for c in durable.follow(handle)]  # a client that comes back
    finally:
        DBOS.destroy(destroy_registry=True)

    streamed = [c.rich_component.content for c in live if c.type == "text"]  # type: ignore[attr-defined]
    assert len(streamed) == 3 and "".join(streamed) == "Hello there."
    assert [c.to_json() for c in later] == [c.to_json() for c in live]


def test_approve_typed_in_the_chat_reaches_the_waiting_workflow(
    server: tuple[str, Any],
) -> None:
    url, _ = server
    conversation_id, paused = refund_asked(url)
    (call,) = paused["pending_tool_calls"]

    typed = httpx.post(
        f"{url}/api/v1/chat",
        json={
            "message": f"/approve {call['id']} {call['digest']}",
            "conversation_id": conversation_id,
        },
        timeout=30,
    )

    components, done = sse(typed)
    assert done["paused"] is False and done["completed"] is True
    assert "".join(c["rich"].get("content", "") for c in components) == "Refunded."
    assert RUNS == [7]
    stored = httpx.get(f"{url}/api/v1/conversations/{conversation_id}", timeout=10).json()
    assert [m["role"] for m in stored["messages"]] == ["user", "assistant", "tool", "assistant"]
    workflows = DBOS.list_workflows(status="PENDING")
    assert workflows == []  # the waiting turn ended; no second turn was started


def test_a_refused_decision_leaves_the_turn_waiting(tmp_path: Path, dbos_url: str) -> None:
    """The policy refuses the owner as reviewer: the decision changes nothing, the error
    is streamed, and the same workflow still waits for an allowed reviewer."""
    RUNS.clear()
    agent = Agent(
        ScriptedLlmService([tool_call_reply("refund", {"order": 7}), text_reply("Refunded.")]),
        tool_registry=ToolRegistry([refund]),
        conversation_store=SqliteConversationStore(tmp_path / "conversations.sqlite3"),
        middleware=[HumanApprovalMiddleware(tools=["refund"], self_approval=False)],
    )
    with durable_server(agent, dbos_url, "hookline-refused-test") as (url, _):
        first = httpx.post(f"{url}/api/v1/chat", json={"message": "go"}, timeout=30)
        conversation_id = first.headers["x-conversation-id"]
        (call,) = sse(first)[1]["pending_tool_calls"]
        refused = httpx.post(
            f"{url}/api/v1/conversations/{conversation_id}/resume",
            json={
                "decisions": [
                    {"tool_call_id": call["id"], "action": "approve", "digest": call["digest"]}
                ]
            },
            timeout=30,
        )
        _, done = sse(refused)
        still = DBOS.list_workflows(status="PENDING")

    assert done["paused"] is True and "may not decide" in (done["error"] or "")
    assert RUNS == []
    assert [w.workflow_id.split("/")[0] for w in still] == [conversation_id]


def test_following_needs_a_durable_server() -> None:
    agent = Agent(ScriptedLlmService([text_reply("Hi.")]))
    with BackgroundServer(create_app(agent)) as running:
        first = httpx.post(f"{running.url}/api/v1/chat", json={"message": "hi"}, timeout=30)
        conversation_id = first.headers["x-conversation-id"]
        followed = httpx.get(f"{running.url}/api/v1/conversations/{conversation_id}/turn")
        unknown = httpx.get(f"{running.url}/api/v1/conversations/nope/turn")

    assert followed.status_code == 404 and followed.json()["error"]["code"] == "no_durable_turn"
    assert unknown.status_code == 404


def test_the_first_turn_of_a_conversation_the_server_names_does_not_look_it_up(
    server: tuple[str, Any],
) -> None:
    url, _ = server
    conversation_id, paused = refund_asked(url)
    assert paused["paused"] is True

    (turn,) = DBOS.list_workflows(workflow_id_prefix=f"{conversation_id}/")
    steps = [step["function_name"] for step in DBOS.list_workflow_steps(turn.workflow_id)]
    assert steps[:2] == ["hookline.store.create_conversation", "hookline.store.append_messages"]
    assert "hookline.store.get_conversation" not in steps


def test_an_approver_decides_through_the_approvals_endpoint(tmp_path: Path, dbos_url: str) -> None:
    """``serve --durable``: the approver's decision reaches the owner's waiting workflow."""
    from hookline import HeaderUserResolver

    RUNS.clear()
    agent = Agent(
        ScriptedLlmService([tool_call_reply("refund", {"order": 7}), text_reply("Refunded.")]),
        tool_registry=ToolRegistry([refund]),
        conversation_store=SqliteConversationStore(tmp_path / "conversations.sqlite3"),
        user_resolver=HeaderUserResolver(trusted_proxies=["127.0.0.1"]),
        middleware=[HumanApprovalMiddleware(tools=["refund"], approvers=["group:managers"])],
    )
    alice, max_ = {"x-user-id": "alice"}, {"x-user-id": "max", "x-user-groups": "managers"}
    with durable_server(agent, dbos_url, "hookline-approver-test") as (url, _):
        first = httpx.post(f"{url}/api/v1/chat", json={"message": "go"}, headers=alice, timeout=30)
        conversation_id = first.headers["x-conversation-id"]
        [item] = httpx.get(f"{url}/api/v1/approvals", headers=max_, timeout=10).json()["approvals"]
        decided = httpx.post(
            f"{url}/api/v1/approvals/{item['approval_id']}",
            json={"decision": "approve", "digest": item["digest"]},
            headers=max_,
            timeout=30,
        )
        read = httpx.get(f"{url}/api/v1/conversations/{conversation_id}", headers=max_)
        owner = httpx.get(f"{url}/api/v1/conversations/{conversation_id}", headers=alice)

    assert decided.status_code == 200, decided.text
    assert (decided.json()["decided_by"], decided.json()["outcome"]) == ("max", "completed")
    assert RUNS == [7]
    assert read.status_code == 404
    assert owner.json()["messages"][-1]["content"] == "Refunded."
