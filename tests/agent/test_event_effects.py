"""What each event's mutable fields do to the turn, and the two wrap chains."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

from hookline import (
    Conversation,
    Event,
    LlmError,
    LlmRequest,
    LlmResponse,
    Message,
    RequestContext,
    ToolContext,
    ToolRegistry,
    ToolResult,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.components import CardComponent, RichTextComponent, UiComponent
from hookline.events import (
    MODEL_CALL,
    TOOL_CALL,
    AfterLLMCallEvent,
    AfterToolCallEvent,
    BeforeLLMCallEvent,
    BeforeToolCallEvent,
    EnhanceMessagesEvent,
    EnrichToolContextEvent,
    FilterMessagesEvent,
    HandleMessageEvent,
    ResultMessageEvent,
    SaveTurnMessagesEvent,
    StarterUiEvent,
    StartIterationEvent,
    SystemPromptEvent,
    ToolInvocation,
    ToolSchemasEvent,
    UserMessageEvent,
)
from tests.conftest import collect, make_agent, send

DEFAULT_USER = User(id="default", username="default")


async def history(agent: object, conversation_id: str) -> list[Message]:
    store = agent.conversation_store  # type: ignore[attr-defined]
    conversation = await store.get_conversation(conversation_id, DEFAULT_USER)
    return list(conversation.messages)


async def test_message_received_may_rewrite_the_message() -> None:
    agent, llm = make_agent([text_reply("ok")])
    agent.hooks.on(
        __import__("hookline").events.MessageReceivedEvent,
        lambda e: setattr(e.data, "message", e.data.message.replace("secret", "[redacted]")),
    )
    await agent.run("my secret plan")
    assert llm.requests[0].messages[-1].content == "my [redacted] plan"


async def test_user_message_event_may_add_messages_that_are_persisted_first() -> None:
    agent, _ = make_agent([text_reply("ok")])

    def add_context(event: Event[UserMessageEvent]) -> None:
        event.data.messages.insert(0, Message(role="user", content="(context: EU)"))

    agent.hooks.on(UserMessageEvent, add_context)
    await send(agent, "prices?", conversation_id="c1")
    assert [m.content for m in await history(agent, "c1")] == ["(context: EU)", "prices?", "ok"]


async def test_before_tool_call_may_amend_arguments() -> None:
    agent, llm = make_agent([tool_call_reply("lookup", {"city": "paris"}), text_reply("ok")])

    def capitalise(event: Event[BeforeToolCallEvent]) -> None:
        call = event.data.call
        event.data.call = call.model_copy(update={"arguments": {"city": "PARIS"}})

    agent.hooks.on(BeforeToolCallEvent, capitalise)
    await agent.run("paris?")
    assert [m.content for m in llm.requests[1].messages if m.role == "tool"] == [
        "PARIS: 2.1 million"
    ]


async def test_before_tool_call_may_block_with_a_reason() -> None:
    ran: list[str] = []

    @tool
    async def delete_all() -> str:
        """Deletes everything."""
        ran.append("deleted")
        return "gone"

    agent, llm = make_agent(
        [tool_call_reply("delete_all"), text_reply("I was not allowed.")],
        tool_registry=ToolRegistry([delete_all]),
    )
    agent.hooks.on(
        BeforeToolCallEvent, lambda e: setattr(e.data, "blocked_reason", "needs approval")
    )
    components = await send(agent, "wipe it", conversation_id="c1")
    assert ran == []
    assert [m.content for m in llm.requests[1].messages if m.role == "tool"] == [
        "Tool call blocked: needs approval"
    ]
    statuses = [c.rich_component.status for c in components if c.type == "tool_execution"]  # type: ignore[attr-defined]
    assert statuses == ["running", "blocked"]
    assert [m.role for m in await history(agent, "c1")] == [
        "user",
        "assistant",
        "tool",
        "assistant",
    ]


async def test_after_tool_call_may_replace_the_result_and_add_messages() -> None:
    agent, llm = make_agent([tool_call_reply("lookup", {"city": "Oslo"}), text_reply("ok")])

    def rewrite(event: Event[AfterToolCallEvent]) -> None:
        event.data.result = ToolResult(result_for_llm="(cached) 700k")
        event.data.additional_messages.append(Message(role="user", content="Be brief."))

    agent.hooks.on(AfterToolCallEvent, rewrite)
    await agent.run("oslo?")
    tail = llm.requests[1].messages[-2:]
    assert [(m.role, m.content) for m in tail] == [("tool", "(cached) 700k"), ("user", "Be brief.")]


async def test_tool_context_enrichment_reaches_the_tool() -> None:
    seen: list[str] = []

    @tool
    async def now(context: ToolContext) -> str:
        """The user's time zone."""
        seen.append(context.metadata["timezone"])
        return context.metadata["timezone"]  # type: ignore[no-any-return]

    agent, _ = make_agent(
        [tool_call_reply("now"), text_reply("ok")], tool_registry=ToolRegistry([now])
    )
    agent.hooks.on(
        EnrichToolContextEvent,
        lambda e: e.data.context.metadata.__setitem__("timezone", "Europe/Oslo"),
    )
    await agent.run("time?")
    assert seen == ["Europe/Oslo"]


