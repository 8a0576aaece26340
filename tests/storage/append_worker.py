"""A separate OS process that appends numbered messages to one conversation.

Run by ``test_two_processes.py``: ``python append_worker.py KIND TARGET SCHEMA CID NAME COUNT``.
It prints ``ready``, waits for a line on stdin (the start signal shared by all
workers), then appends COUNT messages one at a time and prints ``done``.
"""

from __future__ import annotations

import asyncio
import sys

from hookline.storage import ConversationStore, Message
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.users.models import User


def _store(kind: str, target: str, schema: str) -> ConversationStore:
    if kind == "sqlite":
        return SqliteConversationStore(target)
    return PostgresConversationStore(target, schema=schema, max_pool_size=2)


async def _run(kind: str, target: str, schema: str, cid: str, name: str, count: int) -> None:
    store = _store(kind, target, schema)
    user = User(id="owner")
    await store.get_conversation(cid, user)  # connect (and migrate) before the start line
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    for i in range(count):
        await store.append_messages(cid, user, [Message(role="user", content=f"{name}-{i}")])
        await asyncio.sleep(0.002)  # like a server between turns: let the other process in
    await store.close()
    print("done", flush=True)


if __name__ == "__main__":
    kind, target, schema, cid, name, count = sys.argv[1:7]
    asyncio.run(_run(kind, target, schema, cid, name, int(count)))
