"""RetryMiddleware: exponential backoff with jitter around model and tool calls."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from hookline._retry import retry_call, tool_failure
from hookline.hooks.events import ModelCallNext, ToolCallNext, ToolInvocation
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.middleware.base import AgentMiddleware
from hookline.middleware.transient import is_transient
from hookline.tools.result import ToolResult

__all__ = ["RetryMiddleware"]


class RetryMiddleware(AgentMiddleware):
    """Retries failed model calls and tool calls, waiting longer each time.

    The wait before retry ``n`` (1-based) is ``min(max_delay, base_delay *
    multiplier ** (n - 1))``, of which the fraction ``jitter`` is random
    (0.5: between half and all of it), so that many clients do not retry in
    step.  ``retry_on(error)`` decides what is retried (default
    ``is_transient``: transient ``LlmError``, timeouts, connection errors).
    A tool call is retried when it raises such an error or returns a failed
    ``ToolResult`` whose ``exception`` is one (the tool registry turns a
    tool's exception into such a result).  ``max_attempts`` counts the first
    try.  ``models`` / ``tools`` choose which calls are wrapped; a side left
    out adds nothing.  ``sleep`` and ``random`` are injectable for tests.
    ``retries`` counts the retries made.  The loop is ``hookline._retry.retry_call``,
    hookline's one failure-handling core (``ErrorRecoveryStrategy``, the fallbacks and
    the error hooks run on it too): this class brings only the backoff decision.
    Provider SDKs retry on their own first (``OpenAILlmService(max_retries=2)``,
    ``AnthropicLlmService(max_retries=2)``); pass ``max_retries=0`` to leave every
    retry to this middleware.

    Example::

        agent = Agent(llm, middleware=[RetryMiddleware(max_attempts=4, base_delay=0.2)])
    """

    def __init__(
        self,
        *,
        max_attempts: int = 3,
        base_delay: float = 0.5,
        max_delay: float = 8.0,
        multiplier: float = 2.0,
        jitter: float = 0.5,
        models: bool = True,
        tools: bool = True,
        retry_on: Callable[[BaseException], bool] = is_transient,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        random: Callable[[], float] = random.random,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if not 0.0 <= jitter <= 1.0:
            raise ValueError("jitter must be between 0 and 1")
        self.max_attempts = max_attempts
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.multiplier = multiplier
        self.jitter = jitter
        self.models = models
        self.tools = tools
        self.retry_on = retry_on
        self.sleep = sleep
        self.random = random
        self.retries = 0

    def active_hooks(self) -> frozenset[str]:
        active = set(super().active_hooks())
        if not self.models:
            active.discard("wrap_model_call")
        if not self.tools:
            active.discard("wrap_tool_call")
        return frozenset(active)

    def delay(self, retry: int) -> float:
        """Seconds to wait before retry number ``retry`` (1-based)."""
        ceiling = min(self.max_delay, self.base_delay * self.multiplier ** (retry - 1))
        return ceiling * (1.0 - self.jitter * self.random())

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        return await retry_call(
            lambda: call_next(request), self._decide, sleep=self.sleep, what="model call"
        )

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        attempts = 0

        async def attempt() -> ToolResult:
            nonlocal attempts
            attempts += 1
            return await call_next(invocation)

        what = f"tool {invocation.call.name}"
        result = await retry_call(
            attempt, self._decide, failure=tool_failure, sleep=self.sleep, what=what
        )
        if attempts > 1:
            result.metadata["attempts"] = attempts
        return result

    async def _decide(self, error: Exception, attempt: int) -> float | None:
        """The decision: retry while attempts are left and ``retry_on`` agrees."""
        if attempt >= self.max_attempts or not self.retry_on(error):
            return None
        self.retries += 1
        return self.delay(attempt)
