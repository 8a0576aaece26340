"""ToolResult: what a tool returns, for the model and for the user."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hookline.components.base import UiComponent
from hookline.scrub import scrub_secrets

__all__ = ["USER_TEXT_KEY", "ToolResult"]

USER_TEXT_KEY = "user_text"
"""The key, in a stored tool message's metadata, of the text a user may read instead of
the content the model read (a crashed tool: an error id instead of the exception)."""


@dataclass(kw_only=True, slots=True)
class ToolResult:
    """The outcome of one tool call.

    ``result_for_llm`` is what the model reads; ``ui_component`` (optional) is
    what the user sees (a table, a chart).  A failed call has
    ``success=False`` and ``error``, the text the user sees (it may say less
    than ``result_for_llm``: a crashed tool's error id, not its exception);
    ``exception`` keeps the raised exception for error recovery and is never
    serialised.

    A failed result's two texts pass through ``scrub_secrets`` when it is built:
    whatever a tool's error says (a DSN with its password, an API key), the model,
    the user and the store read it with the secrets masked, and the rest intact
    (``no such column: x`` stays).  A successful result is the tool's data and is
    kept as it is.
    """

    success: bool = True
    result_for_llm: str = ""
    ui_component: UiComponent | None = None
    error: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    exception: BaseException | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.success:
            self.result_for_llm = scrub_secrets(self.result_for_llm)
            if self.error is not None:
                self.error = scrub_secrets(self.error)

    @classmethod
    def failure(cls, message: str, *, exception: BaseException | None = None) -> ToolResult:
        """A failed result whose message the model reads."""
        return cls(success=False, result_for_llm=message, error=message, exception=exception)
