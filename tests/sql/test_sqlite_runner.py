"""SqliteRunner: read-only connections, row limit, timeout, schema introspection."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from hookline.sql import SqlExecutionError, SqliteRunner, SqlTimeoutError, sample_database_checksum

ENDLESS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"


async def test_select_returns_columns_and_rows(sample_runner: SqliteRunner) -> None:
    result = await sample_runner.run(
        "SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status",
        max_rows=100,
        timeout_s=5,
    )
    assert result.columns == ["status", "n"]
    assert result.rows == [
        ("cancelled", 108),
        ("delivered", 1628),
        ("returned", 76),
        ("shipped", 188),
    ]
    assert result.truncated is False
    assert result.records()[0] == {"status": "cancelled", "n": 108}


@pytest.mark.parametrize(
    ("max_rows", "rows", "truncated"),
    [
        pytest.param(10, 10, True, id="over-limit"),
        pytest.param(60, 60, False, id="exactly-limit"),
        pytest.param(100, 60, False, id="under-limit"),
    ],
)
async def test_row_limit(
    sample_runner: SqliteRunner, max_rows: int, rows: int, truncated: bool
) -> None:
    result = await sample_runner.run("SELECT * FROM products", max_rows=max_rows, timeout_s=5)
    assert len(result.rows) == rows
    assert result.truncated is truncated


async def test_timeout_interrupts_the_statement(sample_runner: SqliteRunner) -> None:
    started = time.monotonic()
    with pytest.raises(SqlTimeoutError, match=r"stopped after 0.2 s"):
        await sample_runner.run(ENDLESS, max_rows=10, timeout_s=0.2)
    assert time.monotonic() - started < 3


async def test_cancelling_the_call_interrupts_the_statement(sample_runner: SqliteRunner) -> None:
    task = asyncio.create_task(sample_runner.run(ENDLESS, max_rows=10, timeout_s=60))
    await asyncio.sleep(0.2)
    task.cancel()
    started = time.monotonic()
    with pytest.raises(asyncio.CancelledError):
        await task
    # the worker thread is free again: a new statement runs at once
    result = await asyncio.wait_for(
        sample_runner.run("SELECT 1", max_rows=1, timeout_s=5), timeout=5
    )
    assert result.rows == [(1,)]
    assert time.monotonic() - started < 5


async def test_read_only_connection_refuses_writes_without_the_guard(sample_copy: Path) -> None:
    before = sample_database_checksum(sample_copy)
    runner = SqliteRunner(sample_copy)
    with pytest.raises(SqlExecutionError, match="not authorized"):  # the authorizer, first
        await runner.run("DELETE FROM orders", max_rows=10, timeout_s=5, read_only=True)
    with pytest.raises(SqlExecutionError, match="not authorized"):
        await runner.run(
            f"ATTACH DATABASE '{sample_copy.parent / 'other.db'}' AS other",
            max_rows=10,
            timeout_s=5,
        )
    assert sample_database_checksum(sample_copy) == before
    assert not (sample_copy.parent / "other.db").exists()


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO orders (order_id) VALUES (99999)",
        "UPDATE products SET unit_price = 0",
        "CREATE TEMP TABLE t (a)",
        "CREATE TEMP VIEW v AS SELECT 1",
        "DROP TABLE orders",
        "BEGIN",
        "SAVEPOINT s",
        "ANALYZE",
        "REINDEX",
        "VACUUM",
        "PRAGMA user_version = 7",
        "PRAGMA journal_mode = DELETE",
        "PRAGMA optimize",
        "PRAGMA query_only = OFF",
        "SELECT load_extension('/tmp/evil.so')",
    ],
)
async def test_the_authorizer_allows_reading_only(sample_copy: Path, sql: str) -> None:
    before = sample_database_checksum(sample_copy)
    runner = SqliteRunner(sample_copy)
    with pytest.raises(SqlExecutionError, match=r"not authorized|authorization denied"):
        await runner.run(sql, max_rows=10, timeout_s=5)
    reads = [
        await runner.run(query, max_rows=3, timeout_s=5)
        for query in (
            "PRAGMA table_info(orders)",
            "SELECT name FROM pragma_table_info('orders') LIMIT 1",
            "PRAGMA user_version",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) "
            "SELECT upper('a'), count(*) FROM n",
        )
    ]
    assert [r.rows[0] for r in reads[1:]] == [("order_id",), (1,), ("A", 3)]
    assert reads[0].columns[:2] == ["cid", "name"]
    assert sample_database_checksum(sample_copy) == before


async def test_writes_when_allowed(tmp_path: Path) -> None:
    runner = SqliteRunner(tmp_path / "scratch.db")
    await runner.run(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
        max_rows=1,
        timeout_s=5,
        read_only=False,
    )
    result = await runner.run(
        "INSERT INTO notes (body) VALUES ('a'), ('b')", max_rows=1, timeout_s=5, read_only=False
    )
    assert result.columns == []
    assert result.rows_affected == 2
    with sqlite3.connect(tmp_path / "scratch.db") as connection:
        assert connection.execute("SELECT body FROM notes ORDER BY id").fetchall() == [
            ("a",),
            ("b",),
        ]


async def test_missing_database_is_an_error(tmp_path: Path) -> None:
    runner = SqliteRunner(tmp_path / "absent.db")
    with pytest.raises(SqlExecutionError, match="not found"):
        await runner.run("SELECT 1", max_rows=1, timeout_s=5)
    assert not (tmp_path / "absent.db").exists()


async def test_sql_errors_are_reported(sample_runner: SqliteRunner) -> None:
    with pytest.raises(SqlExecutionError, match="no such table: nope"):
        await sample_runner.run("SELECT * FROM nope", max_rows=1, timeout_s=5)


async def test_describe_reads_tables_columns_and_keys(sample_runner: SqliteRunner) -> None:
    schema = await sample_runner.describe()
    assert [t.name for t in schema.tables] == ["customers", "order_items", "orders", "products"]
    orders = schema.table("ORDERS")
    assert orders is not None
    assert [c.name for c in orders.columns] == ["order_id", "customer_id", "order_date", "status"]
    assert orders.columns[1].type == "INTEGER"
    assert orders.columns[1].nullable is False
    assert orders.primary_key == ["order_id"]
    assert [(k.columns, k.ref_table, k.ref_columns) for k in orders.foreign_keys] == [
        (["customer_id"], "customers", ["customer_id"])
    ]
    items = schema.table("order_items")
    assert items is not None
    assert sorted(k.ref_table for k in items.foreign_keys) == ["orders", "products"]


async def test_describe_resolves_implicit_references_and_composite_keys(tmp_path: Path) -> None:
    path = tmp_path / "keys.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            """
            CREATE TABLE a (x INTEGER, y INTEGER, PRIMARY KEY (x, y));
            CREATE TABLE b (id INTEGER PRIMARY KEY, ax INTEGER, ay INTEGER,
                            FOREIGN KEY (ax, ay) REFERENCES a);
            CREATE VIEW v AS SELECT id FROM b;
            """
        )
    schema = await SqliteRunner(path).describe()
    a, b, v = schema.tables
    assert a.primary_key == ["x", "y"]
    assert [(k.columns, k.ref_table, k.ref_columns) for k in b.foreign_keys] == [
        (["ax", "ay"], "a", ["x", "y"])
    ]
    assert v.kind == "view"
