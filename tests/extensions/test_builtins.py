"""The built-ins of the extension points: default workflow handler, memory enhancer,
query log, recovery actions, context window filter, LLM middleware on both paths."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    Conversation,
    ErrorRecoveryStrategy,
    LlmError,
    LlmMiddleware,
    LlmRequest,
    LlmResponse,
    Message,
    ObservabilityProvider,
    RecoveryAction,
    RecoveryActionType,
    RequestContext,
    ScriptedLlmService,
    StaticUserResolver,
    ToolCall,
    ToolContext,
    ToolRegistry,
    TurnFailedError,
    User,
    WorkflowHandler,
    WorkflowResult,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.components import RichTextComponent, UiComponent
from hookline.events import HandleMessageEvent, SlashCommandEvent
from hookline.extensions import (
    AgentView,
    CompositeWorkflowHandler,
    ContextWindowFilter,
    DataWorkflowHandler,
    DefaultLlmContextEnhancer,
    DefaultWorkflowHandler,
    QueryLoggingHook,
    analyze_query_log,
    analyze_setup,
    export_successful_queries,
)
from hookline.memory import MemoryAgentMemory
from tests.conftest import collect

ADMIN = User(id="boss", username="boss", group_memberships=["admin"])
ANALYST = User(id="ana", username="ana")


@tool
async def run_sql(sql: str) -> str:
    """Run a read-only SQL query."""
    return "count\n3" if "count" in sql else "ok"


def texts(components: list[UiComponent]) -> list[str]:
    return [c.rich_component.content for c in components if c.type == "text"]  # type: ignore[attr-defined]


async def turn(agent: Agent, message: str, user: User) -> list[UiComponent]:
    """One turn of ``user`` in their own conversation ("c-<user id>")."""
    agent.user_resolver = StaticUserResolver(user)
    return await collect(agent.send_message(RequestContext(), message, f"c-{user.id}"))


def test_agents_never_share_mutable_defaults() -> None:
    one, two = Agent(ScriptedLlmService([])), Agent(ScriptedLlmService([]))
    assert one.workflow_handler is not two.workflow_handler
    assert one.tool_registry is not two.tool_registry
    assert one.hooks is not two.hooks
    assert one.conversation_store is not two.conversation_store
    assert one.config is not two.config


def test_setup_analysis_has_exactly_the_reference_keys() -> None:
    setup = analyze_setup(["run_sql", "search_saved_correct_tool_uses", "visualize_data"])
    assert setup == {
        "has_sql": True,
        "has_memory": False,
        "has_search": True,
        "has_save": False,
        "has_viz": True,
        "has_calculator": False,
        "is_complete": False,
        "is_functional": True,
        "tool_count": 3,
        "tool_names": ["run_sql", "search_saved_correct_tool_uses", "visualize_data"],
    }


async def test_help_answers_without_the_model_and_depends_on_the_role() -> None:
    agent = Agent(ScriptedLlmService([]), tool_registry=ToolRegistry([run_sql]))
    for user, sees_admin in ((ANALYST, False), (ADMIN, True)):
        components = await turn(agent, "/help", user)
        assert ("`/status`" in texts(components)[0]) is sees_admin
        assert [c.type for c in components][-2:] == ["status_bar_update", "chat_input_update"]
    assert texts(await turn(agent, "/h", ANALYST))[0].startswith("## Commands")
    assert agent.llm_service.requests == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", ["/status", "/memories", "/recent_memories", "/delete m1"])
async def test_admin_commands_refuse_non_admins(command: str) -> None:
    agent = Agent(ScriptedLlmService([]), agent_memory=MemoryAgentMemory())
    components = await turn(agent, command, ANALYST)
    assert texts(components)[0].startswith("**Access Denied.**")


async def test_the_data_handlers_status_reports_sql_setup_with_status_cards() -> None:
    agent = Agent(
        ScriptedLlmService([]),
        tool_registry=ToolRegistry([run_sql]),
        workflow_handler=DataWorkflowHandler(),
    )
    components = await turn(agent, "/status", ADMIN)
    assert "functional" in texts(components)[0]
    cards = [
        (c.rich_component.title, c.rich_component.status)  # type: ignore[attr-defined]
        for c in components
        if c.type == "status_card"
    ]
    assert cards == [("SQL", "success"), ("Memory", "warning"), ("Visualization", "warning")]


async def test_memories_and_delete() -> None:
    memory = MemoryAgentMemory()
    context = ToolContext(user=ADMIN, conversation_id="c1", request_id="r")
    saved = await memory.save_text_memory("Fiscal year starts in April.", context)
    agent = Agent(ScriptedLlmService([]), agent_memory=memory)
    components = await turn(agent, "/memories", ADMIN)
    cards = [c.rich_component for c in components if c.type == "card"]
    assert [card.content for card in cards] == ["Fiscal year starts in April."]  # type: ignore[attr-defined]
    assert cards[0].buttons[0].action == f"/delete {saved.memory_id}"  # type: ignore[attr-defined]
    deleted = await turn(agent, f"/delete {saved.memory_id}", ADMIN)
    assert texts(deleted) == [f"Deleted memory `{saved.memory_id}`."]
    assert texts(await turn(agent, "/memories", ADMIN)) == ["No memories yet."]
    assert texts(await turn(agent, "/delete nope", ADMIN)) == ["No memory `nope` was found."]


async def test_bare_words_are_questions_unless_aliases_are_enabled() -> None:
    agent = Agent(ScriptedLlmService([text_reply("from the model")]))
    assert (await agent.run("help", user=ANALYST)).text == "from the model"
    aliased = Agent(
        ScriptedLlmService([]), workflow_handler=DefaultWorkflowHandler(bare_word_aliases=True)
    )
    assert texts(await turn(aliased, "help", ANALYST))[0].startswith("## Commands")


class _Asked(DefaultWorkflowHandler):
    """The default handler, recording each message it is asked about."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.asked: list[str] = []

    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        self.asked.append(message)
        return await super().try_handle(agent, user, conversation, message)


