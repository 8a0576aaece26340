"""Instrumentation: spans and metrics for every turn, one subscriber to the typed events.

The pipeline emits its events and knows no tracer; the extension-point
adapters register *labelled* handlers and know no tracer either.  This one
``HookProvider`` turns what it observes into spans and metrics:

- the turn's phase boundaries (``TurnStartedEvent`` ... ``TurnEndedEvent``)
  open and close the step spans; a span whose start has no event of its own
  (the conversation load, the schema fetch, the prompt build) starts where the
  previous observed step ended (``Span.backdate``);
- it wraps the ``MODEL_CALL`` chain itself, as the outermost wrapper, for
  ``llm.request`` / ``llm.stream`` (the chain has no context: the turn is the
  one whose ``StartIterationEvent`` last ran in this task, a context variable);
- it observes the labelled handler calls (``HookRegistry.observe_handlers``):
  each gets a span named by its label (``agent.hook.before_tool`` with
  ``hook=<class>``...), nested under the step it runs in, with what this module
  reads off the event (the tool's name, message counts, whether a hook changed
  the message or the result) and its duration metric;
- ``ErrorToleratedEvent`` and ``TurnFailedEvent`` are counted as ``agent.error.count``.

Spans are keyed by ``event.context.request_id``.  See ``docs/observability.md``
for the catalogue.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from hookline.extensions.observability import ErrorToleratedEvent, ObservabilityProvider, Span
from hookline.hooks.events import (
    MODEL_CALL,
    AfterLLMCallEvent,
    AfterToolCallEvent,
    BeforeLLMCallEvent,
    BeforeToolCallEvent,
    ConversationLoadedEvent,
    ConversationSavedEvent,
    EnhanceMessagesEvent,
    EnrichToolContextEvent,
    FilterMessagesEvent,
    HandleMessageEvent,
    MessageReceivedEvent,
    ModelCallNext,
    SaveTurnMessagesEvent,
    SlashCommandEvent,
    StarterUiEvent,
    StartIterationEvent,
    SystemPromptEvent,
    ToolCallEndedEvent,
    ToolSchemasEvent,
    TurnEndedEvent,
    TurnFailedEvent,
    TurnStartedEvent,
    UserResolvedEvent,
)
from hookline.hooks.registry import Event, HookContext, HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse, Usage
from hookline.scrub import scrub_secrets
from hookline.tools.approval import DECIDED_BY_KEY

__all__ = ["CLOSES_SPAN", "OPENS_SPAN", "Instrumentation", "Tracer", "provider_name"]

_MODEL_TURN: ContextVar[str] = ContextVar("hookline_instrumented_turn", default="")
"""The request id of the turn whose model call comes next in this task."""

_TOOL_EVENTS = (BeforeToolCallEvent, AfterToolCallEvent)
_ITERATION_EVENTS = (
    FilterMessagesEvent,
    EnhanceMessagesEvent,
    BeforeLLMCallEvent,
    AfterLLMCallEvent,
)
_HANDLER_METRICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "agent.hook": ("agent.hook.duration", ("hook", "phase")),
    "agent.middleware": ("agent.middleware.duration", ("middleware", "phase", "stream")),
    "agent.context.enrichment": ("agent.enrichment.duration", ("enricher",)),
    "agent.conversation.filter": ("agent.filter.duration", ("filter",)),
    "agent.llm_context": ("", ("enhancer",)),  # "<span name>.duration"
}
"""Labelled handler spans with a duration metric: by span name or its family."""


@dataclass
class _TurnSpans:
    root: Span
    iteration: Span | None = None
    open: dict[tuple[str, str], Span] = field(default_factory=dict)
    mark: float = field(default_factory=time.perf_counter)  # where the last step ended
    schema_count: int = 0


OPENS_SPAN = 1_000_000
"""The priority of the handlers that open spans (and of the model-call wrapper): above any
user priority, so a span covers every handler of its step.  Priorities beyond ±1,000,000
are kept for observers (docs/hooks.md)."""
CLOSES_SPAN = -1_000_000
"""The priority of the handlers that close spans: after every user handler of the event."""


class Instrumentation:
    """Spans and metrics for every turn of an agent, on one ``ObservabilityProvider``.

    ``span.attributes`` are the reference's; what else a step reports goes to
    ``span.details`` (the agent name, model provider, tokens, finish reason,
    tool call id, error type: what the OpenTelemetry GenAI conventions need).
    Message content (``llm_request``, ``llm_response``, ``tool_arguments``,
    ``tool_result``) is in ``details`` only when the provider has
    ``capture_content = True``.  ``llm_service`` names the model provider.

    Example::

        instrumentation = Instrumentation(LoggingObservabilityProvider())
        agent.hooks.add(instrumentation)  # Agent(observability_provider=...) does this
    """

    def __init__(self, provider: ObservabilityProvider, *, llm_service: object = None) -> None:
        self.provider = provider
        self.llm_service = llm_service
        self.capture_content = bool(getattr(provider, "capture_content", False))
        self._turns: dict[str, _TurnSpans] = {}

    def register_hooks(self, registry: HookRegistry) -> None:
        """Boundary handlers go first where they open a span, last where they close one,
        whatever priorities the user's handlers have (``OPENS_SPAN`` / ``CLOSES_SPAN``)."""
        registry.observe_handlers(self._observe_handler)
        first: list[tuple[type[Any], Callable[[Event[Any]], Awaitable[None]]]] = [
            (TurnStartedEvent, self._turn_started),
            (UserResolvedEvent, self._user_resolved),
            (StarterUiEvent, self._starter_ui_started),
            (SlashCommandEvent, self._try_handle_started),
            (HandleMessageEvent, self._try_handle_started),
            (ConversationLoadedEvent, self._conversation_loaded),
            (SystemPromptEvent, self._system_prompt_built),
            (StartIterationEvent, self._iteration_started),
            (BeforeToolCallEvent, self._tool_started),
            (ToolCallEndedEvent, self._tool_ended),
            (SaveTurnMessagesEvent, self._save_started),
            (ConversationSavedEvent, self._save_ended),
        ]
        for event_type, handler in first:
            registry.on(event_type, handler, priority=OPENS_SPAN, prepend=True)
        last: list[tuple[type[Any], Callable[[Event[Any]], Awaitable[None]]]] = [
            (StarterUiEvent, self._starter_ui_ended),
            (SlashCommandEvent, self._try_handle_ended),
            (HandleMessageEvent, self._try_handle_ended),
            (EnrichToolContextEvent, self._enriched),
            (ToolSchemasEvent, self._schemas_fetched),
            (TurnFailedEvent, self._turn_failed),
            (ErrorToleratedEvent, self._error_tolerated),
            (TurnEndedEvent, self._turn_ended),
        ]
        for event_type, handler in last:
            registry.on(event_type, handler, priority=CLOSES_SPAN)
        registry.wrap(MODEL_CALL, self.wrap_model_call, priority=OPENS_SPAN, prepend=True)

    # -- metrics ----------------------------------------------------------------------

    async def metric(
        self, name: str, value: float, unit: str = "", tags: Mapping[str, Any] | None = None
    ) -> None:
        """Record a metric; tag values become strings, None tags are left out."""
        clean = {k: str(v) for k, v in (tags or {}).items() if v is not None}
        await self.provider.record_metric(name, value, unit, clean)

    async def count_error(self, error_type: str) -> None:
        """Count a failure (``agent.error.count``)."""
        await self.metric("agent.error.count", 1, "count", {"error_type": error_type})

    # -- span helpers -----------------------------------------------------------------

    async def _span(
        self,
        name: str,
        attributes: dict[str, Any],
        parent: Span | None,
        started: float | None = None,
    ) -> Span:
        span = await self.provider.create_span(name, attributes)
        if parent is not None:
            span.parent_id = parent.id
        if started is not None:
            span.backdate(started)
        return span

    async def _end(
        self,
        span: Span,
        metric: str | None = None,
        tags: Mapping[str, Any] | None = None,
        value: float | None = None,
    ) -> None:
        await self.provider.end_span(span)
        if metric is not None:
            duration = value if value is not None else span.duration_ms() or 0.0
            await self.metric(metric, duration, "ms", tags)

    def _turn(self, context: HookContext | None) -> _TurnSpans | None:
        return self._turns.get(_request_id(context))

    def _content(self, span: Span, key: str, value: Any) -> None:
        if self.capture_content and value is not None:
            span.details[key] = value

    # -- steps 1-9 ----------------------------------------------------------------------

    async def _turn_started(self, event: Event[TurnStartedEvent]) -> None:
        root = await self._span("agent.send_message", {}, None)
        if event.context is not None and event.context.agent_name:
            root.details["agent_name"] = event.context.agent_name
        turn = _TurnSpans(root=root)
        self._turns[_request_id(event.context)] = turn
        turn.open[("user_resolution", "")] = await self._span("agent.user_resolution", {}, root)

    async def _user_resolved(self, event: Event[UserResolvedEvent]) -> None:
        turn = self._turn(event.context)
        span = turn.open.pop(("user_resolution", ""), None) if turn else None
        if turn is None or span is None:
            return
        context = event.data.request_context
        has_context = bool(context.headers or context.cookies or context.metadata)
        span.attributes.update(has_context=has_context, user_id=event.data.user.id)
        await self._end(span, "agent.user_resolution.duration")
        turn.mark = time.perf_counter()

    async def _starter_ui_started(self, event: Event[StarterUiEvent]) -> None:
        await self._open_step(event.context, "starter_ui", "agent.workflow_handler.starter_ui")

    async def _starter_ui_ended(self, event: Event[StarterUiEvent]) -> None:
        data = event.data
        components = list(data.components or ())
        attributes = {
            "user_id": data.user.id,
            "has_components": bool(components),
            "component_count": len(components),
        }
        await self._close_step(
            event.context, "starter_ui", attributes, "agent.workflow_handler.starter_ui.duration"
        )

    async def _try_handle_started(self, event: Event[HandleMessageEvent]) -> None:
        await self._open_step(event.context, "try_handle", "agent.workflow_handler.try_handle")

    async def _try_handle_ended(self, event: Event[HandleMessageEvent]) -> None:
        data = event.data
        attributes = {
            "user_id": data.user.id,
            "conversation_id": data.conversation.id,
            "should_skip_llm": data.handled,
        }
        await self._close_step(event.context, "try_handle", attributes, None)

    async def _open_step(self, context: HookContext | None, step: str, name: str) -> None:
        turn = self._turn(context)
        if turn is not None:
            turn.open[(step, "")] = await self._span(name, {}, turn.root)

    async def _close_step(
        self,
        context: HookContext | None,
        step: str,
        attributes: dict[str, Any],
        metric: str | None,
    ) -> None:
        turn = self._turn(context)
        span = turn.open.pop((step, ""), None) if turn else None
        if turn is None or span is None:
            return
        span.attributes.update(attributes)
        await self._end(span, metric)
        turn.mark = time.perf_counter()

    async def _finished_step(
        self,
        turn: _TurnSpans,
        name: str,
        attributes: dict[str, Any],
        metric: str,
        tags: Mapping[str, Any] | None = None,
    ) -> None:
        """A step that ended now and started where the previous one ended."""
        span = await self._span(name, attributes, turn.root, started=turn.mark)
        await self._end(span, metric, tags)
        turn.mark = time.perf_counter()

    async def _conversation_loaded(self, event: Event[ConversationLoadedEvent]) -> None:
        turn = self._turn(event.context)
        if turn is None:
            return
        data = event.data
        attributes = {
            "conversation_id": data.conversation.id,
            "user_id": data.user.id,
            "is_new": data.is_new,
            "message_count": len(data.conversation.messages),
        }
        await self._finished_step(
            turn,
            "agent.conversation.load",
            attributes,
            "agent.conversation.load.duration",
            {"is_new": data.is_new},
        )

    async def _enriched(self, event: Event[EnrichToolContextEvent]) -> None:
        turn = self._turn(event.context)
        if turn is not None:
            turn.mark = time.perf_counter()

    async def _schemas_fetched(self, event: Event[ToolSchemasEvent]) -> None:
        turn = self._turn(event.context)
        if turn is None:
            return
        count = len(event.data.schemas)
        turn.schema_count = count
        attributes = {"user_id": event.data.user.id, "schema_count": count}
        await self._finished_step(
            turn,
            "agent.tool_schemas.fetch",
            attributes,
            "agent.tool_schemas.duration",
            {"schema_count": count},
        )

    async def _system_prompt_built(self, event: Event[SystemPromptEvent]) -> None:
        turn = self._turn(event.context)
        if turn is None:
            return
        attributes = {
            "tool_count": turn.schema_count,
            "prompt_length": len(event.data.system_prompt or ""),
        }
        await self._finished_step(
            turn, "agent.system_prompt.build", attributes, "agent.system_prompt.duration"
        )

    # -- steps 10-18 --------------------------------------------------------------------

    async def _iteration_started(self, event: Event[StartIterationEvent]) -> None:
        turn = self._turn(event.context)
        if turn is None:
            return
        await self._end_iteration(turn)
        iteration = {"iteration": event.data.iteration}
        turn.iteration = await self._span("agent.iteration", iteration, turn.root)
        _MODEL_TURN.set(_request_id(event.context))

    async def _end_iteration(self, turn: _TurnSpans) -> None:
        if turn.iteration is not None:
            span, turn.iteration = turn.iteration, None
            await self.provider.end_span(span)

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        """The ``llm.request`` / ``llm.stream`` span around the whole model chain."""
        turn = self._turns.get(_MODEL_TURN.get())
        model = request.model or getattr(self.llm_service, "model", None)
        name = "llm.stream" if request.stream else "llm.request"
        parent = (turn.iteration or turn.root) if turn else None
        span = await self._span(name, {"model": model, "stream": request.stream}, parent)
        if self.llm_service is not None:
            span.details["provider"] = provider_name(self.llm_service)
        self._content(span, "llm_request", request)
        key = ("llm", span.id)
        if turn is not None:
            turn.open[key] = span  # a cancelled call is closed as "interrupted"
        try:
            response = await call_next(request)
        except Exception as error:
            span.set_attribute("error", type(error).__name__)
            await self._end_llm(turn, key, span)
            raise
        self._llm_outcome(span, model, response)
        await self._usage_metrics(span.attributes.get("model"), response.usage)
        await self._end_llm(turn, key, span)
        return response

    async def _end_llm(self, turn: _TurnSpans | None, key: tuple[str, str], span: Span) -> None:
        if turn is not None:
            turn.open.pop(key, None)
        await self._end(span, f"{span.name}.duration")

    def _llm_outcome(self, span: Span, model: str | None, response: LlmResponse) -> None:
        usage = response.usage
        outcome: dict[str, Any] = {
            "content_length": len(response.content or ""),
            "tool_call_count": len(response.tool_calls or ()),
            "finish_reason": response.finish_reason,
            "input_tokens": usage.input_tokens if usage else None,
            "output_tokens": usage.output_tokens if usage else None,
            "request_model": model,
        }
        span.attributes["model"] = response.model or model
        if span.name == "llm.stream":  # the reference lists these two for streams only
            span.attributes["content_length"] = outcome.pop("content_length")
            span.attributes["tool_call_count"] = outcome.pop("tool_call_count")
        span.details.update({k: v for k, v in outcome.items() if v is not None})
        self._content(span, "llm_response", response)

    async def _usage_metrics(self, model: Any, usage: Usage | None) -> None:
        """Token counts and their estimated cost (USD, from ``hookline.llm.pricing``)."""
        if usage is None:
            return
        from hookline.llm.pricing import estimate_cost  # the price table: on first use

        tokens = (("input", usage.input_tokens), ("output", usage.output_tokens))
        for kind, count in tokens:
            await self.metric("llm.tokens", count, "tokens", {"model": model, "type": kind})
        cost = estimate_cost(str(model) if model else None, usage)
        if cost is not None:
            await self.metric("llm.cost", cost, "USD", {"model": model})

    async def _tool_started(self, event: Event[BeforeToolCallEvent]) -> None:
        turn = self._turn(event.context)
        if turn is None:
            return
        call = event.data.call
        attributes = {"tool": call.name, "arg_count": len(call.arguments)}
        span = await self._span("agent.tool.execute", attributes, turn.iteration or turn.root)
        span.details["tool_call_id"] = call.id
        if event.data.approved:  # a reviewer's decision: who took it
            span.details["decided_by"] = event.data.context.metadata.get(DECIDED_BY_KEY, {}).get(
                call.id
            )
        self._content(span, "tool_arguments", call.arguments)
        turn.open[("tool", call.id)] = span

    async def _tool_ended(self, event: Event[ToolCallEndedEvent]) -> None:
        turn = self._turn(event.context)
        data = event.data
        span = turn.open.pop(("tool", data.call.id), None) if turn else None
        if span is None:  # a call no BeforeToolCallEvent announced (a reviewer rejected it)
            return
        call, result = data.call, data.result
        span.attributes.update(
            tool=call.name,
            arg_count=len(call.arguments),
            success=result.success,
            error=None if result.success else (result.result_for_llm or result.error),
        )  # the details the model read (a crashed tool's exception), not the user's error id
        details = {"status": data.status, "execution_ms": data.duration_ms}
        details["error_type"] = _tool_error_type(data)
        span.details.update({k: v for k, v in details.items() if v is not None})
        self._content(span, "tool_arguments", call.arguments)
        self._content(span, "tool_result", result.result_for_llm)
        tags = {"tool": call.name, "success": result.success}
        await self._end(span, "agent.tool.duration", tags, value=data.duration_ms)

    # -- steps 19-20 and the end ----------------------------------------------------------

    async def _save_started(self, event: Event[SaveTurnMessagesEvent]) -> None:
        turn = self._turn(event.context)
        if turn is not None:
            await self._end_iteration(turn)
            turn.open[("save", "")] = await self._span("agent.conversation.save", {}, turn.root)

    async def _save_ended(self, event: Event[ConversationSavedEvent]) -> None:
        conversation = event.data.conversation
        attributes = {
            "conversation_id": conversation.id,
            "message_count": len(conversation.messages),
        }
        await self._close_step(
            event.context, "save", attributes, "agent.conversation.save.duration"
        )

    async def _turn_failed(self, event: Event[TurnFailedEvent]) -> None:
        error = event.data.error
        turn = self._turn(event.context)
        attributes = {
            "error_type": type(error).__name__,
            "error_message": scrub_secrets(str(error))[:200],
            "conversation_id": event.data.conversation_id,
        }
        span = await self._span("agent.send_message.error", attributes, turn.root if turn else None)
        if turn is not None:
            turn.root.details["error"] = type(error).__name__
        await self.provider.end_span(span)
        await self.count_error(type(error).__name__)

    async def _error_tolerated(self, event: Event[ErrorToleratedEvent]) -> None:
        await self.count_error(f"{event.data.kind}:{type(event.data.error).__name__}")

    async def _turn_ended(self, event: Event[TurnEndedEvent]) -> None:
        turn = self._turns.pop(_request_id(event.context), None)
        if turn is None:
            return
        await self._end_iteration(turn)
        for dangling in list(turn.open.values()):  # steps cut short by an error
            dangling.set_attribute("error", "interrupted")
            await self.provider.end_span(dangling)
        data = event.data
        user_id = data.user.id if data.user else None
        root = turn.root
        root.attributes.update(
            user_id=user_id,
            conversation_id=data.conversation_id,
            tool_iterations=data.iterations,
            hit_tool_limit=data.hit_tool_limit,
        )
        root.details["failed"] = data.failed
        tags = {"user_id": user_id, "hit_tool_limit": data.hit_tool_limit}
        await self._end(root, "agent.message.duration", tags)

    # -- labelled handlers (the extension points' own spans) -------------------------------

    async def _observe_handler(
        self,
        name: str,
        attributes: Mapping[str, Any],
        event: Event[Any],
        run: Callable[[], Awaitable[None]],
    ) -> None:
        """One labelled handler call as a span under the step it runs in."""
        turn = self._turn(event.context)
        data = event.data
        started = {**attributes, **_started_attributes(data)}
        span = await self._span(name, started, _parent(turn, data))
        before = _snapshot(data)
        try:
            await run()
        except BaseException as error:
            span.set_attribute("error", type(error).__name__)
            raise
        else:
            span.attributes.update(_finished_attributes(data, before))
        finally:
            metric, tags = _handler_metric(span)
            await self._end(span, metric, tags)
            if turn is not None:
                turn.mark = time.perf_counter()


