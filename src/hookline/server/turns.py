"""What a server needs to know about the turn it streams, beyond the components.

The usage, whether the turn paused (and for which calls) and the tool results
are read from two events — ``MessageCompletedEvent`` and ``AfterToolCallEvent``
— by handlers that ``observe_turns`` registers once per agent.  They write into
the ``TurnRecord`` of the request that runs the turn (a context variable), so
turns run by anyone else (a script, the CLI) are not touched.
"""

from __future__ import annotations

import contextlib
import contextvars
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hookline.components.base import UiComponent
from hookline.hooks.events import AfterToolCallEvent, MessageCompletedEvent
from hookline.hooks.registry import Event
from hookline.llm.models import Usage
from hookline.tools.approval import PendingToolCall, pending_calls

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["TurnRecord", "observe_turns", "recorded"]

_current: contextvars.ContextVar[TurnRecord | None] = contextvars.ContextVar(
    "hookline_server_turn", default=None
)
_observed: weakref.WeakSet[Agent] = weakref.WeakSet()


@dataclass(kw_only=True)
class TurnRecord:
    """The outcome of one streamed turn, filled in while it runs.

    ``completed`` is False for a failed, halted or cancelled turn (a stream that
    ended early, or with an error component).
    """

    conversation_id: str
    completed: bool = False
    usage: Usage = field(default_factory=Usage)
    paused: bool = False
    pending: list[PendingToolCall] = field(default_factory=list)
    tool_results: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    error_code: str | None = None

    def summary(self) -> dict[str, Any]:
        """The JSON of the stream's final event."""
        return {
            "conversation_id": self.conversation_id,
            "completed": self.completed,
            "usage": self.usage.model_dump(mode="json"),
            "paused": self.paused,
            "pending_tool_calls": [
                {
                    "id": p.call.id,
                    "name": p.call.name,
                    "arguments": p.call.arguments,
                    "reason": p.reason,
                }
                for p in self.pending
            ],
            "error": self.error,
        }


def observe_turns(agent: Agent) -> None:
    """Register the two recording handlers on ``agent`` (once per agent)."""
    if agent in _observed:
        return
    agent.hooks.on(MessageCompletedEvent, _on_completed)
    agent.hooks.on(AfterToolCallEvent, _on_tool_result)
    _observed.add(agent)


async def recorded(
    stream: AsyncIterator[UiComponent], record: TurnRecord
) -> AsyncIterator[UiComponent]:
    """``stream``, with ``record`` current while it runs; error components set ``error``."""
    token = _current.set(record)
    try:
        async for component in stream:
            if component.type == "error" and record.error is None:
                record.error = getattr(component.rich_component, "message", None)
                record.error_code = getattr(component.rich_component, "code", None)
            yield component
        if record.error is None:
            record.completed = True  # also a starter UI, which completes no turn
    finally:
        with contextlib.suppress(ValueError):  # closed from another context
            _current.reset(token)
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            await aclose()


def _on_completed(event: Event[MessageCompletedEvent]) -> None:
    record = _current.get()
    if record is None:
        return
    data = event.data
    record.completed = True
    record.usage = data.usage
    record.paused = data.paused
    record.conversation_id = data.conversation.id
    record.pending = [p for p in pending_calls(data.conversation) if p.state == "pending"]


def _on_tool_result(event: Event[AfterToolCallEvent]) -> None:
    record = _current.get()
    if record is None:
        return
    result = event.data.result
    text = result.result_for_llm or result.error or ""
    record.tool_results[event.data.call.id] = text
