"""ValueIndex: distinct values of text columns found by a question's words, capped, cached."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql import value_index as module
from hookline.sql.value_index import ValueIndex, ValueMatch


@pytest.fixture
def runner(tmp_path: Path) -> SqliteRunner:
    path = tmp_path / "airlines.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE Carrier (Code TEXT, Name TEXT)")
        connection.executemany(
            "INSERT INTO Carrier VALUES (?, ?)",
            [("DL", "Delta Air Lines Inc."), ("UA", "United Air Lines Inc."),
             ("B6", "JetBlue Airways"), ("XX", None), ("YY", "x" * 200)],
        )  # fmt: skip
    return SqliteRunner(path)


async def test_exact_and_partial_lookups(runner: SqliteRunner) -> None:
    index = await ValueIndex.build(runner, [("Carrier", "Name")], fingerprint="t-exact")

    assert index.lookup(["jetblue", "airways"]) == [
        ValueMatch(table="Carrier", column="Name", value="JetBlue Airways", exact=True)
    ]
    assert index.lookup(["delta", "air", "lines"]) == [
        ValueMatch(table="Carrier", column="Name", value="Delta Air Lines Inc.", exact=False)
    ]
    assert index.lookup(["air", "lines"]) == []  # not the start of a name
    assert index.lookup(["delta"]) == []  # one word of four is not a name
    assert len(index.values) == 3  # NULL and long free text are not indexed


async def test_built_once_per_fingerprint(runner: SqliteRunner) -> None:
    first = await ValueIndex.build(runner, [("Carrier", "Name")], fingerprint="t-cache")
    again = await ValueIndex.build(runner, [("Carrier", "Code")], fingerprint="t-cache")
    other = await ValueIndex.build(runner, [("Carrier", "Code")], fingerprint="t-other")

    assert again is first
    assert other.lookup(["dl"])[0].value == "DL"


async def test_the_size_caps_hold(runner: SqliteRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "MAX_PER_COLUMN", 2)
    monkeypatch.setattr(module, "MAX_VALUES", 2)
    index = await ValueIndex.build(
        runner, [("Carrier", "Code"), ("Carrier", "Name")], fingerprint="t-caps"
    )
    assert [value for _, column, value in index.values] == ["DL", "UA"]
