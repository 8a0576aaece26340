"""ResultLimits: how much of one query result a runner keeps (rows, one value, all values).

Runners fetch in batches through a ``RowCollector``: it stops at the row limit
or the byte limit and cuts each value to the cell limit, so a huge result is
never held in full.  Batches are sized by bytes too: the first is one row unless
the runner knows how large a row can be (``row_bytes_hint``), the next ones as
many rows as the largest row seen so far fits in what is left of the byte limit,
so what one fetch materialises stays near ``max_result_bytes`` whatever a row
weighs.  What was cut is written into ``QueryResult.limit_notes``
(the model and the user read those sentences).

Example::

    collector = RowCollector(ResultLimits(max_cell_bytes=10), max_rows=100)
    collector.add_rows([("a" * 50,)])
    collector.rows  # [("aaaaaaaaa…",)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hookline.sql.query_result import QueryResult

__all__ = ["CUT_MARK", "ResultLimits", "RowCollector", "cap_value"]

CUT_MARK = "…"
FETCH_BATCH = 100
_SCALAR_BYTES = 8
_SIZED = (str, bytes, bytearray, memoryview, list, tuple, dict)


@dataclass(frozen=True, kw_only=True)
class ResultLimits:
    """Caps per query result, enforced while the rows are fetched.

    ``max_cell_bytes``: one value (UTF-8 bytes of text, bytes of a blob, the
    items of an array that fit); longer values are cut and end with ``…``.
    ``max_result_bytes``: all values together; rows past it are dropped.
    The row limit is the ``max_rows`` of each run.

    Example::

        SqliteRunner(path, limits=ResultLimits(max_cell_bytes=4096, max_result_bytes=1_000_000))
    """

    max_cell_bytes: int = 65_536
    max_result_bytes: int = 4 * 1024 * 1024

    def __post_init__(self) -> None:
        if self.max_cell_bytes < 16 or self.max_result_bytes < 16:
            raise ValueError("ResultLimits: max_cell_bytes and max_result_bytes must be >= 16.")


class RowCollector:
    """Keeps rows while they fit: ``max_rows`` rows, ``limits`` on values and total size.

    Feed it batches of ``batch_size`` rows until ``done``; it asks for one row
    past ``max_rows`` only to know whether the result was cut.

    Example::

        collector = RowCollector(ResultLimits(), max_rows=1000)
        collector.fetch_all(cursor.fetchmany)
        result = collector.result(columns, elapsed_ms=3.0)
    """

    def __init__(self, limits: ResultLimits, max_rows: int, *, row_bytes_hint: int = 0) -> None:
        self.limits = limits
        self.max_rows = max(0, max_rows)
        self.rows: list[tuple[Any, ...]] = []
        self.size = 0
        self.cells_cut = 0
        self.dropped_by: str | None = None
        self.row_bytes_hint = row_bytes_hint
        self.largest_row = 0

    @property
    def done(self) -> bool:
        return self.dropped_by is not None

    @property
    def batch_size(self) -> int:
        """Rows to fetch next: within the row limit and, by the largest row, the byte limit."""
        rows_left = self.max_rows + 1 - len(self.rows)
        row_bytes = max(self.row_bytes_hint, self.largest_row)
        if row_bytes == 0:
            return 1  # nothing known yet: one row tells how large rows are
        bytes_left = max(0, self.limits.max_result_bytes - self.size)
        return max(1, min(FETCH_BATCH, rows_left, bytes_left // row_bytes))

    def add_rows(self, batch: Iterable[Sequence[Any]]) -> None:
        """Keep the rows of ``batch`` that fit; set ``done`` when a limit is reached."""
        for row in batch:
            self.largest_row = max(self.largest_row, _received_bytes(row))
            if len(self.rows) >= self.max_rows:
                self.dropped_by = "rows"
                return
            capped, size, cut = self._cap_row(row)
            if self.size + size > self.limits.max_result_bytes:
                self.dropped_by = "bytes"
                return
            self.rows.append(capped)
            self.size += size
            self.cells_cut += cut

    def fetch_all(self, fetchmany: Callable[[int], Sequence[Sequence[Any]]]) -> None:
        """Call ``fetchmany(n)`` until a limit is reached or no rows are left."""
        while not self.done:
            batch = fetchmany(self.batch_size)
            if not batch:
                return
            self.add_rows(batch)

    def notes(self) -> list[str]:
        """Sentences saying what was cut (empty when nothing was)."""
        notes = []
        if self.dropped_by == "rows":
            notes.append(f"the result was truncated at the row limit of {self.max_rows}")
        elif self.dropped_by == "bytes":
            notes.append(
                f"the result was truncated after {len(self.rows)} rows at the size limit of "
                f"{self.limits.max_result_bytes} bytes"
            )
        if self.cells_cut:
            notes.append(
                f"{self.cells_cut} value(s) longer than {self.limits.max_cell_bytes} bytes "
                f"were cut (they end with {CUT_MARK})"
            )
        return notes

    def result(self, columns: list[str], *, elapsed_ms: float) -> QueryResult:
        """The ``QueryResult`` of what was kept."""
        return QueryResult(
            columns=columns,
            rows=self.rows,
            truncated=self.done,
            limit_notes=self.notes(),
            elapsed_ms=elapsed_ms,
        )

    def _cap_row(self, row: Sequence[Any]) -> tuple[tuple[Any, ...], int, int]:
        cells = []
        total = cuts = 0
        for value in row:
            capped, size, cut = cap_value(value, self.limits.max_cell_bytes)
            cells.append(capped)
            total += size
            cuts += cut
        return tuple(cells), total, cuts


def _received_bytes(row: Sequence[Any]) -> int:
    """About what ``row`` weighs as received (lengths, not deep sizes: cheap)."""
    return sum(len(value) if isinstance(value, _SIZED) else _SCALAR_BYTES for value in row) or 1


def cap_value(value: Any, limit: int) -> tuple[Any, int, bool]:
    """``value`` cut to about ``limit`` bytes: (value, its size in bytes, whether it was cut).

    Example::

        cap_value("abcdef", 4)  # ("abc…", 6, True) - the mark counts towards the limit
    """
    if value is None or isinstance(value, bool | int | float):
        return value, _SCALAR_BYTES, False
    if isinstance(value, str):
        return _cap_text(value, limit)
    if isinstance(value, bytes | bytearray | memoryview):
        data = bytes(value[: limit + 1])
        return (data[:limit], limit, True) if len(data) > limit else (data, len(data), False)
    if isinstance(value, list | tuple):
        items, size, cut = _cap_items(value, limit)
        return (items if cut else value), size, cut
    if isinstance(value, dict):
        return _cap_mapping(value, limit)
    text = str(value)
    if len(text) > limit:
        return _cap_text(text, limit)
    return value, len(text), False


def _cap_text(text: str, limit: int) -> tuple[str, int, bool]:
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    if size <= limit:
        return text, size, False
    keep = limit - len(CUT_MARK.encode())
    head = text.encode("utf-8", "surrogatepass")[:keep].decode("utf-8", "ignore")
    return head + CUT_MARK, limit, True


def _cap_items(items: Sequence[Any], limit: int) -> tuple[list[Any], int, bool]:
    kept: list[Any] = []
    used = 0
    for item in items:
        capped, size, cut = cap_value(item, max(16, limit - used))
        if used + size > limit or cut:
            return [*kept, CUT_MARK], limit, True
        kept.append(capped)
        used += size
    return kept, used, False


def _cap_mapping(value: dict[Any, Any], limit: int) -> tuple[dict[Any, Any], int, bool]:
    pairs, size, cut = _cap_items([(key, item) for key, item in value.items()], limit)
    if not cut:
        return value, size, False
    kept = {pair[0]: pair[1] for pair in pairs[:-1]}
    kept[CUT_MARK] = CUT_MARK
    return kept, size, True
