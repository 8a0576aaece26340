"""A process that starts a turn whose tool never returns; its parent SIGKILLs it.

python crash_worker.py sqlite PATH - TOOL EFFECTS
python crash_worker.py postgres DSN SCHEMA TOOL EFFECTS
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from hookline import Agent, ScriptedLlmService, User, text_reply, tool_call_reply
from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.storage.postgres import PostgresConversationStore
from tests.agent.crash_tools import crash_tools

ALICE = User(id="alice")
ARGUMENTS: dict[str, dict[str, Any]] = {
    "send_email": {"to": "bob@example.com"},
    "charge": {"amount": 42},
}


def open_store(backend: str, target: str, schema: str) -> ConversationStore:
    if backend == "sqlite":
        return SqliteConversationStore(target)
    return PostgresConversationStore(target, schema=schema, max_pool_size=2)


async def main(backend: str, target: str, schema: str, name: str, effects: str) -> None:
    script = [tool_call_reply(name, ARGUMENTS[name], call_id="call-1"), text_reply("never")]
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=crash_tools(Path(effects), hang=True),
        conversation_store=open_store(backend, target, schema),
    )
    await agent.run("please do it", conversation_id="crash-1", user=ALICE)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:6]))
