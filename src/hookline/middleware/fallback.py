"""ModelFallbackMiddleware: when the primary model fails, try other models in turn."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

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
    position.  ``used`` counts the answers given by fallbacks.

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
        try:
            return await call_next(request)
        except Exception as error:
            if not self.fallback_on(error):
                raise
            last = error
        update: dict[str, object] = {"stream": False}
        if not self.keep_model:
            update["model"] = None
        fallback_request = request.model_copy(update=update)
        for index, service in enumerate(self.fallbacks):
            name = service.model or type(service).__name__
            logger.warning("model call failed (%s), trying fallback %s", type(last).__name__, name)
            try:
                response = await service.send_request(fallback_request)
            except Exception as error:
                if not self.fallback_on(error):
                    raise
                last = error
                continue
            self.used += 1
            metadata = {**response.metadata, "fallback": name, "fallback_index": index}
            return response.model_copy(update={"metadata": metadata})
        raise last
