"""Steps 15-17 for one tool call: ``BeforeToolCallEvent`` (amend or block), the
``wrap_tool_call`` chain around ``ToolRegistry.execute``, ``AfterToolCallEvent``.

``Turn._tool_loop`` runs the calls of one response concurrently (or one by
one when ``AgentConfig.parallel_tool_calls`` is False).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hookline._construct import constructor
from hookline.agent.approval import PendingToolCall, approval_card
from hookline.agent.streaming import make_simple_text, make_ui
from hookline.components.base import UiComponent
from hookline.components.rich import ToolExecutionComponent, ToolStatus
from hookline.hooks.events import (
    TOOL_CALL,
    AfterToolCallEvent,
    BeforeToolCallEvent,
    ToolCallEndedEvent,
    ToolInvocation,
)
from hookline.llm.models import ToolCall
from hookline.storage.models import Message
from hookline.tools.result import ToolResult

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = [
    "ToolOutcome",
    "emit_call_ended",
    "finish_tool_calls",
    "rejected_outcome",
    "run_tool_call",
    "run_tool_calls",
    "running_component",
]


_make_tool_execution = constructor(ToolExecutionComponent)
_make_invocation = constructor(ToolInvocation)


@dataclass(slots=True)
class ToolOutcome:
    """One finished (or blocked) tool call."""

    call: ToolCall
    result: ToolResult
    status: ToolStatus
    duration_ms: float
    extra_messages: list[Message] = field(default_factory=list)

    def message(self) -> Message:
        """The tool-result message the model reads next."""
        return Message(
            role="tool",
            content=self.result.result_for_llm,
            tool_call_id=self.call.id,
            name=self.call.name,
        )

    def components(self) -> list[UiComponent]:
        """The finished activity line, then the tool's own component (a table...)."""
        call, result = self.call, self.result
        line = f"{call.name} {self.status} in {self.duration_ms:.0f} ms"
        finished = make_ui(
            rich_component=_make_tool_execution(
                tool=call.name,
                call_id=call.id,
                arguments=call.arguments,
                status=self.status,
                duration_ms=round(self.duration_ms, 3),
                error=result.error,
            ),
            simple_component=make_simple_text(text=line),
        )
        if result.ui_component is None:
            return [finished]
        return [finished, result.ui_component]


def rejected_outcome(call: ToolCall, reason: str | None) -> ToolOutcome:
    """The outcome of a call a reviewer rejected."""
    text = "Tool call rejected by reviewer" + (f": {reason}" if reason else ".")
    return ToolOutcome(call, ToolResult.failure(text), "rejected", 0.0)


def running_component(call: ToolCall) -> UiComponent:
    """The "running" activity line shown before a call executes."""
    return make_ui(
        rich_component=_make_tool_execution(
            tool=call.name, call_id=call.id, arguments=call.arguments, status="running"
        ),
        simple_component=make_simple_text(text=f"Running {call.name}..."),
    )


def run_tool_call(turn: Turn, call: ToolCall, *, approved: bool = False) -> Awaitable[ToolOutcome]:
    """Steps 15-17 for ``call`` (``approved``: a reviewer approved it), then
    ``ToolCallEndedEvent`` when observed."""
    if not turn.hooks.has_handlers(ToolCallEndedEvent):
        return _run_tool_call(turn, call, approved)  # no extra coroutine on the hot path
    return _observed_tool_call(turn, call, approved)


async def _observed_tool_call(turn: Turn, call: ToolCall, approved: bool) -> ToolOutcome:
    outcome = await _run_tool_call(turn, call, approved)
    await emit_call_ended(turn, outcome)
    return outcome


async def emit_call_ended(turn: Turn, outcome: ToolOutcome) -> None:
    """``ToolCallEndedEvent`` for a finished, blocked, deferred or rejected call."""
    await turn.hooks.emit(
        ToolCallEndedEvent(
            call=outcome.call,
            result=outcome.result,
            status=outcome.status,
            duration_ms=outcome.duration_ms,
        )
    )


