"""The memory tools, through the registry and through a whole agent turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.agent import Agent
from hookline.llm.models import LlmRequest, LlmResponse, ToolCall
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.memory import MemoryAgentMemory, SqliteAgentMemory
from hookline.storage import SqliteConversationStore
from hookline.tools import ToolContext, ToolRegistry
from hookline.tools.builtin import (
    SaveQuestionToolArgsTool,
    SaveTextMemoryTool,
    SearchSavedCorrectToolUsesTool,
    memory_tools,
)
from hookline.users.models import User

ALICE, BOB = User(id="alice"), User(id="bob")
SQL_ARGS = {"sql": "SELECT name FROM customers ORDER BY revenue DESC LIMIT 5"}


def context(user: User, memory: object | None) -> ToolContext:
    return ToolContext(user=user, conversation_id="c1", request_id="r1", agent_memory=memory)


def call(name: str, **arguments: object) -> ToolCall:
    return ToolCall(id=f"call_{name}", name=name, arguments=dict(arguments))


def test_the_tools_have_the_names_the_setup_analysis_looks_for() -> None:
    names = [t.name for t in memory_tools()]

    assert names == [
        "search_saved_correct_tool_uses",
        "save_question_tool_args",
        "save_text_memory",
    ]
    assert [type(t) for t in memory_tools()] == [
        SearchSavedCorrectToolUsesTool,
        SaveQuestionToolArgsTool,
        SaveTextMemoryTool,
    ]


@pytest.mark.parametrize(
    "tool_call",
    [
        call("search_saved_correct_tool_uses", question="top customers"),
        call("save_question_tool_args", question="q", tool_name="run_sql", args={}),
        call("save_text_memory", content="a fact"),
    ],
    ids=lambda c: c.name,
)
async def test_without_memory_each_tool_fails_clearly(tool_call: ToolCall) -> None:
    registry = ToolRegistry(memory_tools())

    result = await registry.execute(tool_call, context(ALICE, None))

    assert result.success is False
    assert result.result_for_llm.startswith("No agent memory is configured")


async def test_saved_tool_args_are_found_for_the_same_user_only() -> None:
    registry, memory = ToolRegistry(memory_tools()), MemoryAgentMemory()
    save = call(
        "save_question_tool_args", question="top 5 customers", tool_name="run_sql", args=SQL_ARGS
    )
    search = call("search_saved_correct_tool_uses", question="who are our top customers?")

    saved = await registry.execute(save, context(ALICE, memory))
    found = await registry.execute(search, context(ALICE, memory))
    hidden = await registry.execute(search, context(BOB, memory))

    assert saved.success
    assert saved.result_for_llm == "Saved the run_sql call for 'top 5 customers'."
    assert found.success
    assert found.result_for_llm.splitlines()[0] == "Found 1 similar saved tool use(s):"
    assert SQL_ARGS["sql"] in found.result_for_llm
    assert found.metadata["memory_ids"] == [saved.metadata["memory_id"]]
    assert hidden.result_for_llm == "No similar saved tool uses found."


async def test_invalid_arguments_are_refused_before_reaching_memory() -> None:
    registry, memory = ToolRegistry(memory_tools()), MemoryAgentMemory()

    too_many = await registry.execute(
        call("search_saved_correct_tool_uses", question="q", limit=1000), context(ALICE, memory)
    )
    empty = await registry.execute(call("save_text_memory", content=""), context(ALICE, memory))

    assert not too_many.success
    assert "limit" in too_many.result_for_llm
    assert not empty.success
    assert "content" in empty.result_for_llm
    assert await memory.get_recent_text_memories(context(ALICE, memory)) == []


async def test_access_groups_restrict_who_may_save() -> None:
    registry = ToolRegistry(memory_tools(access_groups=["admin"]))
    memory = MemoryAgentMemory()

    refused = await registry.execute(call("save_text_memory", content="x"), context(ALICE, memory))

    assert not refused.success
    assert "'save_text_memory' is not available to this user" in refused.result_for_llm
    assert await memory.get_recent_text_memories(context(ALICE, memory)) == []


async def test_an_agent_saves_in_one_conversation_and_finds_it_in_the_next(
    tmp_path: Path,
) -> None:
    memory = SqliteAgentMemory(tmp_path / "hookline.db")
    store = SqliteConversationStore(tmp_path / "hookline.db")
    seen_tool_results: list[str] = []

    def answer_from_memory(request: LlmRequest) -> LlmResponse:
        seen_tool_results.extend(m.content or "" for m in request.messages if m.role == "tool")
        return text_reply("Reusing the saved query.")

    llm = ScriptedLlmService(
        [
            tool_call_reply(
                "save_question_tool_args",
                {"question": "top 5 customers", "tool_name": "run_sql", "args": SQL_ARGS},
            ),
            tool_call_reply("save_text_memory", {"content": "Revenue is in euros."}),
            text_reply("Saved."),
            tool_call_reply("search_saved_correct_tool_uses", {"question": "top customers?"}),
            answer_from_memory,
        ]
    )
    agent = Agent(
        llm,
        tool_registry=ToolRegistry(memory_tools()),
        agent_memory=memory,
        conversation_store=store,
    )

    first = await agent.run("Remember how to list top customers", user=ALICE)
    second = await agent.run("Top customers?", user=ALICE)

    assert (first.text, second.text) == ("Saved.", "Reusing the saved query.")
    assert first.conversation_id != second.conversation_id
    assert len(seen_tool_results) == 1
    assert SQL_ARGS["sql"] in seen_tool_results[0]
    texts = await memory.get_recent_text_memories(context(ALICE, memory))
    assert [t.content for t in texts] == ["Revenue is in euros."]
    stored = await store.get_conversation(second.conversation_id, ALICE)
    assert stored is not None
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "assistant"]
    await memory.close()
    await store.close()
