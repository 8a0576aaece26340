"""CriticMiddleware: a separate model judges answers; Retry below the bar; verdict events."""

from __future__ import annotations

import pytest

from hookline import (
    AgentConfig,
    Event,
    LlmError,
    TurnFailedError,
    text_reply,
    tool_call_reply,
)
from hookline.llm.scripted import ScriptedLlmService
from hookline.middleware import (
    DEFAULT_CRITIC_PROMPT,
    CriticMiddleware,
    CriticVerdict,
    CriticVerdictEvent,
)
from tests.conftest import make_agent


def verdict(score: float, feedback: str = "") -> str:
    return f'{{"score": {score}, "feedback": "{feedback}"}}'


async def test_below_the_bar_the_creator_revises_with_the_critics_feedback() -> None:
    judge = ScriptedLlmService(
        [text_reply(verdict(0.3, "Name the year.")), text_reply(verdict(0.9))]
    )
    critic = CriticMiddleware(judge, threshold=0.7)
    agent, writer = make_agent(
        [text_reply("The Berlin Wall fell."), text_reply("The Berlin Wall fell in 1989.")],
        middleware=[critic],
    )
    events: list[Event[CriticVerdictEvent]] = []
    agent.hooks.on(CriticVerdictEvent, events.append)
    result = await agent.run("When did the Berlin Wall fall?", conversation_id="c1")
    assert result.text == "The Berlin Wall fell in 1989."
    assert [(e.data.round, e.data.score, e.data.passed) for e in events] == [
        (1, 0.3, False),
        (2, 0.9, True),
    ]
    assert events[0].data.feedback == "Name the year."
    assert events[0].data.response.content == "The Berlin Wall fell."
    assert events[0].context is not None
    assert events[0].context.conversation_id == "c1"
    assert events[0].context.request_id
    revision = writer.requests[1].messages
    assert revision[-2].content == "The Berlin Wall fell."
    assert "Name the year." in (revision[-1].content or "")
    assert "(score 0.30)" in (revision[-1].content or "")
    first = judge.requests[0]
    assert first.system_prompt == DEFAULT_CRITIC_PROMPT
    assert first.tools is None
    assert [m.content for m in first.messages] == [
        "Question:\nWhen did the Berlin Wall fall?\n\nAnswer:\nThe Berlin Wall fell."
    ]
    assert judge.requests[1].messages[0].content == (
        "Question:\nWhen did the Berlin Wall fall?\n\nAnswer:\nThe Berlin Wall fell in 1989."
    )
    assert critic._rounds == {}  # per-turn state is dropped when the turn completes


async def test_after_max_rounds_the_last_answer_stands() -> None:
    judge = ScriptedLlmService(lambda request: text_reply(verdict(0.1, "Still vague.")))
    agent, writer = make_agent(
        [text_reply("draft 1"), text_reply("draft 2")],
        middleware=[CriticMiddleware(judge, max_rounds=1)],
    )
    events: list[CriticVerdictEvent] = []
    agent.hooks.on(CriticVerdictEvent, lambda e: events.append(e.data))
    result = await agent.run("Explain monads.")
    assert result.text == "draft 2"
    assert len(writer.requests) == 2
    assert [(e.round, e.passed) for e in events] == [(1, False), (2, False)]


async def test_the_agents_retry_bound_also_applies() -> None:
    judge = ScriptedLlmService(lambda request: text_reply(verdict(0.1)))
    agent, writer = make_agent(
        [text_reply("a"), text_reply("b"), text_reply("c")],
        config=AgentConfig(max_model_retries=1),
        middleware=[CriticMiddleware(judge, max_rounds=5)],
    )
    assert (await agent.run("q")).text == "b"
    assert len(writer.requests) == 2


