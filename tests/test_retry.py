"""retry_call: the one failure-handling core (its adapters: tests/test_failure_routes.py)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import pytest

from hookline import ToolResult
from hookline._retry import Answer, Decide, answer_once, retry_call, tool_failure


class Flaky:
    """Fails ``failures`` times (raising, or returning a failed ToolResult), then succeeds."""

    def __init__(self, failures: int, *, raising: bool = True) -> None:
        self.failures = failures
        self.raising = raising
        self.calls = 0

    async def __call__(self) -> ToolResult:
        self.calls += 1
        if self.calls > self.failures:
            return ToolResult(result_for_llm="ok")
        error = ConnectionError(f"try {self.calls}")
        if self.raising:
            raise error
        return ToolResult.failure(str(error), exception=error)


def recorder(
    delays: list[float],
) -> tuple[list[tuple[str, int]], Decide[ToolResult], Callable[[float], Awaitable[None]]]:
    seen: list[tuple[str, int]] = []

    async def decide(error: Exception, attempt: int) -> float | None:
        seen.append((str(error), attempt))
        return attempt * 0.5 if attempt < 3 else None

    async def sleep(seconds: float) -> None:
        delays.append(seconds)

    return seen, decide, sleep


@pytest.mark.parametrize("raising", [True, False], ids=["raised", "failed-result"])
async def test_tries_again_while_decide_returns_a_delay(raising: bool) -> None:
    delays: list[float] = []
    seen, decide, sleep = recorder(delays)
    call = Flaky(2, raising=raising)
    result = await retry_call(call, decide, failure=tool_failure, sleep=sleep)
    assert result.result_for_llm == "ok"
    assert call.calls == 3
    assert seen == [("try 1", 1), ("try 2", 2)]
    assert delays == [0.5, 1.0]


async def test_gives_up_by_raising_or_returning_the_failed_result() -> None:
    delays: list[float] = []
    _, decide, sleep = recorder(delays)
    with pytest.raises(ConnectionError, match="try 3"):
        await retry_call(Flaky(5), decide, sleep=sleep)
    failed = await retry_call(
        Flaky(5, raising=False),
        decide,
        failure=tool_failure,
        sleep=sleep,
    )
    assert failed.error == "try 3"
    assert delays == [0.5, 1.0, 0.5, 1.0]


async def test_catch_narrows_what_is_retried() -> None:
    delays: list[float] = []
    seen, decide, sleep = recorder(delays)
    call = Flaky(1)
    with pytest.raises(ConnectionError):
        await retry_call(call, decide, catch=(), sleep=sleep)
    assert (call.calls, seen, delays) == (1, [], [])


async def test_a_failed_result_counts_only_with_failure() -> None:
    delays: list[float] = []
    seen, decide, sleep = recorder(delays)
    result = await retry_call(Flaky(1, raising=False), decide, sleep=sleep)
    assert (result.success, seen) == (False, [])


@pytest.mark.parametrize("raising", [True, False], ids=["raised", "failed-result"])
async def test_an_answer_is_returned_instead_and_ends_the_tries(raising: bool) -> None:
    async def decide(error: Exception, attempt: int) -> Answer[ToolResult]:
        return Answer(ToolResult(result_for_llm=f"instead of {error}"))

    call = Flaky(5, raising=raising)
    result = await retry_call(call, decide, failure=tool_failure)
    assert (call.calls, result.result_for_llm) == (1, "instead of try 1")


async def test_passthrough_errors_go_on_undecided() -> None:
    seen: list[Exception] = []

    async def decide(error: Exception, attempt: int) -> float:
        seen.append(error)
        return 0.0

    with pytest.raises(ConnectionError):
        await retry_call(Flaky(5), decide, passthrough=(ConnectionError,))
    assert seen == []


async def test_answer_once_takes_an_answer_and_never_a_second_try() -> None:
    async def answer(error: Exception, attempt: int) -> Answer[str]:
        return Answer(f"{error} at {attempt}")

    async def retry(error: Exception, attempt: int) -> float | Answer[str] | None:
        return 1.0

    assert await answer_once(ValueError("boom"), answer) == "boom at 1"
    assert await answer_once(ValueError("boom"), retry) is None  # a delay: no second try here


async def test_one_log_line_per_decision(caplog: pytest.LogCaptureFixture) -> None:
    delays: list[float] = []
    _, decide, sleep = recorder(delays)
    with caplog.at_level(logging.INFO, logger="hookline.recovery"):
        await retry_call(
            Flaky(5, raising=False), decide, failure=tool_failure, sleep=sleep, what="tool f"
        )
    assert [r.getMessage() for r in caplog.records] == [
        "tool f failed (ConnectionError), attempt 1: retry in 0.50 s",
        "tool f failed (ConnectionError), attempt 2: retry in 1.00 s",
        "tool f failed (ConnectionError), attempt 3: not recovered",
    ]
