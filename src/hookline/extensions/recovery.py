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
from typing import Any, TypeVar

from hookline._model import Model
from hookline._retry import Answer, retry_call, tool_failure
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

T = TypeVar("T")

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
    The loop is ``hookline._retry.retry_call``, hookline's one failure-handling core
    (``RetryMiddleware``, the fallbacks and the error hooks run on it too): the
    strategy's action is translated into the core's decision (``_decision``).
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
        name = invocation.call.name

        async def decide(error: Exception, attempt: int) -> float | Answer[ToolResult] | None:
            await self._report_tool(error)
            action = await self.strategy.handle_tool_error(error, invocation.context, attempt)
            return _decision(action, attempt, lambda: _tool_outcome(action, name, error))

        # a failed result is recovered; an exception raised in the chain is not
        return await retry_call(
            lambda: call_next(invocation),
            decide,
            failure=tool_failure,
            catch=(),
            sleep=_wait,
            what=f"tool {name}",
        )

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        async def decide(error: Exception, attempt: int) -> float | Answer[LlmResponse] | None:
            await self._report_model(error)
            action = await self.strategy.handle_llm_error(error, request, attempt)
            return _decision(action, attempt, lambda: _model_outcome(action, error))

        return await retry_call(lambda: call_next(request), decide, sleep=_wait, what="model call")


async def _ignore(error: BaseException) -> None:
    return None


sleep = asyncio.sleep
"""How RETRY waits (a module attribute so tests can record the delays instead)."""


def _decision(action: RecoveryAction, attempt: int, outcome: Callable[[], T]) -> float | Answer[T]:
    """The core's decision for ``action``: RETRY (within ``MAX_ATTEMPTS``) a delay;
    FALLBACK and SKIP an ``Answer`` (``outcome()``); FAIL, or RETRY past the limit:
    ``outcome()`` raises ``RecoveryFailedError``, which goes on."""
    if action.action is RecoveryActionType.RETRY and attempt < MAX_ATTEMPTS:
        return (action.retry_delay_ms or 0) / 1000.0
    return Answer(outcome())


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