async def _run_tool_call(turn: Turn, call: ToolCall, approved: bool) -> ToolOutcome:
    hooks = turn.hooks
    context = turn.tool_context
    assert context is not None, "tool context is prepared in step 6"
    registry = turn.agent.tool_registry
    tool = registry.find(call.name)
    if hooks.has_handlers(BeforeToolCallEvent):
        before = BeforeToolCallEvent(call=call, tool=tool, context=context, approved=approved)
        await hooks.emit(before)
        if before.blocked_reason is not None:
            result = ToolResult.failure(f"Tool call blocked: {before.blocked_reason}")
            return ToolOutcome(call, result, "blocked", 0.0)
        if before.defer_reason is not None and not approved:
            result = ToolResult(success=False, result_for_llm="", error=before.defer_reason)
            return ToolOutcome(before.call, result, "pending", 0.0)
        if before.call is not call:
            call = before.call
            tool = registry.find(call.name)
    started = time.perf_counter()
    if hooks.has_wrappers(TOOL_CALL):
        chain = hooks.compose(TOOL_CALL, turn.agent._tool_terminal)
        result = await chain(_make_invocation(call=call, tool=tool, context=context))
    else:
        result = await registry.execute(call, context)
    duration_ms = (time.perf_counter() - started) * 1000.0
    extra: list[Message] = []
    if hooks.has_handlers(AfterToolCallEvent):
        after = AfterToolCallEvent(
            call=call, tool=tool, context=context, result=result, duration_ms=duration_ms
        )
        await hooks.emit(after)
        result, extra = after.result, after.additional_messages
    return ToolOutcome(call, result, "success" if result.success else "error", duration_ms, extra)


async def run_tool_calls(turn: Turn, calls: list[ToolCall]) -> AsyncIterator[UiComponent]:
    """Steps 15-17 for the calls of one response; pauses when a call is deferred.

    Each result joins the turn before anything about it is yielded: a client
    that leaves at that moment must not lose a result whose side effect happened.
    """
    if len(calls) > 1 and turn.config.parallel_tool_calls:
        for call in calls:
            yield running_component(call)
        outcomes = await _run_concurrently(turn, calls)
        turn.add_results(outcomes)
        for outcome in outcomes:
            for component in outcome.components():
                yield component
    else:
        outcomes = []
        for call in calls:
            yield running_component(call)
            outcome = await run_tool_call(turn, call)
            outcomes.append(outcome)
            turn.add_results([outcome])
            for component in outcome.components():
                yield component
    for component in finish_tool_calls(turn, outcomes):
        yield component


async def _run_concurrently(turn: Turn, calls: list[ToolCall]) -> list[ToolOutcome]:
    """The calls at once, outcomes in call order.  When one raises (a hook's error, a
    cancelled turn), the others are cancelled and awaited before the error goes on, and
    the results of those that had finished join the turn: nothing runs unsupervised,
    and no side effect that happened is recorded as "interrupted"."""
    tasks = [asyncio.ensure_future(run_tool_call(turn, call)) for call in calls]
    try:
        return list(await asyncio.gather(*tasks))
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks)
        turn.add_results([t.result() for t in tasks if not t.cancelled() and t.exception() is None])
        raise


def finish_tool_calls(turn: Turn, outcomes: list[ToolOutcome]) -> list[UiComponent]:
    """After the results: the handlers' extra messages, then the pause for deferred calls
    (the turn ends there; the approval cards are returned to be streamed)."""
    turn.add_extra_messages(outcomes)
    deferred = [o for o in outcomes if o.status == "pending"]
    if not deferred:
        return []
    waiting = [PendingToolCall(call=o.call, reason=o.result.error or "") for o in deferred]
    for entry in waiting:
        turn.pending.add(entry)
    turn.paused = True
    return [approval_card(entry) for entry in waiting]
