"""A script that never closes its store still exits, and loses nothing it committed."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import hookline
from hookline import User
from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.storage.postgres import PostgresConversationStore
from tests.storage.conftest import pg_dsn, pg_schema

__all__ = ["pg_dsn", "pg_schema"]

pytestmark = pytest.mark.slow

SRC = str(Path(hookline.__file__).resolve().parents[1])
ALICE = User(id="alice")
SCRIPT = """
import asyncio, sys
from hookline import Agent, ScriptedLlmService, ToolRegistry, User, text_reply, tool
from hookline import tool_call_reply
from hookline.storage import SqliteConversationStore
from hookline.storage.postgres import PostgresConversationStore

@tool
async def lookup(city: str) -> str:
    \"\"\"Look a city up.\"\"\"
    return city + ": 2.1 million"

if sys.argv[1] == "sqlite":
    store = SqliteConversationStore(sys.argv[2])
else:
    store = PostgresConversationStore(sys.argv[2], schema=sys.argv[3])

async def main():
    script = [tool_call_reply("lookup", {"city": "Rome"}, call_id="k1"), text_reply("2.1M")]
    agent = Agent(ScriptedLlmService(script), tool_registry=ToolRegistry([lookup]),
                  conversation_store=store)
    result = await agent.run("Rome?", conversation_id="c1", user=User(id="alice"))
    print(result.text, flush=True)

asyncio.run(main())  # no store.close(): the interpreter must exit anyway
"""


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_script_that_never_closes_its_store_exits_and_keeps_its_data(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store: ConversationStore
    if backend == "sqlite":
        args = [str(tmp_path / "forgotten.db"), "-"]
        store = SqliteConversationStore(args[0])
    else:
        dsn, schema = request.getfixturevalue("pg_dsn"), request.getfixturevalue("pg_schema")
        args = [dsn, schema]
        store = PostgresConversationStore(dsn, schema=schema)
    script = tmp_path / "forgetful.py"
    script.write_text(textwrap.dedent(SCRIPT))
    env = {**os.environ, "PYTHONPATH": SRC}
    began = time.monotonic()
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, str(script), backend, *args],
        env=env,
        capture_output=True,
        timeout=30,
        check=False,
    )
    elapsed = time.monotonic() - began
    assert (done.returncode, done.stdout.strip()) == (0, b"2.1M"), done.stderr
    assert elapsed < 20  # it hung forever before (a non-daemon SQLite thread)
    try:
        conversation = await store.get_conversation("c1", ALICE)
        assert conversation is not None
        assert [m.role for m in conversation.messages] == ["user", "assistant", "tool", "assistant"]
        [entry] = await store.tool_calls("c1", ALICE)
        assert (entry.call_id, entry.state) == ("k1", "finished")
    finally:
        await store.close()
