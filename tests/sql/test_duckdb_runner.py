"""DuckDbRunner: a read-only file, external access off, interrupt on timeout, keys."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hookline.sql import DuckDbRunner, SqlExecutionError, SqlTimeoutError
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from hookline.tools.context import ToolContext
from hookline.users import User

duckdb = pytest.importorskip("duckdb", reason="the duckdb extra is not installed")


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    path = tmp_path / "shop.duckdb"
    connection = duckdb.connect(str(path))
    connection.execute(
        """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL);
        CREATE TABLE orders (id INTEGER PRIMARY KEY,
                             customer_id INTEGER REFERENCES customers (id),
                             total DECIMAL(10, 2), placed DATE);
        INSERT INTO customers VALUES (1, 'Ada'), (2, 'Grace');
        INSERT INTO orders SELECT i, 1 + i % 2, i * 1.5, DATE '2024-01-01' + i::INTEGER
                           FROM range(1, 101) AS r(i);
        CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
        """
    )
    connection.close()
    return path


async def test_select_with_row_limit(shop: Path) -> None:
    runner = DuckDbRunner(shop)
    try:
        result = await runner.run(
            "SELECT id, total FROM orders ORDER BY id", max_rows=3, timeout_s=5
        )
    finally:
        await runner.close()
    assert result.columns == ["id", "total"]
    assert [r[0] for r in result.rows] == [1, 2, 3]
    assert result.truncated is True


async def test_file_is_opened_read_only(shop: Path) -> None:
    runner = DuckDbRunner(shop)
    try:
        with pytest.raises(SqlExecutionError, match="read-only"):
            await runner.run("DELETE FROM orders", max_rows=1, timeout_s=5, read_only=True)
        count = await runner.run("SELECT count(*) FROM orders", max_rows=1, timeout_s=5)
    finally:
        await runner.close()
    assert count.rows == [(100,)]


async def test_external_access_is_disabled(shop: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.csv"
    outside.write_text("a\n1\n")
    runner = DuckDbRunner(shop)
    try:
        with pytest.raises(SqlExecutionError, match="disabled by configuration"):
            await runner.run(f"SELECT * FROM '{outside}'", max_rows=1, timeout_s=5)
    finally:
        await runner.close()


async def test_timeout_interrupts_the_query(shop: Path) -> None:
    runner = DuckDbRunner(shop)
    started = time.monotonic()
    try:
        with pytest.raises(SqlTimeoutError):
            await runner.run(
                "SELECT sum(a.range * b.range) FROM range(1000000000) a, range(1000) b",
                max_rows=1,
                timeout_s=0.3,
            )
    finally:
        await runner.close()
    assert time.monotonic() - started < 5


async def test_describe_reads_keys_and_views(shop: Path) -> None:
    runner = DuckDbRunner(shop)
    try:
        schema = await runner.describe()
    finally:
        await runner.close()
    assert [(t.name, t.kind) for t in schema.tables] == [
        ("big_orders", "view"),
        ("customers", "table"),
        ("orders", "table"),
    ]
    orders = schema.table("orders")
    assert orders is not None
    assert orders.primary_key == ["id"]
    assert [(k.columns, k.ref_table, k.ref_columns) for k in orders.foreign_keys] == [
        (["customer_id"], "customers", ["id"])
    ]
    assert [(c.name, c.type) for c in orders.columns][:3] == [
        ("id", "INTEGER"),
        ("customer_id", "INTEGER"),
        ("total", "DECIMAL(10,2)"),
    ]


async def test_run_sql_on_duckdb(shop: Path) -> None:
    runner = DuckDbRunner(shop)
    tool = RunSqlTool(runner)
    ctx = ToolContext(user=User(id="u"), conversation_id="c", request_id="r")
    try:
        described = await tool.execute(ctx, RunSqlArgs(sql="DESCRIBE customers"))
        total = await tool.execute(
            ctx,
            RunSqlArgs(
                sql="SELECT c.name, sum(o.total) AS spent, max(o.placed) AS last "
                "FROM orders o JOIN customers c ON c.id = o.customer_id "
                "GROUP BY c.name ORDER BY c.name"
            ),
        )
        refused = await tool.execute(ctx, RunSqlArgs(sql="INSTALL httpfs"))
    finally:
        await runner.close()
    assert described.success
    assert described.result_for_llm.startswith("column_name | column_type")
    assert total.result_for_llm.splitlines()[1:3] == [
        "Ada | 3825.00 | 2024-04-10",
        "Grace | 3750.00 | 2024-04-09",
    ]
    assert total.ui_component is not None
    assert total.ui_component.rich_component.to_dict()["rows"][0] == ["Ada", 3825.0, "2024-04-10"]
    assert refused.success is False
    assert refused.result_for_llm.startswith("Refused: an INSTALL statement")


async def test_connection_mode_uses_the_given_connection() -> None:
    connection = duckdb.connect()
    connection.execute("CREATE TABLE t AS SELECT 42 AS answer")
    runner = DuckDbRunner(connection=connection)
    result = await runner.run("SELECT answer FROM t", max_rows=1, timeout_s=5)
    await runner.close()
    assert result.rows == [(42,)]
    assert connection.execute("SELECT 1").fetchall() == [(1,)]  # not closed by the runner
    connection.close()


def test_path_or_connection_is_required() -> None:
    with pytest.raises(ValueError, match="one of them"):
        DuckDbRunner()
