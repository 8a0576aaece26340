"""ErrorRecoveryStrategy: decide what happens when a tool or the model fails.

Rides on the two chains: a ``TOOL_CALL`` wrapper and a ``MODEL_CALL``
wrapper.  Without a strategy nothing is registered and the defaults hold: a
tool's exception becomes a failed result the model reads, and a model error
fails the turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from enum import StrEnum
from typing import Any

from hookline._model import Model
from hookline._retry import retry_call, tool_failure
from hookline.errors import HooklineError
from hookline.extensions.observability import tolerated
from hookline.hooks.events import (
    MODEL_CALL,
    TOOL_CALL,
    ModelCallNext,
    ToolCallNext,
    ToolInvocation,
)
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = [
    "ErrorRecovery",
    "ErrorRecoveryStrategy",
    "RecoveryAction",
    "RecoveryActionType",
    "RecoveryFailedError",
]

logger = logging.getLogger("hookline.extensions")

MAX_ATTEMPTS = 20
"""A safety net: after this many attempts a RETRY is treated as FAIL."""


class RecoveryActionType(StrEnum):
    RETRY = "retry"
    FAIL = "fail"
    FALLBACK = "fallback"
    SKIP = "skip"


class RecoveryAction(Model):
    """What to do about one failure. ``retry_delay_ms`` for RETRY, ``fallback_value``
    for FALLBACK (a string, a ``ToolResult`` or an ``LlmResponse``)."""

    action: RecoveryActionType
    retry_delay_ms: int | None = None
    fallback_value: Any = None
    message: str | None = None


class RecoveryFailedError(HooklineError):
    """A strategy answered FAIL: the turn ends with this message."""


class ErrorRecoveryStrategy:
    """Decides per failure; ``attempt`` counts from 1. The defaults fail immediately.

    Example::

        class ExponentialBackoffStrategy(ErrorRecoveryStrategy):
            async def handle_tool_error(self, error, context, attempt=1):
                if attempt < 3:
                    return RecoveryAction(action=RecoveryActionType.RETRY,
                                          retry_delay_ms=(2 ** attempt) * 1000)
                return RecoveryAction(action=RecoveryActionType.FAIL, message=str(error))
    """

    async def handle_tool_error(
        self, error: Exception, context: ToolContext, attempt: int = 1
    ) -> RecoveryAction:
        return RecoveryAction(action=RecoveryActionType.FAIL, message=f"Tool error: {error}")

    async def handle_llm_error(
        self, error: Exception, request: LlmRequest, attempt: int = 1
    ) -> RecoveryAction:
        return RecoveryAction(action=RecoveryActionType.FAIL, message=f"LLM error: {error}")


class ErrorRecovery:
    """The adapter: wraps tool calls and model calls with the strategy.

    RETRY waits ``retry_delay_ms`` and calls again; FAIL ends the turn with an
    error component (the history stays valid); FALLBACK uses
    ``fallback_value`` as the tool result or the model's answer; SKIP tells the
    model the tool was skipped, or ends the turn quietly for a model error.
    The loop is ``hookline._retry.retry_call``, the one ``RetryMiddleware`` runs on.
    """

    def __init__(self, strategy: ErrorRecoveryStrategy) -> None:
        self.strategy = strategy
        self._report_tool: Callable[[BaseException], Awaitable[None]] = _ignore
        self._report_model: Callable[[BaseException], Awaitable[None]] = _ignore

    def register_hooks(self, registry: HookRegistry) -> None:
        self._report_tool = tolerated(registry, "tool")
        self._report_model = tolerated(registry, "llm")
        options = options_kwargs(self.strategy)
        registry.wrap(TOOL_CALL, self.wrap_tool_call, **options)
        registry.wrap(MODEL_CALL, self.wrap_model_call, **options)

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        decisions: list[tuple[Exception, RecoveryAction]] = []

        async def decide(error: Exception, attempt: int) -> float | None:
            await self._report_tool(error)
            action = await self.strategy.handle_tool_error(error, invocation.context, attempt)
            decisions.append((error, action))
            return _delay(action, attempt)

        # a failed result is recovered; an exception raised in the chain is not
        result = await retry_call(
            lambda: call_next(invocation), decide, failure=tool_failure, catch=(), sleep=_wait
        )
        error = tool_failure(result)
        if error is None:
            return result
        return _tool_outcome(decisions[-1][1], invocation.call.name, error)

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        decisions: list[tuple[Exception, RecoveryAction]] = []

        async def decide(error: Exception, attempt: int) -> float | None:
            await self._report_model(error)
            action = await self.strategy.handle_llm_error(error, request, attempt)
            decisions.append((error, action))
            return _delay(action, attempt)

        try:
            return await retry_call(lambda: call_next(request), decide, sleep=_wait)
        except Exception as error:
            if not decisions or decisions[-1][0] is not error:
                raise  # the strategy (or a reporting handler) failed: not a decision
            return _model_outcome(decisions[-1][1], error)


async def _ignore(error: BaseException) -> None:
    return None


sleep = asyncio.sleep
"""How RETRY waits (a module attribute so tests can record the delays instead)."""


def _delay(action: RecoveryAction, attempt: int) -> float | None:
    """Seconds before the next try for RETRY (within ``MAX_ATTEMPTS``), else None."""
    if action.action is RecoveryActionType.RETRY and attempt < MAX_ATTEMPTS:
        return (action.retry_delay_ms or 0) / 1000.0
    return None


async def _wait(seconds: float) -> None:
    if seconds:
        await sleep(seconds)


def _tool_outcome(action: RecoveryAction, tool: str, error: Exception) -> ToolResult:
    kind = action.action
    if kind is RecoveryActionType.FALLBACK:
        value = action.fallback_value
        return value if isinstance(value, ToolResult) else ToolResult(result_for_llm=str(value))
    if kind is RecoveryActionType.SKIP:
        note = f": {action.message}" if action.message else "."
        return ToolResult(
            success=False,
            result_for_llm=f"Tool {tool!r} was skipped{note}",
            error=action.message or "skipped",
        )
    raise RecoveryFailedError(action.message or f"Tool {tool!r} failed: {error}") from error


def _model_outcome(action: RecoveryAction, error: Exception) -> LlmResponse:
    kind = action.action
    if kind is RecoveryActionType.FALLBACK:
        value = action.fallback_value
        if isinstance(value, LlmResponse):
            return value
        return LlmResponse(content=str(value), finish_reason="fallback")
    if kind is RecoveryActionType.SKIP:
        return LlmResponse(content=action.message or "", finish_reason="skipped")
    raise RecoveryFailedError(action.message or f"LLM error: {error}") from error
