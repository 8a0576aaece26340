"""Finding 2: DuckDB SQL read arbitrary files (replacement scans, read_csv, sniff_csv, glob)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from hookline.sql import DuckDbRunner, SqlExecutionError
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from tests.security.sql_support import tool_context

duckdb = pytest.importorskip("duckdb", reason="the duckdb extra is not installed")

SECRET = "s3cr3t-token"
LOGGER = "hookline.sql.duckdb_runner"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.csv"
    path.write_text(f"name,value\ntoken,{SECRET}\n")
    return path


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    path = tmp_path / "shop.duckdb"
    connection = duckdb.connect(str(path))
    connection.execute("CREATE TABLE orders AS SELECT range AS id FROM range(3)")
    connection.close()
    return path


def attacks(secret: Path) -> list[str]:
    return [
        f"SELECT * FROM '{secret}'",
        f'SELECT * FROM "{secret}"',
        f"SELECT * FROM read_csv('{secret}')",
        f"SELECT * FROM read_csv_auto('{secret}')",
        f"SELECT * FROM sniff_csv('{secret}')",
        f"SELECT * FROM glob('{secret.parent}/*')",
        f"SELECT content FROM read_text('{secret}')",
        f"FROM read_blob('{secret}')",
    ]


async def test_file_reads_are_refused_by_the_tool(shop: Path, secret: Path) -> None:
    runner = DuckDbRunner(shop)
    tool = RunSqlTool(runner)
    try:
        results = [
            await tool.execute(tool_context(), RunSqlArgs(sql=sql)) for sql in attacks(secret)
        ]
    finally:
        await runner.close()
    assert [r.success for r in results] == [False] * len(results)
    assert all(r.result_for_llm.startswith("Refused:") for r in results)
    assert all(
        SECRET not in r.result_for_llm and "secret.csv\n" not in r.result_for_llm for r in results
    )


async def test_the_runners_own_connection_cannot_read_files_even_past_the_guard(
    shop: Path, secret: Path, caplog: pytest.LogCaptureFixture
) -> None:
    runner = DuckDbRunner(shop)
    errors: list[str] = []
    try:
        with caplog.at_level(logging.WARNING, logger=LOGGER):
            for sql in attacks(secret):
                with pytest.raises(SqlExecutionError) as caught:
                    await runner.run(sql, max_rows=5, timeout_s=5)  # no guard
                errors.append(str(caught.value))
            with pytest.raises(SqlExecutionError, match="locked"):
                await runner.run("SET enable_external_access = true", max_rows=1, timeout_s=5)
            still = await runner.run("SELECT count(*) FROM orders", max_rows=1, timeout_s=5)
    finally:
        await runner.close()
    assert all(SECRET not in error for error in errors)
    assert sum("disabled by configuration" in error for error in errors) >= 6
    assert still.rows == [(3,)]
    assert not [r for r in caplog.records if r.name == LOGGER]  # nothing to warn about


async def test_a_permissive_caller_connection_is_warned_about_and_still_guarded(
    secret: Path, caplog: pytest.LogCaptureFixture
) -> None:
    connection = duckdb.connect()  # external access on: the default
    runner = DuckDbRunner(connection=connection)
    tool = RunSqlTool(runner)
    try:
        with caplog.at_level(logging.WARNING, logger=LOGGER):
            refused = [
                await tool.execute(tool_context(), RunSqlArgs(sql=sql)) for sql in attacks(secret)
            ]
            fine = await tool.execute(tool_context(), RunSqlArgs(sql="SELECT 42 AS answer"))
    finally:
        await runner.close()
        connection.close()
    warnings = [r.getMessage() for r in caplog.records if r.name == LOGGER]
    assert len(warnings) == 1
    assert "allows external access" in warnings[0]
    assert "'enable_external_access': False" in warnings[0]
    assert [r.success for r in refused] == [False] * len(refused)
    assert all(SECRET not in r.result_for_llm for r in refused)
    assert fine.result_for_llm == "answer\n42\n(1 row)"


async def test_a_locked_down_caller_connection_gets_no_warning(
    secret: Path, caplog: pytest.LogCaptureFixture
) -> None:
    connection = duckdb.connect(
        config={"enable_external_access": False, "lock_configuration": True}
    )
    runner = DuckDbRunner(connection=connection)
    try:
        with (
            caplog.at_level(logging.WARNING, logger=LOGGER),
            pytest.raises(SqlExecutionError, match="disabled by configuration"),
        ):
            await runner.run(f"SELECT * FROM read_csv('{secret}')", max_rows=1, timeout_s=5)
    finally:
        await runner.close()
        connection.close()
    assert not [r for r in caplog.records if r.name == LOGGER]
