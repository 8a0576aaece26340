"""ContextWindowMiddleware: whole exchanges dropped to fit, tool pairs intact, summaries cached."""

from __future__ import annotations

from hookline import LlmMessage, LlmRequest, Message, ScriptedLlmService, User, text_reply
from hookline.llm.scripted import tool_call_reply
from hookline.llm.trimming import exchange_starts
from hookline.middleware import ContextWindowMiddleware, approximate_tokens
from tests.conftest import make_agent

USER = User(id="default", username="default")


def ten(message: LlmMessage) -> int:
    return 10


def shape(request: LlmRequest) -> list[str]:
    return [f"{m.role}:{m.content or ''}" for m in request.messages]


async def test_the_oldest_exchanges_are_dropped_whole() -> None:
    window = ContextWindowMiddleware(max_tokens=45, count_tokens=ten)
    agent, llm = make_agent(
        [
            text_reply("a1"),
            tool_call_reply("lookup", {"city": "Oslo"}, call_id="t1"),
            text_reply("a2"),
            text_reply("a3"),
        ],
        middleware=[window],
    )
    for question in ("q1", "q2", "q3"):
        await agent.run(question, conversation_id="c1")
    assert shape(llm.requests[1]) == ["user:q1", "assistant:a1", "user:q2"]
    assert shape(llm.requests[2]) == [  # 50 tokens: q1's exchange goes, the tool pair stays whole
        "user:q2",
        "assistant:",
        "tool:Oslo: 2.1 million",
    ]
    assert shape(llm.requests[3]) == ["user:q3"]  # q2's exchange (4 messages) would not fit
    assert window.dropped == 2 + 6
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert len(stored.messages) == 8  # storage is untouched


async def test_the_latest_exchange_is_kept_even_over_budget() -> None:
    window = ContextWindowMiddleware(max_tokens=5, count_tokens=ten)
    agent, llm = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}, call_id="t1"), text_reply("Rome: 2.8M")],
        middleware=[window],
    )
    await agent.run("Rome?")
    assert shape(llm.requests[1]) == ["user:Rome?", "assistant:", "tool:Rome: 2.1 million"]
    assert window.dropped == 0


async def test_under_budget_nothing_changes() -> None:
    window = ContextWindowMiddleware(max_tokens=10_000)
    agent, llm = make_agent([text_reply("a"), text_reply("b")], middleware=[window])
    await agent.run("q1", conversation_id="c1")
    await agent.run("q2", conversation_id="c1")
    assert shape(llm.requests[1]) == ["user:q1", "assistant:a", "user:q2"]


async def test_the_dropped_part_is_summarised_once_and_then_extended() -> None:
    summarizer = ScriptedLlmService(
        [text_reply("S1: user asked q1, got a1."), text_reply("S2: q1/a1 and q2/a2.")]
    )
    window = ContextWindowMiddleware(
        max_tokens=40, count_tokens=ten, summarizer=summarizer, summary_max_tokens=10
    )
    agent, llm = make_agent(
        [text_reply(f"a{i}") for i in range(1, 5)] + [text_reply("a5")], middleware=[window]
    )
    for question in ("q1", "q2", "q3"):
        await agent.run(question, conversation_id="c1")
    assert shape(llm.requests[2]) == [
        "user:[Summary of the earlier conversation]\nS1: user asked q1, got a1.",
        "user:q2",
        "assistant:a2",
        "user:q3",
    ]
    assert len(summarizer.requests) == 1
    assert summarizer.requests[0].messages[0].content == "user: q1\nassistant: a1"
    await agent.run("q4", conversation_id="c1")
    assert len(summarizer.requests) == 2
    assert summarizer.requests[1].messages[0].content == (
        "Summary so far:\nS1: user asked q1, got a1.\n\nMore of the conversation:\n"
        "user: q2\nassistant: a2"
    )
    assert shape(llm.requests[3])[0].endswith("S2: q1/a1 and q2/a2.")
    # the same prefix again: the cached summary, no new summarizer call
    await window.before_model(
        [Message(role="user", content=c) for c in ("q1",)]
        + [Message(role="assistant", content="a1"), Message(role="user", content="q2")]
        + [Message(role="assistant", content="a2"), Message(role="user", content="q3")]
    )
    assert len(summarizer.requests) == 2


def test_retry_feedback_does_not_start_an_exchange() -> None:
    feedback = {"hookline": "retry_feedback", "transient": True}
    messages = [
        Message(role="user", content="q"),
        Message(role="assistant", content="draft", metadata=feedback),
        Message(role="user", content="be precise", metadata=feedback),
        Message(role="user", content="next"),
    ]
    assert exchange_starts(messages) == [0, 3]


def test_approximate_tokens() -> None:
    assert approximate_tokens(LlmMessage(role="user", content="x" * 400)) == 104
