"""``QueryResult``: the rows of one statement, as every runner returns them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["QueryResult"]


@dataclass(kw_only=True)
class QueryResult:
    """The rows of one statement, at most ``max_rows`` of them.

    ``truncated`` is True when rows were dropped (the row limit or the size
    limit of ``ResultLimits``); ``limit_notes`` says in sentences what was
    cut, values included.  ``rows_affected`` is set for writes (when allowed).

    Example::

        QueryResult(columns=["n"], rows=[(1,)], truncated=False)
    """

    columns: list[str]
    rows: list[tuple[Any, ...]]
    truncated: bool = False
    rows_affected: int | None = None
    elapsed_ms: float = 0.0
    limit_notes: list[str] = field(default_factory=list)

    def records(self) -> list[dict[str, Any]]:
        """The rows as dicts keyed by column name."""
        return [dict(zip(self.columns, row, strict=False)) for row in self.rows]
