"""Which errors are worth another try: the default of retry and fallback middleware."""

from __future__ import annotations

from hookline.errors import LlmError

__all__ = ["is_transient"]


def is_transient(error: BaseException) -> bool:
    """True for errors that may pass on another try.

    ``LlmError`` with ``transient=True`` (timeouts, rate limits, server
    errors, as providers mark them), ``TimeoutError`` (``asyncio.TimeoutError``
    is the same class) and ``ConnectionError``.

    Example::

        assert is_transient(LlmError("503", transient=True))
        assert not is_transient(ValueError("bad request"))
    """
    if isinstance(error, LlmError):
        return error.transient
    return isinstance(error, TimeoutError | ConnectionError)
