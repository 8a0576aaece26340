"""Each example class of the two reference documents, copied verbatim (only the imports
changed, see reference_examples.py), behaves as the reference describes."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from hookline import (
    Agent,
    AgentConfig,
    LlmError,
    LlmResponse,
    MemoryConversationStore,
    Message,
    RequestContext,
    ScriptedLlmService,
    StaticUserResolver,
    Tool,
    ToolContext,
    ToolRegistry,
    ToolResult,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.components import DataFrameComponent, UiComponent
from hookline.extensions import CompositeWorkflowHandler, DefaultWorkflowHandler, recovery
from hookline.llm.scripted import Responder, ScriptStep
from tests.conftest import collect
from tests.extensions import reference_examples as ref

USER = User(id="u1", username="ada")


def agent_with(
    script: Sequence[ScriptStep] | Responder, **kwargs: Any
) -> tuple[Agent, ScriptedLlmService]:
    llm = ScriptedLlmService(script)
    kwargs.setdefault("user_resolver", StaticUserResolver(USER))
    return Agent(llm, **kwargs), llm


async def send(agent: Agent, message: str, conversation_id: str = "c1") -> list[UiComponent]:
    return await collect(agent.send_message(RequestContext(), message, conversation_id))


def texts(components: list[UiComponent]) -> list[str]:
    return [c.rich_component.content for c in components if c.type == "text"]  # type: ignore[attr-defined]


async def stored(agent: Agent, conversation_id: str = "c1") -> list[Message]:
    conversation = await agent.conversation_store.get_conversation(conversation_id, USER)
    return [] if conversation is None else conversation.messages


async def test_rate_limit_hook_halts_the_eleventh_message_in_a_minute() -> None:
    agent, llm = agent_with(
        lambda r: LlmResponse(content="ok"), lifecycle_hooks=[ref.RateLimitHook()]
    )
    for i in range(10):
        assert (await agent.run(f"q{i}", conversation_id="c1")).text == "ok"
    before = await stored(agent)
    result = await agent.run("q10", conversation_id="c1")
    assert result.halted
    assert result.error == "Rate limit exceeded. Please wait before sending more messages."
    assert len(llm.requests) == 10
    assert await stored(agent) == before


async def test_cost_tracking_middleware_counts_requests_and_tokens() -> None:
    cost = ref.CostTrackingMiddleware()
    final = "x" * 40
    agent, _ = agent_with(
        [tool_call_reply("lookup", {"city": "Rome"}), text_reply(final)],
        tool_registry=ToolRegistry([_lookup()]),
        llm_middlewares=[cost],
        config=AgentConfig(stream=True),
    )
    await agent.run("Rome?")
    assert cost.total_requests == 2
    assert cost.total_tokens_estimate == len(final) // 4


async def test_schema_doc_enhancer_adds_docs_for_tables_in_the_question() -> None:
    docs = {"orders": "orders(id, customer_id, total): one row per order"}
    agent, llm = agent_with(
        [text_reply("a"), text_reply("b")], llm_context_enhancer=ref.SchemaDocEnhancer(docs)
    )
    await agent.run("How many orders last week?")
    await agent.run("Hello there")
    assert llm.requests[0].system_prompt is not None
    assert llm.requests[0].system_prompt.endswith(
        "## Relevant Schema Documentation\n\norders(id, customer_id, total): one row per order"
    )
    assert "Relevant Schema Documentation" not in (llm.requests[1].system_prompt or "")


async def test_timezone_enricher_metadata_reaches_the_tool() -> None:
    class PrefsDb:
        async def get_user_preferences(self, user_id: str) -> dict[str, str]:
            return {"timezone": "Asia/Tokyo"} if user_id == "u1" else {}

    @tool
    async def local_time(context: ToolContext) -> str:
        """The user's time zone and date format."""
        return f"{context.metadata['timezone']} {context.metadata['date_format']}"

    agent, llm = agent_with(
        [tool_call_reply("local_time"), text_reply("done")],
        tool_registry=ToolRegistry([local_time]),
        context_enrichers=[ref.TimezoneEnricher(PrefsDb())],
    )
    await agent.run("what time is it?")
    tool_message = llm.requests[1].messages[-1]
    assert tool_message.content == "Asia/Tokyo YYYY-MM-DD"


