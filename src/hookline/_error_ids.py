"""Error ids: what a client sees of a failure is a generic message with an id; the details
(the exception, its text, its trace) go to the log under the same id.

Example::

    error_id = new_error_id()
    logger.error("tool %r failed [%s]", name, error_id, exc_info=exc)
    return f"The tool failed (error id {error_id})."
"""

from __future__ import annotations

import secrets

__all__ = ["new_error_id"]


def new_error_id() -> str:
    """A fresh, unguessable id such as ``err-5f0c2a9b1d3e`` to quote in a message and a log."""
    return f"err-{secrets.token_hex(6)}"
