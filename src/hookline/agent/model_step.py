"""Step 13: the model call, direct or through the ``wrap_model_call`` chain.

Without wrappers the pipeline iterates the provider's stream itself and
yields a text component per delta.  With wrappers the chain runs as a task;
its terminal pushes deltas into a queue that this generator drains, so
streaming stays live while any wrapper (retry, cache, fallback) is active.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hookline.agent.streaming import StreamAccumulator, text_component
from hookline.components.base import UiComponent
from hookline.hooks.events import MODEL_CALL, TextDeltaEvent, ThinkingDeltaEvent
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = ["call_model", "model_terminal"]


@dataclass(slots=True)
class _DeltaSink:
    hooks: HookRegistry
    iteration: int
    queue: asyncio.Queue[UiComponent | None]


_SINK: ContextVar[_DeltaSink | None] = ContextVar("hookline_delta_sink", default=None)


async def call_model(turn: Turn, request: LlmRequest) -> AsyncIterator[UiComponent]:
    """Call the model for ``turn``; sets ``turn.response``; yields streamed text."""
    llm = turn.agent.llm_service
    hooks = turn.hooks
    if hooks.has_wrappers(MODEL_CALL):
        async for component in _through_chain(turn, request):
            yield component
    elif request.stream:
        accumulator = StreamAccumulator()
        async for chunk in llm.stream_request(request):
            accumulator.add(chunk)
            component = await _on_chunk(hooks, turn.iteration, chunk)
            if component is not None:
                yield component
        turn.response = accumulator.response()
    else:
        turn.response = await llm.send_request(request)


async def model_terminal(llm: LlmService, request: LlmRequest) -> LlmResponse:
    """The innermost layer of the model chain: the provider itself.

    When streaming, deltas go to the turn that started the chain.
    """
    sink = _SINK.get()
    if not request.stream or sink is None:
        return await llm.send_request(request)
    accumulator = StreamAccumulator()
    async for chunk in llm.stream_request(request):
        accumulator.add(chunk)
        component = await _on_chunk(sink.hooks, sink.iteration, chunk)
        if component is not None:
            sink.queue.put_nowait(component)
    return accumulator.response()


async def _through_chain(turn: Turn, request: LlmRequest) -> AsyncIterator[UiComponent]:
    chain = turn.hooks.compose(MODEL_CALL, turn.agent._model_terminal)
    if not request.stream:
        turn.response = await chain(request)
        return
    queue: asyncio.Queue[UiComponent | None] = asyncio.Queue()
    token = _SINK.set(_DeltaSink(turn.hooks, turn.iteration, queue))
    try:
        task = asyncio.ensure_future(chain(request))
    finally:
        _SINK.reset(token)
    task.add_done_callback(lambda _: queue.put_nowait(None))
    try:
        while (component := await queue.get()) is not None:
            yield component
        turn.response = task.result()
    finally:
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def _on_chunk(hooks: HookRegistry, iteration: int, chunk: LlmStreamChunk) -> UiComponent | None:
    if chunk.thinking and hooks.has_handlers(ThinkingDeltaEvent):
        await hooks.emit(ThinkingDeltaEvent(iteration=iteration, text=chunk.thinking))
    text = chunk.content
    if not text:
        return None
    if hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=iteration, text=text))
    return text_component(text, delta=True)
