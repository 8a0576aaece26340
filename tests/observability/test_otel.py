"""OpenTelemetryObservabilityProvider: the span tree of real turns, GenAI attributes, metrics."""

from __future__ import annotations

import asyncio
import json

import pytest
from opentelemetry.sdk.metrics.export import HistogramDataPoint, NumberDataPoint
from opentelemetry.trace import SpanKind, StatusCode

from hookline import (
    AgentConfig,
    LifecycleHook,
    LlmError,
    LlmResponse,
    ToolCall,
    ToolRegistry,
    ToolResult,
    TurnFailedError,
    text_reply,
    tool,
    tool_call_reply,
)
from tests.conftest import make_agent
from tests.observability.conftest import Otel

SECRET = "the launch code is 0000"


class AuditHook(LifecycleHook):
    async def before_tool(self, tool: object, context: object) -> None:
        return None

    async def after_tool(self, result: ToolResult) -> ToolResult | None:
        return None


@tool
async def explode(city: str) -> str:
    """Always fails."""
    raise ValueError(f"no data for {city}")


async def test_a_turn_with_a_tool_call_is_one_nested_tree(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Paris"}, call_id="c1"), text_reply("2.1 million")],
        observability_provider=otel.provider(),
        lifecycle_hooks=[AuditHook()],
        name="geo",
    )
    await agent.run("How many people live in Paris?")

    iteration_with_tool = (
        "agent.iteration",
        (
            ("chat scripted", ()),
            (
                "execute_tool lookup",
                (("agent.hook.before_tool", ()), ("agent.hook.after_tool", ())),
            ),
        ),
    )
    assert otel.tree() == [
        (
            "invoke_agent geo",
            (
                ("agent.user_resolution", ()),
                ("agent.conversation.load", ()),
                ("agent.workflow_handler.try_handle", ()),
                ("agent.tool_schemas.fetch", ()),
                ("agent.system_prompt.build", ()),
                iteration_with_tool,
                ("agent.iteration", (("chat scripted", ()),)),
                ("agent.conversation.save", ()),
            ),
        )
    ]
    spans = otel.spans()
    assert len({s.context.trace_id for s in spans if s.context}) == 1
    for span in spans:  # children start after and end before their parent
        parent = next((p for p in spans if span.parent and p.context == span.parent), None)
        if parent is not None:
            assert parent.start_time is not None and span.start_time is not None
            assert parent.start_time <= span.start_time
            assert span.end_time is not None and parent.end_time is not None
            assert span.end_time <= parent.end_time


async def test_a_slash_command_answered_by_the_workflow_handler_has_its_span(otel: Otel) -> None:
    agent, llm = make_agent([], observability_provider=otel.provider(), name="geo")
    await agent.run("/help")
    assert llm.requests == []
    assert otel.tree() == [
        (
            "invoke_agent geo",
            (
                ("agent.user_resolution", ()),
                ("agent.conversation.load", ()),
                ("agent.workflow_handler.try_handle", ()),
            ),
        )
    ]
    (span,) = [s for s in otel.spans() if s.name == "agent.workflow_handler.try_handle"]
    assert span.attributes is not None and span.attributes["should_skip_llm"] is True


async def test_genai_attributes_on_agent_chat_and_tool_spans(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Paris"}, call_id="c1"), text_reply("2.1 million")],
        observability_provider=otel.provider(),
        name="geo",
    )
    result = await agent.run("How many people live in Paris?")

    root = otel.span("invoke_agent geo")
    assert root.kind is SpanKind.INTERNAL
    assert dict(root.attributes or {}) == {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "geo",
        "gen_ai.conversation.id": result.conversation_id,
        "user_id": "default",
        "tool_iterations": 2,
        "hit_tool_limit": False,
    }
    chats = [s for s in otel.spans() if s.name == "chat scripted"]
    assert [s.kind for s in chats] == [SpanKind.CLIENT, SpanKind.CLIENT]
    assert dict(chats[0].attributes or {}) == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "scripted",
        "gen_ai.request.model": "scripted",
        "gen_ai.response.model": "scripted",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
        "gen_ai.response.finish_reasons": ("tool_calls",),
        "stream": False,
    }
    assert (chats[1].attributes or {})["gen_ai.response.finish_reasons"] == ("stop",)
    assert dict(otel.span("execute_tool lookup").attributes or {}) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.call.id": "c1",
        "gen_ai.tool.type": "function",
        "arg_count": 1,
        "success": True,
    }
    assert all(s.status.status_code is StatusCode.UNSET for s in otel.spans())


