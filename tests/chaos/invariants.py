"""Strict checks of a history: the providers' rules, and the chaos suite's invariants.

``provider_violations`` is what OpenAI's and Anthropic's chat APIs refuse, written
down: roles, tool results right after the assistant message that called them,
matching ids, every call answered exactly once.  ``stored_violations`` applies the
same rules to a stored conversation, where the calls waiting for a reviewer
(``PENDING_KEY`` metadata) may be open.

Example::

    assert provider_violations(request.messages) == []
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from hookline.llm.models import LlmMessage
from hookline.storage.models import Conversation
from hookline.tools.approval import pending_calls

__all__ = ["pair_violations", "provider_violations", "stored_violations", "user_contents"]

_ROLES = frozenset({"system", "user", "assistant", "tool"})


def provider_violations(
    messages: Sequence[LlmMessage], *, allow_open: Collection[str] = (), request: bool = True
) -> list[str]:
    """What a provider would refuse in ``messages`` (an empty list: valid).

    ``request``: the messages are a model request, so the last one must be a
    user message or a tool result (something to answer).  ``allow_open``:
    call ids that may stay without a result (calls waiting for a reviewer).
    """
    problems: list[str] = []
    problems.extend(_role_problems(messages))
    problems.extend(_pair_problems(messages, allow_open))
    problems.extend(_id_problems(messages))
    if request and messages and messages[-1].role not in ("user", "tool"):
        problems.append(f"the request ends with a {messages[-1].role} message")
    return problems


def pair_violations(messages: Sequence[LlmMessage]) -> list[str]:
    """Only the tool-pair rules: results after their call, every call answered once, ids unique."""
    return [*_pair_problems(messages, ()), *_id_problems(messages)]


def _role_problems(messages: Sequence[LlmMessage]) -> Iterable[str]:
    first_chat = next((i for i, m in enumerate(messages) if m.role != "system"), None)
    if first_chat is not None and messages[first_chat].role != "user":
        yield f"the first message is {messages[first_chat].role!r}, not 'user'"
    for index, message in enumerate(messages):
        where = f"message {index} ({message.role})"
        if message.role not in _ROLES:
            yield f"{where}: unknown role"
        elif message.role == "system" and index > 0 and messages[index - 1].role != "system":
            yield f"{where}: a system message after the conversation started"
        elif message.role == "user" and not (message.content or "").strip():
            yield f"{where}: empty user message"
        elif message.role == "assistant" and not (message.content or message.tool_calls):
            yield f"{where}: assistant message with neither text nor tool calls"
        elif message.role != "assistant" and message.tool_calls:
            yield f"{where}: tool calls on a non-assistant message"
        elif message.role == "tool" and not message.tool_call_id:
            yield f"{where}: tool result without a tool_call_id"
        for call in message.tool_calls or ():
            if not isinstance(call.arguments, dict):
                yield f"{where}: arguments of {call.id} are not a JSON object"


def _pair_problems(messages: Sequence[LlmMessage], allow_open: Collection[str]) -> Iterable[str]:
    """Tool results follow their assistant message; every call answered exactly once."""
    expected: set[str] = set()  # calls of the current assistant message, not answered yet
    in_group = False  # inside [assistant with calls, its results...]
    for index, message in enumerate(messages):
        if message.role == "tool":
            if not in_group:
                yield f"message {index}: tool result {message.tool_call_id} follows no tool call"
            elif message.tool_call_id not in expected:
                yield f"message {index}: tool result {message.tool_call_id} answers no open call"
            expected.discard(message.tool_call_id or "")
            continue
        yield from _unanswered(expected, allow_open, f"before message {index}")
        expected = {c.id for c in message.tool_calls or ()}
        in_group = bool(expected)
    yield from _unanswered(expected, allow_open, "at the end")


def _unanswered(expected: set[str], allow_open: Collection[str], where: str) -> Iterable[str]:
    for call_id in sorted(expected - set(allow_open)):
        yield f"tool call {call_id} has no result {where}"


def _id_problems(messages: Sequence[LlmMessage]) -> Iterable[str]:
    ids = Counter(c.id for m in messages for c in m.tool_calls or ())
    for call_id, count in sorted(ids.items()):
        if count > 1:
            yield f"tool call id {call_id} is used by {count} calls"


def stored_violations(conversation: Conversation) -> list[str]:
    """The provider rules on a stored history; calls in ``PENDING_KEY`` may be open.

    An entry whose call already has a result (or is not in the history) is
    stale, not a violation: a turn that died between its two writes leaves
    one, and the next load ignores it (its call is not open).
    """
    waiting = {p.call.id for p in pending_calls(conversation)}
    problems = provider_violations(conversation.messages, allow_open=waiting, request=False)
    return [f"{conversation.id}: {problem}" for problem in problems]


def user_contents(conversation: Conversation) -> list[str]:
    """The text of every user message stored in ``conversation``, in order."""
    return [m.content or "" for m in conversation.messages if m.role == "user"]
