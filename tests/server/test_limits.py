"""Request limits and error shapes: 413, 422 naming the field, 500 without a trace."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest

from hookline import MemoryConversationStore, User, text_reply
from hookline.server.sse import sse_event
from hookline.storage.models import Conversation
from tests.server.conftest import ALICE, ClientFactory, make_agent


def test_a_body_over_the_limit_is_413_before_it_is_read(make_client: ClientFactory) -> None:
    agent, llm = make_agent([text_reply("never")])
    client = make_client(agent, max_body_bytes=1000)

    response = client.post("/api/v1/chat", json={"message": "x" * 2000}, headers=ALICE)

    assert response.status_code == 413
    assert response.json()["error"] == {
        "message": "Request body too large: the limit is 1000 bytes.",
        "type": "request_too_large",
        "code": "request_too_large",
        "param": None,
    }
    assert llm.requests == []


def test_a_chunked_body_over_the_limit_is_413(make_client: ClientFactory) -> None:
    agent, llm = make_agent([text_reply("never")])
    client = make_client(agent, max_body_bytes=1000)

    def chunks() -> Iterator[bytes]:
        yield b'{"message": "'
        for _ in range(30):
            yield b"x" * 100
        yield b'"}'

    headers = {**ALICE, "content-type": "application/json"}
    response = client.post("/api/v1/chat", content=chunks(), headers=headers)

    assert "content-length" not in response.request.headers
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "request_too_large"
    assert llm.requests == []


def test_a_body_under_the_limit_passes(make_client: ClientFactory) -> None:
    agent, _ = make_agent([text_reply("ok")])
    client = make_client(agent, max_body_bytes=1000)

    assert (
        client.post("/api/v1/chat", json={"message": "x" * 500}, headers=ALICE).status_code == 200
    )


def test_bad_json_and_bad_fields_are_422_naming_the_field(make_client: ClientFactory) -> None:
    agent, _ = make_agent([])
    client = make_client(agent)
    headers = {**ALICE, "content-type": "application/json"}

    broken = client.post("/api/v1/chat", content=b'{"message": ', headers=headers)
    wrong_type = client.post("/api/v1/chat", json={"message": 5}, headers=ALICE)
    unknown = client.post("/api/v1/chat", json={"mesage": "hi"}, headers=ALICE)

    assert broken.status_code == 422
    assert broken.json()["error"]["param"] == "body"
    assert broken.json()["error"]["message"].startswith("The request body is not valid JSON")
    assert wrong_type.status_code == 422
    assert wrong_type.json()["error"]["param"] == "message"
    assert wrong_type.json()["error"]["message"] == "message: Input should be a valid string"
    assert unknown.status_code == 422
    assert unknown.json()["error"]["fields"] == [
        {"field": "mesage", "message": "Extra inputs are not permitted"}
    ]


class BrokenStore(MemoryConversationStore):
    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        raise RuntimeError("secret connection string postgres://admin:hunter2@db")


def test_an_unexpected_error_is_500_without_details(
    make_client: ClientFactory, caplog: pytest.LogCaptureFixture
) -> None:
    agent, _ = make_agent([], conversation_store=BrokenStore())
    client = make_client(agent, raise_server_exceptions=False)

    with caplog.at_level(logging.ERROR, logger="hookline.server"):
        response = client.get("/api/v1/conversations", headers=ALICE)

    assert response.status_code == 500
    error_id = response.json()["error"]["error_id"]
    assert re.fullmatch(r"err-[0-9a-f]{12}", error_id)
    assert response.json() == {
        "error": {
            "message": f"Internal server error (error id {error_id}).",
            "type": "server_error",
            "code": "internal_error",
            "param": None,
            "error_id": error_id,
        }
    }
    assert "hunter2" not in response.text and "Traceback" not in response.text
    logged = [r for r in caplog.records if error_id in r.getMessage()]
    assert logged and logged[0].exc_info is not None  # the details are in the log


def test_unknown_routes_are_json_404(make_client: ClientFactory) -> None:
    agent, _ = make_agent([])
    client = make_client(agent)

    response = client.get("/api/v1/nothing-here")

    assert response.status_code == 404
    assert response.json()["error"]["type"] == "not_found_error"


def test_sse_event_encoding() -> None:
    event: Any = sse_event("line one\nline two", event="done", event_id="7")

    assert event == b"event: done\nid: 7\ndata: line one\ndata: line two\n\n"
