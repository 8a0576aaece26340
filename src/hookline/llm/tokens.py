"""approximate_tokens: the one token estimate hookline uses when no tokenizer is given."""

from __future__ import annotations

from hookline.llm.models import LlmMessage

__all__ = ["approximate_tokens"]


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
