"""retry_call: the one retry loop (RetryMiddleware and ErrorRecovery both run on it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from hookline import ToolResult
from hookline._retry import Decide, retry_call, tool_failure


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
) -> tuple[list[tuple[str, int]], Decide, Callable[[float], Awaitable[None]]]:
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