async def test_the_default_handler_is_asked_about_slash_commands_only() -> None:
    handler = _Asked()
    events: list[str] = []
    agent = Agent(ScriptedLlmService([text_reply("from the model")]), workflow_handler=handler)
    for event_type in (SlashCommandEvent, HandleMessageEvent):
        agent.hooks.on(event_type, lambda event: events.append(type(event.data).__name__))
    assert (await agent.run("What is the fiscal year?", user=ANALYST)).text == "from the model"
    assert handler.asked == [] and events == ["HandleMessageEvent"]
    events.clear()
    assert texts(await turn(agent, "  /help", ANALYST))[0].startswith("## Commands")
    assert handler.asked == ["  /help"] and events == ["SlashCommandEvent"]  # answered there


async def test_an_unanswered_command_goes_on_to_the_message_handlers() -> None:
    handler = _Asked()
    seen: list[tuple[str, str]] = []
    agent = Agent(ScriptedLlmService([text_reply("from the model")]), workflow_handler=handler)
    for event_type in (SlashCommandEvent, HandleMessageEvent):
        agent.hooks.on(event_type, lambda e: seen.append((type(e.data).__name__, e.data.message)))
    assert (await agent.run("/nonsense", user=ANALYST)).text == "from the model"
    assert handler.asked == ["/nonsense"]
    assert seen == [("SlashCommandEvent", "/nonsense"), ("HandleMessageEvent", "/nonsense")]


async def test_handlers_of_every_message_are_asked_about_every_message() -> None:
    aliased, plain = _Asked(bare_word_aliases=True), _Asked()
    assert (aliased.commands_only, plain.commands_only) == (False, True)
    agent = Agent(ScriptedLlmService([]), workflow_handler=aliased)
    assert texts(await turn(agent, "help", ANALYST))[0].startswith("## Commands")
    assert aliased.asked == ["help"]
    both = CompositeWorkflowHandler([plain, aliased])
    assert not both.commands_only and CompositeWorkflowHandler([plain]).commands_only
    composed = Agent(ScriptedLlmService([text_reply("from the model")]), workflow_handler=both)
    assert (await composed.run("a question", user=ANALYST)).text == "from the model"
    assert plain.asked == ["a question"] and aliased.asked == ["help", "a question"]


async def test_admin_group_is_configurable() -> None:
    agent = Agent(
        ScriptedLlmService([]), workflow_handler=DefaultWorkflowHandler(admin_group="ops")
    )
    ops = User(id="o", group_memberships=["ops"])
    assert texts(await turn(agent, "/status", ops))[0].startswith("## Status")
    assert texts(await turn(agent, "/status", ADMIN))[0].startswith("**Access Denied.**")


