"""Finding 10: leaks.  A tool whose exception names a secret, and a model that names an
admin-only tool: on every client surface of a live server (SSE chat, the stored
conversation, AG-UI, the OpenAI-compatible endpoint) the user sees a generic message
with an error id, never the exception's text nor the name of a tool they may not use;
the log has the details under the same id."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from hookline import HeaderUserResolver, text_reply, tool_call_reply
from tests.security.server_harness import RAN, SECRET_TEXT, live, sse_data

ANALYST = {"x-user-id": "ada", "x-user-groups": "analysts"}
PROXY = HeaderUserResolver(trusted_proxies=["127.0.0.1"])
ERROR_ID = re.compile(r"err-[0-9a-f]{12}")


def crash_then_answer(call_id: str) -> list[Any]:
    return [tool_call_reply("crash", {"city": "Oslo"}, call_id=call_id), text_reply("Sorry.")]


def agui_input(thread: str) -> dict[str, Any]:
    return {
        "threadId": thread,
        "runId": "run-1",
        "state": {},
        "messages": [{"id": "u1", "role": "user", "content": "Oslo?"}],
        "tools": [],
        "context": [],
        "forwardedProps": {},
    }


async def test_a_crashing_tool_shows_an_error_id_never_its_exception(
    caplog: pytest.LogCaptureFixture,
) -> None:
    script = [*crash_then_answer("c1"), *crash_then_answer("c2"), *crash_then_answer("c3")]
    with (
        caplog.at_level(logging.ERROR, logger="hookline.tools"),
        live(script, PROXY) as server,
        server.client(headers=ANALYST) as client,
    ):
        chat = client.post("/api/v1/chat", json={"message": "Oslo?"})
        conversation_id = chat.headers["x-conversation-id"]
        stored = client.get(f"/api/v1/conversations/{conversation_id}")
        agui = client.post("/agui", json=agui_input("thread-1"))
        openai = client.post(
            "/v1/chat/completions",
            json={"model": "m", "messages": [{"role": "user", "content": "Oslo?"}]},
        )

    for response in (chat, stored, agui, openai):
        assert response.status_code == 200, response.text
        assert "hunter2" not in response.text and "ConnectionError" not in response.text
    finished = [d["rich"] for d in sse_data(chat.text) if d.get("type") == "tool_execution"][-1]
    assert finished["status"] == "error"
    match = re.fullmatch(
        r"The tool 'crash' failed \(error id (err-[0-9a-f]{12})\)\.", finished["error"]
    )
    assert match is not None, finished["error"]
    tool_message = [m for m in stored.json()["messages"] if m["role"] == "tool"][0]
    assert tool_message["content"] == finished["error"]  # the stored turn shows the same
    results = [d for d in sse_data(agui.text) if d.get("type") == "TOOL_CALL_RESULT"]
    assert ERROR_ID.search(results[0]["content"])
    # the model read what happened, the password masked (issue 31); the log has it whole,
    # with the id the user was shown
    assert "could not connect to postgres://admin:***@db.internal" in (
        server.llm.requests[1].messages[-1].content or ""
    )
    logged = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert logged and SECRET_TEXT in str(logged[0].exc_info[1])  # type: ignore[index]
    assert RAN == ["crash Oslo"] * 3


async def test_admin_only_tool_names_never_reach_a_user_outside_the_group() -> None:
    script = [tool_call_reply("drop_everything", {}, call_id="c1"), text_reply("I cannot.")]
    script += [tool_call_reply("reset_accounts", {"scope": "all"}, call_id="c2")]
    script += [text_reply("I cannot.")]
    with live(script, PROXY) as server, server.client(headers=ANALYST) as client:
        unknown = client.post("/api/v1/chat", json={"message": "wipe"})
        forbidden = client.post("/api/v1/chat", json={"message": "reset all"})
        help_page = client.post("/api/v1/chat", json={"message": "/help"})
        starter = client.post("/api/v1/chat", json={"message": ""})
        listing = client.get("/api/v1/conversations")
        ids = [c["id"] for c in listing.json()["conversations"]]
        stored = [client.get(f"/api/v1/conversations/{i}").text for i in ids]

    offered = [t.name for t in server.llm.requests[0].tools or []]
    assert offered == ["lookup", "crash"]  # the schemas the model saw
    refusals = [
        d["rich"]["error"]
        for d in sse_data(unknown.text + forbidden.text)
        if d.get("type") == "tool_execution" and d["rich"]["status"] == "error"
    ]
    assert refusals == [
        "Tool 'drop_everything' is not available to this user. Available tools: crash, lookup.",
        "Tool 'reset_accounts' is not available to this user. Available tools: crash, lookup.",
    ]  # one refusal for a tool that exists and one that does not: nothing to probe
    model_read = [m.content for r in server.llm.requests for m in r.messages if m.role == "tool"]
    assert model_read == refusals
    for text in (unknown.text, help_page.text, starter.text, stored[-1]):
        assert "reset_accounts" not in text  # only where the model itself named it
    assert listing.status_code == 200
    assert RAN == []
