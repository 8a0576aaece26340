"""The ``RunResult`` of the turn a server streams: the agent's own, from one builder.

A turn the server runs in the request is a ``Turn`` it streams (``turn_components``);
when the turn ends, ``hookline.agent.collect.run_result`` builds its result from it, as
``Agent.run`` does, and the request's result takes it (``settle``).  A durable turn's
workflow builds it the same way (``Agent.run`` in the workflow); the server takes it
from the workflow (``streams.durable_components``).  Nothing is registered on the
agent: turns run by anyone else (a script, the CLI) are not touched.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import aclosing
from dataclasses import fields
from typing import Any

from hookline.agent.collect import run_result, tool_texts
from hookline.agent.result import RunResult
from hookline.agent.turn import Turn
from hookline.components.base import UiComponent
from hookline.hooks.registry import HookRegistry
from hookline.llm.models import Usage

__all__ = [
    "error_code",
    "error_status",
    "new_result",
    "recorded",
    "settle",
    "summary",
    "turn_components",
]

_KEPT = tuple(f.name for f in fields(RunResult) if f.name != "components")
"""The fields ``settle`` takes: the components are the ones the request streamed."""


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


def settle(result: RunResult, outcome: RunResult) -> None:
    """``result`` (the request's, its components streamed) takes the rest of ``outcome``."""
    for name in _KEPT:
        setattr(result, name, getattr(outcome, name))


async def turn_components(
    turn: Turn, result: RunResult, hooks: HookRegistry | None = None
) -> AsyncIterator[UiComponent]:
    """``turn``'s components as it streams them; when it ends, ``result`` takes its
    ``RunResult`` (``run_result``, the builder of ``Agent.run``).  While it runs,
    ``result.tool_results`` holds the calls finished so far (AG-UI sends them).
    ``hooks``: the registry made for this turn, released when it ends."""
    components: list[UiComponent] = []
    try:
        async with aclosing(turn.run()) as stream:  # a client that leaves: the turn saves now
            async for component in stream:
                components.append(component)
                if component.type == "tool_execution":
                    result.tool_results = tool_texts(turn.turn_messages)
                yield component
    finally:
        if hooks is not None:
            hooks.release()
    settle(result, run_result(turn, components))


async def recorded(
    stream: AsyncIterator[UiComponent], result: RunResult
) -> AsyncIterator[UiComponent]:
    """``stream``, each component kept in ``result`` as it passes."""
    try:
        async for component in stream:
            result.components.append(component)
            yield component
    finally:
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            await aclose()
