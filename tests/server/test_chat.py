"""POST /api/v1/chat and /resume: the SSE event sequence, starter UI, workflow commands,
approvals (by message and by the resume endpoint), owner checks.
"""

from __future__ import annotations

from starlette.testclient import TestClient

from hookline import LlmError, ToolCall, text_reply, tool_call_reply
from hookline.llm.scripted import ScriptStep
from hookline.tools.approval import call_digest
from tests.server.conftest import (
    ALICE,
    BOB,
    TOOL_RUNS,
    ClientFactory,
    event_types,
    make_agent,
    parse_sse,
)

R1 = call_digest(ToolCall(id="r1", name="refund", arguments={"order": 7}))  # the card's digest


def test_a_tool_turn_streams_one_event_per_component_then_done(
    make_client: ClientFactory,
) -> None:
    agent, _ = make_agent(
        [
            tool_call_reply("lookup", {"city": "Paris"}, call_id="c1"),
            text_reply("About 2.1 million."),
        ]
    )
    client = make_client(agent)

    response = client.post("/api/v1/chat", json={"message": "Population of Paris?"}, headers=ALICE)

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(response.text)
    assert event_types(events) == [
        "tool_execution",
        "tool_execution",
        "text",
        "text",
        "text",
        "done",
    ]
    running, finished = events[0].json()["rich"], events[1].json()["rich"]
    assert (running["status"], running["arguments"]) == ("running", {"city": "Paris"})
    assert finished["status"] == "success" and finished["duration_ms"] >= 0
    assert "".join(e.json()["rich"]["content"] for e in events[2:5]) == "About 2.1 million."
    done = events[-1].json()
    assert done["conversation_id"] == response.headers["x-conversation-id"]
    assert done["completed"] is True and done["paused"] is False
    assert done["usage"] == {"input_tokens": 20, "output_tokens": 10}


def test_the_next_message_continues_the_conversation(make_client: ClientFactory) -> None:
    agent, llm = make_agent([text_reply("Hello."), text_reply("Still here.")])
    client = make_client(agent)
    first = client.post("/api/v1/chat", json={"message": "Hi"}, headers=ALICE)
    conversation_id = first.headers["x-conversation-id"]

    client.post(
        "/api/v1/chat",
        json={"message": "Again", "conversation_id": conversation_id},
        headers=ALICE,
    )

    assert [m.content for m in llm.requests[1].messages] == ["Hi", "Hello.", "Again"]
    stored = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE).json()
    assert [m["role"] for m in stored["messages"]] == ["user", "assistant", "user", "assistant"]


def test_an_empty_message_streams_the_starter_ui(make_client: ClientFactory) -> None:
    agent, llm = make_agent([])
    client = make_client(agent)

    events = parse_sse(client.post("/api/v1/chat", json={"message": ""}, headers=ALICE).text)

    assert event_types(events) == ["text", "status_bar_update", "chat_input_update", "done"]
    assert "type `/help`" in events[0].json()["rich"]["content"].lower()
    assert events[-1].json()["completed"] is True
    assert llm.requests == []
    metrics = client.get("/metrics").text
    assert 'hookline_server_turns_total{endpoint="chat",outcome="completed"} 1.0' in metrics


def test_starter_ui_request_metadata_asks_for_the_starter_ui(make_client: ClientFactory) -> None:
    agent, llm = make_agent([])
    client = make_client(agent)
    body = {"message": "hello", "metadata": {"starter_ui_request": True}}

    events = parse_sse(client.post("/api/v1/chat", json=body, headers=ALICE).text)

    assert event_types(events)[0] == "text" and event_types(events)[-1] == "done"
    assert llm.requests == []


def test_help_is_answered_by_the_workflow_handler_without_the_model(
    make_client: ClientFactory,
) -> None:
    agent, llm = make_agent([])
    client = make_client(agent)

    events = parse_sse(client.post("/api/v1/chat", json={"message": "/help"}, headers=ALICE).text)

    assert event_types(events) == ["text", "status_bar_update", "chat_input_update", "done"]
    assert "## Commands" in events[0].json()["rich"]["content"]
    assert llm.requests == []


def test_a_failed_turn_streams_an_error_without_a_trace(make_client: ClientFactory) -> None:
    agent, _ = make_agent([LlmError("upstream said no")])
    client = make_client(agent)

    events = parse_sse(client.post("/api/v1/chat", json={"message": "Hi"}, headers=ALICE).text)

    assert event_types(events) == ["error", "done"]
    error = events[0].json()["rich"]
    assert error["code"] == "turn_failed"
    assert "Traceback" not in error["message"] and 'File "' not in error["message"]
    done = events[1].json()
    assert done["completed"] is False and done["error"] == error["message"]


def test_chat_in_another_users_conversation_is_refused_and_leaves_it_unchanged(
    make_client: ClientFactory,
) -> None:
    agent, _ = make_agent([text_reply("Alice's answer."), text_reply("never used")])
    client = make_client(agent)
    alice_id = client.post("/api/v1/chat", json={"message": "Hi"}, headers=ALICE).headers[
        "x-conversation-id"
    ]

    events = parse_sse(
        client.post(
            "/api/v1/chat", json={"message": "Hack", "conversation_id": alice_id}, headers=BOB
        ).text
    )

    assert event_types(events) == ["error", "done"]
    assert events[0].json()["rich"]["message"] == "Conversation not found."
    stored = client.get(f"/api/v1/conversations/{alice_id}", headers=ALICE).json()
    assert [m["content"] for m in stored["messages"]] == ["Hi", "Alice's answer."]


