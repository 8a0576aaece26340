"""Approvals over HTTP are bound to the exact call shown, and approvers decide across users.

The model re-issues the call id a reviewer saw with other arguments: no way to
decide (REST resume, ``/approve`` in chat) runs the call the reviewer did not
see.  A user the approver policy names lists and decides another user's calls
through ``/api/v1/approvals``, and still cannot read that conversation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hookline import Agent, ToolRegistry, text_reply, tool, tool_call_reply
from hookline.llm.models import ToolCall
from hookline.middleware import HumanApprovalMiddleware
from hookline.storage import ConversationStore, MemoryConversationStore
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.tools.approval import call_digest
from tests.server.conftest import ALICE, BOB, ClientFactory, make_agent, parse_sse
from tests.storage.conftest import pg_dsn, pg_schema  # noqa: F401 - fixtures

MAX = {"x-user-id": "max", "x-user-groups": "managers"}
REFUNDS: list[int] = []  # the tool's effect: every amount refunded


@tool
async def refund(order: int, amount: int) -> str:
    """Refund an amount of an order."""
    REFUNDS.append(amount)
    return f"refunded {amount} on order {order}"


SHOWN = ToolCall(id="c1", name="refund", arguments={"order": 1, "amount": 10})
SEEN = call_digest(SHOWN)


def reissuing_agent(*after: Any, approvers: list[str] | None = None) -> Agent:
    """A model that asks for refund(1, 10) as c1, then, on the next message, re-issues
    c1 with amount=9999."""
    REFUNDS.clear()
    script = [
        tool_call_reply("refund", {"order": 1, "amount": 10}, call_id="c1"),
        tool_call_reply("refund", {"order": 1, "amount": 9999}, call_id="c1"),
        *after,
    ]
    approval = HumanApprovalMiddleware(tools=["refund"], approvers=approvers)
    agent, _ = make_agent(script, tool_registry=ToolRegistry([refund]), middleware=[approval])
    return agent


def paused_twice(client: TestClient) -> str:
    """Alice's conversation: c1 shown with amount=10, then the model re-issues c1 with 9999."""
    first = client.post("/api/v1/chat", json={"message": "refund order 1"}, headers=ALICE)
    conversation_id = first.headers["x-conversation-id"]
    done = parse_sse(first.text)[-1].json()
    assert [(c["id"], c["arguments"]) for c in done["pending_tool_calls"]] == [
        ("c1", {"order": 1, "amount": 10})
    ]
    second = client.post(
        "/api/v1/chat",
        json={"message": "and refund it fully", "conversation_id": conversation_id},
        headers=ALICE,
    )
    assert parse_sse(second.text)[-1].json()["paused"] is True
    return conversation_id


def waiting(client: TestClient, conversation_id: str) -> list[dict[str, Any]]:
    body = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE).json()
    return [p for p in body["pending_tool_calls"] if p["state"] == "pending"]


def test_rest_resume_never_runs_a_reissued_call_the_reviewer_did_not_see(
    make_client: ClientFactory,
) -> None:
    client = make_client(reissuing_agent(text_reply("Refunded.")))
    conversation_id = paused_twice(client)
    resume = f"/api/v1/conversations/{conversation_id}/resume"

    bare = {"tool_call_id": "c1", "action": "approve"}  # only the id: what the card showed
    response = client.post(resume, json={"decisions": [bare]}, headers=ALICE)
    assert REFUNDS == []  # 9999 was never shown: it does not run
    assert response.status_code == 422  # a decision names the digest shown
    seen = {**bare, "digest": SEEN}
    response = client.post(resume, json={"decisions": [seen]}, headers=ALICE)
    assert response.status_code == 409
    assert REFUNDS == []

    [new] = waiting(client, conversation_id)  # the re-issued call waits for its own approval
    assert new["id"] != "c1"
    assert new["arguments"] == {"order": 1, "amount": 9999}
    assert new["digest"] == call_digest(
        ToolCall(id=new["id"], name="refund", arguments={"order": 1, "amount": 9999})
    )
    stale = {"tool_call_id": new["id"], "action": "approve", "digest": SEEN}
    response = client.post(resume, json={"decisions": [stale]}, headers=ALICE)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "approval_changed"
    assert REFUNDS == []

    fresh = {"tool_call_id": new["id"], "action": "approve", "digest": new["digest"]}
    response = client.post(resume, json={"decisions": [fresh]}, headers=ALICE)
    assert response.status_code == 200
    assert parse_sse(response.text)[-1].json()["completed"] is True
    assert REFUNDS == [9999]  # the call the reviewer saw this time, once


