"""Step 13 through the ``wrap_model_call`` chain, and the per-chunk streaming step.

Without wrappers the turn loop calls the provider directly (see
``Turn._tool_loop``).  With wrappers and streaming, ``StreamedChainRun``
drives the chain coroutine itself, in the turn's task (no task, no queue):
the innermost layer collects the deltas, and whenever the chain waits (for
the provider's next chunk, a backoff sleep, ...) the turn first yields the
collected deltas to the user and then waits.  So streaming stays live while
any wrapper (retry, cache, fallback) is active, at no extra event-loop round
trip.  The chain runs in the turn's ``contextvars`` context, like the
provider's own stream (an async generator): context variables of the caller
are visible in wrappers, and a wrapper that sets one across ``call_next``
should reset it.  Cancelling or closing the turn cancels or closes the
chain.  Deltas produced in another task (a wrapper using
``asyncio.wait_for``) wake the turn.  A wrapper that answers without
streaming (a cache) still shows its text: the turn streams it as one delta.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Generator
from types import CoroutineType
from typing import TYPE_CHECKING, Any

from hookline.agent.streaming import StreamAccumulator, broken_off_component, text_component
from hookline.components.base import UiComponent
from hookline.hooks.events import MODEL_CALL, TextDeltaEvent, ThinkingDeltaEvent
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

if TYPE_CHECKING:
    from hookline.agent.turn import Turn

__all__ = [
    "StreamedChainRun",
    "call_model_chain",
    "emit_deltas",
    "model_terminal",
    "unstreamed_text",
]


class _Forward:
    """Yields what the chain yielded (a bare ``yield``) to the task that drives it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __await__(self) -> Generator[Any, None, None]:
        yield self.value


class StreamedChainRun:
    """Drives the model chain for a streamed request, in the turn's task.

    The turn loops: ``step()`` runs the chain until it waits or ends and
    returns the deltas produced so far; while not ``finished``, ``await
    wait()`` waits for what the chain waits for.  ``close()`` (in a
    ``finally``) closes a chain left unfinished; ``sent_text`` tells whether
    the answer was streamed (a cache answers without streaming).  The
    innermost layer (``model_terminal``) finds the run in a context variable
    and appends its deltas to ``pending``.

    ``Turn._tool_loop`` drives it (step 13, streamed, with wrappers).
    """

    __slots__ = (
        "_error",
        "_request",
        "_steps",
        "_turn",
        "_waiting",
        "broken_off",
        "finished",
        "local_terminal",
        "pending",
        "sent_text",
        "stepping",
        "wakeup",
    )

    def __init__(self, turn: Turn, request: LlmRequest) -> None:
        self.pending: list[UiComponent] = []  # deltas not shown yet
        self.sent_text = False  # the answer the chain returned was streamed
        self.broken_off = False  # a stream failed after showing text; a new answer must say so
        self.wakeup: asyncio.Future[None] | None = None  # set while the turn waits
        self.finished = False
        self.local_terminal = False  # the provider streams in the turn's own task right now
        self.stepping = False  # True while step() runs the chain (in the turn's task)
        self._turn = turn
        self._waiting: Any = None  # what the chain yielded: a future, or a bare-yield value
        self._error: BaseException | None = None
        self._request = request
        self._steps: Any = None  # the chain's coroutine (or iterator), started by step()

    def step(self) -> list[UiComponent]:
        """Advance the chain until it waits or ends; the deltas to show now."""
        waiting = self._waiting
        if (
            waiting is not None
            and self._error is None
            and asyncio.isfuture(waiting)
            and not waiting.done()
        ):
            return self.take()  # woken for deltas from another task
        error, self._error = self._error, None
        token = _RUN.set(self)  # tasks the chain starts now inherit it (wait_for)
        self.stepping = True
        try:
            steps = self._steps
            if steps is None:  # the chain starts here: a task it creates sees this run
                turn = self._turn
                chain = turn.hooks.compose(MODEL_CALL, turn.agent._model_terminal)(self._request)
                # A coroutine is driven as it is, any other awaitable (a task) by its iterator.
                steps = chain if type(chain) is CoroutineType else chain.__await__()
                self._steps = steps
            if error is None:
                self._waiting = steps.send(None)
            else:
                self._waiting = steps.throw(error)
        except StopIteration as stop:
            self.finished = True
            self._turn.response = stop.value
        except BaseException:
            self.finished = True
            raise
        finally:
            self.stepping = False
            _RUN.reset(token)
        return self.take() if self.pending else _NOTHING

    async def wait(self) -> None:
        """Wait for what the chain waits for (or for deltas from another task)."""
        waiting = self._waiting
        try:
            if asyncio.isfuture(waiting):
                if self.local_terminal:  # deltas can only come from this task's steps:
                    waiting._asyncio_future_blocking = False  # (as a task does with it)
                    await waiting  # wait for the future itself, one loop turn sooner
                else:
                    await self._wait_for(waiting)
            else:
                await _Forward(waiting)  # a bare yield (sleep(0)): the loop decides
        except BaseException as exc:  # cancellation: the chain gets it, as in a task
            self._error = exc

    def close(self) -> None:
        """Close a chain left unfinished (the turn was closed or failed)."""
        if not self.finished:
            self.finished = True
            if self._steps is not None:
                self._steps.close()

    def deliver_from_other_task(self) -> None:
        """A delta arrived from another task: wake the turn if it waits."""
        wakeup = self.wakeup
        if wakeup is not None and not wakeup.done():
            wakeup.set_result(None)

    def take(self) -> list[UiComponent]:
        """The deltas not shown yet (the turn shows them before a chain error)."""
        pending = self.pending
        self.pending = []  # model_terminal looks it up for every delta
        return pending

    async def _wait_for(self, future: asyncio.Future[Any]) -> None:
        if future.done():
            return
        waiter: asyncio.Future[None] = future.get_loop().create_future()

        def wake(_: object) -> None:
            if not waiter.done():
                waiter.set_result(None)

        future.add_done_callback(wake)
        self.wakeup = waiter
        try:
            await waiter
        except BaseException:
            future.cancel()  # what a task does to the future it waits on when cancelled
            raise
        finally:
            self.wakeup = None
            future.remove_done_callback(wake)


