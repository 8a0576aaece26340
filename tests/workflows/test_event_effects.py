"""What workflow event handlers may change, and what the workflow does with it."""

from __future__ import annotations

from hookline import AgentError, Event
from hookline.events import MessageReceivedEvent
from hookline.workflows import (
    AgentTurnCompletedEvent,
    AgentTurnStartedEvent,
    ChatStartedEvent,
    SelectSpeakerEvent,
    Workflow,
)

from .conftest import llm_of, talker


async def test_chat_started_may_rewrite_the_task_and_turn_started_the_message() -> None:
    a, b = talker("a"), talker("b")
    workflow = Workflow("w", [a, b], max_rounds=2)

    def task(event: Event[ChatStartedEvent]) -> None:
        event.data.message = event.data.message.upper()

    def brief(event: Event[AgentTurnStartedEvent]) -> None:
        if event.data.agent == "b":
            event.data.message = f"Be brief.\n\n{event.data.message}"

    workflow.hooks.on(ChatStartedEvent, task)
    workflow.hooks.on(AgentTurnStartedEvent, brief)
    result = await workflow.run("hello")
    assert result.transcript[0].content == "HELLO"
    assert llm_of(a).requests[0].messages[-1].content == "[user]: HELLO"
    assert llm_of(b).requests[0].messages[-1].content == "Be brief.\n\n[user]: HELLO\n\n[a]: a 1"


async def test_a_select_speaker_handler_may_end_the_run() -> None:
    workflow = Workflow("w", [talker("a"), talker("b")], max_rounds=5)

    def stop_before_b(event: Event[SelectSpeakerEvent]) -> None:
        if event.data.speaker == "b":
            event.data.speaker = None

    workflow.hooks.on(SelectSpeakerEvent, stop_before_b)
    result = await workflow.run("go")
    assert (result.reason, result.rounds, result.text) == ("pattern", 1, "a 1")


async def test_a_halted_agent_turn_joins_the_transcript_and_the_run_goes_on() -> None:
    a, b = talker("a"), talker("b")

    def refuse(event: Event[MessageReceivedEvent]) -> None:
        raise AgentError("quota reached")

    a.hooks.on(MessageReceivedEvent, refuse)
    completed: list[tuple[str, bool]] = []

    def record(event: Event[AgentTurnCompletedEvent]) -> None:
        completed.append((event.data.text, event.data.result.halted))

    workflow = Workflow("w", [a, b], max_rounds=2)
    workflow.hooks.on(AgentTurnCompletedEvent, record)
    result = await workflow.run("go")
    assert completed == [("(a stopped: quota reached)", True), ("b 1", False)]
    assert llm_of(a).requests == []
    assert result.status == "completed"
