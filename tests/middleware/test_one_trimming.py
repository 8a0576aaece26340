"""History trimming has one implementation (hookline.llm.trimming): ContextWindowFilter and
ContextWindowMiddleware keep the same messages for the same history and budget, on every
budget, with tool-call pairs, a tool result whose call is gone, system messages and retry
feedback in the history; and in a running agent the model sees the same requests."""

from __future__ import annotations

from typing import Any

import pytest

from hookline import LlmMessage, LlmRequest, Message, ScriptedLlmService, ToolCall, text_reply
from hookline.extensions import ContextWindowFilter
from hookline.llm.scripted import tool_call_reply
from hookline.llm.tokens import approximate_tokens
from hookline.llm.trimming import exchange_starts, trim_history
from hookline.middleware import ContextWindowMiddleware
from hookline.testing import RecordingHookProvider
from tests.conftest import make_agent

FEEDBACK = {"hookline": "retry_feedback", "transient": True}


def call(call_id: str) -> ToolCall:
    return ToolCall(id=call_id, name="lookup", arguments={"city": call_id})


def result(call_id: str, text: str) -> Message:
    return Message(role="tool", tool_call_id=call_id, name="lookup", content=text)


HISTORY = [
    result("gone", "a result whose call was trimmed away before"),  # orphan at the start
    Message(role="system", content="Answer in French."),
    Message(role="user", content="Population of Oslo and Rome?"),
    Message(role="assistant", tool_calls=[call("t1"), call("t2")]),
    result("t1", "Oslo: 0.7 million " * 8),
    result("t2", "Rome: 2.8 million " * 8),
    Message(role="assistant", content="Oslo 0.7M, Rome 2.8M."),
    Message(role="user", content="And Bergen?"),
    Message(role="assistant", tool_calls=[call("t3")]),
    result("t3", "Bergen: 0.3 million " * 12),  # large: a cut by message would orphan it
    Message(role="assistant", content="draft", metadata=FEEDBACK),
    Message(role="user", content="Be precise.", metadata=FEEDBACK),
    Message(role="assistant", content="Bergen has 291,000 people."),
    Message(role="user", content="Thanks. Which is largest?"),
]
TOTAL = sum(approximate_tokens(m) for m in HISTORY)


def pairs_intact(kept: list[Message]) -> bool:
    """Every kept result whose call is in the history has its call kept, and back."""
    calls = {c.id for m in kept for c in m.tool_calls or ()}
    results = {m.tool_call_id for m in kept if m.role == "tool"}
    asked = {c.id for m in HISTORY for c in m.tool_calls or ()}
    return calls == results & asked


@pytest.mark.parametrize("budget", range(1, TOTAL + 2, 3))
async def test_both_trimmers_keep_the_same_messages_on_every_budget(budget: int) -> None:
    by_filter = await ContextWindowFilter(max_tokens=budget).filter_messages(list(HISTORY))
    window = ContextWindowMiddleware(max_tokens=budget)
    by_middleware = await window.before_model(list(HISTORY))

    assert by_filter == by_middleware == trim_history(HISTORY, budget, approximate_tokens)
    assert window.dropped == len(HISTORY) - len(by_middleware)
    assert pairs_intact(by_filter)
    assert HISTORY[1] in by_filter  # the system message is never dropped
    assert by_filter[-1].content == "Thanks. Which is largest?"  # the latest exchange stays


def test_the_cuts_fall_between_exchanges_only() -> None:
    starts = exchange_starts(HISTORY)
    assert starts == [0, 2, 7, 13]  # retry feedback belongs to the exchange it revises
    seen = {
        tuple(m.content for m in trim_history(HISTORY, budget, approximate_tokens))
        for budget in range(1, TOTAL + 2)
    }
    assert (
        seen
        == {
            tuple(m.content for m in HISTORY),
            tuple(m.content for m in HISTORY[1:]),  # the orphan result went with its exchange
            ("Answer in French.", *(m.content for m in HISTORY[7:])),
            ("Answer in French.", "Thanks. Which is largest?"),
        }
    )


def ten(message: LlmMessage) -> int:
    return 10


def seen(request: LlmRequest) -> list[tuple[str, str | None, Any]]:
    return [(m.role, m.content, m.tool_call_id) for m in request.messages]


async def test_in_an_agent_the_model_sees_the_same_requests_and_events() -> None:
    script = [
        text_reply("a1"),
        tool_call_reply("lookup", {"city": "Oslo"}, call_id="t1"),
        text_reply("a2"),
        tool_call_reply("lookup", {"city": "Rome"}, call_id="t2"),
        text_reply("a3"),
    ]
    runs = []
    for trimmer in ("filter", "middleware"):
        recorder = RecordingHookProvider()
        agent, llm = (
            make_agent(script, conversation_filters=[ContextWindowFilter(45, ten)])
            if trimmer == "filter"
            else make_agent(script, middleware=[ContextWindowMiddleware(45, ten)])
        )
        agent.hooks.add(recorder)
        for question in ("q1", "q2", "q3"):
            await agent.run(question, conversation_id="c1")
        runs.append(([seen(r) for r in llm.requests], recorder.names))
    (filter_requests, filter_events), (middleware_requests, middleware_events) = runs
    assert filter_requests == middleware_requests
    assert filter_events == middleware_events
    assert filter_requests[2] == [  # q1's exchange dropped whole; the Oslo pair stays whole
        ("user", "q2", None),
        ("assistant", None, None),
        ("tool", "Oslo: 2.1 million", "t1"),
    ]
    assert filter_requests[3] == [("user", "q3", None)]  # q2's exchange would not fit


async def test_with_a_summary_the_system_message_stays_first_and_is_not_summarised() -> None:
    summarizer = ScriptedLlmService([text_reply("S: q1 was answered.")])
    window = ContextWindowMiddleware(
        max_tokens=40, count_tokens=ten, summarizer=summarizer, summary_max_tokens=10
    )
    history = [
        Message(role="system", content="Answer in French."),
        Message(role="user", content="q1"),
        Message(role="assistant", content="a1"),
        Message(role="user", content="q2"),
        Message(role="assistant", content="a2"),
    ]
    kept = await window.before_model(history)
    assert [m.content for m in kept] == [
        "Answer in French.",
        "[Summary of the earlier conversation]\nS: q1 was answered.",
        "q2",
        "a2",
    ]
    assert summarizer.requests[0].messages[0].content == "user: q1\nassistant: a1"
    assert window.dropped == 2
    without_summary = await ContextWindowFilter(30, ten).filter_messages(history)
    assert without_summary == [history[0], *history[3:]]  # the same cut, budget less the summary's
