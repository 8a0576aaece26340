"""Each agent's registry is a child of the workflow's: agent_path "workflow.agent"."""

from __future__ import annotations

from hookline import Event, LlmRequest, LlmResponse, text_reply
from hookline.events import (
    MODEL_CALL,
    BeforeLLMCallEvent,
    MessageCompletedEvent,
    ModelCallNext,
    TextDeltaEvent,
)
from hookline.workflows import Workflow

from .conftest import scripted_agent, talker


async def test_a_workflow_handler_sees_agent_events_with_the_workflow_agent_path() -> None:
    workflow = Workflow("review", [talker("writer"), talker("critic")], max_rounds=2)
    seen: list[tuple[str, str | None, str | None]] = []

    def before_llm(event: Event[BeforeLLMCallEvent]) -> None:
        context = event.context
        assert context is not None and context.request_id is not None
        seen.append((context.agent_path, context.agent_name, context.conversation_id))

    workflow.hooks.on(BeforeLLMCallEvent, before_llm)
    result = await workflow.run("Go")
    assert seen == [
        ("review.writer", "writer", f"{result.state_id}.writer"),
        ("review.critic", "critic", f"{result.state_id}.critic"),
    ]


async def test_the_agents_own_handlers_and_wrappers_still_run_under_the_new_path() -> None:
    writer = talker("writer")
    own: list[str] = []
    wrapped: list[str] = []

    def completed(event: Event[MessageCompletedEvent]) -> None:
        assert event.context is not None
        own.append(f"{event.context.agent_path}: {event.data.result}")

    async def tag(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        response = await call_next(request)
        wrapped.append(response.content or "")
        return response

    writer.hooks.on(MessageCompletedEvent, completed)
    writer.hooks.wrap(MODEL_CALL, tag)
    await Workflow("review", [writer], max_rounds=2).run("Go")
    assert own == ["review.writer: writer 1", "review.writer: writer 2"]
    assert wrapped == ["writer 1", "writer 2"]


async def test_the_original_agent_is_not_modified() -> None:
    writer = scripted_agent("writer", [text_reply("in workflow"), text_reply("alone")])
    paths: list[str] = []

    def path(event: Event[BeforeLLMCallEvent]) -> None:
        assert event.context is not None
        paths.append(event.context.agent_path)

    writer.hooks.on(BeforeLLMCallEvent, path)
    workflow = Workflow("review", [writer], max_rounds=1)
    workflow.hooks.on(BeforeLLMCallEvent, lambda event: None)
    await workflow.run("Go")
    await writer.run("Hi")
    assert paths == ["review.writer", "writer"]
    assert writer.hooks.handler_count(BeforeLLMCallEvent) == 1
    assert writer.tool_registry.tool_names == []


async def test_a_delta_handler_on_the_workflow_streams_every_agent() -> None:
    workflow = Workflow("review", [talker("writer"), talker("critic")], max_rounds=2)
    pieces: dict[str, list[str]] = {}

    def delta(event: Event[TextDeltaEvent]) -> None:
        assert event.context is not None
        pieces.setdefault(event.context.agent_path, []).append(event.data.text)

    workflow.hooks.on(TextDeltaEvent, delta)
    await workflow.run("Go")
    assert {path: "".join(parts) for path, parts in pieces.items()} == {
        "review.writer": "writer 1",
        "review.critic": "critic 1",
    }
    assert all(len(parts) > 1 for parts in pieces.values())
