"""OpenAILlmService over real HTTP: the official SDK against fakellm, through a proxy."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any

import openai
import pytest

from hookline import Agent, AgentConfig, LlmError, User
from hookline.llm import (
    LlmMessage,
    LlmRequest,
    OpenAILlmService,
    ProviderConfigError,
    ToolCall,
    Usage,
)
from hookline.llm.models import TOOL_CHOICE_KEY, LlmStreamChunk
from tests.llm.conftest import Ticker, WeatherTool
from tests.llm.fake_servers import CannedResponse, RecordingProxy, free_port

PATH = "/v1/chat/completions"
USAGE = {"prompt_tokens": 12, "completion_tokens": 7, "total_tokens": 19}


def service(proxy: RecordingProxy, **options: Any) -> OpenAILlmService:
    return OpenAILlmService(
        "gpt-4o-mini", api_key="test-key", base_url=proxy.url + "/v1", max_retries=0, **options
    )


def ask(text: str, weather: WeatherTool | None = None) -> LlmRequest:
    schemas = [weather.tool_schema()] if weather else None
    return LlmRequest(
        messages=[LlmMessage(role="user", content=text)], system_prompt="Be brief.", tools=schemas
    )


async def collect(llm: OpenAILlmService, request: LlmRequest) -> list[LlmStreamChunk]:
    return [chunk async for chunk in llm.stream_request(request)]


def completion(message: dict[str, Any], finish_reason: str = "stop") -> dict[str, Any]:
    return {
        "id": "chatcmpl-canned",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o-mini",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": USAGE,
    }


def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-canned",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o-mini",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }


def call_delta(index: int, arguments: str, **start: str) -> dict[str, Any]:
    function: dict[str, str] = {"arguments": arguments}
    if "name" in start:
        function["name"] = start["name"]
    entry: dict[str, Any] = {"index": index, "function": function}
    if "id" in start:
        entry |= {"id": start["id"], "type": "function"}
    return {"tool_calls": [entry]}


# -- tool calls ----------------------------------------------------------------------


async def test_non_streamed_tool_call_and_request_shape(
    proxy: RecordingProxy, weather: WeatherTool
) -> None:
    response = await service(proxy).send_request(ask("What's the weather in Lisbon?", weather))

    assert response.finish_reason == "tool_calls"
    assert response.content is None
    [call] = response.tool_calls or []
    assert (call.name, call.arguments, call.raw_arguments) == (
        "get_weather",
        {"city": "Lisbon", "unit": "celsius"},
        None,
    )
    assert call.id.startswith("call_")
    assert response.model == "gpt-4o-mini"
    assert response.usage is not None
    assert response.usage.input_tokens > 0
    [body] = proxy.bodies(PATH)
    assert body["model"] == "gpt-4o-mini"
    assert body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "What's the weather in Lisbon?"},
    ]
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": weather.tool.description,
                "parameters": weather.tool_schema().parameters,
            },
        }
    ]
    assert "stream" not in body
    assert proxy.requests[0].headers["authorization"] == "Bearer test-key"


async def test_streamed_tool_call_arrives_complete_in_the_last_chunk(
    proxy: RecordingProxy, weather: WeatherTool
) -> None:
    chunks = await collect(service(proxy), ask("What's the weather in Lisbon?", weather))

    assert all(c.tool_calls is None for c in chunks[:-1])
    final = chunks[-1]
    [call] = final.tool_calls or []
    assert (call.name, call.arguments) == ("get_weather", {"city": "Lisbon", "unit": "celsius"})
    assert final.finish_reason == "tool_calls"
    [body] = proxy.bodies(PATH)
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}


async def test_streamed_text_arrives_in_deltas(proxy: RecordingProxy) -> None:
    chunks = await collect(service(proxy), ask("hello there"))

    pieces = [c.content for c in chunks if c.content]
    assert len(pieces) > 1
    assert "".join(pieces) == "Hi there from fakellm."
    assert chunks[-1].finish_reason == "stop"


async def test_stream_assembles_argument_deltas_usage_and_invalid_json(
    proxy: RecordingProxy,
) -> None:
    proxy.canned.append(
        CannedResponse.sse(
            [
                (None, chunk({"role": "assistant"})),
                (None, chunk(call_delta(0, "", id="call_a", name="get_weather"))),
                (None, chunk(call_delta(0, '{"city": "Li'))),
                (None, chunk(call_delta(0, 'sbon"}'))),
                (None, chunk(call_delta(1, '{"city": "Po', id="call_b", name="get_weather"))),
                (None, chunk({}, finish_reason="tool_calls")),
                (None, {**chunk({}), "choices": [], "usage": USAGE}),
                (None, "[DONE]"),
            ]
        )
    )

    chunks = await collect(service(proxy), ask("anything"))

    assert [c.tool_calls for c in chunks] == [
        [
            ToolCall(id="call_a", name="get_weather", arguments={"city": "Lisbon"}),
            ToolCall(id="call_b", name="get_weather", raw_arguments='{"city": "Po'),
        ]
    ]
    assert chunks[-1].usage == Usage(input_tokens=12, output_tokens=7)
    assert chunks[-1].finish_reason == "tool_calls"


async def test_invalid_json_arguments_are_kept_raw(proxy: RecordingProxy) -> None:
    call = {"id": "call_x", "type": "function", "function": {"name": "f", "arguments": "{oops"}}
    proxy.canned.append(
        CannedResponse.json(completion({"role": "assistant", "tool_calls": [call]}, "tool_calls"))
    )

    response = await service(proxy).send_request(ask("anything"))

    assert response.tool_calls == [ToolCall(id="call_x", name="f", raw_arguments="{oops")]
    assert response.usage == Usage(input_tokens=12, output_tokens=7)


@pytest.mark.parametrize(
    ("reason", "expected"),
    [("length", "length"), ("content_filter", "content_filter"), ("stop", "stop")],
    ids=["length", "content_filter", "stop"],
)
async def test_finish_reasons(proxy: RecordingProxy, reason: str, expected: str) -> None:
    message = {"role": "assistant", "content": "partial"}
    proxy.canned.append(CannedResponse.json(completion(message, reason)))

    response = await service(proxy).send_request(ask("anything"))

    assert (response.content, response.finish_reason) == ("partial", expected)


async def test_history_goes_back_in_openai_shape(proxy: RecordingProxy) -> None:
    history = [
        LlmMessage(role="user", content="Weather?"),
        LlmMessage(
            role="assistant",
            tool_calls=[
                ToolCall(id="c1", name="get_weather", arguments={"city": "Lisbon"}),
                ToolCall(id="c2", name="get_weather", raw_arguments="{broken"),
            ],
        ),
        LlmMessage(role="tool", tool_call_id="c1", content="18 C"),
        LlmMessage(role="tool", tool_call_id="c2", content="error: invalid arguments"),
    ]
    request = LlmRequest(messages=history, temperature=0.2, max_tokens=50)

    await service(proxy).send_request(request)

    [body] = proxy.bodies(PATH)
    assert body["messages"][1:] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Lisbon"}'},
                },
                {
                    "id": "c2",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": "{broken"},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "18 C"},
        {"role": "tool", "tool_call_id": "c2", "content": "error: invalid arguments"},
    ]
    assert (body["temperature"], body["max_tokens"]) == (0.2, 50)


async def test_reasoning_of_compatible_servers_is_surfaced_as_thinking(
    proxy: RecordingProxy,
) -> None:
    message = {"role": "assistant", "content": "4", "reasoning_content": "2 and 2 make 4."}
    proxy.canned.append(CannedResponse.json(completion(message)))
    proxy.canned.append(
        CannedResponse.sse(
            [
                (None, chunk({"role": "assistant", "reasoning_content": "Adding."})),
                (None, chunk({"content": "4"}, finish_reason="stop")),
                (None, "[DONE]"),
            ]
        )
    )
    llm = service(proxy)

    response = await llm.send_request(ask("2 + 2?"))
    chunks = await collect(llm, ask("2 + 2?"))

    assert (response.thinking, response.content) == ("2 and 2 make 4.", "4")
    assert [(c.thinking, c.content) for c in chunks[:-1]] == [("Adding.", None), (None, "4")]


def test_a_missing_key_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)

    with pytest.raises(ProviderConfigError, match="set OPENAI_API_KEY"):
        OpenAILlmService("gpt-4o-mini")


async def test_close_closes_only_its_own_client(proxy: RecordingProxy) -> None:
    owned = service(proxy)
    shared = openai.AsyncOpenAI(api_key="k", base_url=proxy.url + "/v1")
    borrowing = OpenAILlmService("gpt-4o-mini", client=shared)

    await owned.close()
    await borrowing.close()

    assert owned.client.is_closed()
    assert not shared.is_closed()
    await shared.close()


def test_max_tokens_parameter_depends_on_the_server() -> None:
    official = OpenAILlmService("gpt-4o-mini", api_key="k")
    compatible = OpenAILlmService("llama3.2", base_url="http://127.0.0.1:1/v1")

    assert official.max_tokens_param == "max_completion_tokens"
    assert compatible.max_tokens_param == "max_tokens"


# -- the tool loop through Agent.run ---------------------------------------------------


@pytest.mark.parametrize("stream", [False, True], ids=["send", "stream"])
async def test_agent_runs_the_tool_loop(
    proxy: RecordingProxy, weather: WeatherTool, user: User, stream: bool
) -> None:
    agent = Agent(service(proxy), tool_registry=weather.registry, config=AgentConfig(stream=stream))

    result = await agent.run("What's the weather in Lisbon?", user=user)

    assert result.text == "It is sunny in Lisbon."
    assert weather.cities == ["Lisbon"]
    assert [call.name for call in result.tool_calls] == ["get_weather"]
    conversation = await agent.conversation_store.get_conversation(result.conversation_id, user)
    assert conversation is not None
    stored = conversation.messages
    assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
    call_id = result.tool_calls[0].id
    assert stored[1].tool_calls == result.tool_calls
    assert stored[2].tool_call_id == call_id
    assert (stored[2].content or "").startswith("WEATHER-RESULT Lisbon")
    assert stored[3].content == "It is sunny in Lisbon."
    first, second = proxy.bodies(PATH)
    assert first["messages"][0]["role"] == "system"
    assert "get_weather" in first["messages"][0]["content"]
    assert [m["role"] for m in second["messages"]] == ["system", "user", "assistant", "tool"]
    assert second["messages"][2]["tool_calls"][0]["id"] == call_id
    arguments = second["messages"][2]["tool_calls"][0]["function"]["arguments"]
    assert json.loads(arguments) == {"city": "Lisbon", "unit": "celsius"}
    assert second["messages"][3] == {
        "role": "tool",
        "tool_call_id": call_id,
        "content": stored[2].content,
    }
    assert second["tools"] == first["tools"]


async def test_agent_sends_parallel_tool_results(
    proxy: RecordingProxy, weather: WeatherTool, user: User
) -> None:
    agent = Agent(service(proxy), tool_registry=weather.registry)

    result = await agent.run("Compare Lisbon and Porto", user=user)

    assert sorted(weather.cities) == ["Lisbon", "Porto"]
    assert result.text == "It is sunny in Lisbon."
    second = proxy.bodies(PATH)[1]
    roles = [m["role"] for m in second["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "tool"]
    sent_ids = [c["id"] for c in second["messages"][2]["tool_calls"]]
    assert [m["tool_call_id"] for m in second["messages"][3:]] == sent_ids


# -- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "status", "transient", "says"),
    [
        ("trigger 429", 429, True, "the model provider's rate limit or quota was reached"),
        ("trigger 500", 500, True, "the model provider had a server error"),
        ("trigger 400", 400, False, "the model provider rejected the request"),
    ],
    ids=["rate-limit", "server-error", "bad-request"],
)
async def test_error_statuses_map_to_llm_error(
    proxy: RecordingProxy,
    prompt: str,
    status: int,
    transient: bool,
    says: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="hookline.llm"), pytest.raises(LlmError) as caught:
        await service(proxy).send_request(ask(prompt))

    assert (caught.value.status_code, caught.value.transient) == (status, transient)
    # the class and an error id; the provider's own text only in the log, under that id
    message = re.fullmatch(
        rf"openai: {says} \(HTTP {status}, error id (err-\w+)\)", str(caught.value)
    )
    assert message is not None, str(caught.value)
    logged = [r.getMessage() for r in caplog.records if message.group(1) in r.getMessage()]
    assert len(logged) == 1 and "(fake)" in logged[0]


async def test_streamed_error_status_is_transient(proxy: RecordingProxy) -> None:
    proxy.canned.append(CannedResponse.json({"error": {"message": "overloaded"}}, status=503))

    with pytest.raises(LlmError) as caught:
        await collect(service(proxy), ask("hello"))

    assert (caught.value.status_code, caught.value.transient) == (503, True)


async def test_error_in_the_middle_of_a_stream_is_transient(proxy: RecordingProxy) -> None:
    failure = {"error": {"message": "The server had an error", "type": "server_error"}}
    proxy.canned.append(CannedResponse.sse([(None, chunk({"content": "Hi"})), (None, failure)]))

    with pytest.raises(LlmError) as caught:
        await collect(service(proxy), ask("hello"))

    assert caught.value.transient is True
    assert str(caught.value).startswith("openai: the model provider had a server error (error id")
    assert "The server had an error" in str(caught.value.__cause__)  # kept in-process


async def test_timeout_is_transient(proxy: RecordingProxy) -> None:
    proxy.canned.append(CannedResponse.json(completion({"role": "assistant"}), delay_s=2.0))

    with pytest.raises(LlmError) as caught:
        await service(proxy, timeout=0.2).send_request(ask("hello"))

    assert (caught.value.status_code, caught.value.transient) == (None, True)
    assert "the model provider did not answer in time" in str(caught.value)


async def test_connection_refused_is_transient() -> None:
    llm = OpenAILlmService(
        "m", api_key="k", base_url=f"http://127.0.0.1:{free_port()}/v1", max_retries=0
    )

    with pytest.raises(LlmError) as caught:
        await llm.send_request(ask("hello"))

    assert (caught.value.status_code, caught.value.transient) == (None, True)
    assert str(caught.value).startswith("openai: the model provider is unreachable (error id")


# -- the event loop stays free ----------------------------------------------------------


async def test_a_call_does_not_block_the_event_loop(proxy: RecordingProxy, ticker: Ticker) -> None:
    proxy.canned.append(
        CannedResponse.json(completion({"role": "assistant", "content": "late"}), delay_s=0.3)
    )
    llm = service(proxy)  # building the SDK client (TLS context...) is not the call
    await asyncio.sleep(0.02)
    before = len(ticker.ticks)

    response = await llm.send_request(ask("hello"))

    assert response.content == "late"
    assert len(ticker.ticks) - before >= 15
    assert ticker.longest_gap(since=before) < 0.2  # a blocking call: >= 0.3 s


# -- retries: the SDK's own, configured -------------------------------------------------


async def test_the_sdk_retries_a_server_error_max_retries_times(proxy: RecordingProxy) -> None:
    proxy.canned.append(CannedResponse.json({"error": {"message": "busy"}}, status=503))
    proxy.canned.append(CannedResponse.json(completion({"role": "assistant", "content": "ok"})))
    llm = OpenAILlmService("m", api_key="k", base_url=proxy.url + "/v1", max_retries=1)

    response = await llm.send_request(ask("hello"))

    assert response.content == "ok"
    assert len(proxy.bodies(PATH)) == 2
    assert OpenAILlmService("m", api_key="k").client.max_retries == 2  # the default


@pytest.mark.parametrize(
    ("choice", "sent"),
    [
        ("required", "required"),
        ({"name": "get_weather"}, {"type": "function", "function": {"name": "get_weather"}}),
    ],
    ids=["required", "named"],
)
async def test_a_forced_tool_choice_is_sent_as_openais(
    proxy: RecordingProxy, weather: WeatherTool, choice: Any, sent: Any
) -> None:
    request = ask("What's the weather in Lisbon?", weather)
    request.metadata[TOOL_CHOICE_KEY] = choice

    response = await service(proxy).send_request(request)

    assert [call.name for call in response.tool_calls or []] == ["get_weather"]
    [body] = proxy.bodies(PATH)
    assert body["tool_choice"] == sent