@tool
async def forecast(city: str) -> str:
    """The weather forecast for a city (a custom agent's own tool, no SQL)."""
    return f"{city}: sunny"


async def test_starter_ui_is_role_aware_and_overridable() -> None:
    agent = Agent(
        ScriptedLlmService([]),
        tool_registry=ToolRegistry([run_sql]),
        workflow_handler=DataWorkflowHandler(),
    )
    analyst = await turn(agent, "", ANALYST)
    assert texts(analyst)[0].startswith("# Welcome, ana")
    admin = await turn(agent, "", ADMIN)
    card = admin[0].rich_component
    assert card.type == "card"
    assert card.status == "warning"  # type: ignore[attr-defined]
    assert [b.action for b in card.buttons] == ["/help", "/status"]  # type: ignore[attr-defined]
    bare = Agent(ScriptedLlmService([]))
    assert texts(await turn(bare, "", ANALYST))[0].startswith("# Setup Required")
    tooled = Agent(ScriptedLlmService([]), tool_registry=ToolRegistry([forecast]))
    assert texts(await turn(tooled, "", ANALYST))[0].startswith("# Welcome, ana")  # no SQL
    custom = Agent(
        ScriptedLlmService([]),
        workflow_handler=DefaultWorkflowHandler(welcome_message="# Hi\n\nAsk away."),
    )
    assert texts(await turn(custom, "", ADMIN)) == ["# Hi\n\nAsk away."]


async def test_starter_request_with_a_message_and_no_starter_ui_goes_to_the_model() -> None:
    agent = Agent(ScriptedLlmService([text_reply("answered")]), workflow_handler=None)
    context = RequestContext(metadata={"starter_ui_request": True})
    components = await collect(agent.send_message(context, "a real question"))
    assert texts(components) == ["answered"]


