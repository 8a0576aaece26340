"""approximate_tokens: the one token estimate hookline uses when no tokenizer is given."""

from __future__ import annotations

from collections.abc import Sequence

from hookline.llm.models import LlmMessage, Usage

__all__ = ["approximate_tokens", "estimated_usage"]


def approximate_tokens(message: LlmMessage) -> int:
    """About four characters a token, plus a little per message and per tool call.

    The default ``count_tokens`` of ``ContextWindowMiddleware`` and
    ``ContextWindowFilter``; pass a real tokenizer to those for precision.

    Example::

        approximate_tokens(LlmMessage(role="user", content="x" * 400))  # 104
    """
    size = len(message.content or "")
    for call in message.tool_calls or ():
        size += len(call.name) + len(str(call.arguments)) + 12
    return size // 4 + 4


def estimated_usage(prompt: Sequence[str], answer: str) -> Usage:
    """The usage of an answer no model call counted (the SQL planner's, a cache's): the
    prompt's messages and the answer by ``approximate_tokens``.

    Example::

        estimated_usage(["x" * 40], "y" * 20)  # Usage(input_tokens=14, output_tokens=9)
    """
    messages = [LlmMessage(role="user", content=text) for text in prompt]
    return Usage(
        input_tokens=sum(approximate_tokens(message) for message in messages),
        output_tokens=approximate_tokens(LlmMessage(role="assistant", content=answer)),
    )
