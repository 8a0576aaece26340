"""collect: drain a turn and build its ``RunResult`` (``Agent.run``, sub-agents)."""

from __future__ import annotations

from collections.abc import Callable

from hookline.agent.result import RunResult
from hookline.agent.turn import Turn
from hookline.components.base import UiComponent
from hookline.errors import AgentError, TurnFailedError

__all__ = ["collect"]


async def collect(
    turn: Turn, on_component: Callable[[UiComponent], object] | None = None
) -> RunResult:
    """Drain ``turn`` (each component to ``on_component``) and build its ``RunResult``."""
    components = []
    async for component in turn.run():
        components.append(component)
        if on_component is not None:
            on_component(component)
    if isinstance(turn.exception, AgentError):  # busy, or a decision that cannot apply
        raise turn.exception
    if turn.failed:
        raise TurnFailedError(turn.error or "The turn failed.")
    waiting = turn.pending.calls if turn.paused else []
    return RunResult(
        text=turn.final_text,
        conversation_id=turn.conversation_id,
        usage=turn.usage,
        tool_calls=turn.tool_calls,
        components=components,
        halted=turn.halted,
        error=turn.error,
        paused=turn.paused,
        pending_tool_calls=[p.call for p in waiting],
        pending_reasons={p.call.id: p.reason for p in waiting},
        pending_digests={p.call.id: p.digest for p in waiting},
        tool_results={
            m.tool_call_id: m.content or ""
            for m in turn.turn_messages
            if m.role == "tool" and m.tool_call_id
        },
    )
