"""Lifecycle tools: functions run at before_chat / after_chat / before_agent / after_agent.

``LifecycleTools`` is a ``HookProvider``: it registers one handler per
trigger on the workflow's registry (``ChatStartedEvent``,
``ChatCompletedEvent``, ``AgentTurnStartedEvent``,
``AgentTurnCompletedEvent``) and runs the matching tools in declaration
order.  A tool never halts the workflow: an exception or a timeout is
logged with its stack trace and emitted as a ``tool_error``
``LifecycleToolEvent``, then the next tool runs.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import time
import traceback
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hookline.hooks.registry import Event, HookRegistry
from hookline.workflows.conditions import Condition
from hookline.workflows.context import ContextVariables
from hookline.workflows.context_tools import CONTEXT_PARAMETER
from hookline.workflows.events import (
    AgentTurnCompletedEvent,
    AgentTurnStartedEvent,
    ChatCompletedEvent,
    ChatStartedEvent,
    LifecycleKind,
    LifecycleToolEvent,
    LifecycleTrigger,
)

__all__ = ["CHAT_TRIGGERS", "TRIGGERS", "LifecycleTool", "LifecycleTools"]

logger = logging.getLogger("hookline.workflows.lifecycle")

TRIGGERS: tuple[LifecycleTrigger, ...] = (
    "before_chat",
    "after_chat",
    "before_agent",
    "after_agent",
)
CHAT_TRIGGERS: tuple[LifecycleTrigger, ...] = ("before_chat", "after_chat")
_RESULT_CHARS = 1000


@dataclass(kw_only=True)
class LifecycleTool:
    """One lifecycle tool: when it runs (``trigger``, ``agent``) and what it calls (``func``).

    ``agent`` None means chat-level (before_chat / after_chat) or every
    agent (before_agent / after_agent).  ``func`` may be sync (run in a
    worker thread) or async, and may take a ``context_variables``
    parameter.  Beyond the reference: ``timeout_s``, ``retries`` (extra
    attempts after a failure or timeout) and ``when`` (a ``Condition`` on
    the context variables; the tool is skipped when it does not hold).

    Example::

        def remember_start(context_variables: ContextVariables) -> dict[str, str]:
            context_variables.data["started"] = "yes"
            return {"status": "ok"}

        tool = LifecycleTool(trigger="before_chat", func=remember_start)
        workflow = Workflow("demo", agents, lifecycle_tools=[tool])
    """

    trigger: LifecycleTrigger
    func: Callable[..., Any]
    agent: str | None = None
    function: str = ""
    file: str = ""
    description: str | None = None
    timeout_s: float | None = None
    retries: int = 0
    when: Condition | None = None
    takes_context: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if self.trigger not in TRIGGERS:
            raise ValueError(f"trigger must be one of {', '.join(TRIGGERS)}, not {self.trigger!r}")
        if self.trigger in CHAT_TRIGGERS and self.agent is not None:
            raise ValueError(f"agent must be None for {self.trigger} (a chat-level trigger)")
        if self.retries < 0:
            raise ValueError("retries must be 0 or more")
        if self.timeout_s is not None and self.timeout_s <= 0:
            raise ValueError("timeout_s must be positive")
        self.function = self.function or getattr(self.func, "__name__", "lifecycle_tool")
        self.file = self.file or _source_file(self.func)
        self.takes_context = CONTEXT_PARAMETER in inspect.signature(self.func).parameters

    def applies_to(self, agent: str | None) -> bool:
        """True when this tool runs for ``agent``'s turn (always for chat-level tools)."""
        return self.agent is None or self.agent == agent


Emit = Callable[[LifecycleToolEvent], Awaitable[Any]]


class LifecycleTools:
    """Runs lifecycle tools on the workflow's events, in declaration order, never failing.

    Example::

        workflow.hooks.add(LifecycleTools([LifecycleTool(trigger="after_chat", func=report)]))
    """

    def __init__(self, tools: Sequence[LifecycleTool]) -> None:
        self.tools = list(tools)

    def of_trigger(self, trigger: LifecycleTrigger) -> list[LifecycleTool]:
        return [tool for tool in self.tools if tool.trigger == trigger]

    def register_hooks(self, registry: HookRegistry) -> None:
        emit: Emit = registry.emit
        if self.of_trigger("before_chat"):
            registry.on(ChatStartedEvent, lambda e: self._chat(e, "before_chat", emit))
        if self.of_trigger("before_agent"):
            registry.on(AgentTurnStartedEvent, lambda e: self._agent(e, "before_agent", emit))
        if self.of_trigger("after_agent"):
            registry.on(AgentTurnCompletedEvent, lambda e: self._agent(e, "after_agent", emit))
        if self.of_trigger("after_chat"):
            registry.on(ChatCompletedEvent, lambda e: self._chat(e, "after_chat", emit))

    async def _chat(
        self,
        event: Event[ChatStartedEvent] | Event[ChatCompletedEvent],
        trigger: LifecycleTrigger,
        emit: Emit,
    ) -> None:
        await self.run(trigger, event.data.context_variables, None, emit)

    async def _agent(
        self,
        event: Event[AgentTurnStartedEvent] | Event[AgentTurnCompletedEvent],
        trigger: LifecycleTrigger,
        emit: Emit,
    ) -> None:
        await self.run(trigger, event.data.context_variables, event.data.agent, emit)

    async def run(
        self,
        trigger: LifecycleTrigger,
        context_variables: ContextVariables,
        agent: str | None,
        emit: Emit,
    ) -> None:
        """Run the tools of ``trigger`` that apply to ``agent``, one after the other."""
        for tool in self.of_trigger(trigger):
            if tool.applies_to(agent):
                await run_lifecycle_tool(tool, context_variables, agent, emit)


