"""LlmService: the one interface every model provider implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator

from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

__all__ = ["LlmService"]


class LlmService(ABC):
    """A model. Implement ``send_request``; override ``stream_request`` to stream.

    Errors should be raised as ``LlmError`` with ``transient`` set for
    timeouts, rate limits and server errors.

    Example::

        class EchoLlm(LlmService):
            async def send_request(self, request: LlmRequest) -> LlmResponse:
                return LlmResponse(content=request.messages[-1].content)
    """

    model: str | None = None
    """The model name used in spans and metrics when a request names none."""

    @abstractmethod
    async def send_request(self, request: LlmRequest) -> LlmResponse:
        """Send ``request`` and return the complete answer."""

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        """Yield the answer in chunks. The default yields ``send_request``'s answer once."""
        response = await self.send_request(request)
        yield LlmStreamChunk(
            content=response.content,
            thinking=response.thinking,
            tool_calls=response.tool_calls,
            finish_reason=response.finish_reason,
            usage=response.usage,
            model=response.model,
        )
