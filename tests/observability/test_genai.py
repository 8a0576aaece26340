"""The pure mapping of hookline spans to GenAI names, attributes and errors."""

from __future__ import annotations

from typing import Any

import pytest

from hookline import LlmMessage, LlmRequest, LlmResponse, ToolCall
from hookline.extensions import Span
from hookline.observability import GenAiSpan, genai_span


def view(name: str, capture: bool = False, **attributes: Any) -> GenAiSpan:
    return genai_span(Span(name=name, attributes=attributes), capture_content=capture)


@pytest.mark.parametrize(
    ("name", "attributes", "expected"),
    [
        ("agent.send_message", {"agent_name": "geo"}, "invoke_agent geo"),
        ("agent.send_message", {}, "invoke_agent"),
        ("llm.request", {"model": "gpt-4o"}, "chat gpt-4o"),
        ("llm.stream", {"model": "claude", "request_model": "claude-x"}, "chat claude-x"),
        ("llm.request", {}, "chat"),
        ("agent.tool.execute", {"tool": "run_sql"}, "execute_tool run_sql"),
        ("agent.hook.before_tool", {"hook": "Audit"}, "agent.hook.before_tool"),
        ("agent.iteration", {"iteration": 1}, "agent.iteration"),
    ],
    ids=[
        "agent",
        "agent-unnamed",
        "chat",
        "chat-request-model",
        "chat-no-model",
        "tool",
        "hook",
        "iteration",
    ],
)
def test_span_names(name: str, attributes: dict[str, Any], expected: str) -> None:
    assert view(name, **attributes).name == expected


def test_hookline_spans_keep_their_attributes_as_otel_values() -> None:
    mapped = view(
        "agent.conversation.filter",
        filter="Trim",
        message_count_before=9,
        ratio=0.5,
        tags=["a", "b"],
        other={"x": 1},
        missing=None,
    )
    assert mapped.operation is None and not mapped.is_client
    assert mapped.attributes == {
        "filter": "Trim",
        "message_count_before": 9,
        "ratio": 0.5,
        "tags": ("a", "b"),
        "other": "{'x': 1}",
    }
    assert mapped.error_type is None


def test_an_adapter_error_becomes_the_error_type() -> None:
    mapped = view("agent.hook.after_tool", hook="Audit", error="TimeoutError")
    assert mapped.error_type == "TimeoutError"


def test_the_error_span_keeps_its_message_only_with_capture() -> None:
    quiet = view("agent.send_message.error", error_type="LlmError", error_message="key sk-1")
    assert quiet.error_type == "LlmError"
    assert "error_message" not in quiet.attributes and quiet.error_message is None
    loud = view("agent.send_message.error", True, error_type="LlmError", error_message="key sk-1")
    assert loud.attributes["error_message"] == "key sk-1"
    assert loud.error_message == "key sk-1"


@pytest.mark.parametrize(
    ("attributes", "expected"),
    [
        ({"success": True, "error": None, "error_type": None}, None),
        ({"success": False, "error": "boom", "error_type": "ValueError"}, "ValueError"),
        ({"success": False, "error": "blocked: no"}, "tool_error"),
        ({"error": "interrupted"}, "interrupted"),
    ],
    ids=["ok", "exception", "failed-result", "interrupted"],
)
def test_tool_error_types(attributes: dict[str, Any], expected: str | None) -> None:
    mapped = view("agent.tool.execute", tool="t", **attributes)
    assert mapped.error_type == expected
    assert "error" not in mapped.attributes


def test_chat_content_shapes() -> None:
    request = LlmRequest(
        system_prompt="Be brief.",
        messages=[
            LlmMessage(role="user", content="2+2?"),
            LlmMessage(
                role="assistant", tool_calls=[ToolCall(id="c", name="add", arguments={"a": 2})]
            ),
            LlmMessage(role="tool", content="4", tool_call_id="c"),
        ],
    )
    response = LlmResponse(content="4", finish_reason=None)
    mapped = view("llm.request", True, model="m", llm_request=request, llm_response=response)
    assert mapped.attributes["gen_ai.system_instructions"] == (
        '[{"type":"text","content":"Be brief."}]'
    )
    assert mapped.attributes["gen_ai.input.messages"] == (
        '[{"role":"user","parts":[{"type":"text","content":"2+2?"}]},'
        '{"role":"assistant","parts":[{"type":"tool_call","id":"c","name":"add",'
        '"arguments":{"a":2}}]},'
        '{"role":"tool","parts":[{"type":"tool_call_response","id":"c","response":"4"}]}]'
    )
    assert mapped.attributes["gen_ai.output.messages"] == (
        '[{"role":"assistant","parts":[{"type":"text","content":"4"}],"finish_reason":"stop"}]'
    )
    quiet = view("llm.request", model="m", llm_request=request, llm_response=response)
    assert not any("messages" in key or "instructions" in key for key in quiet.attributes)
    assert "llm_request" not in quiet.attributes


def test_details_feed_genai_attributes_but_are_not_copied() -> None:
    span = Span(
        name="llm.request",
        attributes={"model": "gpt-4o-2024", "stream": False},
        details={
            "provider": "openai",
            "request_model": "gpt-4o",
            "input_tokens": 3,
            "finish_reason": "stop",
            "content_length": 12,
        },
    )
    mapped = genai_span(span)
    assert mapped.name == "chat gpt-4o"
    assert mapped.is_client
    assert mapped.attributes == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o",
        "gen_ai.response.model": "gpt-4o-2024",
        "gen_ai.usage.input_tokens": 3,
        "gen_ai.response.finish_reasons": ("stop",),
        "stream": False,
    }
