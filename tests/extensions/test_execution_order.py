"""A turn with every kind of extension registered follows the reference's Execution
Order Summary step by step, and emits the reference's spans and metrics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentMemory,
    Conversation,
    ConversationFilter,
    ErrorRecoveryStrategy,
    LifecycleHook,
    LlmContextEnhancer,
    LlmMessage,
    LlmMiddleware,
    LlmRequest,
    LlmResponse,
    LlmService,
    MemoryConversationStore,
    Message,
    ObservabilityProvider,
    RequestContext,
    ScriptedLlmService,
    Tool,
    ToolContext,
    ToolContextEnricher,
    ToolRegistry,
    ToolResult,
    ToolSchema,
    User,
    UserResolver,
    WorkflowHandler,
    WorkflowResult,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.agent.system_prompt import DefaultSystemPromptBuilder
from hookline.extensions import AgentView, Span

LOG: list[str] = []


class Resolver(UserResolver):
    async def resolve_user(self, request_context: RequestContext) -> User:
        LOG.append("1 user resolution")
        return User(id="u1")


class Hooks(LifecycleHook):
    async def before_message(self, user: User, message: str) -> str | None:
        LOG.append("3 before_message")
        return None

    async def before_tool(self, tool: Tool[Any], context: ToolContext) -> None:
        LOG.append("15 before_tool")

    async def after_tool(self, result: ToolResult) -> ToolResult | None:
        LOG.append("17 after_tool")
        return None

    async def after_message(self, result: Any) -> None:
        LOG.append("20 after_message")


class Store(MemoryConversationStore):
    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        LOG.append("4 conversation load")
        return await super().get_conversation(conversation_id, user)

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        LOG.append("19 conversation save" if messages[0].role != "user" else "5 message stored")
        await super().append_messages(conversation_id, user, messages)


class Workflow(WorkflowHandler):
    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        LOG.append("5 try_handle")
        return WorkflowResult(should_skip_llm=False)


class Enricher(ToolContextEnricher):
    async def enrich_context(self, context: ToolContext) -> ToolContext:
        LOG.append("6 enrich_context")
        return context


class Registry(ToolRegistry):
    async def get_schemas(self, user: User) -> list[ToolSchema]:
        LOG.append("7 tool schemas")
        return await super().get_schemas(user)


class Prompt(DefaultSystemPromptBuilder):
    async def build_system_prompt(self, user: User, tools: list[ToolSchema]) -> str | None:
        LOG.append("8 system prompt")
        return await super().build_system_prompt(user, tools)


class Enhancer(LlmContextEnhancer):
    async def enhance_system_prompt(self, system_prompt: str, user_message: str, user: User) -> str:
        LOG.append("9 enhance_system_prompt")
        return system_prompt

    async def enhance_user_messages(
        self, messages: list[LlmMessage], user: User
    ) -> list[LlmMessage]:
        LOG.append("11 enhance_user_messages")
        return messages


class Filter(ConversationFilter):
    async def filter_messages(self, messages: list[Message]) -> list[Message]:
        LOG.append("10 filter")
        return messages


class Middleware(LlmMiddleware):
    async def before_llm_request(self, request: LlmRequest) -> LlmRequest:
        LOG.append("12 before_llm_request")
        return request

    async def after_llm_response(self, request: LlmRequest, response: LlmResponse) -> LlmResponse:
        LOG.append("14 after_llm_response")
        return response


class Model(ScriptedLlmService):
    async def send_request(self, request: LlmRequest) -> LlmResponse:
        LOG.append("13 llm call")
        return await super().send_request(request)


@tool
async def lookup(city: str) -> str:
    """Population of a city."""
    LOG.append("16 tool execute")
    return "1M"


class Recovery(ErrorRecoveryStrategy):
    pass


class Recorder(ObservabilityProvider):
    def __init__(self) -> None:
        self.spans: list[Span] = []
        self.metrics: list[tuple[str, str, dict[str, str]]] = []

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        self.metrics.append((name, unit, dict(tags or {})))

    async def end_span(self, span: Span) -> None:
        span.end()
        self.spans.append(span)


def build(recorder: Recorder, llm: LlmService, memory: AgentMemory | None = None) -> Agent:
    return Agent(
        llm,
        tool_registry=Registry([lookup]),
        user_resolver=Resolver(),
        agent_memory=memory,
        conversation_store=Store(),
        system_prompt_builder=Prompt(),
        lifecycle_hooks=[Hooks()],
        llm_middlewares=[Middleware()],
        workflow_handler=Workflow(),
        error_recovery_strategy=Recovery(),
        context_enrichers=[Enricher()],
        llm_context_enhancer=Enhancer(),
        conversation_filters=[Filter()],
        observability_provider=recorder,
    )


async def run_turn(recorder: Recorder) -> Agent:
    LOG.clear()
    agent = build(recorder, Model([tool_call_reply("lookup", {"city": "Rome"}), text_reply("1M")]))
    async for _ in agent.send_message(RequestContext(), "Rome?", "c1"):
        pass
    return agent


async def test_every_extension_point_runs_in_the_reference_order() -> None:
    await run_turn(Recorder())
    iteration = [
        "10 filter",
        "11 enhance_user_messages",
        "12 before_llm_request",
        "13 llm call",
        "14 after_llm_response",
    ]
    assert [
        "1 user resolution",
        "3 before_message",
        "4 conversation load",
        "5 try_handle",
        "5 message stored",
        "6 enrich_context",
        "7 tool schemas",
        "8 system prompt",
        "9 enhance_system_prompt",
        *iteration,
        "15 before_tool",
        "16 tool execute",
        "17 after_tool",
        *iteration,
        "19 conversation save",
        "20 after_message",
    ] == LOG


REFERENCE_SPANS = {
    "agent.user_resolution",
    "agent.workflow_handler.try_handle",
    "agent.send_message",
    "agent.hook.before_message",
    "agent.hook.after_message",
    "agent.hook.before_tool",
    "agent.hook.after_tool",
    "agent.conversation.load",
    "agent.conversation.save",
    "agent.conversation.filter",
    "agent.system_prompt.build",
    "agent.llm_context.enhance_system_prompt",
    "agent.llm_context.enhance_user_messages",
    "agent.tool_schemas.fetch",
    "agent.context.enrichment",
    "agent.tool.execute",
    "agent.middleware.before_llm",
    "agent.middleware.after_llm",
    "llm.request",
}
REFERENCE_METRICS = {
    "agent.user_resolution.duration",
    "agent.hook.duration",
    "agent.conversation.load.duration",
    "agent.conversation.save.duration",
    "agent.system_prompt.duration",
    "agent.llm_context.enhance_system_prompt.duration",
    "agent.llm_context.enhance_user_messages.duration",
    "agent.tool_schemas.duration",
    "agent.enrichment.duration",
    "agent.tool.duration",
    "agent.filter.duration",
    "agent.middleware.duration",
    "llm.request.duration",
    "agent.message.duration",
}


async def test_spans_are_the_reference_ones_and_nest() -> None:
    recorder = Recorder()
    await run_turn(recorder)
    names = {span.name for span in recorder.spans}
    assert names == REFERENCE_SPANS | {"agent.iteration"}
    by_id = {span.id: span for span in recorder.spans}

    def parent(span: Span) -> str | None:
        return by_id[span.parent_id].name if span.parent_id else None

    parents = {(span.name, parent(span)) for span in recorder.spans}
    assert parents == {
        ("agent.send_message", None),
        ("agent.user_resolution", "agent.send_message"),
        ("agent.hook.before_message", "agent.send_message"),
        ("agent.conversation.load", "agent.send_message"),
        ("agent.workflow_handler.try_handle", "agent.send_message"),
        ("agent.context.enrichment", "agent.send_message"),
        ("agent.tool_schemas.fetch", "agent.send_message"),
        ("agent.system_prompt.build", "agent.send_message"),
        ("agent.llm_context.enhance_system_prompt", "agent.send_message"),
        ("agent.iteration", "agent.send_message"),
        ("agent.conversation.filter", "agent.iteration"),
        ("agent.llm_context.enhance_user_messages", "agent.iteration"),
        ("agent.middleware.before_llm", "agent.iteration"),
        ("llm.request", "agent.iteration"),
        ("agent.middleware.after_llm", "agent.iteration"),
        ("agent.tool.execute", "agent.iteration"),
        ("agent.hook.before_tool", "agent.tool.execute"),
        ("agent.hook.after_tool", "agent.tool.execute"),
        ("agent.conversation.save", "agent.send_message"),
        ("agent.hook.after_message", "agent.send_message"),
    }
    root = next(s for s in recorder.spans if s.name == "agent.send_message")
    assert root.attributes == {
        "user_id": "u1",
        "conversation_id": "c1",
        "tool_iterations": 2,
        "hit_tool_limit": False,
    }
    tool_span = next(s for s in recorder.spans if s.name == "agent.tool.execute")
    assert tool_span.attributes == {
        "tool": "lookup",
        "arg_count": 1,
        "success": True,
        "error": None,
    }
    assert all(span.duration_ms() is not None for span in recorder.spans)
    assert root.duration_ms() >= max(s.duration_ms() or 0 for s in recorder.spans if s is not root)  # type: ignore[operator]


async def test_metrics_are_the_reference_ones_with_their_tags() -> None:
    recorder = Recorder()
    await run_turn(recorder)
    assert {name for name, _, _ in recorder.metrics} == REFERENCE_METRICS | {"llm.tokens"}
    tags = {name: t for name, _, t in recorder.metrics}
    assert tags["agent.tool.duration"] == {"tool": "lookup", "success": "True"}
    assert tags["agent.message.duration"] == {"user_id": "u1", "hit_tool_limit": "False"}
    assert tags["agent.conversation.load.duration"] == {"is_new": "True"}
    assert tags["agent.middleware.duration"]["phase"] in ("before_llm", "after_llm")
    assert all(unit == "ms" for name, unit, _ in recorder.metrics if name != "llm.tokens")
    tokens = [(t["type"], t["model"]) for name, _, t in recorder.metrics if name == "llm.tokens"]
    assert tokens == [("input", "scripted"), ("output", "scripted")] * 2


async def test_starter_ui_stream_and_error_spans() -> None:
    recorder = Recorder()
    agent = build(recorder, ScriptedLlmService([RuntimeError("boom")]))
    agent.config.stream = True
    async for _ in agent.send_message(RequestContext(), "", "c2"):
        pass  # our Workflow has no starter UI: nothing shown, but the span is there
    async for _ in agent.send_message(RequestContext(), "hi", "c3"):
        pass
    names = [span.name for span in recorder.spans]
    assert "agent.workflow_handler.starter_ui" in names
    assert "llm.stream" in names
    error = next(s for s in recorder.spans if s.name == "agent.send_message.error")
    # the default strategy answers FAIL: the turn fails with its message
    assert error.attributes == {
        "error_type": "RecoveryFailedError",
        "error_message": "LLM error: boom",
        "conversation_id": "c3",
    }
    counted = [t["error_type"] for name, _, t in recorder.metrics if name == "agent.error.count"]
    assert counted == ["llm:RuntimeError", "RecoveryFailedError"]


async def test_token_usage_and_cost_are_metrics() -> None:
    values: list[tuple[str, float, str, dict[str, str]]] = []

    class Values(Recorder):
        async def record_metric(
            self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
        ) -> None:
            values.append((name, value, unit, dict(tags or {})))

    agent = build(Values(), ScriptedLlmService([text_reply("hi")], model="gpt-4o-mini"))
    async for _ in agent.send_message(RequestContext(), "hello", "c4"):
        pass
    usage = [(v, u, t) for name, v, u, t in values if name in ("llm.tokens", "llm.cost")]
    assert usage[:2] == [
        (10, "tokens", {"model": "gpt-4o-mini", "type": "input"}),
        (5, "tokens", {"model": "gpt-4o-mini", "type": "output"}),
    ]
    cost, unit, tags = usage[2]
    assert (unit, tags) == ("USD", {"model": "gpt-4o-mini"})
    assert cost == pytest.approx(10 * 0.15e-6 + 5 * 0.60e-6)
