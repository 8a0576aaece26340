"""Step 13: one model call through the ``wrap_model_call`` chain, streamed or not.

``ModelStep.run()`` yields the deltas to show; when it ends, ``response`` is the
complete ``LlmResponse``.  There is one path: the chain (with no wrappers, the
terminal itself) around one terminal.  For a request that does not stream the
terminal calls ``LlmService.send_request``.  For one that streams, the chain runs
as a task, the terminal calls ``stream_request`` and hands each delta over, and
``run()`` shows it at once, while the chain still runs: streaming stays live
under any wrapper (retry, fallback, cache).  A wrapper that answers without
streaming (a cache) still has its text shown, as one delta; when a stream that
showed text breaks off and is answered again, a "broke off" card comes first.
Closing or cancelling ``run()`` cancels the chain.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

from hookline.agent.streaming import StreamAccumulator, broken_off_component, text_component
from hookline.components.base import UiComponent
from hookline.hooks.events import MODEL_CALL, TextDeltaEvent, ThinkingDeltaEvent
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

__all__ = ["ModelStep", "emit_deltas"]


class ModelStep:
    """One model call of a turn (iteration ``iteration``), through the model chain.

    Example::

        step = ModelStep(hooks, llm_service, request, iteration=1)
        async for delta in step.run():
            show(delta)
        response = step.response
    """

    def __init__(
        self, hooks: HookRegistry, llm: LlmService, request: LlmRequest, *, iteration: int
    ) -> None:
        self.hooks = hooks
        self.llm = llm
        self.request = request
        self.iteration = iteration
        self.response = LlmResponse()
        self._deltas: asyncio.Queue[UiComponent | None] | None = None
        self._streamed = False  # the answer the chain returned was streamed
        self._broken = False  # a stream showed text, then failed: a new answer says so

    async def run(self) -> AsyncGenerator[UiComponent, None]:
        """Call the model; yields deltas while a streamed answer arrives."""
        chain = self.hooks.compose(MODEL_CALL, self._terminal)
        if not self.request.stream:
            self.response = await chain(self.request)
            return
        deltas = self._deltas = asyncio.Queue()
        task = asyncio.ensure_future(chain(self.request))
        task.add_done_callback(lambda _: deltas.put_nowait(None))
        try:
            while (delta := await deltas.get()) is not None:
                yield delta
        finally:
            await _settle(task)
        self.response = task.result()
        if self._broken:  # answered without the terminal after a broken stream
            yield broken_off_component()
        if not self._streamed and self.response.content:  # answered unstreamed (a cache)
            await emit_deltas(
                self.hooks, self.iteration, LlmStreamChunk(content=self.response.content)
            )
            yield text_component(self.response.content, delta=True)

    async def _terminal(self, request: LlmRequest) -> LlmResponse:
        """The innermost layer of the chain: the provider itself."""
        deltas = self._deltas
        if deltas is None or not request.stream:
            return await self.llm.send_request(request)
        if self._broken:  # a new attempt after a stream that showed text and failed
            self._broken = False
            deltas.put_nowait(broken_off_component())
        accumulator = StreamAccumulator()
        showed_text = False
        try:
            async for chunk in self.llm.stream_request(request):
                accumulator.add(chunk)
                await emit_deltas(self.hooks, self.iteration, chunk)
                if chunk.content:
                    showed_text = True
                    deltas.put_nowait(text_component(chunk.content, delta=True))
        except Exception:
            self._streamed = False
            self._broken = showed_text  # the user saw part of an answer that will not come
            raise
        self._streamed = showed_text
        return accumulator.response()


async def _settle(task: asyncio.Future[LlmResponse]) -> None:
    """Cancel ``task`` if it still runs (the turn was closed or cancelled) and wait for it."""
    if not task.done():
        task.cancel()
        await asyncio.wait([task])
    elif not task.cancelled():
        task.exception()  # retrieved here; ``run`` raises it


async def emit_deltas(hooks: HookRegistry, iteration: int, chunk: LlmStreamChunk) -> None:
    """Emit the chunk's ``ThinkingDeltaEvent`` / ``TextDeltaEvent``, if handled."""
    if chunk.thinking and hooks.has_handlers(ThinkingDeltaEvent):
        await hooks.emit(ThinkingDeltaEvent(iteration=iteration, text=chunk.thinking))
    if chunk.content and hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=iteration, text=chunk.content))
