"""retry_call: the one retry loop of hookline.

``RetryMiddleware`` (backoff on transient errors) and the ``ErrorRecovery``
adapter (an ``ErrorRecoveryStrategy`` decides) both run on it; each brings
only its decision.  The providers' SDKs retry on their own, configured by
their ``max_retries`` keyword, not by this loop.

Example::

    async def decide(error: Exception, attempt: int) -> float | None:
        return 0.5 * attempt if attempt < 3 and is_transient(error) else None

    response = await retry_call(lambda: call_next(request), decide)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from hookline.tools.result import ToolResult

__all__ = ["Decide", "retry_call", "tool_failure"]

T = TypeVar("T")

Decide = Callable[[Exception, int], Awaitable[float | None]]
"""``decide(error, attempt)``: seconds to wait before the next try, or None to give up."""


def tool_failure(result: ToolResult) -> Exception | None:
    """The exception a failed tool result keeps (the registry catches the tool's), or None."""
    error = result.exception
    return None if result.success or not isinstance(error, Exception) else error


def _never_failed(result: object) -> Exception | None:
    return None


async def retry_call(
    call: Callable[[], Awaitable[T]],
    decide: Decide,
    *,
    failure: Callable[[T], Exception | None] = _never_failed,
    catch: type[Exception] | tuple[type[Exception], ...] = Exception,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
) -> T:
    """Calls ``call()`` until it succeeds or ``decide`` gives up.

    A failure is an exception of type ``catch`` raised by the call, or a
    result for which ``failure(result)`` returns an exception (a failed
    ``ToolResult``).  ``decide(error, attempt)`` (``attempt`` counts from 1)
    returns the seconds to ``sleep`` before trying again, or None: then the
    exception is raised again, or the failed result returned.
    """
    attempt = 1
    while True:
        try:
            result = await call()
        except catch as error:
            delay = await decide(error, attempt)
            if delay is None:
                raise
        else:
            failed = failure(result)
            if failed is None:
                return result
            delay = await decide(failed, attempt)
            if delay is None:
                return result
        await sleep(delay)
        attempt += 1
