"""ScriptedLlmService: a model that replays a script. For tests, demos and benchmarks."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any, TypeAlias

from hookline.errors import LlmError
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk, ToolCall, Usage

__all__ = ["ScriptStep", "ScriptedLlmService", "text_reply", "tool_call_reply"]

Responder: TypeAlias = Callable[[LlmRequest], "LlmResponse | Awaitable[LlmResponse]"]
ScriptStep: TypeAlias = "LlmResponse | BaseException | Responder"

_call_ids = itertools.count(1)


def text_reply(content: str, *, input_tokens: int = 10, output_tokens: int = 5) -> LlmResponse:
    """A final answer, as a script step."""
    return LlmResponse(
        content=content,
        finish_reason="stop",
        usage=Usage(input_tokens=input_tokens, output_tokens=output_tokens),
    )


def tool_call_reply(
    name: str, arguments: dict[str, Any] | None = None, *, call_id: str | None = None
) -> LlmResponse:
    """A response asking for one tool call, as a script step."""
    call = ToolCall(id=call_id or f"call_{next(_call_ids)}", name=name, arguments=arguments or {})
    return LlmResponse(
        tool_calls=[call], finish_reason="tool_calls", usage=Usage(input_tokens=10, output_tokens=5)
    )


class ScriptedLlmService(LlmService):
    """Replays ``script``: a list of steps, or one callable for every request.

    A step is an ``LlmResponse`` (returned), an exception (raised) or a
    callable ``request -> response`` (sync or async).  Every request is kept
    in ``requests`` (unless ``record_requests=False``, for long benchmarks).
    Streaming splits the content into ``chunks`` pieces.
    ``delay_s`` simulates model latency without blocking the event loop.

    Example::

        llm = ScriptedLlmService([tool_call_reply("add", {"a": 1, "b": 2}), text_reply("3")])
    """

    def __init__(
        self,
        script: Iterable[ScriptStep] | Responder,
        *,
        chunks: int = 3,
        delay_s: float = 0.0,
        model: str = "scripted",
        record_requests: bool = True,
    ) -> None:
        self._responder: Responder | None = script if callable(script) else None
        self._steps: list[ScriptStep] = [] if callable(script) else list(script)
        self._position = 0
        self.chunks = max(1, chunks)
        self.delay_s = delay_s
        self.model = model
        self.record_requests = record_requests
        self.requests: list[LlmRequest] = []
        self._chunk_cache: dict[int, tuple[LlmResponse, list[LlmStreamChunk]]] = {}

    @property
    def remaining(self) -> int:
        """Script steps not used yet (0 for a callable script)."""
        return len(self._steps) - self._position

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        if self.record_requests:
            self.requests.append(request)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        response = self._next_response(request)
        return response if isinstance(response, LlmResponse) else await response

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        if self.record_requests:
            self.requests.append(request)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        response = self._next_response(request)
        if not isinstance(response, LlmResponse):
            response = await response
        for chunk in self._chunks_of(response):
            yield chunk

    def _chunks_of(self, response: LlmResponse) -> list[LlmStreamChunk]:
        """The chunks a response streams as; built once per response object."""
        cached = self._chunk_cache.get(id(response))
        if cached is not None and cached[0] is response:
            return cached[1]
        chunks = []
        if response.thinking:
            chunks.append(LlmStreamChunk(thinking=response.thinking))
        pieces = _split(response.content or "", self.chunks)
        chunks.extend(LlmStreamChunk(content=piece) for piece in pieces[:-1])
        chunks.append(
            LlmStreamChunk(
                content=pieces[-1] if pieces else None,
                tool_calls=response.tool_calls,
                finish_reason=response.finish_reason,
                usage=response.usage,
                model=response.model or self.model,
            )
        )
        if len(self._chunk_cache) >= 256:
            self._chunk_cache.clear()
        self._chunk_cache[id(response)] = (response, chunks)
        return chunks

    def _next_response(self, request: LlmRequest) -> LlmResponse | Awaitable[LlmResponse]:
        """The next step's response, or an awaitable of it (an async responder)."""
        step = self._responder if self._responder is not None else self._take_step()
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, LlmResponse):
            return step
        return step(request)

    def _take_step(self) -> ScriptStep:
        if self._position >= len(self._steps):
            raise LlmError(
                f"ScriptedLlmService: the script has {len(self._steps)} steps and all were "
                "used; add a response for this request."
            )
        step = self._steps[self._position]
        self._position += 1
        return step


def _split(text: str, pieces: int) -> list[str]:
    if not text:
        return []
    size = max(1, -(-len(text) // pieces))
    return [text[i : i + size] for i in range(0, len(text), size)]
