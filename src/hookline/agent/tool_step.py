"""Steps 15-17: ``execute_calls``, the one place that runs a batch of tool calls.

For each call: ``BeforeToolCallEvent`` (amend, block or defer for a reviewer),
the ``wrap_tool_call`` chain around ``ToolRegistry.execute`` (which validates
the arguments and checks access groups), ``AfterToolCallEvent`` (replace the
result, add messages), ``ToolCallEndedEvent``.  Fresh calls of one response and
calls a reviewer decided go through here alike; the calls of one batch run
concurrently unless ``AgentConfig.parallel_tool_calls`` is False.  Each call
gets its own ``ToolContext`` (``for_call``: its id and idempotency key) and,
when the step has a ledger, its ledger entry is committed before its tool runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from time import perf_counter

from hookline.agent.history import INTERRUPTED
from hookline.agent.ledger import TurnLedger
from hookline.agent.tool_errors import call_chain
from hookline.components.base import UiComponent
from hookline.components.rich import ToolExecutionComponent, ToolStatus
from hookline.components.simple import SimpleTextComponent
from hookline.hooks.events import (
    TOOL_CALL,
    AfterToolCallEvent,
    BeforeToolCallEvent,
    ToolCallEndedEvent,
    ToolErrorEvent,
    ToolInvocation,
)
from hookline.hooks.options import StepSkipped
from hookline.hooks.registry import HookRegistry
from hookline.llm.models import ToolCall
from hookline.storage.models import Message
from hookline.tools.approval import NESTED_KEY, ApprovalDecision
from hookline.tools.context import ToolContext
from hookline.tools.registry import ToolRegistry
from hookline.tools.result import USER_TEXT_KEY, ToolResult

__all__ = ["ToolOutcome", "ToolStep", "execute_calls"]


@dataclass(slots=True)
class ToolOutcome:
    """One call that ran, or was blocked, deferred ("pending") or rejected."""

    call: ToolCall
    result: ToolResult
    status: ToolStatus
    duration_ms: float = 0.0
    extra_messages: list[Message] = field(default_factory=list)

    def message(self) -> Message:
        """The tool-result message the model reads next (with what the user may read of
        a failure, when that differs: a crashed tool's error id, not its exception)."""
        result = self.result
        message = Message(
            role="tool",
            content=result.result_for_llm,
            tool_call_id=self.call.id,
            name=self.call.name,
            metadata={"status": self.status},  # the page shows it again after a reload
        )
        if not result.success and result.error and result.error != result.result_for_llm:
            message.metadata[USER_TEXT_KEY] = result.error
        return message

    def components(self) -> list[UiComponent]:
        """The finished activity line, then the tool's own component (a table...)."""
        call, result = self.call, self.result
        finished = UiComponent(
            rich_component=ToolExecutionComponent(
                tool=call.name,
                call_id=call.id,
                arguments=call.arguments,
                status=self.status,
                duration_ms=round(self.duration_ms, 3),
                error=result.error,
            ),
            simple_component=SimpleTextComponent(
                text=f"{call.name} {self.status} in {self.duration_ms:.0f} ms"
            ),
        )
        if result.ui_component is None:
            return [finished]
        return [finished, result.ui_component]


def running_component(call: ToolCall) -> UiComponent:
    """The "running" activity line shown before a call executes."""
    return UiComponent(
        rich_component=ToolExecutionComponent(
            tool=call.name, call_id=call.id, arguments=call.arguments, status="running"
        ),
        simple_component=SimpleTextComponent(text=f"Running {call.name}..."),
    )


@dataclass(slots=True, kw_only=True)
class ToolStep:
    """What ``execute_calls`` needs from the turn: its hooks, tools and context.

    ``terminal`` is the innermost layer of the tool chain (the registry).
    ``ledger`` records each call before its tool runs (None: no ledger).
    """

    hooks: HookRegistry
    registry: ToolRegistry
    context: ToolContext
    terminal: Callable[[ToolInvocation], Awaitable[ToolResult]]
    parallel: bool = True
    ledger: TurnLedger | None = None
    used_ids: set[str] = field(default_factory=set)

    def claim_ids(
        self, calls: list[ToolCall], taken: AbstractSet[str] = frozenset()
    ) -> list[ToolCall]:
        """A model response's ``calls``, each with an id no other call has: of the turn,
        nor of ``taken`` (the ids the conversation used before: ``PendingCalls.taken_ids``).

        The id is what the call's idempotency key, ledger entry, result, span and any
        approval decision are keyed by.  A call whose id is empty, repeated in the
        response, used earlier in the turn (a server that sends none: "call_0" every time)
        or re-issued from the conversation (a model repeating the id a reviewer saw) gets
        ``<id>_<n>``, the lowest ``n`` from 2 not taken (``call_<n>`` for an empty one):
        the same on a replay of the same answers (DBOS).

        Example::

            step.claim_ids([ToolCall(id="a", name="t"), ToolCall(id="a", name="t")])
            # ids "a" and "a_2"
        """
        used = self.used_ids
        if len(calls) == 1 and calls[0].id and not _taken(calls[0].id, used, taken):
            used.add(calls[0].id)  # the common case: one call, a new id
            return calls
        return _claimed(calls, used, taken)


async def execute_calls(
    step: ToolStep,
    calls: Sequence[ToolCall],
    record: Callable[[ToolOutcome], None],
    decisions: Mapping[str, ApprovalDecision] | None = None,
) -> AsyncGenerator[UiComponent, None]:
    """Steps 15-17 for ``calls``; yields the activity lines and the tools' components.

    ``record`` receives each outcome, in call order, before anything about it
    is shown: a client that leaves at that moment must not lose a result whose
    side effect happened.

    ``decisions`` (a reviewer's, keyed by call id) mark the calls as decided:
    approved ones run with the reviewer's arguments, rejected ones do not run.
    """
    if decisions is not None:
        calls = [_decided(call, decisions[call.id]) for call in calls]
        step.used_ids.update(call.id for call in calls)
    if step.ledger is not None:
        step.ledger.begin_batch(calls)
    if len(calls) > 1 and step.parallel:
        for call in calls:
            if decisions is None or decisions[call.id].approved:  # a rejected one: no line
                yield running_component(call)
        for outcome in await _run_concurrently(step, calls, record, decisions):
            for component in outcome.components():
                yield component
        return
    for call in calls:
        if decisions is None or decisions[call.id].approved:
            yield running_component(call)
        outcome = await _run_one(step, call, decisions)
        record(outcome)
        for component in outcome.components():
            yield component


def _claimed(calls: list[ToolCall], used: set[str], taken: AbstractSet[str]) -> list[ToolCall]:
    """``claim_ids``: the model's own ids that are free are kept (and now used), then
    the other calls get ``<id>_<n>``."""
    kept = []
    for call in calls:
        keep = bool(call.id) and not _taken(call.id, used, taken)
        if keep:
            used.add(call.id)
        kept.append(keep)
    if all(kept):
        return calls
    return [
        call if keep else call.model_copy(update={"id": _unused(call.id or "call", used, taken)})
        for call, keep in zip(calls, kept, strict=True)
    ]


def _taken(call_id: str, used: set[str], taken: AbstractSet[str]) -> bool:
    return call_id in used or call_id in taken


def _unused(base: str, used: set[str], taken: AbstractSet[str]) -> str:
    """``<base>_<n>`` for the lowest ``n`` from 2 not taken (now used); letters, digits
    and ``_``: an id every provider accepts."""
    number = 2
    while _taken(f"{base}_{number}", used, taken):
        number += 1
    used.add(f"{base}_{number}")
    return f"{base}_{number}"


def _decided(call: ToolCall, decision: ApprovalDecision) -> ToolCall:
    if decision.approved and decision.arguments is not None:
        return call.model_copy(update={"arguments": decision.arguments})
    return call


async def _run_one(
    step: ToolStep, call: ToolCall, decisions: Mapping[str, ApprovalDecision] | None
) -> ToolOutcome:
    """One call, then its ``ToolCallEndedEvent``."""
    try:
        if decisions is None:
            outcome = await _run_call(step, call, approved=False)
        elif decisions[call.id].approved:
            outcome = await _run_call(step, call, approved=True)
        else:
            outcome = _rejected(call, decisions[call.id].reason)
    except StepSkipped as skipped:  # a hook with on_error="skip_step" failed on this call
        outcome = ToolOutcome(call, ToolResult.failure(str(skipped)), "error")
    hooks = step.hooks
    if hooks.has_handlers(ToolCallEndedEvent):
        ended = ToolCallEndedEvent(
            call=outcome.call,
            result=outcome.result,
            status=outcome.status,
            duration_ms=outcome.duration_ms,
        )
        await hooks.emit(ended)
    return outcome


async def _run_concurrently(
    step: ToolStep,
    calls: Sequence[ToolCall],
    record: Callable[[ToolOutcome], None],
    decisions: Mapping[str, ApprovalDecision] | None,
) -> list[ToolOutcome]:
    """The calls at once, recorded in call order.  When one raises (a hook's error, a
    cancelled turn), the others are cancelled and awaited before the error goes on:
    nothing runs unsupervised, and the calls that finished are recorded."""
    tasks = [asyncio.ensure_future(_run_one(step, call, decisions)) for call in calls]
    try:
        outcomes = list(await asyncio.gather(*tasks))
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks)
        for task in tasks:
            if not task.cancelled() and task.exception() is None:
                record(task.result())
        raise
    for outcome in outcomes:
        record(outcome)
    return outcomes


