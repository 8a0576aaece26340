"""AgentMiddleware: each hook rides on its event or chain; HookAction; order; zero cost."""

from __future__ import annotations

import pytest

from hookline import (
    AgentConfig,
    Event,
    HookRegistry,
    LlmRequest,
    LlmResponse,
    Message,
    RequestContext,
    ToolResult,
    User,
    text_reply,
    tool_call_reply,
)
from hookline.events import (
    MODEL_CALL,
    TOOL_CALL,
    AfterLLMCallEvent,
    BeforeToolCallEvent,
    FilterMessagesEvent,
    MessageCompletedEvent,
    MessageReceivedEvent,
    ModelCallNext,
    ToolCallNext,
    ToolInvocation,
)
from hookline.middleware import (
    HOOK_NAMES,
    AgentMiddleware,
    Approve,
    Continue,
    HookAction,
    Modify,
    Reject,
    Retry,
)
from hookline.testing import RecordingHookProvider
from tests.conftest import make_agent

USER = User(id="default", username="default")


class Recorder(AgentMiddleware):
    """Overrides all six hooks; records the calls in a shared log."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name = name
        self.log = log

    async def before_agent(self, input: str) -> str:
        self.log.append(f"{self.name}.before_agent")
        return f"{input} [{self.name}]"

    async def before_model(self, messages: list[Message]) -> list[Message]:
        self.log.append(f"{self.name}.before_model")
        return messages

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        self.log.append(f"{self.name}.wrap_model_call>")
        response = await call_next(request)
        self.log.append(f"<{self.name}.wrap_model_call")
        return response

    async def after_model(self, response: LlmResponse) -> HookAction:
        self.log.append(f"{self.name}.after_model")
        return Continue()

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        self.log.append(f"{self.name}.wrap_tool_call>")
        result = await call_next(invocation)
        self.log.append(f"<{self.name}.wrap_tool_call")
        return result

    async def after_agent(self, result: str) -> str:
        self.log.append(f"{self.name}.after_agent")
        return f"{result} [{self.name}]"


async def test_the_six_hooks_run_in_turn_order_and_list_order() -> None:
    log: list[str] = []
    agent, llm = make_agent(
        [tool_call_reply("lookup", {"city": "Oslo"}), text_reply("Oslo has 0.7 million.")],
        middleware=[Recorder("a", log), Recorder("b", log)],
    )
    result = await agent.run("Oslo?")
    model_call = [
        "a.before_model",
        "b.before_model",
        "a.wrap_model_call>",
        "b.wrap_model_call>",
        "<b.wrap_model_call",
        "<a.wrap_model_call",
        "a.after_model",
        "b.after_model",
    ]
    assert log == [
        "a.before_agent",
        "b.before_agent",
        *model_call,
        "a.wrap_tool_call>",
        "b.wrap_tool_call>",
        "<b.wrap_tool_call",
        "<a.wrap_tool_call",
        *model_call,
        "a.after_agent",
        "b.after_agent",
    ]
    assert llm.requests[0].messages[0].content == "Oslo? [a] [b]"
    assert result.text == "Oslo has 0.7 million. [a] [b]"


async def test_each_hook_rides_on_its_event_or_chain() -> None:
    registry = HookRegistry()
    registry.add(Recorder("a", []))
    for event_type in (
        MessageReceivedEvent,
        FilterMessagesEvent,
        AfterLLMCallEvent,
        MessageCompletedEvent,
    ):
        assert registry.handler_count(event_type) == 1, event_type
    assert registry.has_wrappers(MODEL_CALL)
    assert registry.has_wrappers(TOOL_CALL)
    assert not registry.has_handlers(BeforeToolCallEvent)


class OnlyAfterAgent(AgentMiddleware):
    async def after_agent(self, result: str) -> str:
        return result.upper()


async def test_hooks_not_overridden_register_nothing() -> None:
    registry = HookRegistry()
    registry.add(AgentMiddleware())
    assert registry.is_empty()
    registry.add(OnlyAfterAgent())
    assert registry.handler_count(MessageCompletedEvent) == 1
    assert not registry.has_wrappers(MODEL_CALL)
    assert not registry.has_handlers(FilterMessagesEvent)
    assert OnlyAfterAgent().active_hooks() == frozenset({"after_agent"})
    assert set(HOOK_NAMES) == Recorder("a", []).active_hooks()


async def test_use_is_chainable_and_appends() -> None:
    log: list[str] = []
    agent, _ = make_agent([text_reply("ok")])
    assert agent.use(Recorder("a", log)).use(Recorder("b", log)) is agent
    await agent.run("hi")
    assert log[:2] == ["a.before_agent", "b.before_agent"]


async def test_before_model_changes_what_the_model_sees_not_what_is_stored() -> None:
    class DropOld(AgentMiddleware):
        async def before_model(self, messages: list[Message]) -> list[Message]:
            return messages[-1:]

    agent, llm = make_agent([text_reply("first"), text_reply("second")], middleware=[DropOld()])
    await agent.run("one", conversation_id="c1")
    await agent.run("two", conversation_id="c1")
    assert [m.content for m in llm.requests[1].messages] == ["two"]
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert [m.content for m in stored.messages] == ["one", "first", "two", "second"]


class Judge(AgentMiddleware):
    def __init__(self, actions: list[HookAction], seen: list[str | None]) -> None:
        self.actions = actions
        self.seen = seen

    async def after_model(self, response: LlmResponse) -> HookAction:
        self.seen.append(response.content)
        return self.actions.pop(0) if self.actions else Continue()


async def test_reject_ends_the_turn_and_later_middleware_are_not_asked() -> None:
    seen_first: list[str | None] = []
    seen_second: list[str | None] = []
    agent, llm = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"})],
        middleware=[
            Judge([Reject("Not allowed to look that up.")], seen_first),
            Judge([], seen_second),
        ],
    )
    recorder = RecordingHookProvider([BeforeToolCallEvent])
    agent.hooks.add(recorder)
    result = await agent.run("Rome?", conversation_id="c1")
    assert result.text == "Not allowed to look that up."
    assert [c.type for c in result.components] == ["error"]
    assert recorder.events == []  # no tool ran
    assert seen_first == [None]
    assert seen_second == []  # a rejection is final
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert [(m.role, m.content) for m in stored.messages] == [
        ("user", "Rome?"),
        ("assistant", "Not allowed to look that up."),
    ]
    assert len(llm.requests) == 1


async def test_reject_wins_over_an_earlier_retry() -> None:
    agent, llm = make_agent(
        [text_reply("draft")],
        middleware=[Judge([Retry("try again")], []), Judge([Reject("blocked")], [])],
    )
    result = await agent.run("hi")
    assert result.text == "blocked"
    assert len(llm.requests) == 1


async def test_retry_feedback_from_two_middleware_is_joined_and_bounded() -> None:
    agent, llm = make_agent(
        [text_reply("draft 1"), text_reply("draft 2"), text_reply("draft 3")],
        config=AgentConfig(max_model_retries=2),
        middleware=[
            Judge([Retry("Be shorter."), Retry("Be shorter."), Retry("Be shorter.")], []),
            Judge([Retry("Cite a source.")], []),
        ],
    )
    result = await agent.run("question")
    assert result.text == "draft 3"  # past the bound the response stands
    assert len(llm.requests) == 3
    second = llm.requests[1].messages
    assert [(m.role, m.content) for m in second] == [
        ("user", "question"),
        ("assistant", "draft 1"),
        ("user", "Be shorter.\n\nCite a source."),
    ]
    assert llm.requests[2].messages[-1].content == "Be shorter."


async def test_modify_replaces_the_response_for_later_middleware_and_the_user() -> None:
    seen: list[str | None] = []
    polite = LlmResponse(content="Hello, dear user.")
    agent, _ = make_agent(
        [text_reply("hi")], middleware=[Judge([Modify(polite)], []), Judge([Approve()], seen)]
    )
    result = await agent.run("hello")
    assert seen == ["Hello, dear user."]
    assert result.text == "Hello, dear user."


async def test_after_model_must_return_a_hook_action() -> None:
    class Forgetful(AgentMiddleware):
        async def after_model(self, response: LlmResponse) -> HookAction:
            return None  # type: ignore[return-value]

    agent, _ = make_agent([text_reply("hi")], middleware=[Forgetful()])
    components = [c async for c in agent.send_message(RequestContext(), "x")]
    assert [c.type for c in components] == ["error"]
    registry = HookRegistry()
    registry.add(Forgetful())
    event = AfterLLMCallEvent(iteration=1, request=LlmRequest(messages=[]), response=LlmResponse())
    with pytest.raises(TypeError, match=r"Forgetful.after_model must return a HookAction"):
        await registry.emit(event)


async def test_extra_handlers_via_register_hooks_and_super() -> None:
    class Audit(AgentMiddleware):
        def __init__(self) -> None:
            self.tools: list[str] = []

        def register_hooks(self, registry: HookRegistry) -> None:
            super().register_hooks(registry)
            registry.on(BeforeToolCallEvent, self.before_tool)

        def before_tool(self, event: Event[BeforeToolCallEvent]) -> None:
            self.tools.append(event.data.call.name)

        async def after_agent(self, result: str) -> str:
            return f"{result} (audited {len(self.tools)} tool call)"

    audit = Audit()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Lima"}), text_reply("Lima: big.")], middleware=[audit]
    )
    result = await agent.run("Lima?")
    assert audit.tools == ["lookup"]
    assert result.text == "Lima: big. (audited 1 tool call)"


async def test_adjacent_middleware_share_one_handler_per_event() -> None:
    registry = HookRegistry()
    for name in "abc":
        registry.add(Recorder(name, []))
    for event_type in (
        MessageReceivedEvent,
        FilterMessagesEvent,
        AfterLLMCallEvent,
        MessageCompletedEvent,
    ):
        assert registry.handler_count(event_type) == 1, event_type


async def test_a_handler_registered_between_middleware_keeps_its_place() -> None:
    log: list[str] = []
    agent, _ = make_agent([text_reply("ok")])
    agent.use(Recorder("a", log))
    agent.hooks.on(MessageReceivedEvent, lambda e: log.append("handler.before_agent"))
    agent.hooks.on(MessageCompletedEvent, lambda e: log.append("handler.after_agent"))
    agent.use(Recorder("b", log))
    await agent.run("Hi")
    assert [entry for entry in log if entry.endswith(("before_agent", "after_agent"))] == [
        "a.before_agent",
        "handler.before_agent",
        "b.before_agent",
        "a.after_agent",
        "handler.after_agent",
        "b.after_agent",
    ]


async def test_middleware_added_to_a_copy_does_not_reach_the_original() -> None:
    original_log: list[str] = []
    original = HookRegistry()
    original.add(Recorder("a", original_log))
    copy = original.copy()
    copy.add(Recorder("b", original_log))
    await original.emit(
        MessageReceivedEvent(
            user=USER, message="hi", request_context=RequestContext(), conversation_id=None
        )
    )
    assert original_log == ["a.before_agent"]
    assert copy.handler_count(MessageReceivedEvent) == 2
