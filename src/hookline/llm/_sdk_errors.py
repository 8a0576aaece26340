"""Mapping the official SDKs' exceptions to ``LlmError`` with ``transient`` set."""

from __future__ import annotations

from types import ModuleType

from hookline.errors import LlmError

__all__ = ["TRANSIENT_STATUSES", "is_transient_status", "to_llm_error"]

TRANSIENT_STATUSES = frozenset({408, 409, 425, 429})
"""Statuses below 500 that are worth retrying: timeout, conflict, too early, rate limit."""


def is_transient_status(status: int) -> bool:
    """True for rate limits, timeouts and server errors (5xx, including 529 overloaded)."""
    return status in TRANSIENT_STATUSES or status >= 500


def to_llm_error(error: Exception, sdk: ModuleType, provider: str) -> LlmError:
    """The ``LlmError`` for an exception raised by the ``openai`` or ``anthropic`` SDK.

    Both SDKs share the class names used here (``APITimeoutError``,
    ``APIConnectionError``, ``APIStatusError``).
    """
    if isinstance(error, sdk.APITimeoutError):
        return LlmError(f"{provider}: the request timed out", transient=True)
    if isinstance(error, sdk.APIConnectionError):
        return LlmError(f"{provider}: could not connect ({error})", transient=True)
    if isinstance(error, sdk.APIStatusError):
        status = int(error.status_code)
        return LlmError(
            f"{provider}: HTTP {status}: {_detail(error)}",
            transient=is_transient_status(status),
            status_code=status,
        )
    return LlmError(f"{provider}: {error}", transient=False)


def _detail(error: Exception) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
    return str(getattr(error, "message", None) or error)