def test_a_malformed_conversation_id_is_a_422_naming_the_field(make_client: ClientFactory) -> None:
    agent, _ = make_agent([])
    client = make_client(agent)

    response = client.post(
        "/api/v1/chat", json={"message": "Hi", "conversation_id": "../etc"}, headers=ALICE
    )

    assert response.status_code == 422
    assert response.json()["error"]["param"] == "conversation_id"


def _paused(client_factory: ClientFactory, *script: ScriptStep) -> tuple[TestClient, str, str]:
    agent, _ = make_agent(
        [tool_call_reply("refund", {"order": 7}, call_id="r1"), *script], approval=True
    )
    client = client_factory(agent)
    response = client.post("/api/v1/chat", json={"message": "Refund order 7"}, headers=ALICE)
    events = parse_sse(response.text)
    assert event_types(events) == ["tool_execution", "tool_execution", "card", "done"]
    card = events[2].json()["rich"]
    assert [b["label"] for b in card["buttons"]] == ["Approve", "Reject", "Edit"]
    done = events[-1].json()
    assert done["paused"] is True
    assert done["pending_tool_calls"] == [
        {
            "id": "r1",
            "name": "refund",
            "arguments": {"order": 7},
            "reason": "Refunds need a human.",
            "digest": R1,
        }
    ]
    assert TOOL_RUNS == []
    return client, done["conversation_id"], "r1"


def test_approve_by_message_runs_the_paused_call(make_client: ClientFactory) -> None:
    client, conversation_id, call_id = _paused(make_client, text_reply("Refunded."))

    events = parse_sse(
        client.post(
            "/api/v1/chat",
            json={"message": f"/approve {call_id} {R1}", "conversation_id": conversation_id},
            headers=ALICE,
        ).text
    )

    assert event_types(events) == [
        "tool_execution",
        "tool_execution",
        "text",
        "text",
        "text",
        "done",
    ]
    assert TOOL_RUNS == [("refund", {"order": 7})]


def test_resume_endpoint_approves_with_edited_arguments(make_client: ClientFactory) -> None:
    client, conversation_id, call_id = _paused(make_client, text_reply("Refunded order 8."))

    response = client.post(
        f"/api/v1/conversations/{conversation_id}/resume",
        json={
            "decisions": [
                {
                    "tool_call_id": call_id,
                    "action": "edit",
                    "arguments": {"order": 8},
                    "digest": R1,
                }
            ]
        },
        headers=ALICE,
    )

    events = parse_sse(response.text)
    assert event_types(events) == [
        "tool_execution",
        "tool_execution",
        "text",
        "text",
        "text",
        "done",
    ]
    assert events[1].json()["rich"]["arguments"] == {"order": 8}
    assert TOOL_RUNS == [("refund", {"order": 8})]
    stored = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE).json()
    assert stored["pending_tool_calls"] == []
    assert [m["role"] for m in stored["messages"]] == ["user", "assistant", "tool", "assistant"]


def test_resume_endpoint_rejects(make_client: ClientFactory) -> None:
    client, conversation_id, call_id = _paused(make_client, text_reply("Understood."))

    response = client.post(
        f"/api/v1/conversations/{conversation_id}/resume",
        json={
            "decisions": [
                {"tool_call_id": call_id, "action": "reject", "reason": "too big", "digest": R1}
            ]
        },
        headers=ALICE,
    )

    events = parse_sse(response.text)
    assert event_types(events)[0] == "tool_execution"
    assert events[0].json()["rich"]["status"] == "rejected"
    assert TOOL_RUNS == []
    stored = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE).json()
    tool_message = next(m for m in stored["messages"] if m["role"] == "tool")
    assert tool_message["content"] == "Tool call rejected by reviewer: too big"


def test_resume_errors_are_http_errors(make_client: ClientFactory) -> None:
    client, conversation_id, call_id = _paused(make_client)
    url = f"/api/v1/conversations/{conversation_id}/resume"
    approve = {"decisions": [{"tool_call_id": call_id, "action": "approve", "digest": R1}]}

    unknown = client.post(
        url,
        json={"decisions": [{"tool_call_id": "nope", "action": "approve", "digest": R1}]},
        headers=ALICE,
    )
    other_user = client.post(url, json=approve, headers=BOB)
    no_arguments = client.post(
        url,
        json={"decisions": [{"tool_call_id": call_id, "action": "edit", "digest": R1}]},
        headers=ALICE,
    )
    bad_action = client.post(
        url,
        json={"decisions": [{"tool_call_id": call_id, "action": "maybe", "digest": R1}]},
        headers=ALICE,
    )

    assert unknown.status_code == 409 and "'nope'" in unknown.json()["error"]["message"]
    assert other_user.status_code == 404
    assert other_user.json()["error"]["message"] == "Conversation not found."
    assert no_arguments.status_code == 422
    assert "edited 'arguments'" in no_arguments.json()["error"]["message"]
    assert bad_action.status_code == 422
    assert bad_action.json()["error"]["param"] == "decisions.0.action"
    assert TOOL_RUNS == []
