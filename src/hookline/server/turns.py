"""The ``RunResult`` of the turn a server streams, built while it runs.

The server keeps the same result type as ``Agent.run``.  The components
(and the error ones: ``error``, ``halted``, ``failed``) come from the stream;
the usage, the final text, whether the turn paused (and for which calls) and
the tool results come from two events — ``MessageCompletedEvent`` and
``AfterToolCallEvent`` — read by handlers that ``observe_turns`` registers
once per agent.  They write into the result of the request that runs the
turn (a context variable), so turns run by anyone else (a script, the CLI)
are not touched.
"""

from __future__ import annotations

import contextlib
import contextvars
import weakref
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.hooks.events import AfterToolCallEvent, MessageCompletedEvent
from hookline.hooks.registry import Event
from hookline.llm.models import Usage
from hookline.tools.approval import pending_calls

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["error_code", "error_status", "new_result", "observe_turns", "recorded", "summary"]

_current: contextvars.ContextVar[RunResult | None] = contextvars.ContextVar(
    "hookline_server_turn", default=None
)
_observed: weakref.WeakSet[Agent] = weakref.WeakSet()


def new_result(conversation_id: str) -> RunResult:
    """The empty result a streamed turn fills in (``recorded``)."""
    return RunResult(text="", conversation_id=conversation_id, usage=Usage())


def summary(result: RunResult) -> dict[str, Any]:
    """The JSON of the stream's final event."""
    return {
        "conversation_id": result.conversation_id,
        "completed": result.completed,
        "usage": result.usage.model_dump(mode="json"),
        "paused": result.paused,
        "pending_tool_calls": [
            {
                "id": call.id,
                "name": call.name,
                "arguments": call.arguments,
                "reason": result.pending_reasons.get(call.id, ""),
                "digest": result.pending_digests.get(call.id, ""),
            }
            for call in result.pending_tool_calls
        ],
        "error": result.error,
    }


def error_code(result: RunResult) -> str | None:
    """The ``code`` of the first error component (the one ``error`` holds the message of)."""
    for component in result.components:
        if component.type == "error":
            return getattr(component.rich_component, "code", None)
    return None


def error_status(result: RunResult) -> int | None:
    """The HTTP status of the first error component, when it is the request's own fault."""
    for component in result.components:
        if component.type == "error":
            return getattr(component.rich_component, "status", None)
    return None


def observe_turns(agent: Agent) -> None:
    """Register the two recording handlers on ``agent`` (once per agent)."""
    if agent in _observed:
        return
    agent.hooks.on(MessageCompletedEvent, _on_completed)
    agent.hooks.on(AfterToolCallEvent, _on_tool_result)
    _observed.add(agent)


async def recorded(
    stream: AsyncIterator[UiComponent], result: RunResult
) -> AsyncIterator[UiComponent]:
    """``stream``, with ``result`` current while it runs, each component kept in it."""
    token = _current.set(result)
    try:
        async for component in stream:
            result.components.append(component)
            if component.type == "error":
                _note_error(result, component)
            yield component
    finally:
        with contextlib.suppress(ValueError):  # closed from another context
            _current.reset(token)
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            await aclose()


def _note_error(result: RunResult, component: UiComponent) -> None:
    rich = component.rich_component
    if result.error is None:
        result.error = getattr(rich, "message", None)
    code = getattr(rich, "code", None)
    if code == "halted":
        result.halted = True
    elif code == "turn_failed":
        result.failed = True


def _on_completed(event: Event[MessageCompletedEvent]) -> None:
    result = _current.get()
    if result is None:
        return
    data = event.data
    result.text = data.result
    result.usage = data.usage
    result.paused = data.paused
    result.conversation_id = data.conversation.id
    pending = [p for p in pending_calls(data.conversation) if p.state == "pending"]
    result.pending_tool_calls = [p.call for p in pending]
    result.pending_reasons = {p.call.id: p.reason for p in pending}
    result.pending_digests = {p.call.id: p.digest for p in pending}


def _on_tool_result(event: Event[AfterToolCallEvent]) -> None:
    result = _current.get()
    if result is None:
        return
    tool_result = event.data.result
    if tool_result.success:
        text = tool_result.result_for_llm or tool_result.error or ""
    else:  # what the user may read of a failure (a crashed tool: an error id, no text)
        text = tool_result.error or tool_result.result_for_llm
    result.tool_results[event.data.call.id] = text
