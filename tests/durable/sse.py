"""Reading a turn's SSE stream in the durable tests: its components and its summary."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


def read_sse(lines: Iterable[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The components (``data:`` events) and the ``done`` event's summary."""
    components: list[dict[str, Any]] = []
    done: dict[str, Any] = {}
    event = "message"
    for line in lines:
        if line.startswith("event:"):
            event = line.removeprefix("event:").strip()
        elif line.startswith("data:"):
            data = json.loads(line.removeprefix("data:"))
            if event == "done":
                done = data
            else:
                components.append(data)
            event = "message"
    return components, done
