"""Speaker patterns (handoff, LLM-selected, sequential, custom) and termination."""

from __future__ import annotations

import logging

import pytest

from hookline import Event, LlmError, ScriptedLlmService, text_reply, tool_call_reply
from hookline.workflows import (
    AskUser,
    HandoffPattern,
    LlmSelectedPattern,
    SelectSpeakerEvent,
    SpeakerSelection,
    TranscriptEntry,
    Workflow,
    WorkflowError,
    parse_condition,
)

from .conftest import WorkflowRecorder, llm_of, scripted_agent, talker


def speakers(transcript: list[TranscriptEntry]) -> list[str]:
    return [entry.speaker for entry in transcript]


async def test_handoff_tools_switch_the_next_speaker_and_end_the_turn() -> None:
    triage = scripted_agent(
        "triage", [tool_call_reply("handoff_to_billing", {"message": "Refund order 7, please."})]
    )
    sales = talker("sales")
    billing = scripted_agent("billing", [text_reply("Refund issued.")])
    workflow = Workflow(
        "support",
        [triage, sales, billing],
        pattern="handoff",
        descriptions={"billing": "Refunds and invoices", "sales": "New orders"},
    )
    result = await workflow.run("I want my money back")
    assert result.reason == "pattern"  # billing answered without handing off
    assert [(e.speaker, e.content) for e in result.transcript] == [
        ("user", "I want my money back"),
        ("triage", "Refund order 7, please."),
        ("billing", "Refund issued."),
    ]
    triage_llm = llm_of(triage)
    assert len(triage_llm.requests) == 1  # the model is not called after the handoff
    offered = {schema.name: schema for schema in triage_llm.requests[0].tools or []}
    assert sorted(offered) == ["handoff_to_billing", "handoff_to_sales"]
    assert "Refunds and invoices" in offered["handoff_to_billing"].description
    billing_message = llm_of(billing).requests[0].messages[-1].content
    assert billing_message == "[user]: I want my money back\n\n[triage]: Refund order 7, please."
    assert llm_of(sales).requests == []


async def test_handoff_starts_with_the_initial_agent_and_can_ask_the_user() -> None:
    first = talker("first")
    second = scripted_agent("second", [text_reply("Which order?"), text_reply("Done.")])
    pattern = HandoffPattern(initial_agent="second", fallback="ask_user")
    workflow = Workflow("support", [first, second], pattern=pattern)
    result = await workflow.run("Help")
    assert result.status == "paused"
    assert result.input_request is not None
    assert (result.input_request.prompt, result.input_request.agent) == ("Which order?", "second")
    resumed = await workflow.resume(result.state_id, "Order 7")
    assert resumed.status == "paused"  # "Done." without a handoff asks the user again
    assert resumed.text == "Done."
    assert llm_of(second).requests[1].messages[-1].content == "[user]: Order 7"


async def test_llm_selected_pattern_picks_validated_names() -> None:
    selector = ScriptedLlmService(
        [text_reply("critic"), text_reply('"Writer".'), text_reply("**critic**")]
    )
    writer, critic = talker("writer"), talker("critic")
    workflow = Workflow(
        "team",
        [writer, critic],
        pattern="llm_selected",
        selector_llm=selector,
        descriptions={"writer": "Writes drafts", "critic": "Finds problems"},
        max_rounds=3,
    )
    result = await workflow.run("Write a slogan")
    assert speakers(result.transcript) == ["user", "critic", "writer", "critic"]
    first_request = selector.requests[0]
    assert first_request.system_prompt is not None
    assert "- writer: Writes drafts" in first_request.system_prompt
    assert "- critic: Finds problems" in first_request.system_prompt
    assert "[user]: Write a slogan" in (first_request.messages[0].content or "")


async def test_llm_selected_falls_back_to_round_robin_on_a_bad_answer_or_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    selector = ScriptedLlmService(
        [
            text_reply("the reviewer"),
            text_reply("writer or critic"),
            LlmError("selector down"),
        ]
    )
    workflow = Workflow(
        "team",
        [talker("writer"), talker("critic")],
        pattern=LlmSelectedPattern(selector),
        max_rounds=3,
    )
    with caplog.at_level(logging.WARNING, logger="hookline.workflows"):
        result = await workflow.run("Go")
    assert speakers(result.transcript) == ["user", "writer", "critic", "writer"]
    assert caplog.text.count("using round robin") == 3


