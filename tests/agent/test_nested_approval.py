"""Nested human-in-the-loop: a sub-agent's call that waits pauses the parent turn; approved
(here, or in a new process that rebuilds the agents from storage) it resumes inside the
sub-agent and finishes the parent turn; nothing that ran before the pause runs again."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest

import hookline
from hookline import approve, reject
from hookline.llm.scripted import text_reply
from hookline.storage import SqliteConversationStore
from hookline.tools.approval import pending_calls
from tests.agent.nested_worker import USER, build, first_turn

WORKER = Path(__file__).with_name("nested_worker.py")
ROOT = Path(__file__).resolve().parents[2]
SRC = str(Path(hookline.__file__).resolve().parents[1])


def effect_lines(effects: Path) -> list[str]:
    return effects.read_text().splitlines()


async def pause(db: Path, effects: Path) -> None:
    store = SqliteConversationStore(db)
    try:
        result = await first_turn(store, str(effects)).run("go", user=USER, conversation_id="top")
        conversation = await store.get_conversation("top", USER)
    finally:
        await store.close()
    assert result.paused and [c.id for c in result.pending_tool_calls] == ["p1"]
    [card] = [c.rich_component for c in result.components if c.type == "card"]
    assert card.content.startswith('**pay** `{"amount": 5}`')  # type: ignore[attr-defined]
    assert conversation is not None
    [waiting] = pending_calls(conversation)
    assert waiting.nested is not None and waiting.nested["agent"] == "helper"
    assert [c["call"]["id"] for c in waiting.nested["calls"]] == ["c1"]
    assert effect_lines(effects) == ["look 0", "look 1"]


async def stored_top(db: Path) -> list[tuple[str, str | None]]:
    store = SqliteConversationStore(db)
    try:
        conversation = await store.get_conversation("top", USER)
    finally:
        await store.close()
    assert conversation is not None
    return [(m.role, m.content) for m in conversation.messages]


FINISHED = [
    ("user", "go"),
    ("assistant", None),
    ("tool", "seen 0"),
    ("tool", "child done"),
    ("assistant", "parent done"),
]


async def test_a_sub_agents_approval_pauses_and_resumes_the_parent(tmp_path: Path) -> None:
    db, effects = tmp_path / "nested.db", tmp_path / "effects.txt"
    await pause(db, effects)
    store = SqliteConversationStore(db)
    try:
        agent = build(store, str(effects), [text_reply("child done")], [text_reply("parent done")])
        result = await agent.resume("top", {"p1": approve()}, user=USER)
    finally:
        await store.close()
    assert (result.paused, result.text) == (False, "parent done")
    assert result.tool_results == {"p1": "child done"}
    assert effect_lines(effects) == ["look 0", "look 1", "pay 5"]
    assert await stored_top(db) == FINISHED


@pytest.mark.slow
async def test_a_sub_agents_approval_is_approved_in_a_new_process(tmp_path: Path) -> None:
    db, effects = tmp_path / "nested.db", tmp_path / "effects.txt"
    await pause(db, effects)
    path = os.pathsep.join([SRC, str(ROOT), os.environ.get("PYTHONPATH", "")])
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        str(WORKER),
        str(db),
        str(effects),
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": path},
    )
    out, _ = await asyncio.wait_for(worker.communicate(), 60)
    assert worker.returncode == 0
    assert json.loads(out) == {
        "paused": False,
        "text": "parent done",
        "results": {"p1": "child done"},
    }
    assert effect_lines(effects) == ["look 0", "look 1", "pay 5"]  # nothing again
    assert await stored_top(db) == FINISHED


async def test_a_rejection_reaches_the_sub_agent_and_nothing_is_paid(tmp_path: Path) -> None:
    db, effects = tmp_path / "nested.db", tmp_path / "effects.txt"
    await pause(db, effects)
    store = SqliteConversationStore(db)
    try:
        agent = build(store, str(effects), [text_reply("child gave up")], [text_reply("ok")])
        result = await agent.resume("top", {"p1": reject("too much")}, user=USER)
        child_llm = agent.tool_registry.find("helper").agent.llm_service  # type: ignore[union-attr]
    finally:
        await store.close()
    assert result.tool_results == {"p1": "child gave up"}
    told = child_llm.requests[-1].messages[-1].content
    assert told == "Tool call rejected by reviewer: too much"
    assert effect_lines(effects) == ["look 0", "look 1"]