async def run_lifecycle_tool(
    tool: LifecycleTool, context_variables: ContextVariables, agent: str | None, emit: Emit
) -> None:
    """Run one tool with its ``when``, ``timeout_s`` and ``retries``; never raises."""
    if tool.when is not None and not tool.when.evaluate(context_variables.data):
        logger.debug("Lifecycle tool %s skipped: its 'when' does not hold.", tool.function)
        return
    for attempt in range(1, tool.retries + 2):
        await emit(_event(tool, "tool_call", "started", agent, attempt))
        started = time.perf_counter()
        try:
            value = await _invoke(tool, context_variables)
        except Exception as error:  # a lifecycle tool never halts the workflow
            elapsed = (time.perf_counter() - started) * 1000.0
            await _failed(tool, error, elapsed, agent, attempt, emit)
            continue
        elapsed = (time.perf_counter() - started) * 1000.0
        result = _describe(value)
        logger.info(
            "Lifecycle tool %s (%s, %s) returned %s in %.1f ms",
            tool.function, tool.trigger, tool.file, result, elapsed,
        )  # fmt: skip
        await emit(_event(tool, "tool_result", "success", agent, attempt, elapsed, result))
        return


async def _failed(
    tool: LifecycleTool,
    error: Exception,
    elapsed: float,
    agent: str | None,
    attempt: int,
    emit: Emit,
) -> None:
    message = _error_text(tool, error)
    retrying = attempt <= tool.retries
    logger.error(
        "Lifecycle tool %s (%s, %s) failed (attempt %d of %d%s): %s",
        tool.function, tool.trigger, tool.file, attempt, tool.retries + 1,
        ", retrying" if retrying else "", message, exc_info=error,
    )  # fmt: skip
    trace = "".join(traceback.format_exception(error))
    event = _event(tool, "tool_error", "error", agent, attempt, elapsed, message)
    event.traceback = trace
    await emit(event)


async def _invoke(tool: LifecycleTool, context_variables: ContextVariables) -> Any:
    kwargs = {CONTEXT_PARAMETER: context_variables} if tool.takes_context else {}
    if inspect.iscoroutinefunction(tool.func):
        call: Awaitable[Any] = tool.func(**kwargs)
    else:
        call = asyncio.to_thread(tool.func, **kwargs)
    value = await asyncio.wait_for(_settle(call), tool.timeout_s)
    return value


async def _settle(call: Awaitable[Any]) -> Any:
    value = await call
    while inspect.isawaitable(value):  # a sync function that returned a coroutine
        value = await value
    return value


def _event(
    tool: LifecycleTool,
    kind: LifecycleKind,
    status: str,
    agent: str | None,
    attempt: int,
    elapsed_ms: float = 0.0,
    result: str | None = None,
) -> LifecycleToolEvent:
    return LifecycleToolEvent(
        kind=kind,
        trigger=tool.trigger,
        agent=tool.agent,
        function=tool.function,
        file=tool.file,
        status=status,
        elapsed_ms=elapsed_ms,
        result=result,
        description=tool.description,
        current_agent=agent,
        attempt=attempt,
    )


def _error_text(tool: LifecycleTool, error: Exception) -> str:
    if isinstance(error, TimeoutError):
        return f"TimeoutError: timed out after {tool.timeout_s:g} s"
    return f"{type(error).__name__}: {error}"


def _describe(value: Any) -> str | None:
    if value is None:
        return None
    text = value if isinstance(value, str) else json.dumps(value, default=repr, ensure_ascii=False)
    return text if len(text) <= _RESULT_CHARS else text[: _RESULT_CHARS - 1] + "…"


def _source_file(func: Callable[..., Any]) -> str:
    try:
        return inspect.getsourcefile(func) or ""
    except TypeError:
        return ""
