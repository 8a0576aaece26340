"""Tool-call arguments as models write them: JSON text that may be broken."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["parse_arguments", "serialize_arguments"]


def parse_arguments(raw: str | None) -> tuple[dict[str, Any], str | None]:
    """``(arguments, raw_arguments)``: the parsed object, or ``{}`` and the raw text.

    Empty text means no arguments.  Text that is not a JSON object is kept in
    ``raw_arguments`` so the tool registry can tell the model what was wrong.
    """
    if raw is None or not raw.strip():
        return {}, None
    try:
        value = json.loads(raw)
    except ValueError:
        return {}, raw
    if not isinstance(value, dict):
        return {}, raw
    return value, None


def serialize_arguments(arguments: dict[str, Any], raw_arguments: str | None) -> str:
    """The JSON text to send back to the model for a call it made earlier."""
    if not arguments and raw_arguments is not None:
        return raw_arguments
    return json.dumps(arguments, ensure_ascii=False)
