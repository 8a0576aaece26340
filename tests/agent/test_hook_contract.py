"""The hook contract in whole turns: one priority order across events, agent middleware
and extension points; isolation (on_error, timeout_s, skip_step); error hooks; the context."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from hookline import (
    AgentMiddleware,
    ConversationFilter,
    Event,
    HookContext,
    LifecycleHook,
    LlmError,
    LlmMiddleware,
    LlmRequest,
    LlmResponse,
    Message,
    ToolCall,
    ToolContext,
    ToolRegistry,
    ToolResult,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import (
    BeforeLLMCallEvent,
    BeforeToolCallEvent,
    FilterMessagesEvent,
    ModelCallNext,
    ModelErrorEvent,
    ToolCallEndedEvent,
    ToolCallNext,
    ToolInvocation,
    TurnEndedEvent,
)
from hookline.hooks import HookTimeoutError
from hookline.users.models import User
from tests.conftest import make_agent

ALICE = User(id="alice", username="alice")
SCRIPT = [tool_call_reply("lookup", {"city": "Paris"}), text_reply("Paris has 2.1 million.")]


class Log:
    def __init__(self) -> None:
        self.entries: list[str] = []

    def handler(self, label: str) -> Any:
        def record(event: Event[Any]) -> None:
            self.entries.append(label)

        return record


def tool_layer(log: Log, label: str, priority: int) -> AgentMiddleware:
    class Layer(AgentMiddleware):
        async def wrap_tool_call(self, invocation: ToolInvocation, call_next: ToolCallNext) -> Any:
            log.entries.append(f"{label}>")
            result = await call_next(invocation)
            log.entries.append(f"<{label}")
            return result

        async def before_model(self, messages: list[Message]) -> list[Message]:
            log.entries.append(f"{label}.before_model")
            return messages

    layer = Layer()
    layer.priority = priority
    return layer


async def test_one_priority_order_across_events_middleware_and_extension_points() -> None:
    log = Log()

    class Before(LifecycleHook):
        priority = 5

        async def before_tool(self, tool: Any, context: ToolContext) -> None:
            log.entries.append("lifecycle.before_tool(5)")

    class Trim(ConversationFilter):
        priority = -1

        async def filter_messages(self, messages: list[Message]) -> list[Message]:
            log.entries.append("filter(-1)")
            return messages

    class Prompted(LlmMiddleware):
        async def before_llm_request(self, request: LlmRequest) -> LlmRequest:
            log.entries.append("llm_middleware(0)")
            return request

    agent, _ = make_agent(
        SCRIPT[:1] + SCRIPT[1:],
        lifecycle_hooks=[Before()],
        conversation_filters=[Trim()],
        llm_middlewares=[Prompted()],
        middleware=[tool_layer(log, "mw0", 0), tool_layer(log, "mw9", 9)],
    )
    agent.hooks.on(BeforeToolCallEvent, log.handler("on.before_tool(0)"))
    agent.hooks.on(BeforeToolCallEvent, log.handler("on.before_tool(7)"), priority=7)
    agent.hooks.on(BeforeLLMCallEvent, log.handler("on.before_llm(3)"), priority=3)
    agent.hooks.on(FilterMessagesEvent, log.handler("on.filter(0)"))

    await agent.run("Population of Paris?")

    first_model_call = [
        "mw9.before_model",
        "mw0.before_model",
        "on.filter(0)",
        "filter(-1)",
        "on.before_llm(3)",
        "llm_middleware(0)",
    ]
    tool_call = [
        "on.before_tool(7)",
        "lifecycle.before_tool(5)",
        "on.before_tool(0)",
        "mw9>",
        "mw0>",
        "<mw0",
        "<mw9",
    ]
    assert log.entries == [*first_model_call, *tool_call, *first_model_call]


async def test_a_failing_logged_handler_and_a_hung_one_do_not_fail_the_turn(
    caplog: pytest.LogCaptureFixture,
) -> None:
    agent, _ = make_agent(list(SCRIPT), stream=True)
    ended: list[str] = []

    def broken_metrics(event: Event[ToolCallEndedEvent]) -> None:
        raise ConnectionError("metrics backend down")

    async def hung_audit(event: Event[BeforeToolCallEvent]) -> None:
        await asyncio.sleep(3600)

    agent.hooks.on(ToolCallEndedEvent, broken_metrics, on_error="log")
    agent.hooks.on(BeforeToolCallEvent, hung_audit, timeout_s=0.05, on_error="log")
    agent.hooks.on(TurnEndedEvent, lambda e: ended.append(str(e.data.failed)))

    with caplog.at_level(logging.WARNING, logger="hookline.hooks"):
        result = await asyncio.wait_for(agent.run("Population of Paris?"), 10)

    assert result.text == "Paris has 2.1 million."
    assert list(result.tool_results.values()) == ["Paris: 2.1 million"]
    assert ended == ["False"]
    messages = sorted(r.getMessage() for r in caplog.records)
    assert any("broken_metrics" in m and "ToolCallEndedEvent" in m for m in messages)
    assert any("hung_audit" in m and "BeforeToolCallEvent" in m for m in messages)
    timeouts = [r for r in caplog.records if "hung_audit" in r.getMessage()]
    assert isinstance(timeouts[0].exc_info[1], HookTimeoutError)  # type: ignore[index]


async def test_skip_step_on_a_tool_hook_gives_the_call_an_error_result() -> None:
    agent, llm = make_agent(list(SCRIPT))

    def broken_guard(event: Event[BeforeToolCallEvent]) -> None:
        raise RuntimeError("policy service down")

    agent.hooks.on(BeforeToolCallEvent, broken_guard, on_error="skip_step")
    result = await agent.run("Population of Paris?")

    assert result.text == "Paris has 2.1 million."
    [tool_message] = [m for m in llm.requests[1].messages if m.role == "tool"]
    content = tool_message.content or ""
    assert content.startswith("Step skipped: the hook")
    assert "broken_guard" in content and "policy service down" in content


async def test_skip_step_on_a_model_step_hook_halts_the_turn_with_a_record() -> None:
    agent, llm = make_agent(list(SCRIPT))

    def broken(event: Event[BeforeLLMCallEvent]) -> None:
        raise RuntimeError("prompt store down")

    agent.hooks.on(BeforeLLMCallEvent, broken, on_error="skip_step")
    result = await agent.run("Population of Paris?", user=ALICE)

    assert result.halted and result.error is not None and result.error.startswith("Step skipped")
    assert llm.requests == []
    history = await agent.conversation_store.get_conversation(result.conversation_id, ALICE)
    assert history is not None and [m.role for m in history.messages] == ["user"]


@tool
async def flaky(city: str) -> str:
    """A tool that fails.

    Args:
        city: The city.
    """
    raise TimeoutError("upstream timed out")


async def test_on_model_error_and_on_tool_error_recover_in_one_place() -> None:
    seen: list[str] = []

    class Recover(AgentMiddleware):
        async def on_model_error(self, request: LlmRequest, error: Exception) -> LlmResponse:
            seen.append(f"model:{type(error).__name__}")
            return LlmResponse(content="The model is busy; try again soon.")

        async def on_tool_error(self, call: ToolCall, error: Exception) -> ToolResult:
            seen.append(f"tool:{call.name}:{type(error).__name__}")
            return ToolResult(success=True, result_for_llm="cached: 2.1 million")

    class Boom(AgentMiddleware):
        async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> Any:
            if len(request.messages) > 1:
                raise LlmError("provider down")
            return await call_next(request)

    for stream in (False, True):
        seen.clear()
        agent, _ = make_agent(
            [tool_call_reply("flaky", {"city": "Paris"})],
            stream=stream,
            tool_registry=ToolRegistry([flaky]),
            middleware=[Recover(), Boom()],
        )
        events: list[str] = []

        def observe(event: Event[ModelErrorEvent], events: list[str] = events) -> None:
            events.append(str(event.data.error))

        agent.hooks.on(ModelErrorEvent, observe)
        result = await agent.run("Paris?")

        assert seen == ["tool:flaky:TimeoutError", "model:LlmError"]
        assert events == ["provider down"]
        assert result.text == "The model is busy; try again soon."
        assert list(result.tool_results.values()) == ["cached: 2.1 million"]


async def test_every_hook_gets_the_turns_context_the_same_way() -> None:
    agent, _ = make_agent(list(SCRIPT))
    contexts: list[HookContext] = []

    def count_tools(event: Event[BeforeToolCallEvent]) -> None:
        assert event.context is not None and event.context.state is not None
        event.context.state["tools"] = event.context.state.get("tools", 0) + 1
        contexts.append(event.context)

    def at_end(event: Event[TurnEndedEvent]) -> None:
        assert event.context is not None
        contexts.append(event.context)

    agent.hooks.on(BeforeToolCallEvent, count_tools)
    agent.hooks.on(TurnEndedEvent, at_end)
    result = await agent.run("Population of Paris?", user=ALICE)

    first, last = contexts
    assert first.turn is last.turn
    assert last.state == {"tools": 1}
    assert last.agent is agent
    assert last.user == ALICE
    assert last.conversation_id == result.conversation_id
    assert last.turn_id == last.request_id and last.turn_id