def test_chat_approve_never_runs_a_reissued_call_the_reviewer_did_not_see(
    make_client: ClientFactory,
) -> None:
    client = make_client(reissuing_agent(text_reply("Refunded.")))
    conversation_id = paused_twice(client)

    def chat(message: str) -> Any:
        body = {"message": message, "conversation_id": conversation_id}
        return client.post("/api/v1/chat", json=body, headers=ALICE)

    response = chat("/approve c1")  # no digest: refused, nothing runs
    assert REFUNDS == []
    assert response.status_code == 422
    assert "digest" in response.json()["error"]["message"]
    response = chat(f"/approve c1 {SEEN}")
    assert response.status_code == 409
    [new] = waiting(client, conversation_id)
    response = chat(f"/approve {new['id']} {SEEN}")
    assert response.status_code == 409
    assert REFUNDS == []

    response = chat(f"/approve {new['id']} {new['digest']}")
    assert response.status_code == 200
    assert parse_sse(response.text)[-1].json()["completed"] is True
    assert REFUNDS == [9999]


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> ConversationStore:
    """Each store: the approvals index lives in the store."""
    if request.param == "memory":
        return MemoryConversationStore()
    if request.param == "sqlite":
        return SqliteConversationStore(tmp_path / "conversations.db")
    dsn = request.getfixturevalue("pg_dsn")
    return PostgresConversationStore(dsn, schema=request.getfixturevalue("pg_schema"))


def test_an_approver_decides_another_users_call_and_cannot_read_the_conversation(
    make_client: ClientFactory, store: ConversationStore
) -> None:
    REFUNDS.clear()
    approval = HumanApprovalMiddleware(tools=["refund"], approvers=["group:managers"])
    agent, _ = make_agent(
        [tool_call_reply("refund", {"order": 1, "amount": 10}, call_id="c1"), text_reply("Done.")],
        tool_registry=ToolRegistry([refund]),
        middleware=[approval],
        conversation_store=store,
    )
    client = make_client(agent, close_store_on_shutdown=True)
    started = client.post("/api/v1/chat", json={"message": "refund order 1"}, headers=ALICE)
    conversation_id = started.headers["x-conversation-id"]

    listed = client.get("/api/v1/approvals", headers=MAX)
    assert listed.status_code == 200
    [item] = listed.json()["approvals"]
    assert {k: item[k] for k in ("call_id", "tool", "arguments", "digest", "requested_by")} == {
        "call_id": "c1",
        "tool": "refund",
        "arguments": {"order": 1, "amount": 10},
        "digest": SEEN,
        "requested_by": "alice",
    }
    assert item["requested_at"]
    assert client.get("/api/v1/approvals", headers=BOB).json()["approvals"] == []

    for path in (f"/api/v1/conversations/{conversation_id}",):
        assert client.get(path, headers=MAX).status_code == 404
    resume = client.post(
        f"/api/v1/conversations/{conversation_id}/resume",
        json={"decisions": [{"tool_call_id": "c1", "action": "approve", "digest": SEEN}]},
        headers=MAX,
    )
    assert resume.status_code == 404
    decide = f"/api/v1/approvals/{item['approval_id']}"
    assert (
        client.post(decide, json={"decision": "approve", "digest": SEEN}, headers=BOB).status_code
        == 404
    )
    assert REFUNDS == []

    decided = client.post(decide, json={"decision": "approve", "digest": SEEN}, headers=MAX)
    assert decided.status_code == 200
    body = decided.json()
    assert (body["decision"], body["decided_by"], body["digest"]) == ("approved", "max", SEEN)
    assert "Done." not in decided.text  # the approver reads nothing of the conversation
    assert REFUNDS == [10]
    again = client.post(decide, json={"decision": "approve", "digest": SEEN}, headers=MAX)
    assert again.status_code in (404, 409)
    assert REFUNDS == [10]

    owner_view = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE).json()
    [record] = owner_view["metadata"]["hookline.approval_decisions"]
    assert (record["call_id"], record["decided_by"], record["approved"]) == ("c1", "max", True)
    assert owner_view["messages"][-1]["content"] == "Done."
    assert client.get("/api/v1/approvals", headers=MAX).json()["approvals"] == []


def test_agui_resume_binds_to_the_interrupts_digest(make_client: ClientFactory) -> None:
    client = make_client(reissuing_agent(text_reply("Refunded.")))
    conversation_id = paused_twice(client)  # a conversation of Alice's: its id is the thread
    [new] = waiting(client, conversation_id)

    def resume(payload: dict[str, Any]) -> Any:
        entry = {"interruptId": new["id"], "status": "resolved", "payload": payload}
        body = {"threadId": conversation_id, "runId": "r", "resume": [entry]}
        return client.post("/agui", json=body, headers=ALICE)

    assert resume({"approved": True}).status_code == 422  # no digest
    stale = resume({"approved": True, "digest": SEEN})
    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "approval_changed"
    assert REFUNDS == []
    assert resume({"approved": True, "digest": new["digest"]}).status_code == 200
    assert REFUNDS == [9999]


