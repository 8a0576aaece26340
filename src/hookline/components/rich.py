"""The rich components hookline streams and every front end renders."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from hookline.components.base import RichComponent

__all__ = [
    "ButtonComponent",
    "CardComponent",
    "ChatInputUpdateComponent",
    "DataFrameComponent",
    "ErrorComponent",
    "RichTextComponent",
    "StatusBarUpdateComponent",
    "StatusCardComponent",
    "ToolExecutionComponent",
]

ToolStatus = Literal["running", "success", "error", "blocked", "pending", "rejected"]


@dataclass(kw_only=True, slots=True)
class RichTextComponent(RichComponent):
    """Text, markdown by default. ``delta=True`` marks a streamed piece to append."""

    type: ClassVar[str] = "text"
    content: str
    markdown: bool = True
    delta: bool = False


@dataclass(kw_only=True, slots=True)
class StatusBarUpdateComponent(RichComponent):
    """Sets the status bar: ``status`` is "idle", "working", "error", ..."""

    type: ClassVar[str] = "status_bar_update"
    status: str
    message: str = ""
    detail: str | None = None


@dataclass(kw_only=True, slots=True)
class ChatInputUpdateComponent(RichComponent):
    """Changes the chat input: placeholder, disabled state, prefilled value."""

    type: ClassVar[str] = "chat_input_update"
    placeholder: str | None = None
    disabled: bool = False
    value: str | None = None


@dataclass(kw_only=True, slots=True)
class StatusCardComponent(RichComponent):
    """A compact status line: a title, a status ("success", "warning", "error") and a note."""

    type: ClassVar[str] = "status_card"
    title: str
    status: str
    description: str = ""
    icon: str | None = None


@dataclass(kw_only=True, slots=True)
class ButtonComponent(RichComponent):
    """A button; clicking it sends ``action`` as the user's next message."""

    type: ClassVar[str] = "button"
    label: str
    action: str
    variant: str = "secondary"
    icon: str | None = None


@dataclass(kw_only=True, slots=True)
class CardComponent(RichComponent):
    """A titled card with markdown content and optional action buttons.

    ``actions`` are dicts with ``label``, ``action`` and ``variant`` keys, as the
    reference writes them; ``buttons`` take ``ButtonComponent``s.
    """

    type: ClassVar[str] = "card"
    title: str
    content: str = ""
    icon: str | None = None
    status: str | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    buttons: list[ButtonComponent] = field(default_factory=list)
    markdown: bool = True


@dataclass(kw_only=True, slots=True)
class DataFrameComponent(RichComponent):
    """A table. Give ``columns`` + ``rows``, or ``data`` (records or a DataFrame).

    Example::

        DataFrameComponent(columns=["name", "total"], rows=[["Ada", 3]])
        DataFrameComponent(data=[{"name": "Ada", "total": 3}])
    """

    type: ClassVar[str] = "dataframe"
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    title: str | None = None
    row_count: int | None = None
    data: Any = None

    def __post_init__(self) -> None:
        if self.data is not None:
            records = _records(self.data)
            self.columns = list(records[0]) if records and not self.columns else self.columns
            self.rows = [[record.get(c) for c in self.columns] for record in records]
            self.data = None
        if self.row_count is None:
            self.row_count = len(self.rows)


def _records(data: Any) -> list[dict[str, Any]]:
    to_dict = getattr(data, "to_dict", None)
    if callable(to_dict):
        return list(to_dict("records"))
    return [dict(record) for record in data]


@dataclass(kw_only=True, slots=True)
class ToolExecutionComponent(RichComponent):
    """Tool activity: a "running" line, then its outcome with the duration."""

    type: ClassVar[str] = "tool_execution"
    tool: str
    call_id: str
    arguments: dict[str, Any] = field(default_factory=dict)
    status: ToolStatus = "running"
    duration_ms: float | None = None
    error: str | None = None


@dataclass(kw_only=True, slots=True)
class ErrorComponent(RichComponent):
    """An error the user sees. Never carries a stack trace."""

    type: ClassVar[str] = "error"
    message: str
    code: str = "error"
    status: int | None = None
    """The HTTP status an API answers this error with when it is the request's own fault
    (400: longer than the model's context, say); None for a server-side failure."""
