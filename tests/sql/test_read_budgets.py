"""The catalog's reads and the value index's build are each limited by one time budget
(``catalog.LOAD_SECONDS``, ``value_index.BUILD_SECONDS``), of which every read has the
time left: a busy machine, on which every read is slow, reads what an idle one does."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hookline.sql import QueryResult, SqliteRunner, SqlTimeoutError
from hookline.sql import catalog as catalog_module
from hookline.sql import value_index as index_module
from hookline.sql.catalog import SqlCatalog
from hookline.sql.value_index import ValueIndex

SLOW_READ = 15.0
"""Seconds every read takes on the busy machine (more than any one read used to get)."""


class BusyRunner(SqliteRunner):
    """A real SQLite runner on a machine so loaded that every read takes ``SLOW_READ``
    seconds: it records the timeout each read is given and stops those given less."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.timeouts: list[float] = []

    async def run(
        self, sql: str, *, max_rows: int, timeout_s: float, read_only: bool = True
    ) -> QueryResult:
        self.timeouts.append(timeout_s)
        if timeout_s < SLOW_READ:
            raise SqlTimeoutError(f"The query was stopped after {timeout_s:g} s (timeout).")
        return await super().run(sql, max_rows=max_rows, timeout_s=timeout_s, read_only=read_only)


@pytest.fixture
def busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BusyRunner:
    monkeypatch.setattr(index_module, "_CACHE", {})  # each test builds its own index
    path = tmp_path / "parcels.db"
    with sqlite3.connect(path) as connection:
        connection.execute(
            "CREATE TABLE parcel (id INTEGER PRIMARY KEY, status TEXT, town TEXT, sent_date TEXT)"
        )
        connection.executemany(
            "INSERT INTO parcel VALUES (?, ?, ?, ?)",
            [(i, ("sent", "delivered", "lost")[i % 3], f"Town {i}", f"2024-01-{1 + i % 28:02}")
             for i in range(1, 61)],
        )  # fmt: skip
    return BusyRunner(path)


async def test_a_busy_machine_indexes_the_values_an_idle_one_does(busy: BusyRunner) -> None:
    index = await ValueIndex.build(busy, [("parcel", "town")], fingerprint="busy")

    assert index.lookup(["town", "7"])  # not left out by a timeout of its own
    assert len(busy.timeouts) == 1 and busy.timeouts[0] <= index_module.BUILD_SECONDS


async def test_only_the_build_budget_leaves_columns_out(
    busy: BusyRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index_module, "BUILD_SECONDS", 0.0)
    index = await ValueIndex.build(busy, [("parcel", "town")], fingerprint="spent")

    assert index.values == [] and busy.timeouts == []  # no read once the budget is spent


async def test_a_busy_machine_reads_the_catalog_an_idle_one_does(busy: BusyRunner) -> None:
    catalog = await SqlCatalog.load(busy)

    assert catalog.rows == {"parcel": 60}
    assert sorted(catalog.column("parcel", "status").values) == ["delivered", "lost", "sent"]
    assert catalog.column("parcel", "sent_date").date
    assert catalog.index.lookup(["town", "7"])
    assert max(busy.timeouts) <= max(catalog_module.LOAD_SECONDS, index_module.BUILD_SECONDS)


async def test_a_spent_catalog_budget_leaves_counts_and_values_out(
    busy: BusyRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(catalog_module, "LOAD_SECONDS", 0.0)
    catalog = await SqlCatalog.load(busy)

    assert catalog.rows == {"parcel": 0}  # not counted: unknown
    assert catalog.column("parcel", "status").values == []
    assert catalog.column("parcel", "sent_date").date  # by its name
    assert len(busy.timeouts) == 2  # the value index's reads only (its own budget)
