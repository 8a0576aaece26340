"""QueryLoggingHook: tool calls (by default, SQL queries) to a JSON Lines file, and
the functions that analyse and export that log.

The log is an explicit opt-in: unlike telemetry it records the user's
question and the tool's arguments, which is its purpose (question-to-SQL
training pairs).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hookline.extensions.lifecycle import LifecycleHook, current_tool_call
from hookline.tools.result import ToolResult

__all__ = ["QueryLoggingHook", "analyze_query_log", "export_successful_queries"]

logger = logging.getLogger("hookline.extensions")
SQL_TOOL = "run_sql"


class QueryLoggingHook(LifecycleHook):
    """Appends one JSON object per tool call: timestamp, tool_name, success, user_id,
    question, arguments, and error / result_preview (first 100 characters) when asked.

    Writes happen in a worker thread; a failed write never fails the tool
    call: it is logged and counted in ``write_failures`` (and ``on_failure``).

    Example::

        agent = Agent(llm, lifecycle_hooks=[QueryLoggingHook("queries.jsonl")])
    """

    def __init__(
        self,
        log_file: str | Path = "./hookline_query_log.jsonl",
        log_all_tools: bool = False,
        include_result_preview: bool = False,
    ) -> None:
        self.log_file = Path(log_file)
        self.log_all_tools = log_all_tools
        self.include_result_preview = include_result_preview
        self.write_failures = 0
        self.on_failure: Callable[[BaseException], Awaitable[None]] | None = None
        self._lock = threading.Lock()

    async def after_tool(self, result: ToolResult) -> ToolResult | None:
        current = current_tool_call()
        if current is None:
            return None
        call, context = current
        if call.name != SQL_TOOL and not self.log_all_tools:
            return None
        entry: dict[str, Any] = {
            "timestamp": datetime.now(UTC).isoformat(),
            "tool_name": call.name,
            "success": result.success,
            "user_id": context.user.id,
            "question": context.metadata.get("question"),
            "arguments": call.arguments,
        }
        if result.error:
            entry["error"] = result.error
        if self.include_result_preview:
            entry["result_preview"] = result.result_for_llm[:100]
        try:
            await asyncio.to_thread(self._append, json.dumps(entry, default=str))
        except Exception as error:
            self.write_failures += 1
            logger.warning("query log write failed: %s", type(error).__name__)
            if self.on_failure is not None:
                await self.on_failure(error)
        return None

    def _append(self, line: str) -> None:
        with self._lock, self.log_file.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")


def _entries(log_file: str | Path) -> list[dict[str, Any]]:
    entries = []
    for line in Path(log_file).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            entries.append(json.loads(line))
        except ValueError:
            continue  # a torn line from a crash: skip it
    return entries


def analyze_query_log(log_file: str | Path, *, echo: bool = True) -> dict[str, Any]:
    """Summary statistics of a query log: totals, success rate, top errors, users.

    Prints the summary when ``echo`` (as the reference does) and returns it.
    """
    entries = _entries(log_file)
    successes = sum(1 for e in entries if e.get("success"))
    errors = Counter(str(e["error"]) for e in entries if e.get("error"))
    summary: dict[str, Any] = {
        "total": len(entries),
        "successful": successes,
        "failed": len(entries) - successes,
        "success_rate": successes / len(entries) if entries else 0.0,
        "by_tool": dict(Counter(str(e.get("tool_name")) for e in entries)),
        "top_errors": errors.most_common(5),
        "users": len({e.get("user_id") for e in entries if e.get("user_id")}),
    }
    if echo:
        print(
            f"queries: {summary['total']}  successful: {summary['successful']}  "
            f"failed: {summary['failed']}  success rate: {summary['success_rate']:.1%}"
        )
        print(f"users: {summary['users']}  by tool: {summary['by_tool']}")
        for message, count in summary["top_errors"]:
            print(f"  {count} x {message}")
    return summary


def export_successful_queries(log_file: str | Path, output_file: str | Path) -> int:
    """Write the successful ``run_sql`` entries with a question as ``{"question", "sql"}``
    JSON lines (training pairs, e.g. to seed memory). Returns how many were written.
    """
    pairs = [
        {"question": e["question"], "sql": e["arguments"]["sql"]}
        for e in _entries(log_file)
        if e.get("success")
        and e.get("tool_name") == SQL_TOOL
        and e.get("question")
        and isinstance(e.get("arguments"), dict)
        and "sql" in e["arguments"]
    ]
    with Path(output_file).open("w", encoding="utf-8") as handle:
        for pair in pairs:
            handle.write(json.dumps(pair) + "\n")
    return len(pairs)
