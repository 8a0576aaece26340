"""Trimming a history to a token budget: the one grouping and the one cut.

``ContextWindowFilter`` (extensions/filter.py) and ``ContextWindowMiddleware``
(middleware/context_window.py) are two public ways to ask for the same thing; both
call ``trim_cut`` and ``kept_messages`` here, so the same history and budget keep the
same messages whichever one is used.

The rules:

- The history is cut in exchanges (``exchange_starts``): a user message and everything
  up to the next one (the assistant's tool calls, their results, its answer).  A tool
  call and its result are in one exchange, so no cut separates them; a tool result
  before the first user message (its call already gone) belongs to the first exchange
  and goes with it.  Retry feedback (a revision request) belongs to the exchange it
  revises.
- The oldest exchanges are dropped whole until the rest fits; the latest exchange (the
  newest question and what answers it so far) is always kept, even alone over budget.
- System messages are instructions, not conversation: they are never dropped and keep
  their place; their tokens count towards the budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from hookline.llm.models import LlmMessage

__all__ = ["exchange_starts", "kept_messages", "trim_cut", "trim_history"]

MessageT = TypeVar("MessageT", bound=LlmMessage)

RETRY_FEEDBACK = "retry_feedback"


def exchange_starts(messages: Sequence[LlmMessage]) -> list[int]:
    """Where each exchange begins: 0, then every user message that is not retry
    feedback (a revision request belongs to the exchange it revises).

    Example::

        exchange_starts([user, assistant, tool_call, tool_result, user])  # [0, 4]
    """
    starts = [0]
    for index, message in enumerate(messages):
        if index == 0 or message.role != "user":
            continue
        metadata = getattr(message, "metadata", None) or {}
        if metadata.get("hookline") != RETRY_FEEDBACK:
            starts.append(index)
    return starts


def trim_cut(messages: Sequence[MessageT], sizes: Sequence[int], budget: int) -> int:
    """The index of the first message kept (0 keeps all): the oldest exchanges dropped
    whole until the rest fits ``budget``.  ``sizes`` are the messages' token counts;
    the system messages' count towards the rest, since they are always kept.
    """
    starts = exchange_starts(messages)
    droppable = [0 if m.role == "system" else n for m, n in zip(messages, sizes, strict=True)]
    total = sum(sizes)
    cut = 0
    for start in starts[1:]:  # the first exchange that may be dropped starts at 0
        if total <= budget:
            break
        total -= sum(droppable[cut:start])
        cut = start
    return cut


def kept_messages(messages: Sequence[MessageT], cut: int) -> list[MessageT]:
    """``messages[cut:]``, after the system messages of the dropped part (kept in order)."""
    pinned = [m for m in messages[:cut] if m.role == "system"]
    return [*pinned, *messages[cut:]]


def trim_history(
    messages: Sequence[MessageT], max_tokens: int, count_tokens: Callable[[MessageT], int]
) -> list[MessageT]:
    """The messages that fit ``max_tokens`` by the rules above (``messages`` itself,
    when a list, if all fit).

    Example::

        trim_history(history, 8000, approximate_tokens)
    """
    sizes = [count_tokens(m) for m in messages]
    if sum(sizes) <= max_tokens:
        return messages if isinstance(messages, list) else list(messages)
    return kept_messages(messages, trim_cut(messages, sizes, max_tokens))
