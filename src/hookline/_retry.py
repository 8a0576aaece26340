"""The one failure-handling core of hookline: ``retry_call`` and its decisions.

Every public way of handling a failed model or tool call is a thin adapter that
brings only its *decision*, ``decide(error, attempt)``; this loop does the rest
(calling again, waiting, answering instead, giving up, and one log line per decision
on the ``hookline.recovery`` logger):

==============================  ==========================================  =================
adapter                         its decision                                where
==============================  ==========================================  =================
``RetryMiddleware``             a backoff delay while ``retry_on`` agrees   middleware/retry.py
``ModelFallbackMiddleware``     the next model at once (each try another)   middleware/fallback.py
``ErrorRecoveryStrategy``       RETRY: a delay; FALLBACK/SKIP: an answer;   extensions/recovery.py
                                FAIL: raises ``RecoveryFailedError``
``on_tool_error``               the ``ToolErrorEvent`` handlers' answer     agent/tool_errors.py
``on_model_error``              the ``ModelErrorEvent`` handlers' answer    agent/model_step.py
==============================  ==========================================  =================

A decision is a delay in seconds (call again after it), an ``Answer`` (use its value
instead of the failure) or None (give up: the error is raised again, or the failed
result returned).  The providers' SDKs retry on their own, configured by their
``max_retries`` keyword, not by this loop.

Example::

    async def decide(error: Exception, attempt: int) -> float | None:
        return 0.5 * attempt if attempt < 3 and is_transient(error) else None

    response = await retry_call(lambda: call_next(request), decide, what="model call")
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from hookline.tools.result import ToolResult

__all__ = ["Answer", "Decide", "answer_once", "at_once", "retry_call", "tool_failure"]

logger = logging.getLogger("hookline.recovery")

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Answer(Generic[T]):
    """A decision: use ``value`` instead of the failed call (no further try)."""

    value: T


Decide = Callable[[Exception, int], Awaitable[float | Answer[T] | None]]
"""``decide(error, attempt)`` (``attempt`` counts from 1): seconds to wait before the
next try, an ``Answer`` to use instead, or None to give up.  It may raise instead (an
``ErrorRecoveryStrategy`` that answers FAIL): that error goes on."""


def tool_failure(result: ToolResult) -> Exception | None:
    """The exception a failed tool result keeps (the registry catches the tool's), or None."""
    error = result.exception
    return None if result.success or not isinstance(error, Exception) else error


def _never_failed(result: object) -> Exception | None:
    return None


async def at_once(seconds: float) -> None:
    """A ``sleep`` for adapters that try again without waiting (the next fallback model)."""


async def retry_call(
    call: Callable[[], Awaitable[T]],
    decide: Decide[T],
    *,
    failure: Callable[[T], Exception | None] = _never_failed,
    catch: type[Exception] | tuple[type[Exception], ...] = Exception,
    passthrough: tuple[type[Exception], ...] = (),
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    what: str = "call",
) -> T:
    """Calls ``call()`` until it succeeds, ``decide`` answers instead, or it gives up.

    A failure is an exception of type ``catch`` raised by the call (never one of
    ``passthrough``: those go on undecided), or a result for which ``failure(result)``
    returns an exception (a failed ``ToolResult``).  ``decide(error, attempt)``
    returns the seconds to ``sleep`` before trying again, an ``Answer`` whose value is
    returned, or None: then the exception is raised again, or the failed result
    returned.  ``what`` names the call in the log (``"model call"``, ``"tool f"``).
    """
    attempt = 1
    while True:
        try:
            result = await call()
        except passthrough:
            raise
        except catch as error:
            decision = _logged(await decide(error, attempt), error, attempt, what)
            if decision is None:
                raise
        else:
            failed = failure(result)
            if failed is None:
                return result
            decision = _logged(await decide(failed, attempt), failed, attempt, what)
            if decision is None:
                return result
        if isinstance(decision, Answer):
            return decision.value
        await sleep(decision)
        attempt += 1


async def answer_once(error: Exception, decide: Decide[T], *, what: str = "call") -> T | None:
    """The decision on a failure the caller cannot try again (a streamed model call whose
    deltas were shown: ``on_model_error``): the ``Answer``'s value, or None to let the
    error go on.  A delay asks for a second try this caller cannot make: None too."""
    decision = _logged(await decide(error, 1), error, 1, what)
    return decision.value if isinstance(decision, Answer) else None


def _logged(
    decision: float | Answer[T] | None, error: Exception, attempt: int, what: str
) -> float | Answer[T] | None:
    """``decision``, logged: one line per decision, the same for every adapter."""
    kind = type(error).__name__
    if decision is None:
        logger.info("%s failed (%s), attempt %d: not recovered", what, kind, attempt)
    elif isinstance(decision, Answer):
        logger.info("%s failed (%s), attempt %d: answered instead", what, kind, attempt)
    else:
        logger.warning("%s failed (%s), attempt %d: retry in %.2f s", what, kind, attempt, decision)
    return decision
