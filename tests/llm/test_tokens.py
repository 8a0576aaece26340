"""approximate_tokens: the one estimate, used by both context-window helpers."""

from __future__ import annotations

import pytest

from hookline import LlmMessage, Message, ToolCall
from hookline.extensions import ContextWindowFilter
from hookline.llm import approximate_tokens
from hookline.middleware import ContextWindowMiddleware


@pytest.mark.parametrize(
    ("message", "tokens"),
    [
        (LlmMessage(role="user", content="x" * 400), 104),
        (LlmMessage(role="user"), 4),
        (LlmMessage(role="assistant", tool_calls=[ToolCall(id="t1", name="run_sql")]), 9),
    ],
    ids=["text", "empty", "tool-call"],
)
def test_four_characters_a_token_plus_overhead(message: LlmMessage, tokens: int) -> None:
    assert approximate_tokens(message) == tokens


@pytest.mark.parametrize(("budget", "kept"), [(28, 2), (27, 1)], ids=["fits", "one-over"])
async def test_the_filter_counts_like_the_middleware(budget: int, kept: int) -> None:
    history = [Message(role="user", content="a" * 40), Message(role="user", content="b" * 40)]
    assert approximate_tokens(history[0]) == 14
    filtered = await ContextWindowFilter(max_tokens=budget).filter_messages(history)
    windowed = await ContextWindowMiddleware(max_tokens=budget).before_model(history)
    assert len(filtered) == len(windowed) == kept


def test_an_estimated_usage_counts_the_prompts_messages_and_the_answer() -> None:
    from hookline.llm.models import Usage
    from hookline.llm.tokens import estimated_usage

    usage = estimated_usage(["x" * 40, "z" * 8], "y" * 20)

    assert usage == Usage(input_tokens=(10 + 4) + (2 + 4), output_tokens=5 + 4)