async def test_context_window_filter_trims_and_pairs_stay_valid() -> None:
    store = MemoryConversationStore()
    await store.create_conversation(USER, conversation_id="c1")
    old = [
        Message(role="user" if i % 2 == 0 else "assistant", content="w" * 400) for i in range(20)
    ]
    await store.append_messages("c1", USER, old)
    agent, llm = agent_with(
        [tool_call_reply("lookup", {"city": "Oslo"}), text_reply("done")],
        tool_registry=ToolRegistry([_lookup()]),
        conversation_store=store,
        conversation_filters=[ref.ContextWindowFilter(max_tokens=350)],
    )
    await agent.run("Oslo?", conversation_id="c1")
    first, second = llm.requests
    assert len(first.messages) == 4  # 3 old messages (101 tokens each) + the question
    assert first.messages[-1].content == "Oslo?"
    roles = [m.role for m in second.messages]
    assert roles[-3:] == ["user", "assistant", "tool"]
    assert len(await stored(agent)) == 24  # 20 old + 4 new: storage is not trimmed


async def test_exponential_backoff_strategy_retries_a_flaky_tool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    waits = _record_sleeps(monkeypatch)
    failures = iter([True, True, False])

    @tool
    async def flaky() -> str:
        """Fails twice, then works."""
        if next(failures):
            raise ConnectionError("database busy")
        return "42 rows"

    agent, llm = agent_with(
        [tool_call_reply("flaky"), text_reply("done")],
        tool_registry=ToolRegistry([flaky]),
        error_recovery_strategy=ref.ExponentialBackoffStrategy(),
    )
    assert (await agent.run("go")).text == "done"
    assert waits == [2.0, 4.0]
    assert llm.requests[1].messages[-1].content == "42 rows"


