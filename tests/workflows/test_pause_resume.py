"""Pausing for the human and resuming from persisted state, with the synthetic speaker event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    Event,
    LlmError,
    ScriptedLlmService,
    ToolRegistry,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.storage import SqliteConversationStore
from hookline.workflows import (
    AgentTurnStartedEvent,
    ContextVariables,
    InputRequestEvent,
    LifecycleTool,
    MemoryWorkflowStateStore,
    SelectSpeakerEvent,
    SqliteWorkflowStateStore,
    Workflow,
    WorkflowError,
    WorkflowStateNotFoundError,
    WorkflowStateStore,
)

from .conftest import WorkflowRecorder, llm_of, talker


def planner_and_booker(
    store: WorkflowStateStore | None = None, conversations: SqliteConversationStore | None = None
) -> Workflow:
    planner = Agent(
        ScriptedLlmService(
            [
                tool_call_reply("ask_user", {"question": "Which city?"}),
                text_reply("Plan: three days in Rome."),
            ]
        ),
        name="planner",
        conversation_store=conversations,
    )
    booker = Agent(
        ScriptedLlmService([text_reply("Booked. TERMINATE")]),
        name="booker",
        conversation_store=conversations,
    )
    return Workflow("trip", [planner, booker], human_input=True, state_store=store)


def selection_log(workflow: Workflow) -> list[tuple[str | None, bool]]:
    log: list[tuple[str | None, bool]] = []

    def record(event: Event[SelectSpeakerEvent]) -> None:
        log.append((event.data.speaker, event.data.synthetic))

    workflow.hooks.on(SelectSpeakerEvent, record)
    return log


async def test_ask_user_pauses_and_resume_continues_the_same_agent() -> None:
    store = MemoryWorkflowStateStore()
    workflow = planner_and_booker(store)
    log = selection_log(workflow)
    paused = await workflow.run("Plan a trip")
    assert paused.status == "paused"
    assert paused.input_request is not None
    assert (paused.input_request.prompt, paused.input_request.agent) == ("Which city?", "planner")
    assert paused.text == "Which city?"
    saved = await store.load_state(paused.state_id)
    assert saved is not None and saved.status == "paused"
    assert saved.pending_input is not None and saved.pending_input.agent == "planner"
    assert log == [("planner", False)]

    result = await workflow.resume(paused.state_id, "Rome")
    assert result.status == "completed"
    assert result.reason == "done_marker"
    assert log == [("planner", False), ("planner", True), ("booker", False)]
    assert [(e.speaker, e.content) for e in result.transcript] == [
        ("user", "Plan a trip"),
        ("planner", "Which city?"),
        ("user", "Rome"),
        ("planner", "Plan: three days in Rome."),
        ("booker", "Booked. TERMINATE"),
    ]
    planner_llm = llm_of(workflow.agent("planner"))
    assert len(planner_llm.requests) == 2  # not called again after ask_user
    assert planner_llm.requests[1].messages[-1].content == "[user]: Rome"
    assert await store.load_state(paused.state_id) is None  # completed runs are not kept


async def test_resume_in_another_process_from_sqlite(tmp_path: Path) -> None:
    database = tmp_path / "workflows.db"
    first_states = SqliteWorkflowStateStore(database)
    first_conversations = SqliteConversationStore(database)
    paused = await planner_and_booker(first_states, first_conversations).run("Plan a trip")
    await first_states.close()
    await first_conversations.close()

    states = SqliteWorkflowStateStore(database)
    conversations = SqliteConversationStore(database)
    fresh = planner_and_booker(states, conversations)
    fresh.agent("planner").llm_service = ScriptedLlmService([text_reply("Plan: Rome.")])
    recorder = WorkflowRecorder()
    fresh.hooks.add(recorder)
    result = await fresh.resume(paused.state_id, "Rome")
    assert result.status == "completed"
    synthetic = recorder.of_type(SelectSpeakerEvent)[0]
    assert (synthetic.speaker, synthetic.synthetic, synthetic.round) == ("planner", True, 2)
    assert recorder.names[:3] == [
        "SelectSpeakerEvent",
        "AgentTurnStartedEvent",
        "AgentTurnCompletedEvent",
    ]
    history = llm_of(fresh.agent("planner")).requests[0].messages
    assert [(m.role, m.content) for m in history][0] == ("user", "[user]: Plan a trip")
    assert history[-1].content == "[user]: Rome"
    await states.close()
    await conversations.close()


async def test_an_input_request_event_handler_can_answer_at_once() -> None:
    workflow = planner_and_booker()
    log = selection_log(workflow)

    def answer(event: Event[InputRequestEvent]) -> None:
        event.data.response = "Lisbon"

    workflow.hooks.on(InputRequestEvent, answer)
    result = await workflow.run("Plan a trip")
    assert result.status == "completed"
    assert ("user", "Lisbon") in [(e.speaker, e.content) for e in result.transcript]
    assert log == [("planner", False), ("planner", False), ("booker", False)]


async def test_a_lifecycle_tool_may_request_input_into_a_context_key() -> None:
    def need_api_key(context_variables: ContextVariables) -> None:
        if "api_key" not in context_variables.data:
            context_variables.request_input("Paste the API key", key="api_key")

    seen_keys: list[str] = []

    @tool
    def call_api(context_variables: ContextVariables) -> str:
        """Call the API."""
        seen_keys.append(context_variables.data["api_key"])
        return "200 OK"

    caller = Agent(
        ScriptedLlmService([tool_call_reply("call_api"), text_reply("Done. TERMINATE")]),
        tool_registry=ToolRegistry([call_api]),
        name="caller",
    )
    workflow = Workflow(
        "keys",
        [caller],
        lifecycle_tools=[LifecycleTool(trigger="before_agent", agent="caller", func=need_api_key)],
    )
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    paused = await workflow.run("Call the API")
    assert paused.status == "paused"
    assert paused.input_request is not None
    assert (paused.input_request.key, paused.input_request.agent) == ("api_key", "caller")
    assert paused.rounds == 0 and llm_of(caller).requests == []  # the turn did not run

    result = await workflow.resume(paused.state_id, "sk-123")
    assert seen_keys == ["sk-123"]
    assert "sk-123" not in str([e.content for e in result.transcript])  # never shown to a model
    messages = [m.content for m in llm_of(caller).requests[0].messages]
    assert messages == ["[user]: Call the API"]
    assert [(e.speaker, e.synthetic) for e in recorder.of_type(SelectSpeakerEvent)] == [
        ("caller", False),
        ("caller", True),
    ]
    assert len(recorder.of_type(AgentTurnStartedEvent)) == 2


async def test_resume_checks_owner_state_and_workflow() -> None:
    store = MemoryWorkflowStateStore()
    workflow = planner_and_booker(store)
    paused = await workflow.run("Plan a trip", user=User(id="alice", username="alice"))
    with pytest.raises(WorkflowStateNotFoundError):
        await workflow.resume(paused.state_id, "Rome", user=User(id="mallory", username="m"))
    with pytest.raises(WorkflowStateNotFoundError):
        await Workflow("other", [talker("x")], state_store=store).resume(
            paused.state_id, "Rome", user=User(id="alice", username="alice")
        )
    with pytest.raises(WorkflowStateNotFoundError):
        await workflow.resume("no-such-state", "Rome")
    alice = User(id="alice", username="alice")
    done = await workflow.resume(paused.state_id, "Rome", user=alice)
    assert done.status == "completed"
    with pytest.raises(WorkflowStateNotFoundError):
        await workflow.resume(paused.state_id, "again", user=alice)


async def test_a_second_concurrent_resume_is_refused() -> None:
    store = MemoryWorkflowStateStore()
    workflow = planner_and_booker(store)
    paused = await workflow.run("Plan a trip")
    state = await store.load_state(paused.state_id)
    assert state is not None
    state.status = "running"  # what the first resume saves before it continues
    await store.save_state(state)
    with pytest.raises(WorkflowError, match="is running, not paused"):
        await workflow.resume(paused.state_id, "Rome")


async def test_pausing_with_a_context_value_that_is_not_json_is_a_clear_error() -> None:
    def unserialisable(event: Event[Any]) -> None:
        event.data.context_variables.data["handle"] = object()

    workflow = planner_and_booker()
    workflow.hooks.on(AgentTurnStartedEvent, unserialisable)
    with pytest.raises(WorkflowError, match="context variable 'handle' is not JSON-serialisable"):
        await workflow.run("Plan a trip")


async def test_state_stores_round_trip(tmp_path: Path) -> None:
    for store in (MemoryWorkflowStateStore(), SqliteWorkflowStateStore(tmp_path / "s.db")):
        workflow = planner_and_booker(store)
        result = await workflow.run("Plan", state_id="trip-1")
        assert result.status == "paused"
        loaded = await store.load_state("trip-1")
        assert loaded is not None
        assert loaded.transcript == result.transcript
        assert loaded.context_variables["chat_id"] == "trip-1"
        loaded.rounds = 99
        await store.save_state(loaded)
        again = await store.load_state("trip-1")
        assert again is not None and again.rounds == 99
        assert await store.delete_state("trip-1") is True
        assert await store.delete_state("trip-1") is False
        assert await store.load_state("trip-1") is None
        await store.close()


async def test_state_ids_are_validated() -> None:
    workflow = Workflow("w", [talker("a")])
    with pytest.raises(WorkflowError, match="state_id"):
        await workflow.run("x", state_id="../etc")


async def test_a_failed_resume_leaves_the_run_paused_for_a_retry() -> None:
    store = MemoryWorkflowStateStore()
    workflow = planner_and_booker(store)
    paused = await workflow.run("Plan a trip")
    planner = workflow.agent("planner")
    planner.llm_service = ScriptedLlmService([LlmError("provider down")])
    with pytest.raises(WorkflowError, match="Agent 'planner' failed in round 2"):
        await workflow.resume(paused.state_id, "Rome")
    saved = await store.load_state(paused.state_id)
    assert saved is not None and saved.status == "paused"
    planner.llm_service = ScriptedLlmService([text_reply("Plan: Rome.")])
    result = await workflow.resume(paused.state_id, "Rome")
    assert result.status == "completed"
    assert [e.content for e in result.transcript].count("Rome") == 1
