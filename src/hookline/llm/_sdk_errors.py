"""Mapping the official SDKs' exceptions to ``LlmError`` with ``transient`` set."""

from __future__ import annotations

from types import ModuleType

from hookline.errors import LlmError

__all__ = ["TRANSIENT_STATUSES", "is_transient_status", "to_llm_error"]

TRANSIENT_STATUSES = frozenset({408, 409, 425, 429})
"""Statuses below 500 that are worth retrying: timeout, conflict, too early, rate limit."""

TRANSIENT_ERROR_TYPES = frozenset(
    {"overloaded_error", "rate_limit_error", "api_error", "timeout_error", "server_error"}
)
"""Error types in an error event that arrives inside a stream (after HTTP 200)."""


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
    if isinstance(error, sdk.APIStatusError) and int(error.status_code) >= 400:
        status = int(error.status_code)
        return LlmError(
            f"{provider}: HTTP {status}: {_detail(error)}",
            transient=is_transient_status(status),
            status_code=status,
        )
    kind = _error_field(error, "type")  # an error event in a stream that began with 200
    return LlmError(
        f"{provider}: {kind or 'error'}: {_detail(error)}",
        transient=kind in TRANSIENT_ERROR_TYPES,
    )


def _error_field(error: Exception, name: str) -> str | None:
    body = getattr(error, "body", None)
    inner = body.get("error", body) if isinstance(body, dict) else None
    value = inner.get(name) if isinstance(inner, dict) else None
    return value if isinstance(value, str) else None


def _detail(error: Exception) -> str:
    return _error_field(error, "message") or str(getattr(error, "message", None) or error)
