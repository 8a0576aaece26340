"""GET /api/v1/conversations (paginated), GET and DELETE one: scoped to the resolved user."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.testclient import TestClient

from hookline import User, text_reply
from hookline.storage.sqlite import SqliteConversationStore
from tests.server.conftest import ALICE, BOB, ClientFactory, make_agent


def _chat(client: TestClient, message: str, headers: dict[str, str]) -> str:
    response = client.post("/api/v1/chat", json={"message": message}, headers=headers)
    assert response.status_code == 200
    return response.headers["x-conversation-id"]


def test_list_is_paginated_newest_first_and_only_the_users_own(
    make_client: ClientFactory,
) -> None:
    agent, _ = make_agent([text_reply(f"answer {i}") for i in range(4)])
    client = make_client(agent)
    ids = [_chat(client, f"question {i}", ALICE) for i in range(3)]
    bobs = _chat(client, "bob's question", BOB)

    first = client.get("/api/v1/conversations?limit=2", headers=ALICE).json()
    second = client.get("/api/v1/conversations?limit=2&offset=2", headers=ALICE).json()

    assert [c["id"] for c in first["conversations"]] == [ids[2], ids[1]]
    assert first["next_offset"] == 2
    assert [c["id"] for c in second["conversations"]] == [ids[0]]
    assert second["next_offset"] is None
    assert first["conversations"][0]["title"] == "question 2"
    assert first["conversations"][0]["message_count"] == 2
    listed_for_bob = client.get("/api/v1/conversations", headers=BOB).json()["conversations"]
    assert [c["id"] for c in listed_for_bob] == [bobs]


def test_pagination_parameters_are_validated(make_client: ClientFactory) -> None:
    agent, _ = make_agent([])
    client = make_client(agent)

    too_many = client.get("/api/v1/conversations?limit=1000", headers=ALICE)
    negative = client.get("/api/v1/conversations?offset=-1", headers=ALICE)

    assert too_many.status_code == 422 and too_many.json()["error"]["param"] == "query.limit"
    assert negative.status_code == 422 and negative.json()["error"]["param"] == "query.offset"


def test_get_returns_messages_and_another_user_gets_404(make_client: ClientFactory) -> None:
    agent, _ = make_agent([text_reply("Hello Alice.")])
    client = make_client(agent)
    conversation_id = _chat(client, "Hi", ALICE)

    mine = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE)
    theirs = client.get(f"/api/v1/conversations/{conversation_id}", headers=BOB)
    missing = client.get("/api/v1/conversations/does-not-exist", headers=ALICE)
    malformed = client.get("/api/v1/conversations/%2E%2E", headers=ALICE)

    assert mine.status_code == 200
    body = mine.json()
    assert body["id"] == conversation_id
    assert [(m["role"], m["content"]) for m in body["messages"]] == [
        ("user", "Hi"),
        ("assistant", "Hello Alice."),
    ]
    assert body["pending_tool_calls"] == []
    for response in (theirs, missing, malformed):
        assert response.status_code == 404
        assert response.json()["error"] == {
            "message": "Conversation not found.",
            "type": "not_found_error",
            "code": "conversation_not_found",
            "param": None,
        }


def test_delete_removes_only_the_users_own(make_client: ClientFactory) -> None:
    agent, _ = make_agent([text_reply("Hello.")])
    client = make_client(agent)
    conversation_id = _chat(client, "Hi", ALICE)

    by_bob = client.delete(f"/api/v1/conversations/{conversation_id}", headers=BOB)
    still_there = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE)
    by_alice = client.delete(f"/api/v1/conversations/{conversation_id}", headers=ALICE)
    again = client.delete(f"/api/v1/conversations/{conversation_id}", headers=ALICE)

    assert by_bob.status_code == 404
    assert still_there.status_code == 200
    assert by_alice.status_code == 204 and by_alice.content == b""
    assert again.status_code == 404
    assert client.get("/api/v1/conversations", headers=ALICE).json()["conversations"] == []


def test_a_sqlite_store_holds_what_the_api_shows(
    make_client: ClientFactory, tmp_path: Path
) -> None:
    store = SqliteConversationStore(tmp_path / "hookline.db")
    agent, _ = make_agent([text_reply("Stored.")], conversation_store=store)
    client = make_client(agent, close_store_on_shutdown=True)

    conversation_id = _chat(client, "Keep this", ALICE)
    client.close()  # shuts the app down: the store is closed

    async def read() -> list[str | None]:
        fresh = SqliteConversationStore(tmp_path / "hookline.db")
        try:
            found = await fresh.get_conversation(conversation_id, User(id="alice"))
            assert found is not None
            return [m.content for m in found.messages]
        finally:
            await fresh.close()

    assert asyncio.run(read()) == ["Keep this", "Stored."]
