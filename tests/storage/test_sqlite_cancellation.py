"""A cancelled SQLite call (a timeout, a client that went away) leaves the store usable.

Found by the chaos suite: a task cancelled while its ``BEGIN`` was on the way
left the connection inside a transaction, so every later call failed with
"cannot start a transaction within a transaction" (and the file stayed
write-locked for other processes).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from hookline.storage import Message, SqliteConversationStore
from hookline.users.models import User

OWNER = User(id="owner")


async def _cancel_after(store: SqliteConversationStore, content: str, spins: int) -> None:
    """Start an append and cancel it after ``spins`` passes of the event loop."""
    task = asyncio.create_task(
        store.append_messages("c1", OWNER, [Message(role="user", content=content)])
    )
    for _ in range(spins):
        await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def test_appends_cancelled_at_any_point_leave_the_store_usable(tmp_path: Path) -> None:
    store = SqliteConversationStore(tmp_path / "cancel.db")
    await store.create_conversation(OWNER, conversation_id="c1")
    try:
        for spins in range(12):  # every await of an append, BEGIN included
            await _cancel_after(store, f"cancelled-{spins}", spins)
            message = Message(role="user", content=f"after-{spins}")
            await asyncio.wait_for(store.append_messages("c1", OWNER, [message]), 10)
        conversation = await store.get_conversation("c1", OWNER)
    finally:
        await store.close()
    assert conversation is not None
    contents = [m.content or "" for m in conversation.messages]
    assert [c for c in contents if c.startswith("after-")] == [f"after-{i}" for i in range(12)]
    assert max(Counter(contents).values()) == 1


async def test_a_cancelled_read_leaves_the_store_usable(tmp_path: Path) -> None:
    store = SqliteConversationStore(tmp_path / "cancel.db")
    await store.create_conversation(OWNER, conversation_id="c1")
    try:
        for spins in range(8):
            task = asyncio.create_task(store.get_conversation("c1", OWNER))
            for _ in range(spins):
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            loaded = await asyncio.wait_for(store.get_conversation("c1", OWNER), 10)
            assert loaded is not None and loaded.id == "c1"
    finally:
        await store.close()
