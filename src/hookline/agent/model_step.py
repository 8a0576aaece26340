"""Step 13 through the ``wrap_model_call`` chain, and the per-chunk streaming step.

Without wrappers the turn loop calls the provider directly (see
``Turn._tool_loop``).  With wrappers the chain runs as a task; its terminal
pushes deltas into a queue that ``call_model_chain`` drains, so streaming
stays live while any wrapper (retry, cache, fallback) is active.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hookline.agent.steps import StepTracer, provider_name
from hookline.agent.streaming import StreamAccumulator, text_component
from hookline.components.base import UiComponent
from hookline.hooks.events import MODEL_CALL, TextDeltaEvent, ThinkingDeltaEvent
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = ["call_model", "call_model_chain", "emit_deltas", "model_terminal"]


@dataclass(slots=True)
class _DeltaSink:
    hooks: HookRegistry
    iteration: int
    queue: asyncio.Queue[UiComponent | None]


_SINK: ContextVar[_DeltaSink | None] = ContextVar("hookline_delta_sink", default=None)


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
        await emit_deltas(sink.hooks, sink.iteration, chunk)
        if chunk.content:
            sink.queue.put_nowait(text_component(chunk.content, delta=True))
    return accumulator.response()


async def call_model_chain(turn: Turn, request: LlmRequest) -> AsyncIterator[UiComponent]:
    """Run the model chain for ``turn``; sets ``turn.response``; yields streamed text."""
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
    streamed = False
    try:
        while (component := await queue.get()) is not None:
            streamed = True
            yield component
        turn.response = task.result()
        text = turn.response.content
        if not streamed and text:  # a wrapper answered without the model (a cache): show it
            await emit_deltas(turn.hooks, turn.iteration, LlmStreamChunk(content=text))
            yield text_component(text, delta=True)
    finally:
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def emit_deltas(hooks: HookRegistry, iteration: int, chunk: LlmStreamChunk) -> None:
    """Emit the chunk's ``ThinkingDeltaEvent`` / ``TextDeltaEvent``, if handled."""
    if chunk.thinking and hooks.has_handlers(ThinkingDeltaEvent):
        await hooks.emit(ThinkingDeltaEvent(iteration=iteration, text=chunk.thinking))
    if chunk.content and hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=iteration, text=chunk.content))


def call_model(turn: Turn, request: LlmRequest) -> AsyncIterator[UiComponent]:
    """Step 13: direct (streamed or not) or through the ``MODEL_CALL`` chain."""
    if turn.steps is None:
        return _model_response(turn, request)
    return _traced_model_call(turn, turn.steps, request)


async def _traced_model_call(
    turn: Turn, steps: StepTracer, request: LlmRequest
) -> AsyncIterator[UiComponent]:
    """Step 13 between the "llm" step events (ended with the error when it fails)."""
    model = request.model or turn.agent.llm_service.model
    service = provider_name(turn.agent.llm_service)
    started = await steps.begin(
        "llm", model=model, stream=request.stream, provider=service, llm_request=request
    )
    try:
        async for component in _model_response(turn, request):
            yield component
    except Exception as exc:
        await steps.end("llm", started, exception=exc, model=model, stream=request.stream)
        raise
    response = turn.response
    usage = response.usage
    await steps.end(
        "llm",
        started,
        model=response.model or model,
        stream=request.stream,
        content_length=len(response.content or ""),
        tool_call_count=len(response.tool_calls or ()),
        finish_reason=response.finish_reason,
        input_tokens=usage.input_tokens if usage else None,
        output_tokens=usage.output_tokens if usage else None,
        request_model=model,
        llm_response=response,
    )


async def _model_response(turn: Turn, request: LlmRequest) -> AsyncIterator[UiComponent]:
    """Sets ``turn.response``; yields the streamed text."""
    if turn.hooks.has_wrappers(MODEL_CALL):
        async for component in call_model_chain(turn, request):
            yield component
    elif request.stream:
        accumulator = StreamAccumulator()
        observed = turn.agent.wants_streaming(turn.hooks)
        async for chunk in turn.agent.llm_service.stream_request(request):
            accumulator.add(chunk)
            if observed:
                await emit_deltas(turn.hooks, turn.iteration, chunk)
            if chunk.content:
                yield text_component(chunk.content, delta=True)
        turn.response = accumulator.response()
    else:
        turn.response = await turn.agent.llm_service.send_request(request)
