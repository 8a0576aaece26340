"""Finding 2: DuckDB SQL read arbitrary files (replacement scans, read_csv, sniff_csv, glob)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from hookline.sql import DuckDbRunner, SqlExecutionError, UnsafeDatabaseError
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
    assert not [r for r in caplog.records if r.name == LOGGER]


def caller_attacks(secret: Path, out: Path) -> dict[str, str]:
    """Issue 31's list, aimed at a caller's connection."""
    serialized = f"SELECT * FROM read_csv('{secret}')".replace("'", "''")
    return {
        "summarize": f"SUMMARIZE '{secret}'",
        "summarize-select": f"SUMMARIZE SELECT * FROM read_csv('{secret}')",
        "read_csv": f"SELECT * FROM read_csv('{secret}')",
        "read_text": f"SELECT content FROM read_text('{secret}')",
        "read_parquet": f"SELECT * FROM read_parquet('{secret.with_suffix('.parquet')}')",
        "attach": f"ATTACH '{out.with_suffix('.duckdb')}' AS other",
        "copy": f"COPY (SELECT 1) TO '{out}'",
        "install": "INSTALL httpfs",
        "load": "LOAD httpfs",
        "json_execute_serialized_sql": (
            f"SELECT * FROM json_execute_serialized_sql(json_serialize_sql('{serialized}'))"
        ),
    }


async def test_a_callers_connection_is_locked_down_before_the_first_query(
    secret: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.csv"
    connection = duckdb.connect()  # external access on: DuckDB's default
    runner = DuckDbRunner(connection=connection)
    tool = RunSqlTool(runner)
    errors: dict[str, str] = {}
    try:
        refused = {
            name: await tool.execute(tool_context(), RunSqlArgs(sql=sql))
            for name, sql in caller_attacks(secret, out).items()
        }
        for name, sql in caller_attacks(secret, out).items():  # no guard: the database refuses
            with pytest.raises(SqlExecutionError) as caught:
                await runner.run(sql, max_rows=5, timeout_s=5, read_only=False)
            errors[name] = str(caught.value)
        fine = await tool.execute(tool_context(), RunSqlArgs(sql="SELECT 42 AS answer"))
        settings = connection.execute(
            "SELECT current_setting('enable_external_access'), "
            "current_setting('lock_configuration'), "
            "current_setting('autoload_known_extensions')"
        ).fetchone()
        with pytest.raises(duckdb.Error, match="configuration"):
            connection.execute("SET enable_external_access = true")
    finally:
        await runner.close()
        connection.close()
    assert {name: r.success for name, r in refused.items()} == dict.fromkeys(refused, False)
    assert all(r.result_for_llm.startswith("Refused:") for r in refused.values())
    assert all(SECRET not in r.result_for_llm for r in refused.values())
    assert all(SECRET not in error for error in errors.values())
    assert all("disabled" in error for error in errors.values()), errors
    assert settings == (False, True, False)
    assert not out.exists() and not out.with_suffix(".duckdb").exists()
    assert fine.result_for_llm == "answer\n42\n(1 row)"


async def test_a_connection_locked_with_external_access_on_is_refused(secret: Path) -> None:
    connection = duckdb.connect(config={"lock_configuration": True})
    runner = DuckDbRunner(connection=connection)
    try:
        with pytest.raises(UnsafeDatabaseError) as caught:
            await runner.run(f"SELECT * FROM read_csv('{secret}')", max_rows=1, timeout_s=5)
        with pytest.raises(SqlExecutionError, match="refuses this connection"):
            await runner.verify()
    finally:
        await runner.close()
        connection.close()
    assert "DuckDbRunner refuses this connection" in str(caught.value)
    assert "'lock_configuration': True" in str(caught.value)
    assert "allow_external_access=True" in str(caught.value)


async def test_a_locked_down_caller_connection_is_used_as_it_is(secret: Path) -> None:
    connection = duckdb.connect(
        config={
            "enable_external_access": False,
            "autoinstall_known_extensions": False,
            "autoload_known_extensions": False,
            "lock_configuration": True,
        }
    )
    runner = DuckDbRunner(connection=connection)
    try:
        with pytest.raises(SqlExecutionError, match="disabled by configuration"):
            await runner.run(f"SELECT * FROM read_csv('{secret}')", max_rows=1, timeout_s=5)
        answer = await runner.run("SELECT 1 AS one", max_rows=1, timeout_s=5)
    finally:
        await runner.close()
        connection.close()
    assert answer.rows == [(1,)]
