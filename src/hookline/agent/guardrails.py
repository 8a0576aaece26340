"""Input guardrails around the first model call of a turn (step 13).

``InputGuardrailEvent`` handlers run first, and the model is called after them
(sequential mode).  ``ParallelInputGuardrailEvent`` handlers run while the
first model call already runs (as OpenAI Agents does): its answer is held back
until they are done; if one trips, the model call is cancelled, no tool runs,
and the answer is a "stopped by <guardrail>" note (stored like any answer, so
the history stays valid).  Without handlers the model step runs as it is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING, Any

from hookline.agent.model_step import ModelStep
from hookline.agent.streaming import text_component
from hookline.components.base import UiComponent
from hookline.hooks.events import (
    GuardrailTrippedEvent,
    InputGuardrailEvent,
    ModelErrorEvent,
    ParallelInputGuardrailEvent,
    TextDeltaEvent,
)
from hookline.hooks.stream import GuardrailTripped
from hookline.llm.models import LlmResponse
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.agent.turn_view import TurnView

__all__ = ["model_deltas"]

logger = logging.getLogger("hookline.agent")


def model_deltas(turn: TurnView, model: ModelStep, user: User) -> AsyncGenerator[UiComponent, None]:
    """Step 13's deltas: ``model.run()``, with the input guardrails on the turn's first
    call and ``on_model_error`` recovery, when handlers for them are registered."""
    has = model.hooks.has_handlers
    if has(ModelErrorEvent) or has(InputGuardrailEvent) or has(ParallelInputGuardrailEvent):
        first = turn.iteration == 1 and not turn.retries and turn.decisions is None
        return _guarded(model, user, turn.message) if first else _deltas(model)
    return model.run()


def _deltas(model: ModelStep) -> AsyncGenerator[UiComponent, None]:
    return model.run_recovering() if model.hooks.has_handlers(ModelErrorEvent) else model.run()


async def _guarded(model: ModelStep, user: User, message: str) -> AsyncGenerator[UiComponent, None]:
    hooks = model.hooks
    if not (
        hooks.has_handlers(InputGuardrailEvent) or hooks.has_handlers(ParallelInputGuardrailEvent)
    ):
        async for delta in _deltas(model):
            yield delta
        return
    if hooks.has_handlers(InputGuardrailEvent):
        check = InputGuardrailEvent(user=user, message=message)
        await hooks.emit(check)
        if check.tripped_by is not None:
            for shown in await _stop(model, check):
                yield shown
            return
    if not hooks.has_handlers(ParallelInputGuardrailEvent):
        async for delta in _deltas(model):
            yield delta
        return
    async for delta in _alongside(model, ParallelInputGuardrailEvent(user=user, message=message)):
        yield delta


async def _alongside(
    model: ModelStep, check: ParallelInputGuardrailEvent
) -> AsyncGenerator[UiComponent, None]:
    """The model call and the parallel guardrails at once; deltas wait for the verdict."""
    queue: asyncio.Queue[UiComponent | None] = asyncio.Queue()

    async def pump() -> None:
        try:
            async for delta in _deltas(model):
                queue.put_nowait(delta)
        finally:
            queue.put_nowait(None)

    checking = asyncio.ensure_future(model.hooks.emit(check))
    calling = asyncio.ensure_future(pump())
    try:
        await checking
        if check.tripped_by is not None:
            await _cancel(calling)
            for shown in await _stop(model, check):
                yield shown
            return
        while (delta := await queue.get()) is not None:
            yield delta
        await calling  # the model's error, if it failed
    finally:
        await _cancel(checking)
        await _cancel(calling)


async def _cancel(task: asyncio.Future[Any]) -> None:
    if not task.done():
        task.cancel()
        await asyncio.wait([task])
    elif not task.cancelled():
        task.exception()  # retrieved: it was raised where it mattered


async def _stop(model: ModelStep, check: InputGuardrailEvent) -> list[UiComponent]:
    """The turn's answer when an input guardrail trips, recorded and logged; the delta to
    show (an answer that does not stream is shown by the turn)."""
    assert check.tripped_by is not None
    tripped = GuardrailTripped(check.tripped_by, check.reason)
    logger.warning("%s (input guardrail)", tripped)
    hooks = model.hooks
    if hooks.has_handlers(GuardrailTrippedEvent):
        await hooks.emit(
            GuardrailTrippedEvent(
                guardrail=tripped.guardrail,
                stage="input",
                reason=tripped.reason,
                iteration=model.iteration,
            )
        )
    note = f"[{tripped}]"
    response = LlmResponse(content=note, finish_reason="guardrail")
    response.metadata.update({"hookline": "guardrail", "guardrail": tripped.guardrail})
    model.response = response
    if not model.request.stream:
        return []
    if hooks.has_handlers(TextDeltaEvent):
        await hooks.emit(TextDeltaEvent(iteration=model.iteration, text=note))
    return [text_component(note, delta=True)]
