"""Tracer: turns the pipeline's step events into spans and metrics.

It is one more subscriber (a ``HookProvider``): the pipeline knows nothing of
spans.  The extension-point adapters time their own calls through
``Tracer.timed`` so that hook, middleware, filter, enricher and enhancer
spans nest under the step they run in: message > iteration > llm / tool > hooks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from hookline.extensions.observability import ObservabilityProvider, Span
from hookline.hooks.events import StepFinishedEvent, StepStartedEvent, TurnFailedEvent
from hookline.hooks.registry import Event, HookContext, HookRegistry
from hookline.llm.models import Usage

__all__ = ["Tracer", "traced"]

_SPAN_NAMES = {
    "message": "agent.send_message",
    "user_resolution": "agent.user_resolution",
    "starter_ui": "agent.workflow_handler.starter_ui",
    "try_handle": "agent.workflow_handler.try_handle",
    "conversation.load": "agent.conversation.load",
    "tool_schemas.fetch": "agent.tool_schemas.fetch",
    "system_prompt.build": "agent.system_prompt.build",
    "iteration": "agent.iteration",
    "tool": "agent.tool.execute",
    "conversation.save": "agent.conversation.save",
}
_METRICS = {
    "message": "agent.message.duration",
    "user_resolution": "agent.user_resolution.duration",
    "starter_ui": "agent.workflow_handler.starter_ui.duration",
    "conversation.load": "agent.conversation.load.duration",
    "tool_schemas.fetch": "agent.tool_schemas.duration",
    "system_prompt.build": "agent.system_prompt.duration",
    "tool": "agent.tool.duration",
    "conversation.save": "agent.conversation.save.duration",
}
_METRIC_TAGS = {
    "message": ("user_id", "hit_tool_limit"),
    "conversation.load": ("is_new",),
    "tool_schemas.fetch": ("schema_count",),
    "tool": ("tool", "success"),
}
_SPAN_ATTRIBUTES = {  # spans whose step reports more than the reference lists
    "agent.send_message": ("user_id", "conversation_id", "tool_iterations", "hit_tool_limit"),
    "agent.tool.execute": ("tool", "arg_count", "success", "error"),
    "llm.request": ("model", "stream"),
    "llm.stream": ("model", "stream", "content_length", "tool_call_count"),
}
_CONTENT = frozenset({"llm_request", "llm_response", "tool_arguments", "tool_result"})
"""Step data that is message content: on spans only for a provider with ``capture_content``."""
_ITERATION_SCOPED = {"llm", "tool"}


@dataclass
class _TurnSpans:
    root: Span
    iteration: Span | None = None
    open: dict[tuple[str, str | None], Span] = field(default_factory=dict)


class Tracer:
    """Spans and metrics for every turn of an agent, on one ``ObservabilityProvider``.

    ``span.attributes`` are the reference's; whatever else a step reports
    goes to ``span.details`` (the agent name, model provider, tokens, finish
    reason, tool call id, error type: what the OpenTelemetry GenAI conventions
    need).  Message content (``llm_request``, ``llm_response``,
    ``tool_arguments``, ``tool_result``) is in ``details`` only when the
    provider has ``capture_content = True``.

    Example::

        tracer = Tracer(LoggingObservabilityProvider())
        agent.hooks.add(tracer)  # Agent(observability_provider=...) does this for you
    """

    def __init__(self, provider: ObservabilityProvider) -> None:
        self.provider = provider
        self.capture_content = bool(getattr(provider, "capture_content", False))
        self._turns: dict[str, _TurnSpans] = {}

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.on(StepStartedEvent, self._step_started)
        registry.on(StepFinishedEvent, self._step_finished)
        registry.on(TurnFailedEvent, self._turn_failed)

    # -- for adapters -------------------------------------------------------------

    @asynccontextmanager
    async def timed(
        self,
        context: HookContext | None,
        name: str,
        attributes: dict[str, Any],
        *,
        metric: str | None = None,
        tags: dict[str, Any] | None = None,
        scope: str = "turn",
        key: str | None = None,
    ) -> AsyncIterator[Span]:
        """A span (and optionally a duration metric) around an adapter's call.

        ``scope`` picks the parent: "turn" (the message span), "iteration",
        or "tool" (the tool span of call ``key``).
        """
        span = await self._start(context, name, attributes, scope, key)
        try:
            yield span
        except BaseException as error:
            span.set_attribute("error", type(error).__name__)
            raise
        finally:
            await self.provider.end_span(span)
            if metric is not None:
                await self.metric(metric, span.duration_ms() or 0.0, "ms", tags)

    async def metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, Any] | None = None
    ) -> None:
        """Record a metric; tag values become strings."""
        clean = {k: str(v) for k, v in (tags or {}).items() if v is not None}
        await self.provider.record_metric(name, value, unit, clean)

    async def count_error(self, error_type: str) -> None:
        """Count a failure hookline tolerated (``agent.error.count``)."""
        await self.metric("agent.error.count", 1, "count", {"error_type": error_type})

    # -- step events ------------------------------------------------------------------

    async def _step_started(self, event: Event[StepStartedEvent]) -> None:
        data, request_id = event.data, _request_id(event.context)
        if data.step == "message":
            root = await self.provider.create_span(_SPAN_NAMES["message"], {})
            if event.context is not None and event.context.agent_name:
                root.details["agent_name"] = event.context.agent_name
            self._turns[request_id] = _TurnSpans(root=root)
            return
        turn = self._turns.get(request_id)
        if turn is None:
            return
        name = _span_name(data.step, data.attributes)
        parent = turn.iteration if data.step in _ITERATION_SCOPED and turn.iteration else turn.root
        attributes, details = self._split(name, data.attributes)
        span = await self.provider.create_span(name, attributes)
        span.parent_id = parent.id
        span.details.update(details)
        turn.open[(data.step, data.key)] = span
        if data.step == "iteration":
            turn.iteration = span

    async def _step_finished(self, event: Event[StepFinishedEvent]) -> None:
        data, request_id = event.data, _request_id(event.context)
        turn = self._turns.get(request_id)
        if turn is None:
            return
        if data.step == "message":
            await self._finish_turn(request_id, turn, data)
            return
        span = turn.open.pop((data.step, data.key), None)
        if span is None:
            return
        self._update(span, data)
        await self.provider.end_span(span)
        if data.step == "iteration":
            turn.iteration = None
        await self._step_metric(data, span.name)

    async def _finish_turn(
        self, request_id: str, turn: _TurnSpans, data: StepFinishedEvent
    ) -> None:
        for dangling in list(turn.open.values()):  # steps cut short by an error
            dangling.set_attribute("error", "interrupted")
            await self.provider.end_span(dangling)
        self._update(turn.root, data)
        await self.provider.end_span(turn.root)
        del self._turns[request_id]
        await self._step_metric(data, turn.root.name)

    async def _usage_metrics(self, attributes: dict[str, Any]) -> None:
        """Token counts and their estimated cost (USD, from ``hookline.llm.pricing``)."""
        from hookline.llm.pricing import estimate_cost  # the price table: on first use

        model = attributes.get("model")
        input_tokens, output_tokens = (
            attributes.get("input_tokens"),
            attributes.get("output_tokens"),
        )
        if input_tokens is None or output_tokens is None:
            return
        await self.metric("llm.tokens", input_tokens, "tokens", {"model": model, "type": "input"})
        await self.metric("llm.tokens", output_tokens, "tokens", {"model": model, "type": "output"})
        usage = Usage(input_tokens=input_tokens, output_tokens=output_tokens)
        cost = estimate_cost(str(model) if model else None, usage)
        if cost is not None:
            await self.metric("llm.cost", cost, "USD", {"model": model})

    async def _step_metric(self, data: StepFinishedEvent, span_name: str) -> None:
        if data.step == "llm":
            await self._usage_metrics(data.attributes)
        name = _METRICS.get(data.step)
        if data.step == "llm":
            name = f"{span_name}.duration"
        if name is None:
            return
        value = data.duration_ms
        if data.step == "tool" and "execution_ms" in data.attributes:
            value = float(data.attributes["execution_ms"])
        keys = _METRIC_TAGS.get(data.step, ())
        await self.metric(name, value, "ms", {k: data.attributes.get(k) for k in keys})

    async def _turn_failed(self, event: Event[TurnFailedEvent]) -> None:
        error = event.data.error
        turn = self._turns.get(_request_id(event.context))
        attributes = {
            "error_type": type(error).__name__,
            "error_message": str(error)[:200],
            "conversation_id": event.data.conversation_id,
        }
        span = await self.provider.create_span("agent.send_message.error", attributes)
        span.parent_id = turn.root.id if turn else None
        if turn is not None:
            turn.root.details["error"] = type(error).__name__
        await self.provider.end_span(span)
        await self.count_error(type(error).__name__)

    def _split(
        self, span_name: str, reported: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The reference attributes of ``span_name``, and the rest of what the step reported."""
        attributes = _attributes(span_name, reported)
        details = {
            k: v
            for k, v in reported.items()
            if k not in attributes and v is not None and (self.capture_content or k not in _CONTENT)
        }
        return attributes, details

    def _update(self, span: Span, data: StepFinishedEvent) -> None:
        attributes, details = self._split(span.name, data.attributes)
        span.attributes.update(attributes)
        span.details.update(details)
        if data.error is not None:
            span.set_attribute("error", type(data.error).__name__)

    async def _start(
        self,
        context: HookContext | None,
        name: str,
        attributes: dict[str, Any],
        scope: str,
        key: str | None,
    ) -> Span:
        span = await self.provider.create_span(name, attributes)
        turn = self._turns.get(_request_id(context))
        if turn is not None:
            parent = turn.root
            if scope in ("iteration", "tool") and turn.iteration is not None:
                parent = turn.iteration
            if scope == "tool":
                parent = turn.open.get(("tool", key), parent)
            span.parent_id = parent.id
        return span


def _request_id(context: HookContext | None) -> str:
    return (context.request_id if context else None) or ""


def _span_name(step: str, attributes: dict[str, Any]) -> str:
    if step == "llm":
        return "llm.stream" if attributes.get("stream") else "llm.request"
    return _SPAN_NAMES.get(step, f"agent.{step}")


def _attributes(span_name: str, attributes: dict[str, Any]) -> dict[str, Any]:
    wanted = _SPAN_ATTRIBUTES.get(span_name)
    if wanted is None:
        return {k: v for k, v in attributes.items() if v is not None}
    return {k: attributes.get(k) for k in wanted if k in attributes}


_NOTHING: nullcontext[None] = nullcontext()


def traced(
    tracer: Tracer | None,
    context: HookContext | None,
    name: str,
    attributes: dict[str, Any],
    **options: Any,
) -> AbstractAsyncContextManager[Span | None]:
    """``tracer.timed(...)``, or a do-nothing context yielding None without a tracer."""
    if tracer is None:
        return _NOTHING
    return tracer.timed(context, name, attributes, **options)
