"""The one ``RunResult`` builder: ``run_result`` reads a finished ``Turn``.

``Agent.run`` / ``Agent.resume`` (``collect``), sub-agents, a durable turn's workflow
(``DbosAgent``, through ``Agent.run``) and the server (``hookline.server.turns``, for
the turns it streams) all build their result here, so the same turn gives the same
``RunResult`` whichever way it ran.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hookline.agent.result import RunResult
from hookline.agent.turn import Turn
from hookline.components.base import UiComponent
from hookline.errors import AgentError, TurnFailedError
from hookline.storage.models import Message
from hookline.tools.result import USER_TEXT_KEY

__all__ = ["collect", "run_result", "tool_texts"]


async def collect(
    turn: Turn, on_component: Callable[[UiComponent], object] | None = None
) -> RunResult:
    """Drain ``turn`` (each component to ``on_component``) and build its ``RunResult``.

    Raises what ``Agent.run`` raises: the ``AgentError`` of a busy conversation or of a
    decision that cannot apply, ``TurnFailedError`` for a failed turn."""
    components = []
    async for component in turn.run():
        components.append(component)
        if on_component is not None:
            on_component(component)
    if isinstance(turn.exception, AgentError):  # busy, or a decision that cannot apply
        raise turn.exception
    if turn.failed:
        raise TurnFailedError(turn.error or "The turn failed.")
    return run_result(turn, components)


def run_result(turn: Turn, components: list[UiComponent]) -> RunResult:
    """The ``RunResult`` of ``turn`` once it ran, with the ``components`` it streamed
    (the list is kept, not copied)."""
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
        failed=turn.failed,
        tool_results=tool_texts(turn.turn_messages),
    )


def tool_texts(messages: Sequence[Message]) -> dict[str, str]:
    """The text of each tool result in ``messages`` that a user may read, by call id: what
    the model read, or for a failed call the text meant for users when it differs (a
    crashed tool: its error id, not its exception; ``USER_TEXT_KEY``)."""
    texts = {}
    for message in messages:
        if message.role == "tool" and message.tool_call_id:
            shown = message.metadata.get(USER_TEXT_KEY)
            texts[message.tool_call_id] = shown if isinstance(shown, str) else message.content or ""
    return texts
