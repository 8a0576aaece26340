"""Finding 1: a "read-only" PostgreSQL run_sql wrote large objects and read server files.

The tests connect as a superuser (the local server's postgres role), so every
file function would work if it reached the server: the guard must refuse it,
and what slips past the guard must be rolled back.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline.sql import PostgresRunner, SqlExecutionError, SqlTimeoutError
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from tests.security.sql_support import POSTGRES_DSN, tool_context

asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")


@pytest.fixture
async def admin() -> AsyncIterator[Any]:
    try:
        connection = await asyncpg.connect(POSTGRES_DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES_DSN}: {exc}")
    try:
        yield connection
    finally:
        await connection.close()


@pytest.fixture
async def schema(admin: Any) -> AsyncIterator[str]:
    name = f"hl_sec_{uuid.uuid4().hex[:10]}"
    await admin.execute(
        f"CREATE SCHEMA {name}; CREATE SEQUENCE {name}.seq; "
        f"CREATE TABLE {name}.orders AS SELECT g AS id FROM generate_series(1, 5) g"
    )
    try:
        yield name
    finally:
        await admin.execute(f"DROP SCHEMA {name} CASCADE")


@pytest.fixture
async def runner(schema: str) -> AsyncIterator[PostgresRunner]:
    runner = PostgresRunner(POSTGRES_DSN, schema=schema, server_settings={"search_path": schema})
    try:
        yield runner
    finally:
        await runner.close()


async def large_objects(admin: Any) -> int:
    return int(await admin.fetchval("SELECT count(*) FROM pg_largeobject_metadata"))


ATTACKS = [
    pytest.param("SELECT lo_create(0)", "lo_create", id="lo_create"),
    pytest.param("SELECT pg_catalog.lo_from_bytea(0, 'x')", "lo_from_bytea", id="lo_from_bytea"),
    pytest.param("SELECT lo_export(lo_create(0), '{out}')", "lo_export", id="lo_export"),
    pytest.param("SELECT pg_read_file('/etc/passwd')", "pg_read_file", id="pg_read_file"),
    pytest.param(
        "SELECT * FROM pg_read_binary_file('/etc/passwd')", "pg_read_binary_file", id="binary"
    ),
    pytest.param("SELECT * FROM pg_ls_dir('.')", "pg_ls_dir", id="pg_ls_dir"),
    pytest.param(
        "SELECT query_to_xml('SELECT pg_read_file(''/etc/passwd'')', true, true, '')",
        "query_to_xml",
        id="query_to_xml",
    ),
    pytest.param(
        "SELECT \"TABLE_TO_XMLSCHEMA\"('orders', true, true, '')",
        '"TABLE_TO_XMLSCHEMA"',  # quoted: PostgreSQL matches it case-sensitively
        id="quoted-xml",
    ),
    pytest.param(
        "SELECT dblink_exec('dbname=test', 'CREATE TABLE pwned (a int)')",
        "dblink_exec",
        id="dblink_exec",
    ),
    pytest.param("SELECT set_config('statement_timeout', '0', false)", "set_config", id="set"),
    pytest.param("SELECT pg_sleep_for('10 minutes')", "pg_sleep_for", id="pg_sleep"),
    pytest.param(
        "SELECT * FROM crosstab('SELECT 1, 2, pg_read_file(''/etc/passwd'')') AS t(a int)",
        "crosstab",
        id="crosstab",
    ),
]


@pytest.mark.parametrize(("sql", "function"), ATTACKS)
async def test_side_effect_functions_are_refused(
    runner: PostgresRunner, admin: Any, tmp_path: Path, sql: str, function: str
) -> None:
    out = tmp_path / "exported.bin"
    before = await large_objects(admin)
    result = await RunSqlTool(runner).execute(tool_context(), RunSqlArgs(sql=sql.format(out=out)))
    assert result.success is False
    assert result.metadata["refused"] is True
    assert result.result_for_llm.startswith(f"Refused: the function {function}() is not allowed")
    assert "root:" not in result.result_for_llm
    assert await large_objects(admin) == before
    assert not out.exists()


async def test_what_slips_past_the_guard_is_rolled_back_or_refused_by_the_server(
    runner: PostgresRunner, admin: Any, schema: str
) -> None:
    before = await large_objects(admin)
    # straight to the runner, no guard: the READ ONLY transaction is rolled back
    created = await runner.run("SELECT lo_create(0)", max_rows=1, timeout_s=5)
    assert isinstance(created.rows[0][0], int)
    assert await large_objects(admin) == before
    # a function that writes is refused by the server in the READ ONLY transaction
    with pytest.raises(SqlExecutionError, match="read-only transaction"):
        await runner.run("SELECT setval('seq', 100)", max_rows=1, timeout_s=5)
    with pytest.raises(SqlExecutionError, match="read-only transaction"):
        await runner.run("DELETE FROM orders", max_rows=1, timeout_s=5)
    assert await admin.fetchval(f"SELECT count(*) FROM {schema}.orders") == 5
    assert await admin.fetchval(f"SELECT last_value FROM {schema}.seq") == 1


async def test_statement_timeout_has_a_default_and_a_ceiling(schema: str) -> None:
    runner = PostgresRunner(POSTGRES_DSN, statement_timeout_s=0.5)
    try:
        started = time.monotonic()
        with pytest.raises(SqlTimeoutError, match=r"0\.5 s"):
            await runner.run("SELECT pg_sleep(10)", max_rows=1, timeout_s=60)
        assert time.monotonic() - started < 4
        capped = await runner.run("SHOW statement_timeout", max_rows=1, timeout_s=60)
    finally:
        await runner.close()
    default = PostgresRunner(POSTGRES_DSN)
    try:
        shown = await default.run("SHOW statement_timeout", max_rows=1, timeout_s=60)
    finally:
        await default.close()
    assert capped.rows == [("500ms",)]
    assert shown.rows == [("30s",)]


async def test_a_superuser_connection_is_warned_about_once(
    runner: PostgresRunner, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="hookline.sql.postgres_runner"):
        await runner.run("SELECT 1", max_rows=1, timeout_s=5)
        await runner.run("SELECT 2", max_rows=1, timeout_s=5)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "SUPERUSER" in warnings[0]
    assert "SELECT privileges only" in warnings[0]