async def test_a_streamed_model_call_is_a_chat_span_too(otel: Otel) -> None:
    agent, _ = make_agent(
        [text_reply("Hello there")], stream=True, observability_provider=otel.provider()
    )
    await agent.run("hi")
    chat = otel.span("chat scripted")
    attributes = dict(chat.attributes or {})
    assert attributes["stream"] is True
    assert attributes["content_length"] == len("Hello there")
    assert attributes["gen_ai.usage.output_tokens"] == 5


async def test_a_failing_tool_marks_its_span(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("explode", {"city": "Oslo"}, call_id="c9"), text_reply("sorry")],
        tool_registry=ToolRegistry([explode]),
        observability_provider=otel.provider(),
    )
    result = await agent.run("Oslo?")
    assert result.text == "sorry"  # the turn goes on: the model reads the failure

    span = otel.span("execute_tool explode")
    assert span.status.status_code is StatusCode.ERROR
    assert span.status.description is None  # the message could quote user data
    attributes = dict(span.attributes or {})
    assert attributes["error.type"] == "ValueError"
    assert attributes["success"] is False
    assert "error" not in attributes
    assert otel.span("invoke_agent agent").status.status_code is StatusCode.UNSET


async def test_a_refused_tool_call_is_a_tool_error(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("no_such_tool", {}, call_id="c2"), text_reply("ok")],
        observability_provider=otel.provider(),
    )
    await agent.run("go")
    span = otel.span("execute_tool no_such_tool")
    assert span.status.status_code is StatusCode.ERROR
    assert (span.attributes or {})["error.type"] == "tool_error"


async def test_a_failed_model_call_marks_the_chat_and_agent_spans(otel: Otel) -> None:
    agent, _ = make_agent(
        [LlmError("upstream said 500", status_code=500)], observability_provider=otel.provider()
    )
    with pytest.raises(TurnFailedError):
        await agent.run("hi")

    chat = otel.span("chat scripted")
    assert chat.status.status_code is StatusCode.ERROR
    assert (chat.attributes or {})["error.type"] == "LlmError"
    assert "gen_ai.response.model" not in (chat.attributes or {})
    root = otel.span("invoke_agent agent")
    assert root.status.status_code is StatusCode.ERROR
    assert (root.attributes or {})["error.type"] == "LlmError"
    error = otel.span("agent.send_message.error")
    assert error.parent is not None and root.context is not None
    assert error.parent.span_id == root.context.span_id
    assert dict(error.attributes or {}) == {
        "error_type": "LlmError",
        "conversation_id": (root.attributes or {})["gen_ai.conversation.id"],
        "error.type": "LlmError",
    }
    failed = otel.histogram_sums("gen_ai.client.operation.duration", "error.type")
    assert list(failed) == ["LlmError"]


async def test_token_usage_and_operation_duration_metrics(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Paris"}), text_reply("done", output_tokens=7)],
        observability_provider=otel.provider(),
    )
    await agent.run("Paris?")

    tokens = otel.points("gen_ai.client.token.usage")
    by_type = {}
    for point in tokens:
        assert isinstance(point, HistogramDataPoint)
        attributes = dict(point.attributes or {})
        assert attributes["gen_ai.operation.name"] == "chat"
        assert attributes["gen_ai.provider.name"] == "scripted"
        assert attributes["gen_ai.request.model"] == "scripted"
        by_type[attributes["gen_ai.token.type"]] = (point.count, point.sum)
    assert by_type == {"input": (2, 20), "output": (2, 12)}
    durations = otel.points("gen_ai.client.operation.duration")
    assert [p.count for p in durations] == [2]
    assert 0 < durations[0].sum < 5  # seconds, not milliseconds


async def test_reference_metrics_become_histograms_and_counters(otel: Otel) -> None:
    provider = otel.provider()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Paris"}), text_reply("done")],
        observability_provider=provider,
    )
    await agent.run("Paris?")
    await provider.record_metric("agent.error.count", 1, "count", {"error_type": "Boom"})
    await provider.record_metric("agent.error.count", 2, "count", {"error_type": "Boom"})

    tools = otel.points("agent.tool.duration")
    assert [(dict(p.attributes or {}), p.count) for p in tools] == [
        ({"tool": "lookup", "success": "True"}, 1)
    ]
    messages = otel.points("agent.message.duration")
    assert [dict(p.attributes or {}) for p in messages] == [{"hit_tool_limit": "False"}]
    errors = otel.points("agent.error.count")
    assert all(isinstance(p, NumberDataPoint) for p in errors)
    assert [(dict(p.attributes or {}), p.value) for p in errors] == [({"error_type": "Boom"}, 3)]


async def test_no_message_content_in_any_attribute_by_default(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("explode", {"city": SECRET}), text_reply(f"Answer: {SECRET}")],
        tool_registry=ToolRegistry([explode]),
        observability_provider=otel.provider(),
    )
    await agent.run(f"Tell me: {SECRET}")
    for span in otel.spans():
        for key, value in (span.attributes or {}).items():
            assert "0000" not in str(value), (span.name, key)
            assert not key.startswith(("gen_ai.input", "gen_ai.output", "gen_ai.tool.call.arg"))
        assert "0000" not in str(span.status.description)
        assert not span.events