async def test_exponential_backoff_gives_up_with_an_error_and_a_valid_history(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    waits = _record_sleeps(monkeypatch)

    @tool
    async def broken() -> str:
        """Always fails."""
        raise ConnectionError("database down")

    agent, _ = agent_with(
        [tool_call_reply("broken")],
        tool_registry=ToolRegistry([broken]),
        error_recovery_strategy=ref.ExponentialBackoffStrategy(),
    )
    components = await send(agent, "go")
    assert waits == [2.0, 4.0]
    error = components[-1].rich_component
    assert error.type == "error"
    assert error.message == "The answer failed: Max retries exceeded: database down"  # type: ignore[attr-defined]
    assert [m.role for m in await stored(agent)] == ["user", "assistant", "tool"]


async def test_exponential_backoff_retries_the_model_once(monkeypatch: pytest.MonkeyPatch) -> None:
    waits = _record_sleeps(monkeypatch)
    agent, _ = agent_with(
        [LlmError("overloaded", transient=True), text_reply("second try")],
        error_recovery_strategy=ref.ExponentialBackoffStrategy(),
    )
    assert (await agent.run("hi")).text == "second try"
    assert waits == [5.0]
    failing, _ = agent_with(
        [LlmError("overloaded"), LlmError("still overloaded")],
        error_recovery_strategy=ref.ExponentialBackoffStrategy(),
    )
    components = await send(failing, "hi")
    assert components[-1].rich_component.message == (  # type: ignore[attr-defined]
        "The answer failed: LLM request failed after retries: still overloaded"
    )


async def test_logging_observability_provider_logs_spans_and_metrics(
    caplog: pytest.LogCaptureFixture,
) -> None:
    agent, _ = agent_with(
        [tool_call_reply("lookup", {"city": "Rome"}), text_reply("done")],
        tool_registry=ToolRegistry([_lookup()]),
        observability_provider=ref.LoggingObservabilityProvider(),
    )
    with caplog.at_level(logging.DEBUG, logger="vanna.observability"):
        await agent.run("Rome?")
    lines = [r.getMessage() for r in caplog.records if r.name == "vanna.observability"]
    assert any(line.startswith("METRIC agent.tool.duration=") for line in lines)
    assert any(line.startswith("METRIC agent.message.duration=") for line in lines)
    assert any(line.startswith("SPAN START agent.send_message") for line in lines)
    assert any(line.startswith("SPAN END agent.tool.execute") for line in lines)


async def test_slash_command_workflow_help_and_reset() -> None:
    agent, llm = agent_with([text_reply("hello")], workflow_handler=ref.SlashCommandWorkflow())
    await agent.run("hi", conversation_id="c1")
    components = await send(agent, "/help")
    assert texts(components) == ["## Commands\n- /help\n- /reset\n- /report"]
    assert [c.type for c in components][-2:] == ["status_bar_update", "chat_input_update"]
    reset = await send(agent, "/reset")
    assert texts(reset) == ["Conversation has been reset."]
    assert await stored(agent) == []
    assert len(llm.requests) == 1


async def test_report_workflow_runs_a_tool_without_the_model() -> None:
    class ReportArgs(BaseModel):
        report_type: str

    class GenerateReport(Tool[ReportArgs]):
        name = "generate_report"
        description = "Build a report."

        def get_args_schema(self) -> type[ReportArgs]:
            return ReportArgs

        async def execute(self, context: ToolContext, args: Any) -> ToolResult:
            kind = args["report_type"] if isinstance(args, dict) else args.report_type
            frame = DataFrameComponent(data=[{"report": kind, "user": context.user.id}])
            return ToolResult(result_for_llm="ok", ui_component=UiComponent(rich_component=frame))

    agent, llm = agent_with(
        [], tool_registry=ToolRegistry([GenerateReport()]), workflow_handler=ref.ReportWorkflow()
    )
    components = await send(agent, "generate sales report")
    frame = components[0].rich_component
    assert frame.type == "dataframe"
    assert frame.rows == [["sales", "u1"]]  # type: ignore[attr-defined]
    assert llm.requests == []


async def test_onboarding_workflow_until_the_user_is_onboarded() -> None:
    agent, llm = agent_with(
        [text_reply("from the model")], workflow_handler=ref.OnboardingWorkflow()
    )
    components = await send(agent, "hello")
    assert texts(components)[0].startswith("# Welcome to Vanna!")
    assert llm.requests == []
    onboarded = User(id="u2", metadata={"onboarding_complete": True})
    assert (await agent.run("hello", user=onboarded)).text == "from the model"


async def test_quota_workflow_stops_at_the_limit() -> None:
    class QuotaDb:
        def __init__(self) -> None:
            self.usage = {"u1": 5}

        async def get_daily_usage(self, user_id: str) -> int:
            return self.usage.get(user_id, 0)

        async def get_daily_limit(self, user_id: str) -> int:
            return 5

    agent, llm = agent_with([text_reply("fine")], workflow_handler=ref.QuotaWorkflow(QuotaDb()))
    components = await send(agent, "question")
    assert texts(components) == [
        "## Daily Limit Reached\n\nYou've used 5/5 queries today.\n"
        "Your quota resets at midnight UTC."
    ]
    assert (await agent.run("question", user=User(id="other"))).text == "fine"
    assert len(llm.requests) == 1


async def test_custom_starter_workflow_is_role_aware() -> None:
    @tool
    async def run_sql(sql: str) -> str:
        """Run SQL."""
        return ""

    agent, _ = agent_with(
        [], tool_registry=ToolRegistry([run_sql]), workflow_handler=ref.CustomStarterWorkflow()
    )
    components = await send(agent, "")
    card = components[0].rich_component
    assert card.type == "card"
    assert card.title == "Welcome, ada"  # type: ignore[attr-defined]
    assert card.actions == [  # type: ignore[attr-defined]
        {
            "label": "Example Query",
            "action": "Show me the top 10 customers by revenue",
            "variant": "primary",
        }
    ]
    assert [c.type for c in components[1:]] == ["status_bar_update", "chat_input_update"]


async def test_reference_composite_layers_handlers_first_wins() -> None:
    class QuotaDb:
        async def get_daily_usage(self, user_id: str) -> int:
            return 0

        async def get_daily_limit(self, user_id: str) -> int:
            return 10

    for composite_type in (ref.CompositeWorkflowHandler, CompositeWorkflowHandler):
        handler = composite_type(
            [
                ref.QuotaWorkflow(QuotaDb()),
                ref.OnboardingWorkflow(),
                ref.SlashCommandWorkflow(),
                DefaultWorkflowHandler(),
            ]
        )
        agent, llm = agent_with([text_reply("model")], workflow_handler=handler)
        onboarded = User(id="u3", metadata={"onboarding_complete": True})
        assert (await agent.run("/reset", user=onboarded)).text == ""
        help_result = await agent.run("/help", user=onboarded)
        assert texts(help_result.components) == ["## Commands\n- /help\n- /reset\n- /report"]
        assert (await agent.run("a question", user=onboarded)).text == "model"
        assert texts(await send(agent, "hi"))[0].startswith("# Welcome to Vanna!")
        assert len(llm.requests) == 1


def _lookup() -> Any:
    @tool
    async def lookup(city: str) -> str:
        """Population of a city."""
        return f"{city}: 1M"

    return lookup


def _record_sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    waits: list[float] = []

    async def no_wait(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(recovery, "sleep", no_wait)
    return waits
