"""Lifecycle tools: functions run at before_chat / after_chat / before_agent / after_agent.

``LifecycleTools`` is a ``HookProvider``: it registers one handler per tool
on the workflow's registry (``ChatStartedEvent``, ``ChatCompletedEvent``,
``AgentTurnStartedEvent``, ``AgentTurnCompletedEvent``) with the tool's
``priority`` (higher first; equal priority keeps declaration order), so the
tools obey the hook contract (docs/hooks.md) like every other handler.

A failed tool (an exception or a timeout, after its ``retries``) is logged
with its stack trace and emitted as a ``tool_error`` ``LifecycleToolEvent``;
then its ``on_error`` decides: ``"log"`` (the default, as the reference: the
workflow goes on), ``"raise"`` (the run fails with ``LifecycleToolError``) or
``"skip_step"`` (a ``before_agent`` tool skips that agent's turn; on the
other triggers there is no step to skip and it acts as ``"log"``).
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

from hookline.errors import HooklineError
from hookline.hooks.options import ON_ERROR_CHOICES, OnError, StepSkipped
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

__all__ = [
    "CHAT_TRIGGERS",
    "TRIGGERS",
    "LifecycleTool",
    "LifecycleToolError",
    "LifecycleTools",
]

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
    attempts after a failure or timeout), ``when`` (a ``Condition`` on
    the context variables; the tool is skipped when it does not hold), and
    the hook contract's ``priority`` and ``on_error`` (default ``"log"``).

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
    priority: int = 0
    on_error: OnError = "log"
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
        if self.on_error not in ON_ERROR_CHOICES:
            raise ValueError(f"on_error must be one of {', '.join(ON_ERROR_CHOICES)}")
        self.function = self.function or getattr(self.func, "__name__", "lifecycle_tool")
        self.file = self.file or _source_file(self.func)
        self.takes_context = CONTEXT_PARAMETER in inspect.signature(self.func).parameters

    def applies_to(self, agent: str | None) -> bool:
        """True when this tool runs for ``agent``'s turn (always for chat-level tools)."""
        return self.agent is None or self.agent == agent


Emit = Callable[[LifecycleToolEvent], Awaitable[Any]]
_EVENTS: dict[LifecycleTrigger, type[Any]] = {
    "before_chat": ChatStartedEvent,
    "after_chat": ChatCompletedEvent,
    "before_agent": AgentTurnStartedEvent,
    "after_agent": AgentTurnCompletedEvent,
}


class LifecycleToolError(HooklineError):
    """A lifecycle tool with ``on_error="raise"`` failed: the workflow run fails."""


class LifecycleTools:
    """Runs lifecycle tools on the workflow's events, each as a handler with its options.

    Example::

        workflow.hooks.add(LifecycleTools([LifecycleTool(trigger="after_chat", func=report)]))
    """

    def __init__(self, tools: Sequence[LifecycleTool]) -> None:
        self.tools = list(tools)

    def of_trigger(self, trigger: LifecycleTrigger) -> list[LifecycleTool]:
        return [tool for tool in self.tools if tool.trigger == trigger]

    def register_hooks(self, registry: HookRegistry) -> None:
        for tool in self.tools:
            handler = _handler(tool, registry.emit)
            registry.on(_EVENTS[tool.trigger], handler, priority=tool.priority)


def _handler(tool: LifecycleTool, emit: Emit) -> Callable[[Event[Any]], Awaitable[None]]:
    """The handler that runs ``tool`` on its trigger's event (for the agents it applies to)."""
    chat_level = tool.trigger in CHAT_TRIGGERS

    async def run_tool(event: Event[Any]) -> None:
        agent = None if chat_level else event.data.agent
        if tool.applies_to(agent):
            await run_lifecycle_tool(tool, event.data.context_variables, agent, emit)

    run_tool.__qualname__ = f"lifecycle tool {tool.function}"
    return run_tool


async def run_lifecycle_tool(
    tool: LifecycleTool, context_variables: ContextVariables, agent: str | None, emit: Emit
) -> None:
    """Run one tool with its ``when``, ``timeout_s``, ``retries`` and ``on_error``."""
    if tool.when is not None and not tool.when.evaluate(context_variables.data):
        logger.debug("Lifecycle tool %s skipped: its 'when' does not hold.", tool.function)
        return
    error: Exception | None = None
    for attempt in range(1, tool.retries + 2):
        await emit(_event(tool, "tool_call", "started", agent, attempt))
        started = time.perf_counter()
        try:
            value = await _invoke(tool, context_variables)
        except Exception as failure:  # recorded; on_error decides once the retries are spent
            elapsed = (time.perf_counter() - started) * 1000.0
            await _failed(tool, failure, elapsed, agent, attempt, emit)
            error = failure
            continue
        elapsed = (time.perf_counter() - started) * 1000.0
        result = _describe(value)
        logger.info(
            "Lifecycle tool %s (%s, %s) returned %s in %.1f ms",
            tool.function, tool.trigger, tool.file, result, elapsed,
        )  # fmt: skip
        await emit(_event(tool, "tool_result", "success", agent, attempt, elapsed, result))
        return
    if error is not None:
        _apply_on_error(tool, error)


def _apply_on_error(tool: LifecycleTool, error: Exception) -> None:
    """``"raise"`` fails the run; ``"skip_step"`` skips a ``before_agent`` tool's turn."""
    if tool.on_error == "raise":
        raise LifecycleToolError(
            f"Lifecycle tool {tool.function} ({tool.trigger}) failed: {_error_text(tool, error)}"
        ) from error
    if tool.on_error == "skip_step" and tool.trigger == "before_agent":
        raise StepSkipped(f"lifecycle tool {tool.function}", "AgentTurnStartedEvent", error)


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
