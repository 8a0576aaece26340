"""RetryMiddleware: backoff with jitter around model and tool calls; transient errors only."""

from __future__ import annotations

import pytest

from hookline import (
    HookRegistry,
    LlmError,
    ToolRegistry,
    TurnFailedError,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import MODEL_CALL, TOOL_CALL, AfterToolCallEvent, TextDeltaEvent
from hookline.middleware import RetryMiddleware, is_transient
from tests.conftest import make_agent


def middleware(**options: object) -> tuple[RetryMiddleware, list[float]]:
    delays: list[float] = []

    async def sleep(seconds: float) -> None:
        delays.append(seconds)

    retry = RetryMiddleware(sleep=sleep, random=lambda: 1.0, **options)  # type: ignore[arg-type]
    return retry, delays


async def test_transient_model_errors_are_retried_with_growing_delays() -> None:
    retry, delays = middleware(max_attempts=4, base_delay=1.0, jitter=0.5)
    agent, llm = make_agent(
        [
            LlmError("503 unavailable", transient=True, status_code=503),
            TimeoutError(),
            ConnectionError("reset"),
            text_reply("finally"),
        ],
        middleware=[retry],
    )
    result = await agent.run("hi")
    assert result.text == "finally"
    assert len(llm.requests) == 4
    assert delays == [0.5, 1.0, 2.0]  # 1, 2, 4 seconds, half of each random (random() == 1)
    assert retry.retries == 3


async def test_non_transient_errors_fail_at_once() -> None:
    retry, delays = middleware()
    agent, llm = make_agent([LlmError("400 bad request", status_code=400)], middleware=[retry])
    with pytest.raises(TurnFailedError, match="400 bad request"):
        await agent.run("hi")
    assert len(llm.requests) == 1
    assert delays == []


async def test_gives_up_after_max_attempts() -> None:
    retry, delays = middleware(max_attempts=2)
    agent, llm = make_agent(
        [LlmError("503", transient=True), LlmError("503 again", transient=True)],
        middleware=[retry],
    )
    with pytest.raises(TurnFailedError, match="503 again"):
        await agent.run("hi")
    assert len(llm.requests) == 2
    assert len(delays) == 1


async def test_retry_on_decides_what_is_retried() -> None:
    def rate_limited(error: BaseException) -> bool:
        return isinstance(error, LlmError) and error.status_code == 429

    retry, _ = middleware(retry_on=rate_limited)
    agent, llm = make_agent(
        [LlmError("429", status_code=429), text_reply("ok")], middleware=[retry]
    )
    assert (await agent.run("hi")).text == "ok"
    assert len(llm.requests) == 2


def test_delay_is_exponential_capped_and_jittered() -> None:
    values = iter([0.0, 1.0, 0.5, 0.0])
    retry = RetryMiddleware(
        base_delay=1.0, max_delay=5.0, multiplier=3.0, jitter=0.5, random=lambda: next(values)
    )
    assert [retry.delay(n) for n in (1, 2, 3, 4)] == [1.0, 1.5, 3.75, 5.0]


ATTEMPTS: list[str] = []


@tool
async def flaky(city: str) -> str:
    """A tool whose backend drops connections twice."""
    ATTEMPTS.append(city)
    if len(ATTEMPTS) < 3:
        raise ConnectionError("connection reset by peer")
    return f"{city}: sunny"


@tool
async def broken(city: str) -> str:
    """A tool with a bug."""
    ATTEMPTS.append(city)
    raise ValueError("no such city")


async def test_a_tool_failing_with_a_transient_error_is_retried() -> None:
    ATTEMPTS.clear()
    retry, delays = middleware(base_delay=0.1)
    agent, llm = make_agent(
        [tool_call_reply("flaky", {"city": "Porto"}), text_reply("Sunny in Porto.")],
        tool_registry=ToolRegistry([flaky]),
        middleware=[retry],
    )
    attempts: list[object] = []
    agent.hooks.on(
        AfterToolCallEvent,
        lambda e: attempts.append(e.data.result.metadata.get("attempts")),
    )
    result = await agent.run("Weather in Porto?")
    assert result.text == "Sunny in Porto."
    assert ATTEMPTS == ["Porto", "Porto", "Porto"]
    assert attempts == [3]
    assert llm.requests[1].messages[-1].content == "Porto: sunny"
    assert delays == [0.05, 0.1]


async def test_a_tool_failing_with_a_bug_is_not_retried() -> None:
    ATTEMPTS.clear()
    retry, delays = middleware()
    agent, llm = make_agent(
        [tool_call_reply("broken", {"city": "Atlantis"}), text_reply("No such city.")],
        tool_registry=ToolRegistry([broken]),
        middleware=[retry],
    )
    await agent.run("Atlantis?")
    assert ATTEMPTS == ["Atlantis"]
    assert delays == []
    assert llm.requests[1].messages[-1].content == (
        "Tool 'broken' failed: ValueError: no such city"
    )


def test_a_side_left_out_adds_nothing() -> None:
    registry = HookRegistry()
    registry.add(RetryMiddleware(tools=False))
    assert registry.has_wrappers(MODEL_CALL)
    assert not registry.has_wrappers(TOOL_CALL)
    other = HookRegistry()
    other.add(RetryMiddleware(models=False))
    assert not other.has_wrappers(MODEL_CALL)
    assert other.has_wrappers(TOOL_CALL)


def test_transient_classification() -> None:
    assert is_transient(LlmError("x", transient=True))
    assert not is_transient(LlmError("x"))
    assert is_transient(TimeoutError())
    assert is_transient(ConnectionResetError())
    assert not is_transient(ValueError())


async def test_streamed_turns_retry_too() -> None:
    retry, _ = middleware()
    agent, llm = make_agent(
        [LlmError("overloaded", transient=True), text_reply("streamed after a retry")],
        stream=True,
        middleware=[retry],
    )
    deltas: list[str] = []
    agent.hooks.on(TextDeltaEvent, lambda e: deltas.append(e.data.text))
    result = await agent.run("hi")
    assert result.text == "streamed after a retry"
    assert "".join(deltas) == "streamed after a retry"
    assert all(r.stream for r in llm.requests)
