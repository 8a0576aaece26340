"""Finding 3: no size caps - one query returned 1.19 GB (randomblob), a 533 MB response was built.

Each result is capped while it is fetched: rows (``max_rows``), one value
(``max_cell_bytes``) and all values (``max_result_bytes``); the model and the
user are told what was cut.
"""

from __future__ import annotations

import json
import resource
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from hookline.components import DataFrameComponent
from hookline.sql import (
    DuckDbRunner,
    PostgresRunner,
    ResultLimits,
    SqliteRunner,
    ensure_sample_database,
)
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from tests.security.sql_support import POSTGRES_DSN, dsn_for, reader_role, tool_context

ENDLESS_WIDE = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
    "SELECT i, printf('%.*c', 100000, 'x') AS pad FROM n"
)
MiB = 1024 * 1024


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return ensure_sample_database(tmp_path_factory.mktemp("sec-data") / "sample.sqlite3")


@pytest.fixture
def sample_runner(sample_db: Path) -> SqliteRunner:
    return SqliteRunner(sample_db)


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def test_sqlite_refuses_a_gigabyte_blob_before_allocating_it(
    sample_runner: SqliteRunner,
) -> None:
    peak = peak_rss_mib()
    started = time.monotonic()
    result = await RunSqlTool(sample_runner).execute(
        tool_context(), RunSqlArgs(sql="SELECT randomblob(1e9) AS b")
    )
    assert time.monotonic() - started < 2
    assert peak_rss_mib() - peak < 100
    assert result.success is False
    assert result.result_for_llm == (
        "SQLite error: string or blob too big (a value would be longer than this tool's "
        "limit of 4194304 bytes; select a part with substr() or its length())"
    )


async def test_an_endless_wide_result_is_cut_at_the_size_limit(
    sample_runner: SqliteRunner,
) -> None:
    result = await RunSqlTool(sample_runner).execute(tool_context(), RunSqlArgs(sql=ENDLESS_WIDE))
    assert result.success
    assert result.metadata["row_count"] == 63  # 63 x (65536 + 8) bytes fit in 4 MiB
    assert result.metadata["truncated"] is True
    assert result.metadata["limit_notes"] == [
        "the result was truncated after 63 rows at the size limit of 4194304 bytes",
        "63 value(s) longer than 65536 bytes were cut (they end with …)",
    ]
    footer = result.result_for_llm.splitlines()[-1]
    assert footer.startswith("(showing ")
    assert "the result was truncated after 63 rows at the size limit of 4194304 bytes" in footer
    assert result.ui_component is not None
    table = result.ui_component.rich_component
    assert isinstance(table, DataFrameComponent)
    assert table.title is not None and "size limit of 4194304 bytes" in table.title
    assert all(len(row[1].encode()) == 65536 and row[1].endswith("…") for row in table.rows)
    assert len(json.dumps(table.to_dict())) < 5 * MiB


async def test_limits_are_configurable_per_runner(sample_db: Path) -> None:
    runner = SqliteRunner(sample_db, limits=ResultLimits(max_cell_bytes=20, max_result_bytes=100))
    tool = RunSqlTool(runner, max_rows=1000)
    cut = await tool.execute(
        tool_context(), RunSqlArgs(sql="SELECT printf('%.*c', 50, 'y') AS s, x'00ff' AS b")
    )
    rows = await tool.execute(tool_context(), RunSqlArgs(sql="SELECT order_id FROM orders"))
    too_big = await tool.execute(tool_context(), RunSqlArgs(sql="SELECT zeroblob(2000000)"))
    assert cut.result_for_llm.splitlines()[1] == "yyyyyyyyyyyyyyyyy… | <2 bytes>"
    assert cut.result_for_llm.splitlines()[-1] == (
        "(1 row; 1 value(s) longer than 20 bytes were cut (they end with …); "
        "select part of a long value (e.g. substr) to see more of it)"
    )
    assert rows.metadata["row_count"] == 12  # 12 x 8 bytes fit in 100
    assert rows.metadata["truncated"] is True
    assert too_big.success is False
    assert "limit of 1048576 bytes" in too_big.result_for_llm  # SQLite's own cap: >= 1 MiB


@pytest.fixture
async def postgres_runner() -> AsyncIterator[PostgresRunner]:
    asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")
    try:
        admin = await asyncpg.connect(POSTGRES_DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES_DSN}: {exc}")
    try:
        async with reader_role(admin) as role:
            runner = PostgresRunner(dsn_for(role))
            try:
                yield runner
            finally:
                await runner.close()
    finally:
        await admin.close()


async def test_postgres_huge_series_and_huge_values_are_cut_while_fetching(
    postgres_runner: PostgresRunner,
) -> None:
    tool = RunSqlTool(postgres_runner)
    peak = peak_rss_mib()
    started = time.monotonic()
    series = await tool.execute(
        tool_context(),
        RunSqlArgs(sql="SELECT generate_series(1, 1000000000) AS g, repeat('x', 100000) AS pad"),
    )
    big = await tool.execute(
        tool_context(),
        RunSqlArgs(
            sql="SELECT repeat('x', 50000000) AS t, decode(repeat('ab', 3000000), 'hex') AS b, "
            f"'{uuid.uuid4()}' AS tag"
        ),
    )
    assert time.monotonic() - started < 15
    assert peak_rss_mib() - peak < 40  # the 50 MB text never reached this process whole
    assert series.metadata["row_count"] == 63
    assert series.metadata["limit_notes"][0] == (
        "the result was truncated after 63 rows at the size limit of 4194304 bytes"
    )
    assert big.ui_component is not None
    row = big.ui_component.rich_component.to_dict()["rows"][0]
    assert len(row[0].encode()) == 65536 and row[0].endswith("…")
    assert big.metadata["limit_notes"] == [
        "2 value(s) longer than 65536 bytes were cut (they end with …)"
    ]
    assert big.metadata["columns"] == ["t", "b", "tag"]


async def test_duckdb_endless_range_and_long_values_are_cut(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb", reason="the duckdb extra is not installed")
    path = tmp_path / "empty.duckdb"
    duckdb.connect(str(path)).close()
    runner = DuckDbRunner(path)
    try:
        started = time.monotonic()
        result = await RunSqlTool(runner).execute(
            tool_context(),
            RunSqlArgs(sql="SELECT range AS i, repeat('z', 1000000) AS s FROM range(1000000000)"),
        )
    finally:
        await runner.close()
    assert time.monotonic() - started < 10
    assert result.metadata["row_count"] == 63
    assert result.metadata["truncated"] is True
    assert result.ui_component is not None
    rows = result.ui_component.rich_component.to_dict()["rows"]
    assert {len(row[1].encode()) for row in rows} == {65536}
