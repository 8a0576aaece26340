"""ModelFallbackMiddleware: when the primary model fails, try other models in turn."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from hookline._retry import at_once, retry_call
from hookline.hooks.events import ModelCallNext
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.middleware.base import AgentMiddleware
from hookline.middleware.transient import is_transient

__all__ = ["ModelFallbackMiddleware"]

logger = logging.getLogger("hookline.middleware")


class ModelFallbackMiddleware(AgentMiddleware):
    """On an error from the primary model, asks each of ``fallbacks`` in order.

    ``fallback_on(error)`` decides which errors move on to the next model
    (default ``is_transient``); any other error propagates at once.  When
    every fallback fails, the last error propagates.

    Fallbacks are called directly with ``send_request``, never streamed: a
    streamed turn shows a fallback's answer as one piece once it is complete.
    The request goes with ``stream=False`` and ``model=None`` (each fallback
    uses its own configured model; ``keep_model=True`` keeps the request's).
    The answer says who gave it: ``response.metadata["fallback"]`` is the
    fallback's ``model`` (or class name) and ``["fallback_index"]`` its
    position.  ``used`` counts the answers given by fallbacks.  The loop is
    ``hookline._retry.retry_call``, hookline's one failure-handling core: each try
    after the first asks the next fallback, at once.

    Example::

        agent = Agent(primary, middleware=[ModelFallbackMiddleware([backup, local])])
    """

    def __init__(
        self,
        fallbacks: Sequence[LlmService],
        *,
        fallback_on: Callable[[BaseException], bool] = is_transient,
        keep_model: bool = False,
    ) -> None:
        if not fallbacks:
            raise ValueError("give at least one fallback LlmService")
        self.fallbacks = list(fallbacks)
        self.fallback_on = fallback_on
        self.keep_model = keep_model
        self.used = 0

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        tries = 0

        async def attempt() -> LlmResponse:  # the primary, then each fallback in order
            nonlocal tries
            tries += 1
            if tries == 1:
                return await call_next(request)
            return await self._ask(tries - 2, request)

        return await retry_call(attempt, self._decide, sleep=at_once, what="model call")

    async def _decide(self, error: Exception, attempt: int) -> float | None:
        """The decision: the next model, at once, while one is left and ``fallback_on``
        agrees (``attempt`` 1 was the primary)."""
        if attempt > len(self.fallbacks) or not self.fallback_on(error):
            return None
        service = self.fallbacks[attempt - 1]
        logger.warning("model call failed, trying fallback %s", _name(service))
        return 0.0

    async def _ask(self, index: int, request: LlmRequest) -> LlmResponse:
        """Fallback number ``index``'s answer, saying who gave it."""
        service = self.fallbacks[index]
        update: dict[str, object] = {"stream": False}
        if not self.keep_model:
            update["model"] = None
        response = await service.send_request(request.model_copy(update=update))
        self.used += 1
        metadata = {**response.metadata, "fallback": _name(service), "fallback_index": index}
        return response.model_copy(update={"metadata": metadata})


def _name(service: LlmService) -> str:
    return service.model or type(service).__name__
