"""Step 13: one model call through the ``wrap_model_call`` chain, streamed or not.

``ModelStep.run()`` yields the deltas to show; when it ends, ``result()`` is the
complete ``LlmResponse``.  The call goes through the chain around one terminal;
with no wrappers the chain is the terminal itself, called directly (zero cost
unused).  A request that does not stream gets ``LlmService.send_request``.  A
streamed request without wrappers streams right in the turn; with wrappers the
chain runs as a task whose terminal streams and hands each delta over, and
``run()`` shows it at once while the chain still runs: streaming stays live
under any wrapper (retry, fallback, cache).  A wrapper that answers without
streaming (a cache, the SQL planner) still has its text shown, in pieces of a
word or so (``text_pieces``), as a model's would be; when a stream that
showed text breaks off and is answered again, a "broke off" card comes first.
Closing or cancelling ``run()`` cancels the chain.

Two hooks change what leaves the step, and cost nothing unregistered:
``StreamTransformEvent`` gives the answer's ``StreamTransformer``s (output
guardrails): every text piece passes through them before it is shown or
emitted as a ``TextDeltaEvent``, the stored answer is what they let through,
and a ``GuardrailTripped`` ends the answer with a "stopped by" note.
``ModelErrorEvent`` (``on_model_error``) may answer for a failed call.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncGenerator, AsyncIterator

from hookline._retry import Answer, Decide, answer_once
from hookline.agent.streaming import (
    StreamAccumulator,
    StreamGuard,
    broken_off_component,
    stopped_note,
    text_component,
)
from hookline.components.base import UiComponent
from hookline.errors import AgentError
from hookline.hooks.events import (
    MODEL_CALL,
    GuardrailTrippedEvent,
    ModelErrorEvent,
    StreamTransformEvent,
    TextDeltaEvent,
    ThinkingDeltaEvent,
)
from hookline.hooks.registry import HookRegistry
from hookline.hooks.stream import GuardrailTripped
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk

__all__ = ["ModelStep", "deltas_observed", "emit_deltas", "text_pieces"]

logger = logging.getLogger("hookline.agent")
_PIECE = re.compile(r"\s*\S+")


def text_pieces(text: str) -> list[str]:
    """``text`` in streamed pieces: each word with the space before it (joined: ``text``).

    Example::

        text_pieces("There are 400 customers.")  # ["There", " are", " 400", " customers."]
    """
    pieces = _PIECE.findall(text)
    tail = text[sum(map(len, pieces)) :]
    if tail and pieces:
        pieces[-1] += tail
    return pieces or ([text] if text else [])


class ModelStep:
    """One model call of a turn (iteration ``iteration``), through the model chain.

    Example::

        step = ModelStep(hooks, llm_service, request, iteration=1)
        async for delta in step.run():
            show(delta)
        response = step.result()
    """

    __slots__ = (
        "_attempt",
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
        # ``_attempt``: what the last guarded stream answered (set by ``_stream_guarded``)

    async def run_recovering(self) -> AsyncGenerator[UiComponent, None]:
        """``run()``, with a failed call offered to ``ModelErrorEvent`` handlers
        (``on_model_error``); the turn uses it when one is registered.  The decision is
        the failure-handling core's (``hookline._retry.answer_once``): the handlers'
        answer, or the error goes on; the call is not made again."""
        try:
            async for delta in self.run():
                yield delta
        except AgentError:
            raise
        except Exception as error:
            answer = await answer_once(error, _on_model_error(self), what="model call")
            if answer is None:
                raise
            response = self.response = await self._answer_whole(answer)
            if self.request.stream and response.content:
                await emit_deltas(
                    self.hooks, self.iteration, LlmStreamChunk(content=response.content)
                )
                yield text_component(response.content, delta=True)

    async def run(self) -> AsyncGenerator[UiComponent, None]:
        """Call the model; yields deltas while a streamed answer arrives."""
        request = self.request
        if not request.stream:
            response = await self.hooks.compose(MODEL_CALL, self._terminal)(request)
            self.response = await self._answer_whole(response)
            return
        if not self.hooks.has_wrappers(MODEL_CALL):  # no task (benchmarks/instructions.py)
            if self.hooks.has_handlers(StreamTransformEvent):
                async for delta in self._stream_guarded(request):
                    yield delta
                self.response = self._attempt
                return
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
            response = self.response = await self._answer_whole(response)
            for piece in text_pieces(response.content or ""):  # in pieces, as a model's
                await emit_deltas(self.hooks, self.iteration, LlmStreamChunk(content=piece))
                yield text_component(piece, delta=True)

    async def _terminal(self, request: LlmRequest) -> LlmResponse:
        """The innermost layer of the chain: the provider itself."""
        deltas = self._deltas
        if deltas is None or not request.stream:
            return await self.llm.send_request(request)
        if self._broken:  # a new attempt after a stream that showed text and failed
            self._broken = False
            deltas.put(broken_off_component())
        if self.hooks.has_handlers(StreamTransformEvent):
            return await self._terminal_guarded(request, deltas)
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

    async def _terminal_guarded(self, request: LlmRequest, deltas: _Deltas) -> LlmResponse:
        """The terminal's stream through the stream transformers."""
        showed_text = False
        try:
            async for delta in self._stream_guarded(request):
                showed_text = True
                deltas.put(delta)
        except Exception:
            self._streamed = False
            self._broken = showed_text
            raise
        self._streamed = showed_text
        return self._attempt

    # -- output guardrails -------------------------------------------------------------

    async def _new_guard(self, request: LlmRequest) -> StreamGuard | None:
        """The answer's transformers (``StreamTransformEvent``), or None when none is given."""
        event = StreamTransformEvent(iteration=self.iteration, request=request)
        await self.hooks.emit(event)
        return StreamGuard(event.transformers) if event.transformers else None

    async def _stream_guarded(self, request: LlmRequest) -> AsyncGenerator[UiComponent, None]:
        """Stream ``request`` through the answer's transformers; the response is left in
        ``_attempt``: its text is what was shown (with the "stopped by" note if one tripped)."""
        guard = await self._new_guard(request)
        accumulator = StreamAccumulator()
        stream = self.llm.stream_request(request)
        try:
            async for chunk in stream:
                accumulator.add(chunk)
                if chunk.thinking:
                    await emit_deltas(
                        self.hooks, self.iteration, LlmStreamChunk(thinking=chunk.thinking)
                    )
                text = chunk.content
                if text and guard is not None:
                    text = guard.feed(text)
                if text:
                    yield await self._show(text)
            tail = guard.flush() if guard is not None else ""
            if tail:
                yield await self._show(tail)
        except GuardrailTripped as tripped:
            await _close(stream)
            self._attempt = await self._stopped(guard, tripped, accumulator)
            yield await self._show(stopped_note(tripped, guard.text() if guard else ""))
            return
        response = accumulator.response()
        if guard is not None:
            response.content = guard.text() or None
        self._attempt = response

    async def _show(self, text: str) -> UiComponent:
        """A piece of answer text leaving the step: its ``TextDeltaEvent``, its component."""
        if self.hooks.has_handlers(TextDeltaEvent):
            await self.hooks.emit(TextDeltaEvent(iteration=self.iteration, text=text))
        return text_component(text, delta=True)

    async def _answer_whole(self, response: LlmResponse) -> LlmResponse:
        """An answer that did not stream, through the answer's transformers."""
        if not response.content or not self.hooks.has_handlers(StreamTransformEvent):
            return response
        guard = await self._new_guard(self.request)
        if guard is None:
            return response
        try:
            text = guard.whole(response.content)
        except GuardrailTripped as tripped:
            stopped = await self._stopped(guard, tripped, None)
            stopped.usage = response.usage
            return stopped
        return (
            response if text == response.content else response.model_copy(update={"content": text})
        )

    async def _stopped(
        self,
        guard: StreamGuard | None,
        tripped: GuardrailTripped,
        accumulator: StreamAccumulator | None,
    ) -> LlmResponse:
        """The answer a tripped output guardrail leaves: what was shown, then the note."""
        logger.warning("%s (output guardrail, iteration %d)", tripped, self.iteration)
        if self.hooks.has_handlers(GuardrailTrippedEvent):
            await self.hooks.emit(
                GuardrailTrippedEvent(
                    guardrail=tripped.guardrail,
                    stage="output",
                    reason=tripped.reason,
                    iteration=self.iteration,
                )
            )
        shown = guard.text() if guard is not None else ""
        response = LlmResponse(
            content=shown + stopped_note(tripped, shown),
            finish_reason="guardrail",
            usage=accumulator.usage if accumulator is not None else None,
        )
        response.metadata.update({"hookline": "guardrail", "guardrail": tripped.guardrail})
        return response


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


def _on_model_error(step: ModelStep) -> Decide[LlmResponse]:
    """The ``on_model_error`` decision: the ``ModelErrorEvent`` handlers' answer, or none."""

    async def offer(error: Exception, attempt: int) -> Answer[LlmResponse] | None:
        if not step.hooks.has_handlers(ModelErrorEvent):
            return None
        event = ModelErrorEvent(iteration=step.iteration, request=step.request, error=error)
        await step.hooks.emit(event)
        return None if event.response is None else Answer(event.response)

    return offer


async def _close(stream: AsyncIterator[LlmStreamChunk]) -> None:
    """Close a provider's stream left early (a guardrail tripped)."""
    aclose = getattr(stream, "aclose", None)
    if aclose is not None:
        await aclose()


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