Tracer = Instrumentation
"""The former name of ``Instrumentation`` (the same class)."""


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


def _request_id(context: HookContext | None) -> str:
    return (context.request_id if context else None) or ""


def _tool_error_type(data: ToolCallEndedEvent) -> str | None:
    """A low-cardinality error kind: the exception's class, "blocked", "tool_error"..."""
    result = data.result
    if result.success or data.status == "pending":
        return None
    if result.exception is not None:
        return type(result.exception).__name__
    return "tool_error" if data.status == "error" else data.status


def _parent(turn: _TurnSpans | None, data: Any) -> Span | None:
    """The span a handler's span nests under: its tool call, its iteration, or the turn."""
    if turn is None:
        return None
    if isinstance(data, _TOOL_EVENTS):
        return turn.open.get(("tool", data.call.id)) or turn.iteration or turn.root
    if isinstance(data, _ITERATION_EVENTS):
        return turn.iteration or turn.root
    return turn.root


def _started_attributes(data: Any) -> dict[str, Any]:
    if isinstance(data, _TOOL_EVENTS):
        return {"tool": data.call.name}
    if isinstance(data, FilterMessagesEvent):
        return {"message_count_before": len(data.messages)}
    if isinstance(data, EnhanceMessagesEvent):
        return {"message_count": len(data.messages)}
    if isinstance(data, (BeforeLLMCallEvent, AfterLLMCallEvent)):
        return {"stream": data.request.stream}
    return {}


def _snapshot(data: Any) -> Any:
    """What a handler may replace, to tell afterwards whether it did."""
    if isinstance(data, MessageReceivedEvent):
        return data.message
    if isinstance(data, AfterToolCallEvent):
        return data.result
    return None


def _finished_attributes(data: Any, before: Any) -> dict[str, Any]:
    if isinstance(data, MessageReceivedEvent):
        return {"modified_message": data.message is not before}
    if isinstance(data, AfterToolCallEvent):
        return {"modified_result": data.result is not before}
    if isinstance(data, (FilterMessagesEvent, EnhanceMessagesEvent)):
        return {"message_count_after": len(data.messages)}
    return {}


def _handler_metric(span: Span) -> tuple[str | None, dict[str, Any]]:
    """The duration metric of a labelled handler's span, and its tags (phase: the name's end)."""
    family, _, phase = span.name.rpartition(".")
    entry = _HANDLER_METRICS.get(span.name) or _HANDLER_METRICS.get(family)
    if entry is None:
        return None, {}
    metric, keys = entry
    values = {**span.attributes, "phase": phase}
    return metric or f"{span.name}.duration", {k: values.get(k) for k in keys}