async def test_tool_schemas_event_narrows_the_offer() -> None:
    agent, llm = make_agent([text_reply("ok")])
    agent.hooks.on(ToolSchemasEvent, lambda e: e.data.schemas.clear())
    await agent.run("hi")
    assert llm.requests[0].tools is None


async def test_system_prompt_event_changes_the_prompt_once_per_turn() -> None:
    calls: list[str] = []
    agent, llm = make_agent([tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok")])

    def enhance(event: Event[SystemPromptEvent]) -> None:
        calls.append(event.data.user_message)
        event.data.system_prompt = f"{event.data.system_prompt}\n## Memory\n- likes Rome"

    agent.hooks.on(SystemPromptEvent, enhance)
    await agent.run("Rome?")
    assert calls == ["Rome?"]
    assert all(r.system_prompt and r.system_prompt.endswith("- likes Rome") for r in llm.requests)


async def test_filters_cannot_break_tool_pairs() -> None:
    agent, llm = make_agent([tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok")])

    def drop_assistant_messages(event: Event[FilterMessagesEvent]) -> None:
        event.data.messages = [m for m in event.data.messages if m.role != "assistant"]

    agent.hooks.on(FilterMessagesEvent, drop_assistant_messages)
    await agent.run("Rome?")
    assert [m.role for m in llm.requests[1].messages] == ["user"]  # stray result removed


async def test_start_iteration_injects_and_save_turn_filters_transient_messages() -> None:
    agent, llm = make_agent([text_reply("ok")])

    def inject(event: Event[StartIterationEvent]) -> None:
        note = Message(role="user", content="(today is Monday)", metadata={"transient": True})
        event.data.additional_messages.append(note)

    def drop_transient(event: Event[SaveTurnMessagesEvent]) -> None:
        event.data.messages = [m for m in event.data.messages if not m.metadata.get("transient")]

    agent.hooks.on(StartIterationEvent, inject)
    agent.hooks.on(SaveTurnMessagesEvent, drop_transient)
    await send(agent, "what day?", conversation_id="c1")
    assert llm.requests[0].messages[-1].content == "(today is Monday)"
    assert [m.content for m in await history(agent, "c1")] == ["what day?", "ok"]


async def test_enhance_and_before_llm_call_change_what_the_model_sees() -> None:
    agent, llm = make_agent([text_reply("ok")])

    def few_shot(event: Event[EnhanceMessagesEvent]) -> None:
        event.data.messages.insert(0, Message(role="user", content="Example: 2+2=4"))

    def cold(event: Event[BeforeLLMCallEvent]) -> None:
        event.data.request = event.data.request.model_copy(update={"temperature": 0.0})

    agent.hooks.on(EnhanceMessagesEvent, few_shot)
    agent.hooks.on(BeforeLLMCallEvent, cold)
    await send(agent, "3+3?", conversation_id="c1")
    assert [m.content for m in llm.requests[0].messages] == ["Example: 2+2=4", "3+3?"]
    assert llm.requests[0].temperature == 0.0
    assert [m.content for m in await history(agent, "c1")] == ["3+3?", "ok"]


async def test_after_llm_call_reject_ends_the_turn_without_tools() -> None:
    ran: list[str] = []

    @tool
    async def transfer(amount: int) -> str:
        """Moves money."""
        ran.append("moved")
        return "moved"

    agent, _ = make_agent(
        [tool_call_reply("transfer", {"amount": 10**6})], tool_registry=ToolRegistry([transfer])
    )

    def guard(event: Event[AfterLLMCallEvent]) -> None:
        if event.data.response.tool_calls:
            event.data.reject_reason = "Transfers above 1000 need a human."

    agent.hooks.on(AfterLLMCallEvent, guard)
    components = await send(agent, "send it all", conversation_id="c1")
    assert ran == []
    assert components[-1].rich_component.message == "Transfers above 1000 need a human."  # type: ignore[attr-defined]
    stored = await history(agent, "c1")
    assert [(m.role, m.tool_calls) for m in stored] == [("user", None), ("assistant", None)]


async def test_after_llm_call_retry_asks_again_with_feedback_and_is_bounded() -> None:
    agent, llm = make_agent([text_reply("draft 1"), text_reply("draft 2"), text_reply("final")])

    def critic(event: Event[AfterLLMCallEvent]) -> None:
        if event.data.response.content != "final":
            event.data.retry_feedback = "Too vague, be specific."

    agent.hooks.on(AfterLLMCallEvent, critic)
    result = await agent.run("explain", conversation_id="c1")
    assert result.text == "final"
    assert [m.content for m in llm.requests[2].messages] == [
        "explain",
        "draft 1",
        "Too vague, be specific.",
        "draft 2",
        "Too vague, be specific.",
    ]
    assert [m.content for m in await history(agent, "c1")] == ["explain", "final"]

    bounded, bounded_llm = make_agent([text_reply("meh")] * 5)
    bounded.config.max_model_retries = 2
    bounded.hooks.on(AfterLLMCallEvent, critic)
    assert (await bounded.run("explain")).text == "meh"
    assert len(bounded_llm.requests) == 3


async def test_result_message_event_may_continue_the_loop() -> None:
    agent, llm = make_agent([text_reply("short"), text_reply("longer answer")])

    def once_more(event: Event[ResultMessageEvent]) -> None:
        if event.data.iteration == 1:
            event.data.continue_messages.append(Message(role="user", content="Expand."))

    agent.hooks.on(ResultMessageEvent, once_more)
    result = await agent.run("go")
    assert result.text == "longer answer"
    assert [m.content for m in llm.requests[1].messages] == ["go", "short", "Expand."]


async def test_handle_message_event_answers_without_the_model() -> None:
    agent, llm = make_agent([])

    async def stream() -> AsyncIterator[UiComponent]:
        yield UiComponent(rich_component=RichTextComponent(content="Commands: /help"))

    async def reset(conversation: Conversation) -> None:
        conversation.messages.clear()

    def slash(event: Event[HandleMessageEvent]) -> None:
        if event.data.message.startswith("/"):
            event.data.handled = True
            event.data.components = stream()
            event.data.conversation_mutation = reset

    agent.hooks.on(HandleMessageEvent, slash)
    components = await send(agent, "/help", conversation_id="c1")
    assert [c.type for c in components] == ["text", "status_bar_update", "chat_input_update"]
    assert llm.requests == []
    assert await history(agent, "c1") == []  # the command is not added to the history


async def test_starter_ui_on_empty_message_or_request_flag() -> None:
    agent, llm = make_agent([])
    agent.hooks.on(
        StarterUiEvent,
        lambda e: setattr(
            e.data,
            "components",
            [UiComponent(rich_component=CardComponent(title=f"Welcome, {e.data.user.id}"))],
        ),
    )
    empty = await send(agent, "   ")
    flagged = await collect(
        agent.send_message(RequestContext(metadata={"starter_ui_request": True}), "ignored")
    )
    for components in (empty, flagged):
        assert [c.type for c in components] == ["card", "status_bar_update", "chat_input_update"]
    assert llm.requests == []


async def test_empty_message_without_starter_ui_does_nothing() -> None:
    agent, llm = make_agent([], workflow_handler=None)
    assert await send(agent, "") == []
    assert llm.requests == []


ModelNext = Callable[[LlmRequest], Awaitable[LlmResponse]]


async def test_model_chain_wrapper_retries_and_streaming_stays_live() -> None:
    agent, llm = make_agent([LlmError("503", transient=True), text_reply("recovered")], stream=True)
    attempts: list[int] = []

    async def retry(request: LlmRequest, call_next: ModelNext) -> LlmResponse:
        for attempt in (1, 2, 3):
            attempts.append(attempt)
            try:
                return await call_next(request)
            except LlmError:
                continue
        raise LlmError("gave up")

    agent.hooks.wrap(MODEL_CALL, retry)
    components = await send(agent, "hi")
    assert attempts == [1, 2]
    texts = [c.rich_component for c in components if c.type == "text"]
    assert "".join(t.content for t in texts) == "recovered"  # type: ignore[attr-defined]
    assert all(t.delta for t in texts)  # type: ignore[attr-defined]
    assert len(llm.requests) == 2


async def test_model_chain_wrapper_may_answer_without_the_model() -> None:
    for stream in (False, True):
        agent, llm = make_agent([], stream=stream)

        async def cache(request: LlmRequest, call_next: ModelNext) -> LlmResponse:
            return LlmResponse(content="from cache")

        agent.hooks.wrap(MODEL_CALL, cache)
        result = await agent.run("hi")
        assert result.text == "from cache"
        shown = [c.rich_component.content for c in result.components if c.type == "text"]  # type: ignore[attr-defined]
        # streamed or not, the user sees the answer (streamed: in pieces, as a model's)
        assert shown == (["from", " cache"] if stream else ["from cache"])
        assert llm.requests == []


async def test_tool_chain_wrappers_nest_first_outermost() -> None:
    agent, _ = make_agent([tool_call_reply("lookup", {"city": "Kyiv"}), text_reply("ok")])
    order: list[str] = []
    ToolNext = Callable[[ToolInvocation], Awaitable[ToolResult]]

    def named(label: str) -> Callable[[ToolInvocation, ToolNext], Awaitable[ToolResult]]:
        async def wrap(invocation: ToolInvocation, call_next: ToolNext) -> ToolResult:
            order.append(f"{label}>")
            result = await call_next(invocation)
            order.append(f"<{label}")
            return result

        return wrap

    agent.hooks.wrap(TOOL_CALL, named("audit"))
    agent.hooks.wrap(TOOL_CALL, named("retry"))
    await agent.run("Kyiv?")
    assert order == ["audit>", "retry>", "<retry", "<audit"]
