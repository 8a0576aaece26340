"""Step 13 through the ``wrap_model_call`` chain, and the per-chunk streaming step.

Without wrappers the turn loop calls the provider directly (see
``Turn._tool_loop``).  With wrappers and streaming, ``call_model_chain``
drives the chain coroutine itself, in the turn's task (no task, no queue):
the innermost layer collects the deltas, and whenever the chain waits (for
the provider's next chunk, a backoff sleep, ...) the driver first yields the
collected deltas to the user and then forwards the wait to the event loop.
So streaming stays live while any wrapper (retry, cache, fallback) is
active, and costs no extra event-loop round trip.  The chain runs in its own
``contextvars.Context``, as it would in a task; cancelling or closing the
turn cancels or closes the chain.  Deltas produced in another task (a
wrapper using ``asyncio.wait_for``) wake the driver.  A wrapper that answers
without streaming (a cache) still shows its text: it arrives as one delta.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator, Generator
from typing import TYPE_CHECKING, Any

from hookline.agent.streaming import StreamAccumulator, text_component
from hookline.components.base import UiComponent
from hookline.hooks.events import MODEL_CALL, TextDeltaEvent, ThinkingDeltaEvent
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = ["call_model_chain", "emit_deltas", "model_terminal"]


class _Forward:
    """Yields what the chain yielded (a bare ``yield``) to the task that drives it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __await__(self) -> Generator[Any, None, None]:
        yield self.value


class _DeltaSink:
    """Collects the chain's deltas until the driver hands them to the user."""

    __slots__ = ("hooks", "iteration", "pending", "sent_text", "wakeup")

    def __init__(self, hooks: HookRegistry, iteration: int) -> None:
        self.hooks = hooks
        self.iteration = iteration
        self.sent_text = False
        self.pending: list[UiComponent] = []
        self.wakeup: asyncio.Future[None] | None = None  # set while the driver waits

    def deliver(self, component: UiComponent) -> None:
        self.sent_text = True
        self.pending.append(component)
        wakeup = self.wakeup
        if wakeup is not None and not wakeup.done():  # sent from another task
            wakeup.set_result(None)

    def take(self) -> list[UiComponent]:
        pending, self.pending = self.pending, []
        return pending


_SINK: contextvars.ContextVar[_DeltaSink | None] = contextvars.ContextVar(
    "hookline_delta_sink", default=None
)


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
            sink.deliver(text_component(chunk.content, delta=True))
    return accumulator.response()


async def call_model_chain(turn: Turn, request: LlmRequest) -> AsyncIterator[UiComponent]:
    """Run the model chain for ``turn``; sets ``turn.response``; yields streamed text."""
    chain = turn.hooks.compose(MODEL_CALL, turn.agent._model_terminal)
    if not request.stream:
        turn.response = await chain(request)
        return
    sink = _DeltaSink(turn.hooks, turn.iteration)
    context = contextvars.copy_context()
    context.run(_SINK.set, sink)
    steps: Any = chain(request).__await__()  # any awaitable; a coroutine's own iterator
    finished = False
    error: BaseException | None = None
    try:
        while True:
            try:
                if error is None:
                    yielded = context.run(steps.send, None)
                else:
                    yielded = context.run(steps.throw, error)
            except StopIteration as stop:
                finished = True
                turn.response = stop.value
                break
            except BaseException:
                finished = True
                raise
            error = None
            if sink.pending:  # the chain is about to wait: show what it produced
                for component in sink.take():
                    yield component
            if not asyncio.isfuture(yielded):
                try:
                    await _Forward(yielded)  # a bare yield (sleep(0)): the loop decides
                except BaseException as exc:  # cancellation: the chain gets it, as in a task
                    error = exc
                continue
            while True:
                try:
                    done = await _wait_once(sink, yielded)
                except BaseException as exc:
                    error = exc
                    break
                for component in sink.take():
                    yield component
                if done:
                    break
        for component in sink.take():
            yield component
        if not sink.sent_text and turn.response.content:  # answered without streaming
            content = turn.response.content
            await emit_deltas(turn.hooks, turn.iteration, LlmStreamChunk(content=content))
            yield text_component(content, delta=True)
    finally:
        if not finished:
            steps.close()


async def _wait_once(sink: _DeltaSink, future: asyncio.Future[Any]) -> bool:
    """Wait until ``future`` is done (True) or another task sent a delta (False)."""
    if future.done():
        return True
    waiter: asyncio.Future[None] = future.get_loop().create_future()

    def wake(_: object) -> None:
        if not waiter.done():
            waiter.set_result(None)

    future.add_done_callback(wake)
    sink.wakeup = waiter
    try:
        await waiter
    except BaseException:
        future.cancel()  # what a task does to the future it waits on when cancelled
        raise
    finally:
        sink.wakeup = None
        future.remove_done_callback(wake)
    return future.done()


async def emit_deltas(hooks: HookRegistry, iteration: int, chunk: LlmStreamChunk) -> None:
    """Emit the chunk's ``ThinkingDeltaEvent`` / ``TextDeltaEvent``, if handled."""
    if chunk.thinking and hooks.has_handlers(ThinkingDeltaEvent):
        await hooks.emit(ThinkingDeltaEvent(iteration=iteration, text=chunk.thinking))
    if chunk.content and hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=iteration, text=chunk.content))
