"""Keeping a history valid for every provider: each tool call has exactly one result."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from hookline.llm.models import ToolCall
from hookline.storage.models import Message

__all__ = ["closing_result", "has_open_tool_calls", "open_tail_calls", "repair_tool_pairs"]

INTERRUPTED = "interrupted"


def closing_result(call: ToolCall, reason: str = INTERRUPTED) -> Message:
    """The synthetic result that closes a call left without one."""
    return Message(
        role="tool",
        tool_call_id=call.id,
        name=call.name,
        content=f"Tool call {call.name!r} was {reason} before it returned a result.",
        metadata={"hookline": reason},
    )


def repair_tool_pairs(
    messages: Sequence[Message], *, reason: str = INTERRUPTED, keep_open: Collection[str] = ()
) -> list[Message]:
    """Return ``messages`` with every tool call answered and no stray results.

    A call without a result gets a closing result right after the results
    that exist; a result whose call is not in the assistant message just
    before it is dropped.  Calls whose ids are in ``keep_open`` (waiting for
    a reviewer) are left open.  A valid history is returned as is (same list
    when a list was given): no copy, one pass.

    Example::

        repair_tool_pairs([assistant_with_call]) == [assistant_with_call, closing_result(call)]
    """
    out: list[Message] | None = None
    pending: dict[str, ToolCall] = {}  # calls of the last assistant message still unanswered
    expected: set[str] = set()  # every call id of that message (kept-open ones too)
    for index, message in enumerate(messages):
        if message.role == "tool":
            if message.tool_call_id in expected:
                expected.discard(message.tool_call_id)
                pending.pop(message.tool_call_id or "", None)
                if out is not None:
                    out.append(message)
            elif out is None:
                out = list(messages[:index])
            continue
        if pending:
            out = list(messages[:index]) if out is None else out
            out.extend(closing_result(call, reason) for call in pending.values())
        pending = _open_calls(message, keep_open)
        expected = {c.id for c in message.tool_calls} if message.tool_calls else set()
        if out is not None:
            out.append(message)
    if pending:
        out = list(messages) if out is None else out
        out.extend(closing_result(call, reason) for call in pending.values())
    if out is not None:
        return out
    return messages if isinstance(messages, list) else list(messages)


def _open_calls(message: Message, keep_open: Collection[str]) -> dict[str, ToolCall]:
    if not message.tool_calls:
        return {}
    return {c.id: c for c in message.tool_calls if c.id not in keep_open}


def has_open_tool_calls(messages: Sequence[Message]) -> bool:
    """True when ``repair_tool_pairs`` would change ``messages``."""
    return repair_tool_pairs(messages) is not messages


def open_tail_calls(messages: Sequence[Message]) -> list[ToolCall]:
    """The calls of the history's last assistant message that have no result yet.

    Only the tail counts: the last assistant message with tool calls, followed
    by nothing but tool results.  These are the calls a reviewer may still
    decide, or that a process dropped while they ran.
    """
    answered: set[str] = set()
    for message in reversed(messages):
        if message.role == "tool":
            answered.add(message.tool_call_id or "")
            continue
        if message.role != "assistant" or not message.tool_calls:
            return []
        return [call for call in message.tool_calls if call.id not in answered]
    return []