_NOTHING: list[UiComponent] = []  # never appended to
_RUN: contextvars.ContextVar[StreamedChainRun | None] = contextvars.ContextVar(
    "hookline_streamed_chain_run", default=None
)


async def model_terminal(llm: LlmService, request: LlmRequest) -> LlmResponse:
    """The innermost layer of the model chain: the provider itself.

    When streaming, deltas go to the turn that started the chain.
    """
    run = _RUN.get()
    if run is None or not request.stream:
        return await llm.send_request(request)
    accumulator = StreamAccumulator()
    turn = run._turn
    hooks = turn.hooks
    observed = hooks.has_handlers(TextDeltaEvent) or hooks.has_handlers(ThinkingDeltaEvent)
    local = run.stepping  # started by the turn's own step, not in another task
    if local:
        run.local_terminal = True
    if run.broken_off:  # a new attempt after a stream that showed text and failed
        run.broken_off = False
        run.pending.append(broken_off_component())
    streamed = False
    try:
        async for chunk in llm.stream_request(request):
            accumulator.add(chunk)
            if observed:
                await emit_deltas(hooks, turn.iteration, chunk)
            if chunk.content:
                streamed = True
                run.pending.append(text_component(chunk.content, delta=True))
                if run.wakeup is not None:
                    run.deliver_from_other_task()
    except Exception:
        run.sent_text = False
        if streamed:  # the user saw part of an answer that will not come
            run.broken_off = True
        raise
    finally:
        if local:
            run.local_terminal = False
    run.sent_text = streamed
    return accumulator.response()


async def call_model_chain(turn: Turn, request: LlmRequest) -> LlmResponse:
    """Step 13 through the chain for a request that does not stream."""
    return await turn.hooks.compose(MODEL_CALL, turn.agent._model_terminal)(request)


async def emit_deltas(hooks: HookRegistry, iteration: int, chunk: LlmStreamChunk) -> None:
    """Emit the chunk's ``ThinkingDeltaEvent`` / ``TextDeltaEvent``, if handled."""
    if chunk.thinking and hooks.has_handlers(ThinkingDeltaEvent):
        await hooks.emit(ThinkingDeltaEvent(iteration=iteration, text=chunk.thinking))
    if chunk.content and hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=iteration, text=chunk.content))


async def unstreamed_text(turn: Turn, text: str) -> UiComponent:
    """The delta for an answer a wrapper gave without streaming it (a cache)."""
    await emit_deltas(turn.hooks, turn.iteration, LlmStreamChunk(content=text))
    return text_component(text, delta=True)