async def test_content_is_captured_when_opted_in(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Paris"}, call_id="c1"), text_reply("2.1 million")],
        observability_provider=otel.provider(capture_content=True),
    )
    await agent.run("How many in Paris?")

    first_chat = [s for s in otel.spans() if s.name == "chat scripted"][0]
    attributes = dict(first_chat.attributes or {})
    assert json.loads(str(attributes["gen_ai.input.messages"])) == [
        {"role": "user", "parts": [{"type": "text", "content": "How many in Paris?"}]}
    ]
    instructions = json.loads(str(attributes["gen_ai.system_instructions"]))
    assert instructions[0]["type"] == "text" and instructions[0]["content"]
    assert json.loads(str(attributes["gen_ai.output.messages"])) == [
        {
            "role": "assistant",
            "parts": [
                {"type": "tool_call", "id": "c1", "name": "lookup", "arguments": {"city": "Paris"}}
            ],
            "finish_reason": "tool_calls",
        }
    ]
    tool_span = dict(otel.span("execute_tool lookup").attributes or {})
    assert json.loads(str(tool_span["gen_ai.tool.call.arguments"])) == {"city": "Paris"}
    assert tool_span["gen_ai.tool.call.result"] == "Paris: 2.1 million"
    second_chat = [s for s in otel.spans() if s.name == "chat scripted"][1]
    history = json.loads(str((second_chat.attributes or {})["gen_ai.input.messages"]))
    assert history[-1] == {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "c1", "response": "Paris: 2.1 million"}],
    }


async def test_a_failing_tool_with_content_capture_describes_the_error(otel: Otel) -> None:
    agent, _ = make_agent(
        [tool_call_reply("explode", {"city": "Oslo"}), text_reply("sorry")],
        tool_registry=ToolRegistry([explode]),
        observability_provider=otel.provider(capture_content=True),
    )
    await agent.run("Oslo?")
    span = otel.span("execute_tool explode")
    assert span.status.description == "Tool 'explode' failed: ValueError: no data for Oslo"


async def test_the_turn_nests_under_the_callers_current_span(otel: Otel) -> None:
    agent, _ = make_agent([text_reply("hi")], observability_provider=otel.provider())
    tracer = otel.tracer_provider.get_tracer("server")
    with tracer.start_as_current_span("POST /chat"):
        await agent.run("hello")
    assert otel.tree()[0][0] == "POST /chat"
    assert [name for name, _ in otel.tree()[0][1]] == ["invoke_agent agent"]


async def test_concurrent_turns_get_separate_traces(otel: Otel) -> None:
    agent, _ = make_agent(
        [text_reply("a"), text_reply("b"), text_reply("c")],
        observability_provider=otel.provider(),
        config=AgentConfig(),
    )
    await asyncio.gather(*(agent.run(f"q{i}") for i in range(3)))
    roots = otel.tree()
    assert [name for name, _ in roots] == ["invoke_agent agent"] * 3
    for _, children in roots:
        assert [name for name, _ in children].count("agent.iteration") == 1
    assert len({s.context.trace_id for s in otel.spans() if s.context}) == 3


async def test_parallel_tool_calls_each_get_their_span_and_hooks(otel: Otel) -> None:
    calls = [
        ToolCall(id="a", name="lookup", arguments={"city": "Rome"}),
        ToolCall(id="b", name="lookup", arguments={"city": "Oslo"}),
    ]
    agent, _ = make_agent(
        [LlmResponse(tool_calls=calls, finish_reason="tool_calls"), text_reply("done")],
        observability_provider=otel.provider(),
        lifecycle_hooks=[AuditHook()],
    )
    await agent.run("Rome and Oslo?")
    first_iteration = [c for c in otel.tree()[0][1] if c[0] == "agent.iteration"][0]
    hooks = (("agent.hook.before_tool", ()), ("agent.hook.after_tool", ()))
    assert first_iteration == (
        "agent.iteration",
        (("chat scripted", ()), ("execute_tool lookup", hooks), ("execute_tool lookup", hooks)),
    )
    tool_spans = [s for s in otel.spans() if s.name == "execute_tool lookup"]
    assert sorted(str((s.attributes or {})["gen_ai.tool.call.id"]) for s in tool_spans) == [
        "a",
        "b",
    ]
    for tool_span in tool_spans:  # each hook span sits under the span of its own call
        children = [s for s in otel.spans() if s.parent and s.parent == tool_span.context]
        assert len(children) == 2
