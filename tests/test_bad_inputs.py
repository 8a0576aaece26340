"""The bad-input catalogue: every kind of bad input gets a clear error -- the
exact text the user or the model sees -- and leaves the state as it was.

"State" is what the input could have damaged: the conversation store, the
database a tool guards, a side effect, a file outside a workflow folder.
Each case returns what was seen; the test compares it with the catalogue.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    text_reply,
    tool,
)
from hookline.components import UiComponent
from hookline.sql import SqliteRunner
from hookline.storage import Conversation
from hookline.tools.builtin import RunSqlTool
from hookline.users.resolvers import StaticUserResolver

ALICE = User(id="alice", username="alice", group_memberships=["analysts"])
BOB = User(id="bob", username="bob")
SIDE_EFFECTS: list[str] = []


@tool
async def lookup(city: str) -> str:
    """Look up a city."""
    SIDE_EFFECTS.append(f"lookup {city}")
    return f"{city}: 2.1 million"


@tool(access_groups=["admin"])
async def reset_accounts(scope: str) -> str:
    """Reset accounts (administrators only)."""
    SIDE_EFFECTS.append(f"reset {scope}")
    return "reset"


# -- helpers ---------------------------------------------------------------------------


def _answer_after_tool(call: ToolCall) -> Callable[[LlmRequest], LlmResponse]:
    """The model makes ``call``, then answers once a tool result is in."""

    def script(request: LlmRequest) -> LlmResponse:
        if request.messages[-1].role == "tool":
            return text_reply("I could not do that.")
        return LlmResponse(tool_calls=[call], finish_reason="tool_calls")

    return script


def _agent(
    llm: ScriptedLlmService,
    store: MemoryConversationStore,
    user: User,
    tools: ToolRegistry | None = None,
    **kwargs: Any,
) -> Agent:
    return Agent(
        llm,
        tool_registry=tools or ToolRegistry([lookup, reset_accounts]),
        conversation_store=store,
        user_resolver=StaticUserResolver(user),
        **kwargs,
    )


async def _send(agent: Agent, message: str, cid: str | None = None) -> list[UiComponent]:
    return [c async for c in agent.send_message(RequestContext(), message, cid)]


def _error_text(components: list[UiComponent]) -> str:
    errors = [c for c in components if c.rich_component.type == "error"]
    assert len(errors) == 1, [c.rich_component.type for c in components]
    return str(errors[0].rich_component.message)  # type: ignore[attr-defined]


async def _snapshot(store: MemoryConversationStore, *users: User) -> list[Conversation]:
    """Every conversation of ``users``, with its messages."""
    out = []
    for user in users:
        for listed in await store.list_conversations(user, limit=100):
            loaded = await store.get_conversation(listed.id, user)
            assert loaded is not None
            out.append(loaded)
    return out


async def _model_sees_tool_error(call: ToolCall, user: User = ALICE) -> str:
    """Run a turn whose model makes ``call``; return the tool result the model reads.

    State: the tool never ran (no side effect), and the store holds exactly
    the turn (the question, the call, its error result, the answer).
    """
    SIDE_EFFECTS.clear()
    store = MemoryConversationStore()
    llm = ScriptedLlmService(_answer_after_tool(call))
    result = await _agent(llm, store, user).run("do it", conversation_id="c1")
    assert result.text == "I could not do that."
    assert SIDE_EFFECTS == []
    stored = await store.get_conversation("c1", user)
    assert stored is not None
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "assistant"]
    assert stored.messages[2].content == llm.requests[-1].messages[-1].content
    return llm.requests[-1].messages[-1].content or ""


# -- the cases ---------------------------------------------------------------------------


async def malformed_tool_arguments(tmp_path: Path) -> str:
    call = ToolCall(id="t1", name="lookup", raw_arguments='{"city": ')
    return await _model_sees_tool_error(call)


async def wrong_argument_type(tmp_path: Path) -> str:
    return await _model_sees_tool_error(ToolCall(id="t1", name="lookup", arguments={"city": 5}))


async def unknown_tool(tmp_path: Path) -> str:
    return await _model_sees_tool_error(ToolCall(id="t1", name="drop_everything", arguments={}))


async def tool_outside_access_groups(tmp_path: Path) -> str:
    call = ToolCall(id="t1", name="reset_accounts", arguments={"scope": "all"})
    return await _model_sees_tool_error(call, user=BOB)


async def oversized_message(tmp_path: Path) -> str:
    store = MemoryConversationStore()
    llm = ScriptedLlmService([text_reply("never")])
    agent = _agent(llm, store, ALICE, config=AgentConfig(max_message_chars=100))
    await agent.run("hello", conversation_id="c1")
    before = await _snapshot(store, ALICE)
    seen = _error_text(await _send(agent, "x" * 101, "c1"))
    assert await _snapshot(store, ALICE) == before
    assert len(llm.requests) == 1  # the model never saw it
    return seen


async def another_users_conversation(tmp_path: Path) -> str:
    store = MemoryConversationStore()
    alice = _agent(ScriptedLlmService([text_reply("Hi Alice.")]), store, ALICE)
    await alice.run("my secret plan", conversation_id="alice-1")
    before = await _snapshot(store, ALICE, BOB)
    bob = _agent(ScriptedLlmService([text_reply("never")]), store, BOB)
    seen = _error_text(await _send(bob, "what did alice say?", "alice-1"))
    assert await _snapshot(store, ALICE, BOB) == before
    return seen


async def non_admin_admin_command(tmp_path: Path) -> str:
    store = MemoryConversationStore()
    agent = _agent(ScriptedLlmService([text_reply("Hello.")]), store, BOB)
    await agent.run("hello", conversation_id="b1")
    before = await _snapshot(store, BOB)
    components = await _send(agent, "/status", "b1")
    assert await _snapshot(store, BOB) == before
    texts = [c.rich_component for c in components if c.rich_component.type == "text"]
    assert len(texts) == 1
    return str(texts[0].content)  # type: ignore[attr-defined]


async def destructive_sql_in_read_only_mode(tmp_path: Path) -> str:
    path = tmp_path / "shop.db"
    with closing(sqlite3.connect(path)) as db:
        db.executescript(
            "CREATE TABLE customers (id INTEGER, name TEXT);"
            "INSERT INTO customers VALUES (1, 'Ada');"
        )
        db.commit()
    tools = ToolRegistry([RunSqlTool(SqliteRunner(path))])
    call = ToolCall(id="t1", name="run_sql", arguments={"sql": "DROP TABLE customers"})
    llm = ScriptedLlmService(_answer_after_tool(call))
    await _agent(llm, MemoryConversationStore(), ALICE, tools).run("clean up", conversation_id="c1")
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT id, name FROM customers").fetchall() == [(1, "Ada")]
    return llm.requests[-1].messages[-1].content or ""


def _workflow_folder(tmp_path: Path, lifecycle: dict[str, Any]) -> Path:
    root = tmp_path / "flow"
    (root / "tools").mkdir(parents=True)
    (root / "workflow.json").write_text(json.dumps({"agents": [{"name": "planner"}]}))
    marker = tmp_path / "imported.txt"
    code = (
        f"open({str(marker)!r}, 'w').write('imported')\n\n"
        "def ok(context_variables=None):\n    return {}\n"
    )
    (root / "tools" / "helpers.py").write_text(code)
    (tmp_path / "outside.py").write_text(code)
    (root / "tools.json").write_text(json.dumps({"lifecycle_tools": [lifecycle]}))
    return root


def _workflow_error(tmp_path: Path, lifecycle: dict[str, Any]) -> str:
    workflows = pytest.importorskip(
        "hookline.workflows", reason="hookline.workflows (tools.json) is not merged yet"
    )
    root = _workflow_folder(tmp_path, lifecycle)
    files_before = sorted(p.name for p in tmp_path.rglob("*"))
    with pytest.raises(workflows.WorkflowConfigError) as raised:
        workflows.Workflow.from_directory(root, llm_factory=lambda model: ScriptedLlmService([]))
    assert not (tmp_path / "imported.txt").exists()  # no file of the workflow was imported
    assert sorted(p.name for p in tmp_path.rglob("*")) == files_before
    return str(raised.value)


async def invalid_tools_json(tmp_path: Path) -> str:
    entry = {"trigger": "sometimes", "agent": None, "file": "helpers.py", "function": "ok"}
    return _workflow_error(tmp_path, entry)


async def path_escape_in_lifecycle_tool_file(tmp_path: Path) -> str:
    entry = {"trigger": "before_chat", "agent": None, "file": "../outside.py", "function": "ok"}
    return _workflow_error(tmp_path, entry)


@dataclass(frozen=True)
class Case:
    run: Callable[[Path], Awaitable[str]]
    seen: str


CATALOGUE = {
    "malformed-tool-arguments": Case(
        malformed_tool_arguments,
        "Arguments for tool 'lookup' are not valid JSON (Expecting value: line 1 column 10 "
        "(char 9)). Send a JSON object.",
    ),
    "wrong-argument-type": Case(
        wrong_argument_type,
        "Invalid arguments for tool 'lookup': city: Input should be a valid string.",
    ),
    "unknown-tool": Case(
        unknown_tool,
        # the admin-only reset_accounts is not named to a user outside its group
        "Tool 'drop_everything' is not available to this user. Available tools: lookup.",
    ),
    "oversized-message": Case(
        oversized_message, "Message too long: 101 characters (the limit is 100)."
    ),
    "invalid-tools-json": Case(
        invalid_tools_json,
        "tools.json: lifecycle_tools[0].trigger: must be one of before_chat, after_chat, "
        "before_agent, after_agent (got 'sometimes')",
    ),
    "path-escape-in-lifecycle-tool-file": Case(
        path_escape_in_lifecycle_tool_file,
        "tools.json: lifecycle_tools[0].file: '..' is not allowed in '../outside.py': "
        "files must stay inside the workflow directory",
    ),
    "destructive-sql-in-read-only-mode": Case(
        destructive_sql_in_read_only_mode,
        "Refused: a DROP statement. This SQL tool is read-only: send exactly one SELECT "
        "(WITH ... SELECT, UNION and EXPLAIN work too).",
    ),
    "another-users-conversation-id": Case(another_users_conversation, "Conversation not found."),
    "non-admin-admin-command": Case(
        non_admin_admin_command,
        "**Access Denied.** `/status` is for administrators. "
        "Contact an administrator if you need it.",
    ),
    "tool-outside-access-groups": Case(
        tool_outside_access_groups,
        # the same refusal as an unknown tool, naming only the user's own tools
        "Tool 'reset_accounts' is not available to this user. Available tools: lookup.",
    ),
}


@pytest.mark.parametrize("case", list(CATALOGUE.values()), ids=list(CATALOGUE))
async def test_bad_input_gets_a_clear_error_and_changes_nothing(case: Case, tmp_path: Path) -> None:
    assert await case.run(tmp_path) == case.seen
