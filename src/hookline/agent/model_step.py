"""Step 13: one model call through the ``wrap_model_call`` chain, streamed or not.

``ModelStep.run()`` yields the deltas to show; when it ends, ``result()`` is the
complete ``LlmResponse``.  The call goes through the chain around one terminal;
with no wrappers the chain is the terminal itself, called directly (zero cost
unused).  A request that does not stream gets ``LlmService.send_request``.  A
streamed request without wrappers streams right in the turn; with wrappers the
chain runs as a task whose terminal streams and hands each delta over, and
``run()`` shows it at once while the chain still runs: streaming stays live
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

__all__ = ["ModelStep", "deltas_observed", "emit_deltas"]


class ModelStep:
    """One model call of a turn (iteration ``iteration``), through the model chain.

    Example::

        step = ModelStep(hooks, llm_service, request, iteration=1)
        async for delta in step.run():
            show(delta)
        response = step.result()
    """

    __slots__ = (
        "_broken",
        "_deltas",
        "_streamed",
        "hooks",
        "iteration",
        "llm",
        "request",
        "response",
    )

    def __init__(
        self, hooks: HookRegistry, llm: LlmService, request: LlmRequest, *, iteration: int
    ) -> None:
        self.hooks = hooks
        self.llm = llm
        self.request = request
        self.iteration = iteration
        self.response: LlmResponse | None = None  # set when the call is done
        self._deltas: _Deltas | None = None  # set while a streamed call runs
        self._streamed = False  # the answer the chain returned was streamed
        self._broken = False  # a stream showed text, then failed: a new answer says so

    async def run(self) -> AsyncGenerator[UiComponent, None]:
        """Call the model; yields deltas while a streamed answer arrives."""
        request = self.request
        if not request.stream:
            self.response = await self.hooks.compose(MODEL_CALL, self._terminal)(request)
            return
        if not self.hooks.has_wrappers(MODEL_CALL):  # the chain is the terminal: no task
            accumulator = StreamAccumulator()
            observed = deltas_observed(self.hooks)
            async for chunk in self.llm.stream_request(request):
                accumulator.add(chunk)
                if observed:
                    await emit_deltas(self.hooks, self.iteration, chunk)
                if chunk.content:
                    yield text_component(chunk.content, delta=True)
            self.response = accumulator.response()
            return
        async for delta in self._run_chain_task(request):
            yield delta

    def result(self) -> LlmResponse:
        """The complete response, once ``run()`` has ended."""
        if self.response is None:
            raise RuntimeError("ModelStep.result() before run() ended")
        return self.response

    async def _run_chain_task(self, request: LlmRequest) -> AsyncGenerator[UiComponent, None]:
        """A streamed call through wrappers: the chain runs as a task, deltas come over."""
        deltas = self._deltas = _Deltas()
        task = asyncio.ensure_future(self.hooks.compose(MODEL_CALL, self._terminal)(request))
        task.add_done_callback(deltas.wake)
        try:
            while not task.done():
                await deltas.arrival()
                for delta in deltas.take():
                    yield delta
        finally:
            await _settle(task)
        for delta in deltas.take():  # the last ones, handed over as the chain ended
            yield delta
        response = self.response = task.result()
        if self._broken:  # answered without the terminal after a broken stream
            yield broken_off_component()
        if not self._streamed and response.content:  # answered without streaming (a cache)
            await emit_deltas(self.hooks, self.iteration, LlmStreamChunk(content=response.content))
            yield text_component(response.content, delta=True)

    async def _terminal(self, request: LlmRequest) -> LlmResponse:
        """The innermost layer of the chain: the provider itself."""
        deltas = self._deltas
        if deltas is None or not request.stream:
            return await self.llm.send_request(request)
        if self._broken:  # a new attempt after a stream that showed text and failed
            self._broken = False
            deltas.put(broken_off_component())
        accumulator = StreamAccumulator()
        observed = deltas_observed(self.hooks)
        showed_text = False
        try:
            async for chunk in self.llm.stream_request(request):
                accumulator.add(chunk)
                if observed:
                    await emit_deltas(self.hooks, self.iteration, chunk)
                if chunk.content:
                    showed_text = True
                    deltas.put(text_component(chunk.content, delta=True))
        except Exception:
            self._streamed = False
            self._broken = showed_text  # the user saw part of an answer that will not come
            raise
        self._streamed = showed_text
        return accumulator.response()


class _Deltas:
    """Deltas from the chain's task to ``ModelStep.run``, which waits for the next ones."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: list[UiComponent] = []
        self._waiter: asyncio.Future[None] | None = None

    def put(self, delta: UiComponent) -> None:
        self._items.append(delta)
        self.wake()

    def wake(self, _: object = None) -> None:
        """Let ``arrival`` return (a delta came, or the chain is done)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def take(self) -> list[UiComponent]:
        items, self._items = self._items, []
        return items

    async def arrival(self) -> None:
        """Wait until a delta comes or ``wake`` is called."""
        if self._items:
            return
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None


async def _settle(task: asyncio.Future[LlmResponse]) -> None:
    """Cancel ``task`` if it still runs (the turn was closed or cancelled) and wait for it."""
    if not task.done():
        task.cancel()
        await asyncio.wait([task])
    elif not task.cancelled():
        task.exception()  # retrieved here; ``run`` raises it


def deltas_observed(hooks: HookRegistry) -> bool:
    """True when a ``TextDeltaEvent`` or ``ThinkingDeltaEvent`` handler is registered:
    the deltas are emitted per chunk, and streaming turns on by itself."""
    return hooks.has_handlers(TextDeltaEvent) or hooks.has_handlers(ThinkingDeltaEvent)


async def emit_deltas(hooks: HookRegistry, iteration: int, chunk: LlmStreamChunk) -> None:
    """Emit the chunk's ``ThinkingDeltaEvent`` / ``TextDeltaEvent``, if handled."""
    if chunk.thinking and hooks.has_handlers(ThinkingDeltaEvent):
        await hooks.emit(ThinkingDeltaEvent(iteration=iteration, text=chunk.thinking))
    if chunk.content and hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=iteration, text=chunk.content))
