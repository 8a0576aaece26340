"""Spans cover every handler of their step, whatever priorities the user's handlers have:
the Instrumentation opens spans above every user priority and closes them below."""

from __future__ import annotations

import asyncio
from typing import Any

from hookline import LlmRequest, LlmResponse, text_reply, tool_call_reply
from hookline.events import (
    MODEL_CALL,
    BeforeToolCallEvent,
    ModelCallNext,
    TurnEndedEvent,
    TurnStartedEvent,
)
from hookline.hooks.registry import Event
from tests.conftest import make_agent
from tests.observability.recording import RecordingProvider


async def test_high_and_low_priority_user_handlers_run_inside_the_spans() -> None:
    provider = RecordingProvider()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}, call_id="c1"), text_reply("ok")],
        observability_provider=provider,
    )
    seen: list[str] = []

    async def slow_gate(event: Event[BeforeToolCallEvent]) -> None:
        await asyncio.sleep(0.05)
        seen.append("before_tool")

    async def first_of_all(event: Event[TurnStartedEvent]) -> None:
        await asyncio.sleep(0.05)
        seen.append("turn_started")

    def last_of_all(event: Event[TurnEndedEvent]) -> None:
        seen.append("turn_ended")

    async def outer_model_wrapper(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        seen.append("model_wrapper")
        return await call_next(request)

    agent.hooks.on(BeforeToolCallEvent, slow_gate, priority=999_999)
    agent.hooks.on(TurnStartedEvent, first_of_all, priority=999_999)
    agent.hooks.on(TurnEndedEvent, last_of_all, priority=-999_999)
    agent.hooks.wrap(MODEL_CALL, outer_model_wrapper, priority=999_999)

    result = await agent.run("Rome?")

    assert result.text == "ok"
    assert seen == ["turn_started", "model_wrapper", "before_tool", "model_wrapper", "turn_ended"]
    (root,) = provider.named("agent.send_message")
    (tool_span,) = provider.named("agent.tool.execute")
    assert duration(tool_span) >= 0.045  # the slow gate ran inside the tool's span
    assert duration(root) >= 0.095  # both slow handlers ran inside the turn's span
    assert provider.ended[-1] is root  # the turn span closed after every handler
    assert len(provider.named("llm.request")) == 2


def duration(span: Any) -> float:
    assert span.end_time is not None
    return float(span.end_time - span.start_time)
