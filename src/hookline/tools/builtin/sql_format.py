"""How query results are shown: a compact text table for the model, JSON cells for the user."""

from __future__ import annotations

import base64
import datetime
import decimal
import uuid
from collections.abc import Sequence
from typing import Any

from hookline.sql.runner import QueryResult

__all__ = ["format_result_for_llm", "jsonable_cell", "jsonable_rows", "table_title"]

_MAX_CELL_CHARS = 100


def format_result_for_llm(result: QueryResult, *, max_rows: int = 50, max_chars: int = 6000) -> str:
    """A header line, one ``|``-separated line per row, and a note on what was cut.

    Example::

        format_result_for_llm(QueryResult(columns=["n"], rows=[(1,)]))
        # 'n\\n1\\n(1 row)'
    """
    if not result.columns:
        affected = result.rows_affected
        return "OK." if affected is None else f"OK: {affected} row(s) affected."
    header = " | ".join(result.columns)
    if not result.rows:
        return f"{header}\n(no rows)"
    lines = [header]
    used = len(header)
    for row in result.rows[:max_rows]:
        line = " | ".join(_text_cell(value) for value in row)
        if used + len(line) + 1 > max_chars and len(lines) > 1:
            break
        lines.append(line)
        used += len(line) + 1
    shown = len(lines) - 1
    lines.append(_footer(shown, len(result.rows), result.truncated, _notes(result)))
    return "\n".join(lines)


def table_title(result: QueryResult) -> str | None:
    """The title of the user's table when something was cut, else None.

    Example::

        table_title(QueryResult(columns=["n"], rows=[(1,)], truncated=True))
        # 'First 1 rows (truncated)'
    """
    if not result.truncated and not result.limit_notes:
        return None
    head = f"First {len(result.rows)} rows (truncated)" if result.truncated else "Values cut"
    details = "; ".join(note for note in result.limit_notes if "row limit" not in note)
    return f"{head}: {details}" if details else head


def _notes(result: QueryResult) -> list[str]:
    if result.limit_notes:
        return list(result.limit_notes)
    fetched = len(result.rows)
    return [f"the result was truncated at the row limit of {fetched}"] if result.truncated else []


def _footer(shown: int, fetched: int, truncated: bool, notes: list[str]) -> str:
    total = f"more than {fetched}" if truncated else str(fetched)
    noun = "row" if fetched == 1 and not truncated else "rows"
    if shown == fetched and not notes:
        return f"({fetched} {noun})"
    rows_cut = truncated or shown < fetched
    head = f"showing {shown} of {total} {noun}" if rows_cut else f"{fetched} {noun}"
    advice = (
        "aggregate, filter or add LIMIT to see the rest"
        if rows_cut
        else "select part of a long value (e.g. substr) to see more of it"
    )
    return "(" + "; ".join([head, *notes, advice]) + ")"


def _text_cell(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.15g}"  # every digit a double holds: 105337574.56, not ...574.6
    if isinstance(value, bytes | bytearray | memoryview):
        return f"<{len(bytes(value))} bytes>"
    text = str(value).replace("\r", " ").replace("\n", " ")
    return text if len(text) <= _MAX_CELL_CHARS else text[: _MAX_CELL_CHARS - 1] + "…"


def jsonable_cell(value: Any) -> Any:
    """A database value as a JSON type (Decimal -> float, dates -> ISO text, bytes -> base64)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, list | tuple):
        return [jsonable_cell(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable_cell(v) for k, v in value.items()}
    return str(value)


def jsonable_rows(rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Every cell of ``rows`` through ``jsonable_cell``."""
    return [[jsonable_cell(value) for value in row] for row in rows]
