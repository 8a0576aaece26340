"""The turn every library runs: the model calls one constant tool, then answers.

Each adapter (``peer_<library>.py``) implements it with that library's own
extension points: a scripted model that asks for the ``constant`` tool when
the last message is the user's, and answers with ``ANSWER`` once the tool
result is in; a ``constant`` tool returning ``TOOL_RESULT``; and ``hooks``
no-op hooks of the library's kind.  No network, no real model.

An adapter module defines ``LABEL`` (the row name), ``IMPORT`` (the import
statement timed in a fresh interpreter), ``version()`` and
``build(hooks: int) -> Turn``; ``Turn`` runs one whole turn in a new
conversation and returns the final text.  ``CALLS`` counts tool executions.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeAlias

QUESTION = "What is the constant?"
ANSWER = "The constant is 42."
TOOL_NAME = "constant"
TOOL_RESULT = "42"
CALL_ID = "call_1"

Turn: TypeAlias = Callable[[], Awaitable[str]]


class Calls:
    """How many times the constant tool ran (the worker checks one per turn)."""

    count = 0

    @classmethod
    def tool_ran(cls) -> str:
        cls.count += 1
        return TOOL_RESULT