async def test_a_raising_workflow_falls_through_to_the_model(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Broken(WorkflowHandler):
        async def try_handle(
            self, agent: AgentView, user: User, conversation: Conversation, message: str
        ) -> WorkflowResult:
            raise RuntimeError("workflow bug")

    counted = _Metrics()
    agent = Agent(
        ScriptedLlmService([text_reply("model answer")]),
        workflow_handler=Broken(),
        observability_provider=counted,
    )
    with caplog.at_level(logging.ERROR, logger="hookline.extensions"):
        assert (await agent.run("hi")).text == "model answer"
    assert "Broken.try_handle failed" in caplog.text
    assert ("agent.error.count", {"error_type": "workflow:RuntimeError"}) in counted.metrics


async def test_workflow_components_from_a_generator_and_mutation_before_save() -> None:
    class Rename(WorkflowHandler):
        async def try_handle(
            self, agent: AgentView, user: User, conversation: Conversation, message: str
        ) -> WorkflowResult:
            async def stream() -> AsyncIterator[UiComponent]:
                for word in ("one", "two"):
                    yield UiComponent(rich_component=RichTextComponent(content=word))

            async def mutate(conversation: Conversation) -> None:
                conversation.metadata["title"] = message
                conversation.messages.append(Message(role="assistant", content="(renamed)"))

            return WorkflowResult(
                should_skip_llm=True, components=stream(), conversation_mutation=mutate
            )

    agent = Agent(ScriptedLlmService([]), workflow_handler=Rename())
    components = await turn(agent, "Q3 review", ANALYST)
    assert texts(components) == ["one", "two"]
    stored = await agent.conversation_store.get_conversation("c-ana", ANALYST)
    assert stored is not None
    assert stored.metadata == {"title": "Q3 review"}
    assert [m.content for m in stored.messages] == ["(renamed)"]


async def test_default_enhancer_adds_memories_and_survives_failures() -> None:
    memory = MemoryAgentMemory()
    context = ToolContext(user=ANALYST, conversation_id="c", request_id="r")
    await memory.save_text_memory("The fiscal year starts in April.", context)
    agent = Agent(ScriptedLlmService([text_reply("April")]), agent_memory=memory)
    await agent.run("When does the fiscal year start?", user=ANALYST)
    prompt = agent.llm_service.requests[0].system_prompt or ""  # type: ignore[attr-defined]
    assert prompt.endswith("## Relevant Context from Memory\n\n- The fiscal year starts in April.")

    class BrokenMemory(MemoryAgentMemory):
        async def search_text_memories(self, *args: Any, **kwargs: Any) -> Any:
            raise ConnectionError("memory down")

    counted = _Metrics()
    broken = Agent(
        ScriptedLlmService([text_reply("still fine")]),
        agent_memory=BrokenMemory(),
        observability_provider=counted,
    )
    assert (await broken.run("question", user=ANALYST)).text == "still fine"
    assert ("agent.error.count", {"error_type": "memory_search:ConnectionError"}) in counted.metrics


async def test_no_memory_means_no_enhancer() -> None:
    agent = Agent(ScriptedLlmService([]))
    from hookline.events import SystemPromptEvent

    assert not agent.hooks.has_handlers(SystemPromptEvent)
    enhancer = DefaultLlmContextEnhancer(None)
    assert await enhancer.enhance_system_prompt("p", "q", ANALYST) == "p"


async def test_llm_middleware_sees_the_same_complete_response_on_both_paths() -> None:
    seen: list[tuple[str | None, list[str], str | None, int]] = []

    class Observe(LlmMiddleware):
        async def after_llm_response(
            self, request: LlmRequest, response: LlmResponse
        ) -> LlmResponse:
            calls = [c.name for c in response.tool_calls or []]
            total = response.usage.total_tokens if response.usage else 0
            seen.append((response.content, calls, response.finish_reason, total))
            return response

    reply = LlmResponse(
        content="Let me look.",
        tool_calls=[ToolCall(id="1", name="run_sql", arguments={"sql": "select count(*)"})],
        finish_reason="tool_calls",
        usage=text_reply("x").usage,
    )
    for stream in (False, True):
        agent = Agent(
            ScriptedLlmService([reply, text_reply("3")]),
            tool_registry=ToolRegistry([run_sql]),
            llm_middlewares=[Observe()],
            config=AgentConfig(stream=stream),
        )
        await agent.run("how many?")
    assert seen[:2] == seen[2:]
    assert seen[0] == ("Let me look.", ["run_sql"], "tool_calls", 15)


class _FallbackStrategy(ErrorRecoveryStrategy):
    def __init__(self, kind: RecoveryActionType) -> None:
        self.kind = kind

    async def handle_tool_error(
        self, error: Exception, context: ToolContext, attempt: int = 1
    ) -> RecoveryAction:
        return RecoveryAction(
            action=self.kind, fallback_value="cached: 41 rows", message="not important"
        )

    async def handle_llm_error(
        self, error: Exception, request: LlmRequest, attempt: int = 1
    ) -> RecoveryAction:
        return RecoveryAction(
            action=self.kind,
            fallback_value="The service is busy; try later.",
            message="Skipped: the model is unavailable.",
        )


@tool
async def failing_sql(sql: str) -> str:
    """Always fails."""
    raise TimeoutError("statement timeout")


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (RecoveryActionType.FALLBACK, "cached: 41 rows"),
        (RecoveryActionType.SKIP, "Tool 'failing_sql' was skipped: not important"),
    ],
    ids=["fallback", "skip"],
)
async def test_tool_fallback_and_skip(kind: RecoveryActionType, expected: str) -> None:
    agent = Agent(
        ScriptedLlmService([tool_call_reply("failing_sql", {"sql": "x"}), text_reply("ok")]),
        tool_registry=ToolRegistry([failing_sql]),
        error_recovery_strategy=_FallbackStrategy(kind),
    )
    await agent.run("go")
    assert agent.llm_service.requests[1].messages[-1].content == expected  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (RecoveryActionType.FALLBACK, "The service is busy; try later."),
        (RecoveryActionType.SKIP, "Skipped: the model is unavailable."),
    ],
    ids=["fallback", "skip"],
)
async def test_llm_fallback_and_skip_end_the_turn_gracefully(
    kind: RecoveryActionType, expected: str
) -> None:
    agent = Agent(
        ScriptedLlmService([LlmError("down")]), error_recovery_strategy=_FallbackStrategy(kind)
    )
    result = await agent.run("hi", conversation_id="c1")
    assert result.text == expected
    stored = await agent.conversation_store.get_conversation("c1", User(id="default"))
    assert stored is not None
    assert [m.role for m in stored.messages] == ["user", "assistant"]