async def test_tool_call_responses_are_not_judged() -> None:
    judge = ScriptedLlmService([text_reply('{"pass": true}')])
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Kyiv"}), text_reply("Kyiv: 2.9 million.")],
        middleware=[CriticMiddleware(judge)],
    )
    await agent.run("Kyiv?")
    assert len(judge.requests) == 1
    assert judge.requests[0].messages[0].content is not None
    assert judge.requests[0].messages[0].content.endswith("Answer:\nKyiv: 2.9 million.")


async def test_an_unreadable_verdict_passes() -> None:
    judge = ScriptedLlmService([text_reply("I think it's fine-ish?")])
    critic = CriticMiddleware(judge)
    agent, _ = make_agent([text_reply("answer")], middleware=[critic])
    events: list[CriticVerdictEvent] = []
    agent.hooks.on(CriticVerdictEvent, lambda e: events.append(e.data))
    assert (await agent.run("q")).text == "answer"
    assert [(e.score, e.passed) for e in events] == [(None, True)]


async def test_a_failing_critic_fails_the_turn_unless_fail_open() -> None:
    down = ScriptedLlmService([LlmError("critic down")])
    agent, _ = make_agent([text_reply("answer")], middleware=[CriticMiddleware(down)])
    with pytest.raises(TurnFailedError, match="critic down"):
        await agent.run("q")
    down = ScriptedLlmService([LlmError("critic down")])
    agent, _ = make_agent(
        [text_reply("answer")], middleware=[CriticMiddleware(down, fail_open=True)]
    )
    assert (await agent.run("q")).text == "answer"


@pytest.mark.parametrize(
    ("text", "score", "passed", "feedback"),
    [
        ('{"score": 0.4, "feedback": "cite"}', 0.4, None, "cite"),
        ('Sure!\n```json\n{"pass": false, "reason": "wrong year"}\n```', None, False, "wrong year"),
        ('{"score": "85%", "passed": "yes"}', 0.85, True, ""),
        ('{"score": 7, "critique": "ok"}', 0.7, None, "ok"),
        ('{"rating": 60, "approved": true, "comments": "fine"}', 0.6, True, "fine"),
        ("Score: 8/10. Mostly right.", 0.8, None, "Score: 8/10. Mostly right."),
        ("FAIL - the answer ignores the question", None, False, None),
        ("score 45%", 0.45, None, None),
    ],
    ids=[
        "json",
        "fenced",
        "percent-string",
        "out-of-10",
        "aliases",
        "prose-x-of-10",
        "word",
        "pct",
    ],
)
def test_verdicts_are_read_leniently(
    text: str, score: float | None, passed: bool | None, feedback: str | None
) -> None:
    parsed = CriticVerdict.parse(text)
    assert parsed is not None
    assert parsed.score == pytest.approx(score) if score is not None else parsed.score is None
    assert parsed.passed is passed
    if feedback is not None:
        assert parsed.feedback == feedback


def test_nothing_readable_is_none() -> None:
    assert CriticVerdict.parse("no idea") is None
    assert CriticVerdict.parse('{"feedback": "only words"}') is None


async def test_pass_field_wins_over_score() -> None:
    judge = ScriptedLlmService([text_reply('{"score": 0.2, "pass": true}')])
    agent, writer = make_agent([text_reply("answer")], middleware=[CriticMiddleware(judge)])
    assert (await agent.run("q")).text == "answer"
    assert len(writer.requests) == 1


async def test_a_streamed_turn_shows_the_revision_status() -> None:
    judge = ScriptedLlmService([text_reply(verdict(0.1, "More detail.")), text_reply(verdict(1))])
    agent, _ = make_agent(
        [text_reply("short"), text_reply("a longer answer")],
        stream=True,
        middleware=[CriticMiddleware(judge)],
    )
    result = await agent.run("q")
    assert result.text == "a longer answer"
    statuses = [
        c.rich_component.message  # type: ignore[attr-defined]
        for c in result.components
        if c.type == "status_bar_update"
    ]
    assert "Revising the answer" in statuses
