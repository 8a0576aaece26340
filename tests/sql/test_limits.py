"""ResultLimits and RowCollector: what is kept of values and rows, and what is said about it."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from hookline.sql import ResultLimits
from hookline.sql.limits import RowCollector, cap_value


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("abc", ("abc", 3, False), id="short-text"),
        pytest.param("x" * 40, ("x" * 17 + "…", 20, True), id="long-text"),
        pytest.param("é" * 15, ("é" * 8 + "…", 20, True), id="utf8-by-bytes"),
        pytest.param(b"\x00" * 30, (b"\x00" * 20, 20, True), id="blob"),
        pytest.param([1, 2], ([1, 2], 16, False), id="short-list"),
        pytest.param(list(range(10)), ([0, 1, "…"], 20, True), id="long-list"),
        pytest.param({"k": "v" * 30}, ({"…": "…"}, 20, True), id="long-map"),
        pytest.param(None, (None, 8, False), id="null"),
        pytest.param(datetime.date(2024, 1, 2), (datetime.date(2024, 1, 2), 10, False), id="date"),
    ],
)
def test_cap_value(value: Any, expected: tuple[Any, int, bool]) -> None:
    assert cap_value(value, 20) == expected


def test_collector_stops_at_the_row_limit_and_asks_for_one_row_more() -> None:
    collector = RowCollector(ResultLimits(), max_rows=3)
    requested: list[int] = []
    source = iter([[(1,), (2,)], [(3,), (4,)], [(5,)]])

    def fetchmany(size: int) -> list[tuple[int]]:
        requested.append(size)
        return next(source, [])

    collector.fetch_all(fetchmany)
    result = collector.result(["n"], elapsed_ms=1.0)
    assert requested == [1, 2]  # one row first: nothing is known about the rows' size yet
    assert result.rows == [(1,), (2,), (3,)]
    assert result.truncated is True
    assert result.limit_notes == ["the result was truncated at the row limit of 3"]


def test_batches_are_sized_by_what_rows_weigh() -> None:
    limits = ResultLimits(max_cell_bytes=1000, max_result_bytes=10_000)
    heavy = RowCollector(limits, max_rows=1000)
    requested: list[int] = []

    def fetchmany(size: int) -> list[tuple[str, ...]]:
        requested.append(size)
        return [("x" * 4000, "y" * 4000)] * size  # 8 KB received, 2 KB kept per row

    heavy.fetch_all(fetchmany)
    assert requested == [1] * 6  # never more rows than 10 KB of them at once
    assert len(heavy.rows) == 5  # 5 x 2 KB kept
    hinted = RowCollector(limits, max_rows=1000, row_bytes_hint=500)
    light = RowCollector(limits, max_rows=1000)
    light.add_rows([(1, 2)])
    assert (hinted.batch_size, light.batch_size) == (20, 100)


def test_collector_counts_only_the_cut_values_it_keeps() -> None:
    collector = RowCollector(ResultLimits(max_cell_bytes=16, max_result_bytes=40), max_rows=10)
    collector.add_rows([("a" * 30, 1), ("b" * 30, 2), ("c" * 30, 3)])
    assert collector.rows == [("a" * 13 + "…", 1)]
    assert collector.notes() == [
        "the result was truncated after 1 rows at the size limit of 40 bytes",
        "1 value(s) longer than 16 bytes were cut (they end with …)",
    ]


def test_limits_are_validated() -> None:
    with pytest.raises(ValueError, match=">= 16"):
        ResultLimits(max_cell_bytes=0)
