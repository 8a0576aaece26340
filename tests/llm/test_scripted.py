"""ScriptedLlmService: the project's fake model."""

from __future__ import annotations

import pytest

from hookline import (
    LlmError,
    LlmRequest,
    LlmResponse,
    LlmStreamChunk,
    ScriptedLlmService,
    text_reply,
    tool_call_reply,
)

REQUEST = LlmRequest(messages=[])


async def test_list_script_replays_in_order_and_records_requests() -> None:
    llm = ScriptedLlmService([text_reply("one"), ValueError("two"), text_reply("three")])
    assert (await llm.send_request(REQUEST)).content == "one"
    with pytest.raises(ValueError, match="two"):
        await llm.send_request(REQUEST)
    assert (await llm.send_request(REQUEST)).content == "three"
    assert llm.requests == [REQUEST] * 3
    assert llm.remaining == 0
    with pytest.raises(LlmError, match="the script has 3 steps"):
        await llm.send_request(REQUEST)


async def test_callable_script_answers_every_request() -> None:
    async def echo(request: LlmRequest) -> LlmResponse:
        return LlmResponse(content=f"{len(request.messages)} messages")

    llm = ScriptedLlmService(echo)
    assert (await llm.send_request(REQUEST)).content == "0 messages"
    assert (await llm.send_request(REQUEST)).content == "0 messages"


async def test_streaming_splits_content_and_ends_with_calls_and_usage() -> None:
    llm = ScriptedLlmService([text_reply("abcdefgh"), tool_call_reply("x", call_id="c")], chunks=3)
    text_chunks: list[LlmStreamChunk] = [c async for c in llm.stream_request(REQUEST)]
    assert [c.content for c in text_chunks] == ["abc", "def", "gh"]
    assert text_chunks[-1].usage is not None
    assert text_chunks[-1].finish_reason == "stop"
    call_chunks = [c async for c in llm.stream_request(REQUEST)]
    assert len(call_chunks) == 1
    assert call_chunks[0].tool_calls is not None
    assert call_chunks[0].tool_calls[0].id == "c"
