"""Plain-text fallbacks for clients that render no rich components."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hookline.components.base import SimpleComponent

__all__ = ["SimpleTextComponent"]


@dataclass(kw_only=True, slots=True)
class SimpleTextComponent(SimpleComponent):
    """A line of plain text."""

    type: ClassVar[str] = "simple_text"
    text: str