def test_a_client_tool_result_cannot_answer_a_call_waiting_for_a_reviewer(
    make_client: ClientFactory,
) -> None:
    """An OpenAI client's ``tool`` message naming the waiting refund is not its approval."""
    client = make_client(reissuing_agent())
    first = client.post("/api/v1/chat", json={"message": "refund order 1"}, headers=ALICE)
    conversation_id = first.headers["x-conversation-id"]
    body = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "refund"},
            {"role": "tool", "tool_call_id": f"hl~{conversation_id}~c1", "content": "done"},
        ],
    }
    response = client.post("/v1/chat/completions", json=body, headers=ALICE)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "digest_required"
    assert REFUNDS == []
    assert [p["id"] for p in waiting(client, conversation_id)] == ["c1"]


def test_the_owner_lists_their_own_waiting_calls_even_when_another_must_decide(
    make_client: ClientFactory,
) -> None:
    REFUNDS.clear()
    approval = HumanApprovalMiddleware(
        tools=["refund"], approvers=["group:managers"], self_approval=False
    )
    agent, _ = make_agent(
        [tool_call_reply("refund", {"order": 1, "amount": 10}, call_id="c1"), text_reply("No.")],
        tool_registry=ToolRegistry([refund]),
        middleware=[approval],
    )
    client = make_client(agent)
    started = client.post("/api/v1/chat", json={"message": "refund order 1"}, headers=ALICE)

    [own] = client.get("/api/v1/approvals", headers=ALICE).json()["approvals"]
    assert (own["may_decide"], own["conversation_id"]) == (
        False,
        started.headers["x-conversation-id"],
    )
    decide = f"/api/v1/approvals/{own['approval_id']}"
    refused = client.post(decide, json={"decision": "approve", "digest": SEEN}, headers=ALICE)
    assert refused.status_code == 403
    [theirs] = client.get("/api/v1/approvals", headers=MAX).json()["approvals"]
    assert theirs["may_decide"] is True and "conversation_id" not in theirs
    changed = client.post(decide, json={"decision": "approve", "digest": "0" * 64}, headers=MAX)
    assert changed.status_code == 409
    assert changed.json()["error"]["code"] == "approval_changed"
    rejected = client.post(
        decide, json={"decision": "reject", "digest": SEEN, "reason": "no"}, headers=MAX
    )
    assert rejected.status_code == 200
    assert {k: rejected.json()[k] for k in ("decision", "decided_by", "outcome")} == {
        "decision": "rejected",
        "decided_by": "max",
        "outcome": "completed",
    }
    assert REFUNDS == []


def test_a_waiting_call_that_cannot_be_read_does_not_break_the_list(
    make_client: ClientFactory,
) -> None:
    import asyncio

    from hookline import User
    from hookline.storage.approvals import PENDING_KEY

    store = MemoryConversationStore()
    good = {"call": SHOWN.model_dump(mode="json"), "reason": "why", "digest": SEEN}
    bad = {"call": {"id": "c0", "arguments": "not an object"}, "reason": "?", "digest": "x"}
    asyncio.run(
        store.create_conversation(
            User(id="alice"), conversation_id="a1", metadata={PENDING_KEY: [bad, good]}
        )
    )
    agent, _ = make_agent([], conversation_store=store)
    listed = make_client(agent).get("/api/v1/approvals", headers=ALICE)
    assert listed.status_code == 200
    assert [item["call_id"] for item in listed.json()["approvals"]] == ["c1"]


def test_the_list_pages_through_the_waiting_calls(make_client: ClientFactory) -> None:
    import asyncio

    from hookline import User
    from hookline.storage.approvals import PENDING_KEY

    store = MemoryConversationStore()
    for number in range(3):
        call = ToolCall(id=f"c{number}", name="refund", arguments={"order": number, "amount": 1})
        entry = {
            "call": call.model_dump(mode="json"),
            "reason": "why",
            "digest": call_digest(call),
            "requested_at": f"2026-01-01T00:00:0{number}+00:00",
        }
        metadata = {PENDING_KEY: [entry]}
        made = store.create_conversation(User(id="alice"), metadata=metadata)
        asyncio.run(made)
    agent, _ = make_agent([], conversation_store=store)
    client = make_client(agent)

    first = client.get("/api/v1/approvals?limit=2", headers=ALICE).json()
    assert ([a["call_id"] for a in first["approvals"]], first["next_offset"]) == (["c0", "c1"], 2)
    rest = client.get("/api/v1/approvals?limit=2&offset=2", headers=ALICE).json()
    assert ([a["call_id"] for a in rest["approvals"]], rest["next_offset"]) == (["c2"], None)
    assert client.get("/api/v1/approvals", headers=BOB).json()["approvals"] == []
