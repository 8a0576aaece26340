"""Titles hold no control or bidi-override characters; message content is kept as sent.

Stored through every store (memory, SQLite, PostgreSQL: set at creation, replaced,
compare-and-set) and derived from the first message by the server's listing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hookline import text_reply
from hookline.server import create_app
from hookline.storage import ConversationStore, MemoryConversationStore, Message
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.storage.titles import clean_title
from hookline.users.models import User
from tests.server.conftest import ALICE as ALICE_HEADERS
from tests.server.conftest import PROXY, make_agent

ALICE = User(id="alice", username="Alice")
EVIL = "Q3\x00 re\u202eport\u2066 \x1b[31mdraft\x9b\u200f\u061c\n\tfinal\u2069\u202a"
CLEAN = "Q3 report [31mdraft final"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (EVIL, CLEAN),
        ("plain title", "plain title"),
        ("\u202e\u2067\x00", ""),
        ("Ünïcode — 東京 🎉", "Ünïcode — 東京 🎉"),
        ("a\r\n\x0bb", "a b"),
        ("\x7fdel\x85nel\u200eltr", "del nelltr"),
    ],
    ids=["mixed", "plain", "only-invisible", "unicode", "whitespace", "del-nel-lrm"],
)
def test_clean_title(text: str, title: str) -> None:
    assert clean_title(text) == title


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ConversationStore]:
    made: ConversationStore
    if request.param == "memory":
        made = MemoryConversationStore()
    elif request.param == "sqlite":
        made = SqliteConversationStore(tmp_path / "conversations.db")
    else:
        dsn = request.getfixturevalue("pg_dsn")
        made = PostgresConversationStore(dsn, schema=request.getfixturevalue("pg_schema"))
    yield made
    await made.close()


async def test_a_stored_title_is_clean_on_every_write(store: ConversationStore) -> None:
    created = await store.create_conversation(ALICE, metadata={"title": EVIL, "n": 1})
    await store.append_messages(created.id, ALICE, [Message(role="user", content=EVIL)])
    after_create = await store.get_conversation(created.id, ALICE)
    await store.update_metadata(created.id, ALICE, {"title": EVIL + "2", "n": 2})
    after_update = await store.get_conversation(created.id, ALICE)
    swapped = await store.compare_and_set_metadata(
        created.id, ALICE, "n", 2, {"title": "\u202e" + EVIL}
    )
    listed = await store.list_conversations(ALICE)

    assert created.metadata == {"title": CLEAN, "n": 1}
    assert after_create is not None and after_create.metadata["title"] == CLEAN
    assert after_create.messages[0].content == EVIL  # the message is kept exactly
    assert after_update is not None and after_update.metadata["title"] == CLEAN + "2"
    assert swapped is True
    assert [c.metadata["title"] for c in listed] == [CLEAN]


def test_the_listed_title_is_clean_and_the_message_is_kept_as_sent() -> None:
    agent, _ = make_agent([text_reply("Noted.")])
    with TestClient(create_app(agent), base_url="http://localhost", client=PROXY) as client:
        sent = client.post("/api/v1/chat", json={"message": EVIL}, headers=ALICE_HEADERS)
        listed = client.get("/api/v1/conversations", headers=ALICE_HEADERS).json()
        conversation_id = listed["conversations"][0]["id"]
        shown = client.get(f"/api/v1/conversations/{conversation_id}", headers=ALICE_HEADERS)

    assert sent.status_code == 200
    assert [c["title"] for c in listed["conversations"]] == [CLEAN]
    first = shown.json()["messages"][0]
    assert (first["role"], first["content"]) == ("user", EVIL)
    assert shown.json()["title"] == CLEAN
