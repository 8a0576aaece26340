"""``hookline chat --json``: one JSON object per question, for scripts.

``{"question", "conversation_id", "answer", "sql", "columns", "rows", "row_count",
"tools", "error", "ok", "timings"}``; ``TURN_SCHEMA`` is its JSON Schema (tested).
"""

from __future__ import annotations

import json
import time
from typing import Any

from hookline.agent.agent import Agent
from hookline.components.base import UiComponent
from hookline.components.rich import (
    DataFrameComponent,
    ErrorComponent,
    RichTextComponent,
    ToolExecutionComponent,
)
from hookline.users.models import RequestContext

__all__ = ["TURN_SCHEMA", "TurnRecord", "json_line", "record_turn"]

_TOOL = {
    "type": "object",
    "required": ["tool", "arguments", "status", "duration_ms", "error"],
    "properties": {
        "tool": {"type": "string"},
        "arguments": {"type": "object"},
        "status": {"type": "string"},
        "duration_ms": {"type": ["number", "null"]},
        "error": {"type": ["string", "null"]},
    },
    "additionalProperties": False,
}
TURN_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": [
        "question",
        "conversation_id",
        "answer",
        "sql",
        "columns",
        "rows",
        "row_count",
        "tools",
        "error",
        "ok",
        "timings",
    ],
    "properties": {
        "question": {"type": "string"},
        "conversation_id": {"type": "string"},
        "answer": {"type": "string"},
        "sql": {"type": ["string", "null"]},
        "columns": {"type": "array", "items": {"type": "string"}},
        "rows": {"type": "array", "items": {"type": "array"}},
        "row_count": {"type": ["integer", "null"]},
        "tools": {"type": "array", "items": _TOOL},
        "error": {"type": ["string", "null"]},
        "ok": {"type": "boolean"},
        "timings": {
            "type": "object",
            "required": ["total_ms", "first_output_ms", "tools_ms"],
            "properties": {
                "total_ms": {"type": "number"},
                "first_output_ms": {"type": ["number", "null"]},
                "tools_ms": {"type": "number"},
            },
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}
"""The JSON Schema of one ``--json`` line."""


class TurnRecord:
    """Collects one turn's components into the ``--json`` object.

    Example::

        record = TurnRecord("How many customers?", "c1")
        async for component in agent.send_message(context, record.question, "c1"):
            record.add(component)
        print(json_line(record.result()))
    """

    def __init__(self, question: str, conversation_id: str) -> None:
        self.question = question
        self.conversation_id = conversation_id
        self.started = time.perf_counter()
        self.first_output: float | None = None
        self.parts: list[str] = []
        self.tools: list[dict[str, Any]] = []
        self.sql: str | None = None
        self.table: DataFrameComponent | None = None
        self.error: str | None = None
        self._after_delta = False

    def add(self, component: UiComponent) -> None:
        rich = component.rich_component
        if isinstance(rich, RichTextComponent):
            self._text(rich)
        elif isinstance(rich, ToolExecutionComponent) and rich.status != "running":
            self._tool(rich)
        elif isinstance(rich, DataFrameComponent):
            self.table = rich
        elif isinstance(rich, ErrorComponent):
            self.error = self.error or rich.message

    def _text(self, rich: RichTextComponent) -> None:
        if self.first_output is None:
            self.first_output = time.perf_counter()
        glued = not self.parts or (bool(rich.delta) and self._after_delta)
        self.parts.append(("" if glued else "\n\n") + rich.content)
        self._after_delta = bool(rich.delta)

    def _tool(self, rich: ToolExecutionComponent) -> None:
        self.tools.append(
            {
                "tool": rich.tool,
                "arguments": rich.arguments,
                "status": rich.status,
                "duration_ms": rich.duration_ms,
                "error": rich.error,
            }
        )
        sql = rich.arguments.get("sql")
        if isinstance(sql, str):
            self.sql = sql

    def result(self) -> dict[str, Any]:
        """The object (valid against ``TURN_SCHEMA``)."""
        now = time.perf_counter()
        table = self.table
        first = None if self.first_output is None else (self.first_output - self.started) * 1000
        return {
            "question": self.question,
            "conversation_id": self.conversation_id,
            "answer": "".join(self.parts),
            "sql": self.sql,
            "columns": [str(c) for c in table.columns] if table else [],
            "rows": [list(row) for row in table.rows] if table else [],
            "row_count": table.row_count if table else None,
            "tools": self.tools,
            "error": self.error,
            "ok": self.error is None,
            "timings": {
                "total_ms": round((now - self.started) * 1000, 1),
                "first_output_ms": None if first is None else round(first, 1),
                "tools_ms": round(sum(t["duration_ms"] or 0.0 for t in self.tools), 1),
            },
        }


async def record_turn(agent: Agent, question: str, conversation_id: str) -> dict[str, Any]:
    """Run one turn and return its ``--json`` object."""
    record = TurnRecord(question, conversation_id)
    async for component in agent.send_message(RequestContext(), question, conversation_id):
        record.add(component)
    return record.result()


def json_line(record: dict[str, Any]) -> str:
    """One line of JSON (values JSON has no type for, such as dates, as strings)."""
    return json.dumps(record, ensure_ascii=False, default=str)
