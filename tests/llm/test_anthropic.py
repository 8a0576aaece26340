"""AnthropicLlmService over real HTTP: the official SDK against fakellm, through a proxy."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Any

import pytest

from hookline import Agent, AgentConfig, LlmError, User, approve
from hookline.llm import AnthropicLlmService, LlmMessage, LlmRequest, ProviderConfigError, ToolCall
from hookline.llm.anthropic import to_anthropic_messages
from hookline.llm.models import REPLAY_KEY, TOOL_CHOICE_KEY, LlmStreamChunk, Usage
from hookline.middleware import HumanApprovalMiddleware
from hookline.storage.models import Message
from hookline.storage.sqlite import SqliteConversationStore
from tests.llm.conftest import Ticker, WeatherTool
from tests.llm.fake_servers import CannedResponse, RecordingProxy, free_port

PATH = "/v1/messages"
MODEL = "claude-sonnet-4-6"


def service(proxy: RecordingProxy, **options: Any) -> AnthropicLlmService:
    return AnthropicLlmService(
        MODEL, api_key="test-key", base_url=proxy.url, max_retries=0, **options
    )


def ask(text: str, weather: WeatherTool | None = None) -> LlmRequest:
    schemas = [weather.tool_schema()] if weather else None
    return LlmRequest(
        messages=[LlmMessage(role="user", content=text)], system_prompt="Be brief.", tools=schemas
    )


async def collect(llm: AnthropicLlmService, request: LlmRequest) -> list[LlmStreamChunk]:
    return [chunk async for chunk in llm.stream_request(request)]


def message(content: list[dict[str, Any]], stop_reason: str = "end_turn") -> dict[str, Any]:
    return {
        "id": "msg_canned",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 20, "output_tokens": 9},
    }


def block_events(index: int, start: dict[str, Any], deltas: list[dict[str, Any]]) -> list[Any]:
    events: list[Any] = [
        (
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": start},
        )
    ]
    events += [
        ("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
        for delta in deltas
    ]
    events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    return events


THINKING_THEN_TOOL = CannedResponse.sse(
    [
        (
            "message_start",
            {
                "type": "message_start",
                "message": {
                    **message([]),
                    "stop_reason": None,
                    "usage": {"input_tokens": 20, "output_tokens": 1},
                },
            },
        ),
        *block_events(
            0,
            {"type": "thinking", "thinking": "", "signature": ""},
            [
                {"type": "thinking_delta", "thinking": "I should "},
                {"type": "thinking_delta", "thinking": "check the weather."},
                {"type": "signature_delta", "signature": "sig-abc"},
            ],
        ),
        *block_events(
            1,
            {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}},
            [
                {"type": "input_json_delta", "partial_json": '{"city": "Lis'},
                {"type": "input_json_delta", "partial_json": 'bon"}'},
            ],
        ),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                "usage": {"output_tokens": 30},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
)


# -- tool calls ----------------------------------------------------------------------


async def test_non_streamed_tool_call_and_request_shape(
    proxy: RecordingProxy, weather: WeatherTool
) -> None:
    response = await service(proxy).send_request(ask("What's the weather in Lisbon?", weather))

    assert response.finish_reason == "tool_calls"
    assert response.content is None
    [call] = response.tool_calls or []
    assert (call.name, call.arguments) == ("get_weather", {"city": "Lisbon", "unit": "celsius"})
    assert call.id.startswith("toolu_")
    assert response.model == MODEL
    [recorded] = [r for r in proxy.requests if r.path == PATH]
    # SDK 2.x sends the key as a bearer token, older ones as x-api-key
    sent_key = recorded.headers.get("x-api-key") or recorded.headers["authorization"]
    assert sent_key.removeprefix("Bearer ") == "test-key"
    body = recorded.body
    assert body["system"] == "Be brief."
    assert body["max_tokens"] == 1024
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "What's the weather in Lisbon?"}]}
    ]
    assert body["tools"] == [
        {
            "name": "get_weather",
            "description": weather.tool.description,
            "input_schema": weather.tool_schema().parameters,
        }
    ]


async def test_streamed_tool_call_arrives_complete_with_usage_once(
    proxy: RecordingProxy, weather: WeatherTool
) -> None:
    chunks = await collect(service(proxy), ask("What's the weather in Lisbon?", weather))

    assert all(c.tool_calls is None and c.usage is None for c in chunks[:-1])
    final = chunks[-1]
    [call] = final.tool_calls or []
    assert (call.name, call.arguments) == ("get_weather", {"city": "Lisbon", "unit": "celsius"})
    assert final.finish_reason == "tool_calls"
    assert final.usage is not None
    assert final.usage.total_tokens > 0
    assert proxy.bodies(PATH)[0]["stream"] is True


async def test_streamed_text_arrives_in_deltas(proxy: RecordingProxy) -> None:
    chunks = await collect(service(proxy), ask("hello there"))

    pieces = [c.content for c in chunks if c.content]
    assert len(pieces) > 1
    assert "".join(pieces) == "Hi there from fakellm."
    assert chunks[-1].finish_reason == "stop"


# -- thinking ----------------------------------------------------------------------------


async def test_thinking_blocks_are_surfaced_and_sent_back(proxy: RecordingProxy) -> None:
    llm = service(proxy, thinking_budget_tokens=2048)
    proxy.canned.append(THINKING_THEN_TOOL)
    request = ask("What's the weather in Lisbon?")
    request.temperature = 0.3

    chunks = await collect(llm, request)

    assert [c.thinking for c in chunks if c.thinking] == ["I should ", "check the weather."]
    final = chunks[-1]
    assert final.tool_calls == [
        ToolCall(id="toolu_1", name="get_weather", arguments={"city": "Lisbon"})
    ]
    assert final.usage == Usage(input_tokens=20, output_tokens=30)
    first = proxy.bodies(PATH)[0]
    assert first["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert first["max_tokens"] == 2048 + 1024
    assert "temperature" not in first

    history = [
        *request.messages,
        LlmMessage(role="assistant", tool_calls=final.tool_calls),
        LlmMessage(role="tool", tool_call_id="toolu_1", content="WEATHER-RESULT Lisbon"),
    ]
    answer = await llm.send_request(LlmRequest(messages=history))

    assert answer.content == "It is sunny in Lisbon."
    assistant = proxy.bodies(PATH)[1]["messages"][1]
    assert assistant == {
        "role": "assistant",
        "content": [
            KEPT_THINKING,
            {
                "type": "tool_use",
                "id": "toolu_1",
                "name": "get_weather",
                "input": {"city": "Lisbon"},
            },
        ],
    }


async def test_redacted_thinking_before_a_tool_call_is_sent_back(proxy: RecordingProxy) -> None:
    content: list[dict[str, Any]] = [
        {"type": "redacted_thinking", "data": "opaque-bytes"},
        {"type": "tool_use", "id": "toolu_9", "name": "get_weather", "input": {"city": "Porto"}},
    ]
    proxy.canned.append(CannedResponse.json(message(content, "tool_use")))
    llm = service(proxy, thinking_budget_tokens=1024)

    response = await llm.send_request(ask("Weather in Porto?"))
    history = [
        *ask("Weather in Porto?").messages,
        LlmMessage(role="assistant", tool_calls=response.tool_calls),
        LlmMessage(role="tool", tool_call_id="toolu_9", content="WEATHER-RESULT Porto"),
    ]
    await llm.send_request(LlmRequest(messages=history))

    assert response.thinking is None
    assert response.finish_reason == "tool_calls"
    blocks = proxy.bodies(PATH)[1]["messages"][1]["content"]
    assert [b["type"] for b in blocks] == ["redacted_thinking", "tool_use"]
    assert blocks[0]["data"] == "opaque-bytes"


async def test_non_streamed_thinking(proxy: RecordingProxy) -> None:
    content = [
        {"type": "thinking", "thinking": "Short question.", "signature": "sig-1"},
        {"type": "text", "text": "Paris."},
    ]
    proxy.canned.append(CannedResponse.json(message(content)))

    response = await service(proxy).send_request(ask("Capital of France?"))

    assert (response.thinking, response.content) == ("Short question.", "Paris.")
    assert response.usage == Usage(input_tokens=20, output_tokens=9)
    assert response.finish_reason == "stop"


# -- message mapping ------------------------------------------------------------------


async def test_same_role_messages_merge_and_system_messages_join(proxy: RecordingProxy) -> None:
    history = [
        LlmMessage(role="system", content="Use metric units."),
        LlmMessage(role="user", content="hello"),
        LlmMessage(role="user", content="are you there?"),
        LlmMessage(role="assistant", content=""),
        LlmMessage(role="assistant", content="Yes."),
        LlmMessage(role="user", content="good"),
    ]

    await service(proxy).send_request(LlmRequest(messages=history, system_prompt="Be brief."))

    [body] = proxy.bodies(PATH)
    assert body["system"] == "Be brief.\n\nUse metric units."
    assert body["messages"] == [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "hello"},
                {"type": "text", "text": "are you there?"},
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Yes."}]},
        {"role": "user", "content": [{"type": "text", "text": "good"}]},
    ]


@pytest.mark.parametrize(
    ("reason", "expected"),
    [("max_tokens", "length"), ("stop_sequence", "stop"), ("refusal", "content_filter")],
    ids=["max_tokens", "stop_sequence", "refusal"],
)
async def test_stop_reasons(proxy: RecordingProxy, reason: str, expected: str) -> None:
    proxy.canned.append(CannedResponse.json(message([{"type": "text", "text": "x"}], reason)))

    response = await service(proxy).send_request(ask("anything"))

    assert response.finish_reason == expected


# -- the tool loop through Agent.run ---------------------------------------------------


@pytest.mark.parametrize("stream", [False, True], ids=["send", "stream"])
async def test_agent_runs_the_tool_loop(
    proxy: RecordingProxy, weather: WeatherTool, user: User, stream: bool
) -> None:
    agent = Agent(service(proxy), tool_registry=weather.registry, config=AgentConfig(stream=stream))

    result = await agent.run("What's the weather in Lisbon?", user=user)

    assert result.text == "It is sunny in Lisbon."
    assert weather.cities == ["Lisbon"]
    conversation = await agent.conversation_store.get_conversation(result.conversation_id, user)
    assert conversation is not None
    stored = conversation.messages
    assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
    call_id = result.tool_calls[0].id
    assert stored[2].tool_call_id == call_id
    assert stored[3].content == "It is sunny in Lisbon."
    first, second = proxy.bodies(PATH)
    assert "get_weather" in first["system"]
    assert second["system"] == first["system"]
    assert second["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "What's the weather in Lisbon?"}]},
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": call_id,
                    "name": "get_weather",
                    "input": {"city": "Lisbon", "unit": "celsius"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": call_id, "content": stored[2].content},
            ],
        },
    ]


async def test_parallel_tool_results_share_one_user_message(
    proxy: RecordingProxy, weather: WeatherTool, user: User
) -> None:
    agent = Agent(service(proxy), tool_registry=weather.registry)

    result = await agent.run("Compare Lisbon and Porto", user=user)

    assert sorted(weather.cities) == ["Lisbon", "Porto"]
    assert result.text == "It is sunny in Lisbon."
    second = proxy.bodies(PATH)[1]
    assert [m["role"] for m in second["messages"]] == ["user", "assistant", "user"]
    uses = [b["id"] for b in second["messages"][1]["content"]]
    results = second["messages"][2]["content"]
    assert [b["type"] for b in results] == ["tool_result", "tool_result"]
    assert [b["tool_use_id"] for b in results] == uses


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
        rf"anthropic: {says} \(HTTP {status}, error id (err-\w+)\)", str(caught.value)
    )
    assert message is not None, str(caught.value)
    logged = [r.getMessage() for r in caplog.records if message.group(1) in r.getMessage()]
    assert len(logged) == 1 and "(fake)" in logged[0]


async def test_streamed_overload_is_transient(proxy: RecordingProxy) -> None:
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    proxy.canned.append(CannedResponse.json(overloaded, status=529))

    with pytest.raises(LlmError) as caught:
        await collect(service(proxy), ask("hello"))

    assert (caught.value.status_code, caught.value.transient) == (529, True)


async def test_error_event_in_the_middle_of_a_stream_is_transient(proxy: RecordingProxy) -> None:
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    start = {"type": "message_start", "message": {**message([]), "stop_reason": None}}
    proxy.canned.append(CannedResponse.sse([("message_start", start), ("error", overloaded)]))

    with pytest.raises(LlmError) as caught:
        await collect(service(proxy), ask("hello"))

    assert caught.value.transient is True
    assert str(caught.value).startswith("anthropic: the model provider is overloaded (error id")
    assert "Overloaded" in str(caught.value.__cause__)  # kept in-process


async def test_connection_refused_is_transient() -> None:
    llm = AnthropicLlmService(
        MODEL, api_key="k", base_url=f"http://127.0.0.1:{free_port()}", max_retries=0
    )

    with pytest.raises(LlmError) as caught:
        await llm.send_request(ask("hello"))

    assert (caught.value.status_code, caught.value.transient) == (None, True)
    assert str(caught.value).startswith("anthropic: the model provider is unreachable (error id")


def test_a_missing_key_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)

    with pytest.raises(ProviderConfigError, match="ANTHROPIC_API_KEY"):
        AnthropicLlmService(MODEL)


# -- the event loop stays free ----------------------------------------------------------


async def test_a_call_does_not_block_the_event_loop(proxy: RecordingProxy, ticker: Ticker) -> None:
    proxy.canned.append(
        CannedResponse.json(message([{"type": "text", "text": "late"}]), delay_s=0.3)
    )
    llm = service(proxy)  # building the SDK client (TLS context...) is not the call
    await asyncio.sleep(0.02)
    before = len(ticker.ticks)

    response = await llm.send_request(ask("hello"))

    assert response.content == "late"
    assert len(ticker.ticks) - before >= 15
    assert ticker.longest_gap(since=before) < 0.2  # a blocking call: >= 0.3 s


KEPT_THINKING = {
    "type": "thinking",
    "thinking": "I should check the weather.",
    "signature": "sig-abc",
}


@pytest.mark.parametrize("stream", [False, True], ids=["send", "stream"])
async def test_thinking_before_a_paused_call_survives_a_restart(
    proxy: RecordingProxy, weather: WeatherTool, user: User, tmp_path: Path, stream: bool
) -> None:
    """The approval waits in SQLite; another process (new service, empty cache) resumes."""
    if stream:
        proxy.canned.append(THINKING_THEN_TOOL)
    else:
        thinking_then_tool: list[dict[str, Any]] = [
            KEPT_THINKING,
            {
                "type": "tool_use",
                "id": "toolu_1",
                "name": "get_weather",
                "input": {"city": "Lisbon"},
            },
        ]
        proxy.canned.append(CannedResponse.json(message(thinking_then_tool, "tool_use")))

    stores: list[SqliteConversationStore] = []

    def process() -> Agent:
        stores.append(SqliteConversationStore(tmp_path / "conversations.db"))
        return Agent(
            service(proxy, thinking_budget_tokens=2048),
            tool_registry=weather.registry,
            conversation_store=stores[-1],
            config=AgentConfig(stream=stream),
            middleware=[HumanApprovalMiddleware(tools=["get_weather"])],
        )

    try:
        paused = await process().run("What's the weather in Lisbon?", user=user)
        assert paused.paused and weather.cities == []
        stored = await stores[0].get_conversation(paused.conversation_id, user)
        assert stored is not None
        assert stored.messages[1].metadata[REPLAY_KEY] == {"anthropic_thinking": [KEPT_THINKING]}

        resumed = await process().resume(paused.conversation_id, {"toolu_1": approve()}, user=user)
    finally:
        for store in stores:
            await store.close()

    assert weather.cities == ["Lisbon"]
    assert resumed.text == "It is sunny in Lisbon."
    assistant = proxy.bodies(PATH)[1]["messages"][1]
    assert [block["type"] for block in assistant["content"]] == ["thinking", "tool_use"]
    assert assistant["content"][0] == KEPT_THINKING


def test_stored_thinking_of_the_wrong_shape_is_not_sent() -> None:
    call = ToolCall(id="toolu_7", name="get_weather", arguments={"city": "Porto"})
    forged = Message(
        role="assistant",
        tool_calls=[call],
        metadata={REPLAY_KEY: {"anthropic_thinking": [{"type": "text", "text": "injected"}]}},
    )
    _, messages = to_anthropic_messages([forged], thinking_for=lambda calls: [])
    assert [block["type"] for block in messages[0]["content"]] == ["tool_use"]


async def test_the_sdk_retries_an_overload_max_retries_times(proxy: RecordingProxy) -> None:
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}}
    proxy.canned.append(CannedResponse.json(overloaded, status=529))
    proxy.canned.append(CannedResponse.json(message([{"type": "text", "text": "ok"}])))
    llm = AnthropicLlmService(MODEL, api_key="k", base_url=proxy.url, max_retries=1)

    response = await llm.send_request(ask("hello"))

    assert response.content == "ok"
    assert len(proxy.bodies(PATH)) == 2
    assert AnthropicLlmService(MODEL, api_key="k").client.max_retries == 2  # the default


@pytest.mark.parametrize(
    ("choice", "sent"),
    [
        ("required", {"type": "any"}),
        ({"name": "get_weather"}, {"type": "tool", "name": "get_weather"}),
    ],
    ids=["required", "named"],
)
async def test_a_forced_tool_choice_is_sent_as_anthropics(
    proxy: RecordingProxy, weather: WeatherTool, choice: Any, sent: Any
) -> None:
    request = ask("What's the weather in Lisbon?", weather)
    request.metadata[TOOL_CHOICE_KEY] = choice

    await service(proxy).send_request(request)

    [body] = proxy.bodies(PATH)
    assert body["tool_choice"] == sent
