"""Steps 15-17: the tool calls of one model response.

Per call: ``BeforeToolCallEvent`` (amend or block), the ``wrap_tool_call``
chain around ``ToolRegistry.execute``, then ``AfterToolCallEvent``.  The
calls of one response run concurrently unless
``AgentConfig.parallel_tool_calls`` is False; results are appended in call
order either way.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hookline.components.base import UiComponent
from hookline.components.rich import ToolExecutionComponent
from hookline.components.simple import SimpleTextComponent
from hookline.hooks.events import (
    TOOL_CALL,
    AfterToolCallEvent,
    BeforeToolCallEvent,
    ToolInvocation,
)
from hookline.llm.models import ToolCall
from hookline.storage.models import Message
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = ["run_tool_calls"]


@dataclass(slots=True)
class _Outcome:
    call: ToolCall
    result: ToolResult
    status: str
    duration_ms: float
    extra_messages: list[Message] = field(default_factory=list)


async def run_tool_calls(turn: Turn, calls: list[ToolCall]) -> AsyncIterator[UiComponent]:
    """Run ``calls``, yield their activity, and add their results to the turn."""
    if len(calls) > 1 and turn.config.parallel_tool_calls:
        for call in calls:
            yield _running(call)
        outcomes = list(await asyncio.gather(*(_run_one(turn, call) for call in calls)))
        for outcome in outcomes:
            for component in _finished(outcome):
                yield component
    else:
        outcomes = []
        for call in calls:
            yield _running(call)
            outcome = await _run_one(turn, call)
            outcomes.append(outcome)
            for component in _finished(outcome):
                yield component
    for outcome in outcomes:
        turn._add_message(_result_message(outcome))
    for outcome in outcomes:
        for message in outcome.extra_messages:
            turn._add_message(message)


async def _run_one(turn: Turn, call: ToolCall) -> _Outcome:
    hooks = turn.hooks
    context = turn.tool_context
    assert context is not None
    tool = turn.agent.tool_registry.get_tool(call.name)
    if hooks.has_handlers(BeforeToolCallEvent):
        before = await hooks.emit(BeforeToolCallEvent(call=call, tool=tool, context=context))
        if before.blocked_reason is not None:
            result = ToolResult.failure(f"Tool call blocked: {before.blocked_reason}")
            return _Outcome(call, result, "blocked", 0.0)
        if before.call is not call:
            call = before.call
            tool = turn.agent.tool_registry.get_tool(call.name)
    started = time.perf_counter()
    result = await _execute(turn, call, context)
    duration_ms = (time.perf_counter() - started) * 1000.0
    extra: list[Message] = []
    if hooks.has_handlers(AfterToolCallEvent):
        after = await hooks.emit(
            AfterToolCallEvent(
                call=call, tool=tool, context=context, result=result, duration_ms=duration_ms
            )
        )
        result, extra = after.result, after.additional_messages
    return _Outcome(call, result, "success" if result.success else "error", duration_ms, extra)


async def _execute(turn: Turn, call: ToolCall, context: ToolContext) -> ToolResult:
    registry = turn.agent.tool_registry
    if not turn.hooks.has_wrappers(TOOL_CALL):
        return await registry.execute(call, context)
    chain = turn.hooks.compose(TOOL_CALL, turn.agent._tool_terminal)
    return await chain(ToolInvocation(call=call, tool=registry.get_tool(call.name), context=context))


def _running(call: ToolCall) -> UiComponent:
    return UiComponent(
        rich_component=ToolExecutionComponent(
            tool=call.name, call_id=call.id, arguments=call.arguments, status="running"
        ),
        simple_component=SimpleTextComponent(text=f"Running {call.name}..."),
    )


def _finished(outcome: _Outcome) -> list[UiComponent]:
    call, result = outcome.call, outcome.result
    status = outcome.status
    line = f"{call.name} {status} in {outcome.duration_ms:.0f} ms"
    components = [
        UiComponent(
            rich_component=ToolExecutionComponent(
                tool=call.name,
                call_id=call.id,
                arguments=call.arguments,
                status=status,  # type: ignore[arg-type]
                duration_ms=round(outcome.duration_ms, 3),
                error=result.error,
            ),
            simple_component=SimpleTextComponent(text=line),
        )
    ]
    if result.ui_component is not None:
        components.append(result.ui_component)
    return components


def _result_message(outcome: _Outcome) -> Message:
    return Message(
        role="tool",
        content=outcome.result.result_for_llm,
        tool_call_id=outcome.call.id,
        name=outcome.call.name,
    )
