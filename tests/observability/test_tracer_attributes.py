"""What the Tracer gives providers: the reference attributes plus the GenAI inputs."""

from __future__ import annotations

import pytest

from hookline import (
    LlmError,
    ScriptedLlmService,
    ToolRegistry,
    TurnFailedError,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.extensions.instrumentation import provider_name
from tests.conftest import make_agent
from tests.observability.recording import RecordingProvider


@tool
async def explode() -> str:
    """Always fails."""
    raise KeyError("gone")


async def test_reference_attributes_stay_as_they_are_and_details_carry_the_rest() -> None:
    provider = RecordingProvider()
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Rome"}, call_id="c1"), text_reply("ok")],
        observability_provider=provider,
        name="geo",
    )
    result = await agent.run("Rome?")

    (root,) = provider.named("agent.send_message")
    assert root.attributes == {
        "user_id": "default",
        "conversation_id": result.conversation_id,
        "tool_iterations": 2,
        "hit_tool_limit": False,
    }
    assert root.details == {"agent_name": "geo", "failed": False}
    first_llm = provider.named("llm.request")[0]
    assert first_llm.attributes == {"model": "scripted", "stream": False}
    assert first_llm.details == {
        "provider": "scripted",
        "request_model": "scripted",
        "content_length": 0,
        "tool_call_count": 1,
        "finish_reason": "tool_calls",
        "input_tokens": 10,
        "output_tokens": 5,
    }
    (tool_span,) = provider.named("agent.tool.execute")
    assert tool_span.attributes == {
        "tool": "lookup",
        "arg_count": 1,
        "success": True,
        "error": None,
    }
    assert tool_span.details["tool_call_id"] == "c1"
    assert "error_type" not in tool_span.details
    (iteration, _) = provider.named("agent.iteration")
    assert iteration.attributes == {"iteration": 1}
    assert iteration.details == {}


async def test_content_reaches_spans_only_for_a_provider_that_asks() -> None:
    script = [tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok")]
    quiet, curious = RecordingProvider(), RecordingProvider(capture_content=True)
    for provider in (quiet, curious):
        agent, _ = make_agent(list(script), observability_provider=provider)
        await agent.run("Rome?")
    content = {"llm_request", "llm_response", "tool_arguments", "tool_result"}
    assert all(content.isdisjoint([*span.attributes, *span.details]) for span in quiet.ended)
    llm = curious.named("llm.request")[0]
    assert llm.details["llm_request"].messages[-1].content == "Rome?"
    assert content.isdisjoint(llm.attributes)
    assert curious.named("agent.tool.execute")[0].details["tool_arguments"] == {"city": "Rome"}


async def test_a_tool_exception_is_reported_by_type() -> None:
    provider = RecordingProvider()
    agent, _ = make_agent(
        [tool_call_reply("explode", {}), text_reply("ok")],
        tool_registry=ToolRegistry([explode]),
        observability_provider=provider,
    )
    await agent.run("go")
    (span,) = provider.named("agent.tool.execute")
    assert span.details["error_type"] == "KeyError"
    assert span.attributes["success"] is False


async def test_a_model_error_ends_the_llm_span_with_its_type() -> None:
    provider = RecordingProvider()
    agent, _ = make_agent([LlmError("down")], observability_provider=provider)
    with pytest.raises(TurnFailedError):
        await agent.run("hi")
    (llm,) = provider.named("llm.request")
    assert llm.attributes["error"] == "LlmError"
    assert provider.named("agent.send_message")[0].details["error"] == "LlmError"
    assert ("llm.request", "agent.iteration") in provider.tree()
    assert [m.name for m in provider.metrics].count("llm.request.duration") == 1


@pytest.mark.parametrize(
    ("service", "expected"),
    [
        (ScriptedLlmService([]), "scripted"),
        (type("OpenAILlmService", (ScriptedLlmService,), {})([]), "openai"),
        (
            type("Custom", (ScriptedLlmService,), {"provider_name": "aws.bedrock"})([]),
            "aws.bedrock",
        ),
    ],
    ids=["scripted", "class-name", "explicit"],
)
def test_provider_name(service: object, expected: str) -> None:
    assert provider_name(service) == expected
