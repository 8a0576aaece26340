"""Mapping the official SDKs' exceptions to ``LlmError`` with ``transient`` set.

A provider's own error text may quote part of the API key, name an internal host or
echo the request; it goes to the log (``hookline.llm``, secrets scrubbed) under an error
id, and the ``LlmError`` a client may read says only the class of the failure and that
id: ``openai: the model provider refused the API key (HTTP 401, error id err-…)``.
"""

from __future__ import annotations

import logging
from types import ModuleType

from hookline._error_ids import new_error_id
from hookline.errors import LlmError
from hookline.scrub import scrub_secrets

__all__ = ["TRANSIENT_STATUSES", "is_transient_status", "to_llm_error"]

logger = logging.getLogger("hookline.llm")

TRANSIENT_STATUSES = frozenset({408, 409, 425, 429})
"""Statuses below 500 that are worth retrying: timeout, conflict, too early, rate limit."""

TRANSIENT_ERROR_TYPES = frozenset(
    {"overloaded_error", "rate_limit_error", "api_error", "timeout_error", "server_error"}
)
"""Error types in an error event that arrives inside a stream (after HTTP 200)."""

UNREACHABLE = "the model provider is unreachable"
TIMED_OUT = "the model provider did not answer in time"
TOO_LONG = "the conversation is too long for the model"

_BY_STATUS = {
    400: "the model provider rejected the request",
    401: "the model provider refused the API key",
    402: "the model provider refused the request: billing or quota",
    403: "the model provider refused access to this model",
    404: "the model provider does not know this model or endpoint",
    408: TIMED_OUT,
    413: "the request is too large for the model provider",
    422: "the model provider rejected the request",
    429: "the model provider's rate limit or quota was reached",
    503: "the model provider is overloaded",
    529: "the model provider is overloaded",
}
"""What a client reads of an HTTP error status (others: 5xx a server error, 4xx refused)."""

_BY_TYPE = {
    "overloaded_error": "the model provider is overloaded",
    "rate_limit_error": _BY_STATUS[429],
    "timeout_error": TIMED_OUT,
    "authentication_error": _BY_STATUS[401],
    "permission_error": _BY_STATUS[403],
    "not_found_error": _BY_STATUS[404],
    "invalid_request_error": _BY_STATUS[400],
    "api_error": "the model provider had a server error",
    "server_error": "the model provider had a server error",
}
"""What a client reads of an error event inside a stream (after HTTP 200)."""

_TOO_LONG_HINTS = ("context_length", "context length", "maximum context", "prompt is too long")


def is_transient_status(status: int) -> bool:
    """True for rate limits, timeouts and server errors (5xx, including 529 overloaded)."""
    return status in TRANSIENT_STATUSES or status >= 500


def to_llm_error(error: Exception, sdk: ModuleType, provider: str) -> LlmError:
    """The ``LlmError`` for an exception raised by the ``openai`` or ``anthropic`` SDK.

    Its message is the class of the failure and an error id; the provider's text is
    logged under that id (raise it ``from error`` to keep the SDK's exception too).
    Both SDKs share the class names used here (``APITimeoutError``,
    ``APIConnectionError``, ``APIStatusError``).
    """
    error_id = new_error_id()
    logger.warning(
        "%s: the model call failed [%s]: %s: %s",
        provider,
        error_id,
        type(error).__name__,
        scrub_secrets(_provider_text(error)),
    )
    if isinstance(error, sdk.APITimeoutError):
        return LlmError(f"{provider}: {TIMED_OUT} (error id {error_id})", transient=True)
    if isinstance(error, sdk.APIConnectionError):
        return LlmError(f"{provider}: {UNREACHABLE} (error id {error_id})", transient=True)
    if isinstance(error, sdk.APIStatusError) and int(error.status_code) >= 400:
        status = int(error.status_code)
        return LlmError(
            f"{provider}: {_status_class(error, status)} (HTTP {status}, error id {error_id})",
            transient=is_transient_status(status),
            status_code=status,
        )
    kind = _error_field(error, "type")  # an error event in a stream that began with 200
    return LlmError(
        f"{provider}: {_type_class(kind)} (error id {error_id})",
        transient=kind in TRANSIENT_ERROR_TYPES,
    )


def _status_class(error: Exception, status: int) -> str:
    if status in (400, 413, 422) and _says_too_long(error):
        return TOO_LONG
    if status in _BY_STATUS:
        return _BY_STATUS[status]
    if status >= 500:
        return "the model provider had a server error"
    return "the model provider refused the request"


def _type_class(kind: str | None) -> str:
    return _BY_TYPE.get(kind or "", "the model provider reported an error")


def _says_too_long(error: Exception) -> bool:
    said = f"{_error_field(error, 'code') or ''} {_provider_text(error)}".lower()
    return any(hint in said for hint in _TOO_LONG_HINTS)


def _error_field(error: Exception, name: str) -> str | None:
    body = getattr(error, "body", None)
    inner = body.get("error", body) if isinstance(body, dict) else None
    value = inner.get(name) if isinstance(inner, dict) else None
    return value if isinstance(value, str) else None


def _provider_text(error: Exception) -> str:
    """What the provider said (for the log only)."""
    return _error_field(error, "message") or str(getattr(error, "message", None) or error)