async def test_context_window_filter_keeps_pairs_and_the_newest_question() -> None:
    history = [
        Message(role="user", content="a" * 400),
        Message(role="assistant", tool_calls=[ToolCall(id="t1", name="run_sql")]),
        Message(role="tool", tool_call_id="t1", content="b" * 400),
        Message(role="assistant", content="c" * 40),
        Message(role="user", content="d" * 40),
    ]
    roomy = await ContextWindowFilter(max_tokens=250).filter_messages(history)
    assert roomy is history  # 245 tokens: all fit
    kept = await ContextWindowFilter(max_tokens=150).filter_messages(history)
    # the oldest exchange (question, call, result, answer) goes whole, never half of it
    assert [m.content for m in kept] == ["d" * 40]
    tiny = await ContextWindowFilter(max_tokens=1).filter_messages(history)
    assert [m.content for m in tiny] == ["d" * 40]


async def test_query_logging_hook_writes_analyses_and_exports(tmp_path: Path) -> None:
    log = tmp_path / "queries.jsonl"
    hook = QueryLoggingHook(log, include_result_preview=True)
    agent = Agent(
        ScriptedLlmService(
            [
                tool_call_reply("run_sql", {"sql": "select count(*) from orders"}),
                text_reply("3 orders"),
            ]
        ),
        tool_registry=ToolRegistry([run_sql]),
        lifecycle_hooks=[hook],
    )
    await agent.run("How many orders?", user=ANALYST)
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(entries) == 1
    entry = entries[0]
    assert {
        k: entry[k]
        for k in ("tool_name", "success", "user_id", "question", "arguments", "result_preview")
    } == {
        "tool_name": "run_sql",
        "success": True,
        "user_id": "ana",
        "question": "How many orders?",
        "arguments": {"sql": "select count(*) from orders"},
        "result_preview": "count\n3",
    }
    summary = analyze_query_log(log, echo=False)
    assert (summary["total"], summary["successful"], summary["users"]) == (1, 1, 1)
    exported = tmp_path / "pairs.jsonl"
    assert export_successful_queries(log, exported) == 1
    assert json.loads(exported.read_text()) == {
        "question": "How many orders?",
        "sql": "select count(*) from orders",
    }


async def test_query_log_write_failures_are_swallowed_and_counted(tmp_path: Path) -> None:
    hook = QueryLoggingHook(tmp_path / "missing-dir" / "log.jsonl")
    counted = _Metrics()
    agent = Agent(
        ScriptedLlmService([tool_call_reply("run_sql", {"sql": "select 1"}), text_reply("1")]),
        tool_registry=ToolRegistry([run_sql]),
        lifecycle_hooks=[hook],
        observability_provider=counted,
    )
    assert (await agent.run("one?")).text == "1"
    assert hook.write_failures == 1
    assert ("agent.error.count", {"error_type": "query_log:FileNotFoundError"}) in counted.metrics


class _Metrics(ObservabilityProvider):
    def __init__(self) -> None:
        self.metrics: list[tuple[str, dict[str, str]]] = []

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        self.metrics.append((name, dict(tags or {})))


class _AlwaysRetry(ErrorRecoveryStrategy):
    async def handle_llm_error(
        self, error: Exception, request: LlmRequest, attempt: int = 1
    ) -> RecoveryAction:
        if "bug" in str(error):
            raise ValueError("the strategy itself failed")
        return RecoveryAction(action=RecoveryActionType.RETRY)


async def test_retry_stops_at_the_safety_net_and_a_failing_strategy_propagates() -> None:
    from hookline.extensions.recovery import MAX_ATTEMPTS

    llm = ScriptedLlmService([LlmError(f"down {n}") for n in range(1, MAX_ATTEMPTS + 1)])
    agent = Agent(llm, error_recovery_strategy=_AlwaysRetry())
    with pytest.raises(TurnFailedError, match=f"LLM error: down {MAX_ATTEMPTS}"):
        await agent.run("hi")
    assert len(llm.requests) == MAX_ATTEMPTS
    buggy = Agent(ScriptedLlmService([LlmError("bug")]), error_recovery_strategy=_AlwaysRetry())
    with pytest.raises(TurnFailedError, match=r"internal error \(ValueError; error id err-"):
        await buggy.run("hi")
