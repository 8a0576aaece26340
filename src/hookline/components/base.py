"""UiComponent: what a turn streams to the user, in a rich and a simple form."""

from __future__ import annotations

import dataclasses
import datetime
import json
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = ["RichComponent", "SimpleComponent", "UiComponent", "to_jsonable"]


@dataclass(kw_only=True, slots=True)
class RichComponent:
    """Base of the rich components; ``type`` names the component in JSON."""

    type: ClassVar[str] = "component"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the ``type`` field first."""
        body = {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"type": self.type, **body}


@dataclass(kw_only=True, slots=True)
class SimpleComponent:
    """Base of the plain-text fallbacks shown by clients that render no rich UI."""

    type: ClassVar[str] = "simple"

    def to_dict(self) -> dict[str, Any]:
        body = {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"type": self.type, **body}


@dataclass(kw_only=True, slots=True)
class UiComponent:
    """One item of the stream ``send_message`` yields.

    Example::

        UiComponent(rich_component=RichTextComponent(content="Hello"))
    """

    rich_component: RichComponent
    simple_component: SimpleComponent | None = None

    @property
    def type(self) -> str:
        """The rich component's type ("text", "tool_execution", ...)."""
        return self.rich_component.type

    def to_dict(self) -> dict[str, Any]:
        """``{"type": ..., "rich": {...}, "simple": {...} | None}``."""
        simple = self.simple_component
        return {
            "type": self.rich_component.type,
            "rich": self.rich_component.to_dict(),
            "simple": simple.to_dict() if simple is not None else None,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


def to_jsonable(value: Any) -> Any:
    """Convert components, pydantic models, dates and containers to JSON types."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and not isinstance(value, type):
        return to_dict()
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    return str(value)
