"""LlmMiddleware: change the request before the model and the response after it.

Rides on ``BeforeLLMCallEvent`` (before_llm_request) and ``AfterLLMCallEvent``
(after_llm_response), in list order for both, on the streaming and the
non-streaming path alike: a streamed answer is accumulated into one
``LlmResponse`` (content, tool calls, finish reason, usage) first.
"""

from __future__ import annotations

from collections.abc import Sequence

from hookline.extensions.lifecycle import overrides
from hookline.hooks.events import AfterLLMCallEvent, BeforeLLMCallEvent
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import Event, Handler, HookRegistry
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
    """The adapter: one labelled handler per middleware and phase it overrides
    (``agent.middleware.before_llm`` / ``after_llm``, ``middleware=<class name>``)."""

    def __init__(self, middlewares: Sequence[LlmMiddleware]) -> None:
        self.middlewares = list(middlewares)

    def register_hooks(self, registry: HookRegistry) -> None:
        for middleware in self.middlewares:
            if overrides(middleware, LlmMiddleware, "before_llm_request"):
                registry.on(
                    BeforeLLMCallEvent,
                    _before(middleware),
                    name="agent.middleware.before_llm",
                    attributes={"middleware": type(middleware).__name__},
                    **options_kwargs(middleware),
                )
        for middleware in self.middlewares:
            if overrides(middleware, LlmMiddleware, "after_llm_response"):
                registry.on(
                    AfterLLMCallEvent,
                    _after(middleware),
                    name="agent.middleware.after_llm",
                    attributes={"middleware": type(middleware).__name__},
                    **options_kwargs(middleware),
                )


def _before(middleware: LlmMiddleware) -> Handler[BeforeLLMCallEvent]:
    async def before_llm_request(event: Event[BeforeLLMCallEvent]) -> None:
        event.data.request = await middleware.before_llm_request(event.data.request)

    return before_llm_request


def _after(middleware: LlmMiddleware) -> Handler[AfterLLMCallEvent]:
    async def after_llm_response(event: Event[AfterLLMCallEvent]) -> None:
        data = event.data
        data.response = await middleware.after_llm_response(data.request, data.response)

    return after_llm_response