async def test_sequential_runs_each_agent_once_then_ends() -> None:
    workflow = Workflow(
        "pipeline", [talker("a"), talker("b"), talker("c")], pattern="sequential", max_rounds=10
    )
    result = await workflow.run("Go")
    assert speakers(result.transcript) == ["user", "a", "b", "c"]
    assert result.reason == "pattern"


async def test_a_custom_callable_pattern() -> None:
    calls: list[tuple[int, str | None]] = []

    async def pick(selection: SpeakerSelection) -> str | None:
        calls.append((selection.round, selection.last_speaker))
        return None if selection.round > 3 else "b" if selection.round % 2 else "a"

    workflow = Workflow("custom", [talker("a"), talker("b")], pattern=pick)
    result = await workflow.run("Go")
    assert speakers(result.transcript) == ["user", "b", "a", "b"]
    assert calls == [(1, None), (2, "b"), (3, "a"), (4, "b")]


async def test_a_pattern_naming_an_unknown_agent_is_an_error() -> None:
    workflow = Workflow("custom", [talker("a")], pattern=lambda selection: "ghost")
    with pytest.raises(WorkflowError, match="The pattern chose 'ghost', which is not an agent"):
        await workflow.run("Go")


async def test_a_select_speaker_handler_may_override_the_choice() -> None:
    workflow = Workflow("rr", [talker("a"), talker("b"), talker("c")], max_rounds=3)

    def always_c_after_a(event: Event[SelectSpeakerEvent]) -> None:
        if event.data.previous_speaker == "a":
            event.data.speaker = "c"

    workflow.hooks.on(SelectSpeakerEvent, always_c_after_a)
    result = await workflow.run("Go")
    assert speakers(result.transcript) == ["user", "a", "c", "a"]


async def test_termination_by_max_rounds_marker_finish_tool_and_condition() -> None:
    by_rounds = await Workflow("w", [talker("a"), talker("b")], max_rounds=3).run("Go")
    assert (by_rounds.reason, by_rounds.rounds) == ("max_rounds", 3)

    marker = Workflow(
        "w", [talker("a"), scripted_agent("b", [text_reply("All good. DONE")])], done_marker="DONE"
    )
    assert (await marker.run("Go")).reason == "done_marker"

    finisher = scripted_agent("b", [tool_call_reply("finish", {"summary": "Shipped."})])
    finished = await Workflow("w", [talker("a"), finisher], finish_tool=True).run("Go")
    assert (finished.reason, finished.text, finished.rounds) == ("finish_tool", "Shipped.", 2)
    assert len(llm_of(finisher).requests) == 1

    condition = parse_condition({"var": "turns", "gte": 2})
    counting = Workflow(
        "w", [talker("a"), talker("b"), talker("c")], terminate_when=condition, max_rounds=10
    )
    counting.hooks.on(SelectSpeakerEvent, count_turns)
    result = await counting.run("Go")
    assert (result.reason, result.rounds) == ("condition", 2)


def count_turns(event: Event[SelectSpeakerEvent]) -> None:
    data = event.data.context_variables.data
    data["turns"] = data.get("turns", 0) + 1


async def test_without_a_marker_the_marker_text_does_not_end_the_run() -> None:
    agent = scripted_agent("a", [text_reply("TERMINATE"), text_reply("again")])
    result = await Workflow("w", [agent], done_marker=None, max_rounds=2).run("Go")
    assert (result.reason, result.rounds) == ("max_rounds", 2)


async def test_a_pattern_may_ask_the_user_before_anyone_speaks() -> None:
    def ask_first(selection: SpeakerSelection) -> str | AskUser:
        if (
            selection.round == 1
            and selection.transcript[-1].speaker == "user"
            and len(selection.transcript) == 1
        ):
            return AskUser(prompt="Which language?")
        return "a"

    workflow = Workflow("w", [talker("a")], pattern=ask_first, max_rounds=1)
    recorder = WorkflowRecorder()
    workflow.hooks.add(recorder)
    paused = await workflow.run("Translate 'hello'")
    assert paused.status == "paused"
    assert paused.input_request is not None and paused.input_request.agent is None
    result = await workflow.resume(paused.state_id, "French")
    assert speakers(result.transcript) == ["user", "user", "a"]
    selections = recorder.of_type(SelectSpeakerEvent)
    assert [(s.speaker, s.synthetic) for s in selections] == [("a", False)]
