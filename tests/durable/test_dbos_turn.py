"""A turn on DBOS is the same turn: the seed's 20-step event sequence, its streamed text,
its stored messages; and what DBOS recorded is one step per model call, tool call and
store read or write."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline import User, tool_call_reply
from hookline.durable import dbos_sqlite_problem
from hookline.events import TextDeltaEvent
from hookline.hooks.events import TURN_EVENT_TYPES
from hookline.storage.sqlite import SqliteConversationStore
from hookline.testing import RecordingHookProvider
from tests.agent.test_turn_order import FINAL
from tests.conftest import make_agent

dbos = pytest.importorskip("dbos")
DBOS = dbos.DBOS
USER = User(id="ada")
QUESTION = "How many people live in Paris?"


@pytest.fixture
async def launched(tmp_path: Path, dbos_url: str) -> AsyncIterator[Path]:
    """Configure DBOS (``dbos_url``); the test creates its DbosAgent, then launches."""
    DBOS(
        config={
            "name": "hookline-turn-test",
            "system_database_url": dbos_url,
            "application_version": "test",
        }
    )
    yield tmp_path
    DBOS.destroy(destroy_registry=True)


def recorded_agent(store_path: Path) -> tuple[Any, RecordingHookProvider]:
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Paris"}), FINAL],
        stream=True,
        conversation_store=SqliteConversationStore(store_path),
    )
    recorder = RecordingHookProvider(list(TURN_EVENT_TYPES))
    agent.hooks.add(recorder)
    return agent, recorder


async def test_the_seed_call_order_is_the_same_on_dbos(launched: Path) -> None:
    from hookline.durable.dbos import DbosAgent

    plain, plain_events = recorded_agent(launched / "plain.sqlite3")
    wrapped, durable_events = recorded_agent(launched / "durable.sqlite3")
    durable = DbosAgent(wrapped)
    DBOS.launch()

    expected = await plain.run(QUESTION, user=USER, conversation_id="c1")
    result = await durable.run(QUESTION, user=USER, conversation_id="c1", workflow_id="t1")

    assert durable_events.names == plain_events.names  # the 20 steps, deltas included
    assert "TextDeltaEvent" in durable_events.names
    assert result.text == expected.text == FINAL.content
    streamed = "".join(e.text for e in durable_events.of_type(TextDeltaEvent))
    assert streamed == FINAL.content
    plain_stored = await plain.conversation_store.get_conversation("c1", USER)
    durable_stored = await wrapped.conversation_store.get_conversation("c1", USER)
    assert [(m.role, m.content) for m in durable_stored.messages] == [
        (m.role, m.content) for m in plain_stored.messages
    ]
    steps = [s["function_name"] for s in await DBOS.list_workflow_steps_async("t1")]
    assert steps == [
        "hookline.store.get_conversation",  # step 4: a new conversation...
        "hookline.store.create_conversation",
        "hookline.store.append_messages",  # 5: the user's message
        "hookline.model_call",  # 13
        "hookline.store.start_tool_call",  # 15: the ledger entry, before the tool runs
        "hookline.tool:lookup",  # 16
        "hookline.model_call",  # 13
        "hookline.store.settle_tool_calls",  # 19: the turn's messages, the entry settled
    ]  # (a SaveTurnMessagesEvent handler is registered: the turn is stored once, at its end)


async def test_a_turn_in_a_conversation_it_made_does_not_look_it_up(launched: Path) -> None:
    from hookline.durable.dbos import DbosAgent

    agent, _ = recorded_agent(launched / "store.sqlite3")
    durable = DbosAgent(agent)
    DBOS.launch()

    result = await durable.run(QUESTION, user=USER, workflow_id="t1")

    steps = [s["function_name"] for s in await DBOS.list_workflow_steps_async("t1")]
    assert steps[:2] == ["hookline.store.create_conversation", "hookline.store.append_messages"]
    stored = await agent.conversation_store.get_conversation(result.conversation_id, USER)
    assert result.text == FINAL.content
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "assistant"]


async def test_the_wrapped_agent_is_not_changed(launched: Path) -> None:
    from hookline.durable.dbos import DbosAgent
    from hookline.hooks.events import MODEL_CALL

    agent, _ = recorded_agent(launched / "store.sqlite3")
    DbosAgent(agent)
    DBOS.launch()

    assert not agent.hooks.has_wrappers(MODEL_CALL)
    assert isinstance(agent.conversation_store, SqliteConversationStore)
    result = await agent.run(QUESTION, user=USER)  # a plain turn, no workflow
    assert result.text == FINAL.content


async def test_a_workflow_run_records_its_members_and_selector_as_steps(launched: Path) -> None:
    from hookline import Agent, ScriptedLlmService, text_reply
    from hookline.durable.dbos_workflow import DbosWorkflow
    from hookline.workflows import SqliteWorkflowStateStore, Workflow

    store = SqliteConversationStore(launched / "members.sqlite3")
    writer = Agent(
        ScriptedLlmService([text_reply("Draft.")]), conversation_store=store, name="writer"
    )
    critic = Agent(
        ScriptedLlmService([text_reply("Fine. TERMINATE")]), conversation_store=store, name="critic"
    )
    selector = ScriptedLlmService([text_reply("writer"), text_reply("critic")])
    workflow = Workflow(
        "review",
        [writer, critic],
        pattern="llm_selected",
        selector_llm=selector,
        state_store=SqliteWorkflowStateStore(launched / "state.sqlite3"),
    )
    durable = DbosWorkflow(workflow)
    DBOS.launch()

    result = await durable.run("Write a haiku", user=USER, state_id="haiku-1")

    assert [e.speaker for e in result.transcript] == ["user", "writer", "critic"]
    assert result.reason == "done_marker"
    steps = [s["function_name"] for s in await DBOS.list_workflow_steps_async("workflow/haiku-1")]
    assert steps.count("hookline.selector_call") == 2
    assert steps.count("hookline.model_call") == 2  # one turn each
    assert steps[0] == "hookline.workflow_state.load"  # the run's id is checked: a step too
    assert workflow.pattern.llm is selector  # type: ignore[attr-defined]  # not changed


async def test_a_workflow_on_memory_state_is_refused(launched: Path) -> None:
    from hookline import Agent, ScriptedLlmService
    from hookline.durable.dbos_workflow import DbosWorkflow
    from hookline.workflows import Workflow

    with pytest.raises(ValueError, match="state store that outlives the process"):
        DbosWorkflow(Workflow("w", [Agent(ScriptedLlmService([]), name="a")]))


async def test_a_paused_workflow_run_waits_in_its_workflow_for_the_answer(
    launched: Path,
) -> None:
    """A member's call waits for a reviewer: the run's DBOS workflow waits (``recv``) for
    ``answer``; the decision continues the member's turn and the run completes."""
    import asyncio

    from hookline import LlmResponse, ToolCall, approve, text_reply
    from hookline.durable.dbos_workflow import DbosWorkflow
    from tests.workflows.nested_worker import build

    ask = LlmResponse(
        tool_calls=[
            ToolCall(id="k1", name="look", arguments={"x": 1}),
            ToolCall(id="c1", name="pay", arguments={"amount": 5}),
        ]
    )
    planner = [ask, text_reply("Planned and paid.")]
    workflow, conversations = build(launched, planner, [text_reply("Booked.")])
    durable = DbosWorkflow(workflow)
    DBOS.launch()
    try:
        handle = await durable.start("go", user=USER, state_id="run-1")
        for _ in range(200):  # the run pauses, its workflow waits
            state = await workflow.state_store.load_state("run-1")
            if state is not None and state.status == "paused":
                break
            await asyncio.sleep(0.05)
        assert (await handle.get_status()).status == "PENDING"

        await durable.answer(handle.get_workflow_id(), decisions={"c1": approve()})
        result = await handle.get_result()
    finally:
        await conversations.close()

    assert result.status == "completed"
    assert [e.content for e in result.transcript] == ["go", "Planned and paid.", "Booked."]
    assert (launched / "effects.txt").read_text().splitlines() == ["look 1", "pay 5"]


def test_an_interpreter_whose_sqlite_dbos_cannot_use_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """DBOS 3.4 on Python >= 3.12 needs SQLite >= 3.42: ``serve --durable`` says so
    instead of failing at launch with an IntegrityError."""
    import sqlite3
    import sys

    from hookline.cli.serve import durable_agent

    monkeypatch.setattr(sys, "version_info", (3, 13, 0, "final", 0))
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 40, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.40.1")
    agent, _ = recorded_agent(tmp_path / "store.sqlite3")

    problem = dbos_sqlite_problem()
    with pytest.raises(ValueError, match=r"needs SQLite 3\.42 or newer") as refused:
        durable_agent(agent, tmp_path / "hookline.db", None)

    assert problem is not None and "3.40.1" in problem and str(refused.value) == problem
