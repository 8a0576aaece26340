"""Step boundaries for tracing: ``StepStartedEvent`` / ``StepFinishedEvent``.

A turn holds a ``StepTracer`` only when a handler listens to step events
(an observability provider does); otherwise it holds None and the pipeline
skips every call here.
"""

from __future__ import annotations

import time
from typing import Any

from hookline.hooks.events import StepFinishedEvent, StepStartedEvent
from hookline.hooks.registry import HookRegistry

__all__ = ["StepTracer", "provider_name", "step_tracer"]


class StepTracer:
    """Emits the step events of one turn, timed with a monotonic clock."""

    __slots__ = ("hooks",)

    def __init__(self, hooks: HookRegistry) -> None:
        self.hooks = hooks

    async def begin(self, step: str, key: str | None = None, **attributes: Any) -> float:
        """Announce ``step``; returns its start time for ``end``."""
        await self.hooks.emit(StepStartedEvent(step=step, key=key, attributes=attributes))
        return time.perf_counter()

    async def end(
        self,
        step: str,
        started: float,
        *,
        key: str | None = None,
        exception: BaseException | None = None,
        **attributes: Any,
    ) -> None:
        """Announce the end of ``step`` with its outcome ``attributes``."""
        duration_ms = (time.perf_counter() - started) * 1000.0
        await self.hooks.emit(
            StepFinishedEvent(
                step=step, key=key, duration_ms=duration_ms, attributes=attributes, error=exception
            )
        )


def step_tracer(hooks: HookRegistry) -> StepTracer | None:
    """A tracer when someone listens to step events, else None."""
    if hooks.has_handlers(StepStartedEvent) or hooks.has_handlers(StepFinishedEvent):
        return StepTracer(hooks)
    return None


def provider_name(service: object) -> str:
    """The model provider's name for telemetry: "openai" for ``OpenAILlmService``.

    A ``provider_name`` string attribute on the service wins; otherwise the
    class name without "LlmService", lower-cased.
    """
    explicit = getattr(service, "provider_name", None)
    if isinstance(explicit, str):
        return explicit
    name = type(service).__name__
    return name.removesuffix("LlmService").lower() or name.lower()