async def _run_call(step: ToolStep, call: ToolCall, *, approved: bool) -> ToolOutcome:
    """``BeforeToolCallEvent``, the ledger entry, the tool chain, ``AfterToolCallEvent``."""
    hooks, context, ledger = step.hooks, step.context.for_call(call.id), step.ledger
    tool = step.registry.find(call.name)
    if hooks.has_handlers(BeforeToolCallEvent):
        before = BeforeToolCallEvent(call=call, tool=tool, context=context, approved=approved)
        await hooks.emit(before)
        if before.blocked_reason is not None:
            result = ToolResult.failure(f"Tool call blocked: {before.blocked_reason}")
            return ToolOutcome(call, result, "blocked")
        if before.defer_reason is not None and not approved:
            result = ToolResult(success=False, result_for_llm="", error=before.defer_reason)
            return ToolOutcome(before.call, result, "pending")
        if before.call is not call:
            call, tool = before.call, step.registry.find(before.call.name)
            context = context if call.id == context.call_id else context.for_call(call.id)
    if ledger is not None:
        await ledger.start(context, call)  # committed before the tool runs
    started = perf_counter()
    if hooks.has_wrappers(TOOL_CALL) or hooks.has_handlers(ToolErrorEvent):
        invocation = ToolInvocation(call=call, tool=tool, context=context)
        result = await call_chain(hooks, step.terminal, invocation)
    else:  # the direct call: no chain (benchmarks/instructions.py)
        result = await step.registry.execute(call, context)
    if ledger is not None and result.metadata.get("hookline") != INTERRUPTED:
        ledger.returned(call.id)  # an "interrupted" answer leaves the entry interrupted
    duration_ms = (perf_counter() - started) * 1000.0
    extra: list[Message] = []
    if hooks.has_handlers(AfterToolCallEvent):
        after = AfterToolCallEvent(
            call=call, tool=tool, context=context, result=result, duration_ms=duration_ms
        )
        await hooks.emit(after)
        result, extra = after.result, after.additional_messages
    status: ToolStatus = "success" if result.success else "error"
    if NESTED_KEY in result.metadata:  # a sub-agent paused for a reviewer: this call waits
        status = "pending"
    return ToolOutcome(call, result, status, duration_ms, extra)


def _rejected(call: ToolCall, reason: str | None) -> ToolOutcome:
    text = "Tool call rejected by reviewer" + (f": {reason}" if reason else ".")
    return ToolOutcome(call, ToolResult.failure(text), "rejected")
