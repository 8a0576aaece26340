"""LlmMiddleware: change the request before the model and the response after it.

Rides on ``BeforeLLMCallEvent`` (before_llm_request) and ``AfterLLMCallEvent``
(after_llm_response), in list order for both, on the streaming and the
non-streaming path alike: a streamed answer is accumulated into one
``LlmResponse`` (content, tool calls, finish reason, usage) first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookline.extensions.lifecycle import overrides
from hookline.extensions.tracing import Tracer, traced
from hookline.hooks.events import AfterLLMCallEvent, BeforeLLMCallEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse

__all__ = ["LlmMiddleware", "LlmMiddlewares"]


class LlmMiddleware:
    """Intercepts every model call of a turn.

    Example::

        class CostTrackingMiddleware(LlmMiddleware):
            def __init__(self):
                self.total_requests = 0

            async def before_llm_request(self, request):
                self.total_requests += 1
                return request
    """

    async def before_llm_request(self, request: LlmRequest) -> LlmRequest:
        """Return the request to send (the same one, changed, or a new one)."""
        return request

    async def after_llm_response(self, request: LlmRequest, response: LlmResponse) -> LlmResponse:
        """Return the response the agent should act on."""
        return response


class LlmMiddlewares:
    """The adapter for a list of ``LlmMiddleware``."""

    def __init__(self, middlewares: Sequence[LlmMiddleware], tracer: Tracer | None = None) -> None:
        self.middlewares = list(middlewares)
        self.tracer = tracer

    def register_hooks(self, registry: HookRegistry) -> None:
        if any(overrides(m, LlmMiddleware, "before_llm_request") for m in self.middlewares):
            registry.on(BeforeLLMCallEvent, self._before)
        if any(overrides(m, LlmMiddleware, "after_llm_response") for m in self.middlewares):
            registry.on(AfterLLMCallEvent, self._after)

    def _span(self, event: Event[Any], middleware: LlmMiddleware, phase: str, stream: bool) -> Any:
        name = type(middleware).__name__
        return traced(
            self.tracer,
            event.context,
            f"agent.middleware.{phase}",
            {"middleware": name, "stream": stream},
            metric="agent.middleware.duration",
            tags={"middleware": name, "phase": phase, "stream": stream},
            scope="iteration",
        )

    async def _before(self, event: Event[BeforeLLMCallEvent]) -> None:
        data = event.data
        for middleware in self.middlewares:
            async with self._span(event, middleware, "before_llm", data.request.stream):
                data.request = await middleware.before_llm_request(data.request)

    async def _after(self, event: Event[AfterLLMCallEvent]) -> None:
        data = event.data
        for middleware in self.middlewares:
            async with self._span(event, middleware, "after_llm", data.request.stream):
                data.response = await middleware.after_llm_response(data.request, data.response)
