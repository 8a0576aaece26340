"""Finding 11: bad bytes.  Invalid UTF-8, a lone surrogate (on every JSON endpoint) and
over-deep JSON get the same 422 ``invalid_request`` as any other invalid field, from a
live server; nothing is stored and the conversation list keeps answering.  A bad row
already in the store (written before the check existed) cannot break the list."""

from __future__ import annotations

from typing import Any

from hookline import HeaderUserResolver, MemoryConversationStore, Message, User, text_reply
from hookline.storage.models import Conversation
from tests.security.server_harness import answer_text, live

ADA = {"x-user-id": "ada", "content-type": "application/json"}
PROXY = HeaderUserResolver(trusted_proxies=["127.0.0.1"])
DEEP = b'{"message": "x", "metadata": {"a": ' + b"[" * 5000 + b"]" * 5000 + b"}}"
ATTACKS: list[tuple[str, bytes, str, str]] = [
    ("/api/v1/chat", b'{"message": "caf\xe9 \xff"}', "body", "is not valid UTF-8 (byte 0xe9"),
    ("/api/v1/chat", b'{"message": "hi \\ud800 there"}', "message", "lone UTF-16 surrogate"),
    ("/api/v1/chat", b'{"message": "hi", "metadata": {"\\udfff": 1}}', "metadata", "a key"),
    ("/api/v1/chat", DEEP, "body", "nests deeper than 64 levels"),
    (
        "/v1/chat/completions",
        b'{"model": "m", "messages": [{"role": "user", "content": "\\udc00"}]}',
        "messages.0.content",
        "lone UTF-16 surrogate",
    ),
    (
        "/agui",
        b'{"threadId": "t", "runId": "r", "state": {}, "tools": [], "context": [], '
        b'"forwardedProps": {}, "messages": [{"id": "u", "role": "user", "content": "\\ud83d"}]}',
        "messages.0.content",
        "lone UTF-16 surrogate",
    ),
]


async def test_bad_bytes_are_a_422_and_nothing_is_stored() -> None:
    with live([text_reply("Still here.")], PROXY) as server, server.client() as client:
        for path, body, field, text in ATTACKS:
            response = client.post(path, content=body, headers=ADA)

            assert response.status_code == 422, (path, response.text)
            error: dict[str, Any] = response.json()["error"]
            assert (error["type"], error["code"], error["param"]) == (
                "invalid_request_error",
                "invalid_request",
                field,
            )
            assert text in error["message"], error["message"]
            assert error["fields"] == [{"field": field, "message": error["message"]}]

        assert server.llm.requests == []
        assert await server.conversations("ada") == []
        listing = client.get("/api/v1/conversations", headers=ADA)
        assert listing.status_code == 200 and listing.json()["conversations"] == []
        ok = client.post("/api/v1/chat", json={"message": "Emoji 😀 ok"}, headers=ADA)
        assert ok.status_code == 200 and answer_text(ok.text) == "Still here."


class CorruptRowStore(MemoryConversationStore):
    """A store with one row that no longer loads (as a damaged database row would)."""

    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        if conversation_id == "corrupt-row":
            raise ValueError("invalid JSON in the messages of corrupt-row")
        return await super().get_conversation(conversation_id, user)


async def test_a_bad_row_already_stored_cannot_break_the_list() -> None:
    ada = User(id="ada")
    store = CorruptRowStore()
    for conversation_id, text in [
        ("old-bad-row", "broken \ud800 text"),  # stored before input was checked
        ("corrupt-row", "unreadable"),
        ("fine-row", "a fine question"),
    ]:
        await store.create_conversation(ada, conversation_id=conversation_id)
        await store.append_messages(conversation_id, ada, [Message(role="user", content=text)])
    with live([], PROXY, store=store) as server, server.client() as client:
        listing = client.get("/api/v1/conversations", headers=ADA)
        one = client.get("/api/v1/conversations/old-bad-row", headers=ADA)

    assert listing.status_code == 200, listing.text
    titles = {c["id"]: c["title"] for c in listing.json()["conversations"]}
    assert titles == {
        "old-bad-row": "broken \ufffd text",
        "corrupt-row": "New conversation",  # listed from its summary
        "fine-row": "a fine question",
    }
    assert one.status_code == 200
    assert one.json()["messages"][0]["content"] == "broken \ufffd text"
