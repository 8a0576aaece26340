"""PostgresRunner against the local PostgreSQL: READ ONLY transactions, statement_timeout, keys."""

from __future__ import annotations

import logging
import os
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from hookline.sql import PostgresRunner, SqlExecutionError, SqlTimeoutError
from hookline.sql.pg_privileges import PrivilegedRoleError, least_privilege_role_sql
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from hookline.tools.context import ToolContext
from hookline.users import User
from tests.security.sql_support import dsn_for, reader_role

asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")

DSN = os.environ.get("HOOKLINE_TEST_POSTGRES_DSN", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
async def schema() -> AsyncIterator[str]:
    """A private schema with two related tables, dropped afterwards."""
    try:
        connection = await asyncpg.connect(DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {DSN}: {exc}")
    name = f"hl_sql_{uuid.uuid4().hex[:10]}"
    await connection.execute(
        f"""
        CREATE SCHEMA {name};
        CREATE TABLE {name}.customers (id integer PRIMARY KEY, name text NOT NULL);
        CREATE TABLE {name}.orders (
            id integer PRIMARY KEY,
            customer_id integer NOT NULL REFERENCES {name}.customers (id),
            total numeric(10, 2) NOT NULL,
            placed date NOT NULL
        );
        INSERT INTO {name}.customers VALUES (1, 'Ada'), (2, 'Grace');
        INSERT INTO {name}.orders
            SELECT i, 1 + i % 2, i * 1.5, DATE '2024-01-01' + i FROM generate_series(1, 50) i;
        """
    )
    try:
        yield name
    finally:
        await connection.execute(f"DROP SCHEMA {name} CASCADE")
        await connection.close()


@pytest.fixture
async def runner(schema: str) -> AsyncIterator[PostgresRunner]:
    runner = PostgresRunner(  # the local superuser: these tests write, too
        DSN, schema=schema, server_settings={"search_path": schema}, allow_privileged_role=True
    )
    try:
        yield runner
    finally:
        await runner.close()


async def count_orders(schema: str) -> int:
    connection = await asyncpg.connect(DSN)
    try:
        return int(await connection.fetchval(f"SELECT count(*) FROM {schema}.orders"))
    finally:
        await connection.close()


async def test_select_with_row_limit(runner: PostgresRunner) -> None:
    result = await runner.run(
        "SELECT id, total, placed FROM orders ORDER BY id", max_rows=2, timeout_s=5
    )
    assert result.columns == ["id", "total", "placed"]
    assert [(r[0], str(r[1]), r[2].isoformat()) for r in result.rows] == [
        (1, "1.50", "2024-01-02"),
        (2, "3.00", "2024-01-03"),
    ]
    assert result.truncated is True


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("DELETE FROM orders", id="delete"),
        pytest.param("INSERT INTO customers VALUES (3, 'Linus')", id="insert"),
        pytest.param(
            "WITH gone AS (DELETE FROM orders RETURNING id) SELECT count(*) FROM gone",
            id="with-delete",
        ),
        pytest.param("CREATE TABLE extra (a int)", id="create"),
    ],
)
async def test_server_refuses_writes_in_read_only_runs(
    runner: PostgresRunner, schema: str, sql: str
) -> None:
    # straight to the runner: the guard is not involved, the server refuses
    with pytest.raises(SqlExecutionError, match="read-only transaction"):
        await runner.run(sql, max_rows=10, timeout_s=5, read_only=True)
    assert await count_orders(schema) == 50


async def test_statement_timeout_is_enforced_by_the_server(runner: PostgresRunner) -> None:
    started = time.monotonic()
    with pytest.raises(SqlTimeoutError, match=r"0\.3 s"):
        await runner.run("SELECT pg_sleep(5)", max_rows=1, timeout_s=0.3)
    assert time.monotonic() - started < 3
    # the pooled connection is usable again; each run sets its own timeout
    result = await runner.run(
        "SELECT current_setting('statement_timeout')", max_rows=1, timeout_s=7
    )
    assert result.rows == [("7s",)]


async def test_writes_when_allowed(runner: PostgresRunner, schema: str) -> None:
    result = await runner.run(
        "DELETE FROM orders WHERE id > 40", max_rows=1, timeout_s=5, read_only=False
    )
    assert result.rows_affected == 10
    assert await count_orders(schema) == 40


async def test_describe_reads_tables_columns_and_keys(runner: PostgresRunner) -> None:
    schema = await runner.describe()
    assert [t.name for t in schema.tables] == ["customers", "orders"]
    orders = schema.table("orders")
    assert orders is not None
    assert [(c.name, c.type, c.nullable) for c in orders.columns] == [
        ("id", "integer", False),
        ("customer_id", "integer", False),
        ("total", "numeric", False),
        ("placed", "date", False),
    ]
    assert orders.primary_key == ["id"]
    assert [(k.columns, k.ref_table, k.ref_columns) for k in orders.foreign_keys] == [
        (["customer_id"], "customers", ["id"])
    ]


async def test_run_sql_on_postgres(runner: PostgresRunner, schema: str) -> None:
    tool = RunSqlTool(runner)
    ctx = ToolContext(user=User(id="u"), conversation_id="c", request_id="r")
    answer = await tool.execute(
        ctx,
        RunSqlArgs(
            sql="SELECT c.name, sum(o.total) AS spent FROM orders o "
            "JOIN customers c ON c.id = o.customer_id GROUP BY c.name ORDER BY 1"
        ),
    )
    refused = await tool.execute(ctx, RunSqlArgs(sql="TRUNCATE orders"))
    assert answer.result_for_llm == "name | spent\nAda | 975.00\nGrace | 937.50\n(2 rows)"
    assert answer.ui_component is not None
    assert answer.ui_component.rich_component.to_dict()["rows"] == [
        ["Ada", 975.0],
        ["Grace", 937.5],
    ]
    assert refused.success is False
    assert refused.result_for_llm.startswith("Refused: a TRUNCATE TABLE statement")
    assert await count_orders(schema) == 50


async def test_unreachable_server_is_an_execution_error() -> None:
    runner = PostgresRunner("postgresql://postgres@127.0.0.1:1/none")
    with pytest.raises(SqlExecutionError, match="Cannot connect"):
        await runner.run("SELECT 1", max_rows=1, timeout_s=2)


@pytest.fixture
async def admin() -> AsyncIterator[Any]:
    try:
        connection = await asyncpg.connect(DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {DSN}: {exc}")
    try:
        yield connection
    finally:
        await connection.close()


async def test_a_superuser_is_refused_before_the_first_query(
    schema: str, caplog: pytest.LogCaptureFixture
) -> None:
    runner = PostgresRunner(DSN, schema=schema)
    try:
        with pytest.raises(PrivilegedRoleError) as first:
            await runner.run(f"SELECT count(*) FROM {schema}.orders", max_rows=1, timeout_s=5)
        with pytest.raises(PrivilegedRoleError):
            await runner.describe()
        with pytest.raises(PrivilegedRoleError):
            await runner.verify()
    finally:
        await runner.close()
    message = str(first.value)
    assert "refuses to run SQL as role 'postgres': it is SUPERUSER" in message
    assert "hookline sql-role" in message
    assert "allow_privileged_role=True (CLI: --allow-privileged-role)" in message
    opted_in = PostgresRunner(DSN, schema=schema, allow_privileged_role=True)
    try:
        with caplog.at_level(logging.WARNING, logger="hookline.sql.postgres_runner"):
            await opted_in.run("SELECT 1", max_rows=1, timeout_s=5)
            await opted_in.run("SELECT 2", max_rows=1, timeout_s=5)
    finally:
        await opted_in.close()
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "allow_privileged_role=True" in warnings[0]


@pytest.mark.parametrize(
    ("grant", "reason"),
    [
        ("GRANT pg_read_server_files TO {role}", "a member of pg_read_server_files"),
        ("GRANT pg_execute_server_program TO {role}", "a member of pg_execute_server_program"),
        ("ALTER ROLE {role} BYPASSRLS", "BYPASSRLS"),
    ],
)
async def test_roles_that_reach_server_files_are_refused(
    admin: Any, schema: str, grant: str, reason: str
) -> None:
    role = f"hl_priv_{uuid.uuid4().hex[:8]}"
    await admin.execute(f"CREATE ROLE {role} LOGIN; {grant.format(role=role)}")
    runner = PostgresRunner(dsn_for(role), schema=schema)
    try:
        with pytest.raises(PrivilegedRoleError, match=f"it is {reason}"):
            await runner.run("SELECT 1", max_rows=1, timeout_s=5)
    finally:
        await runner.close()
        await admin.execute(f"DROP OWNED BY {role}; DROP ROLE {role}")


async def test_each_query_sets_role_timeout_and_search_path_locally(
    admin: Any, schema: str
) -> None:
    async with reader_role(admin, schemas=(schema,)) as reader:
        await admin.execute(f"GRANT {reader} TO CURRENT_USER")
        runner = PostgresRunner(DSN, schema=schema, role=reader, allow_privileged_role=True)
        try:
            shown = await runner.run(
                "SELECT current_user, current_setting('search_path'), "
                "current_setting('transaction_read_only'), count(*) FROM orders",
                max_rows=1,
                timeout_s=4,
            )
            with pytest.raises(SqlExecutionError, match="permission denied"):
                await runner.run("SELECT pg_read_file('PG_VERSION')", max_rows=1, timeout_s=4)
            schema_info = await runner.describe()
        finally:
            await runner.close()
    assert shown.rows == [(reader, f'pg_catalog, "{schema}", pg_temp', "on", 50)]
    assert [t.name for t in schema_info.tables] == ["customers", "orders"]


async def test_strings_are_read_as_the_guard_parses_them(admin: Any, schema: str) -> None:
    """With standard_conforming_strings off, 'a\\' would not end where the guard saw it end."""
    async with reader_role(admin, schemas=(schema,)) as reader:
        await admin.execute(f"ALTER ROLE {reader} SET standard_conforming_strings = off")
        runner = PostgresRunner(dsn_for(reader), schema=schema)
        try:
            shown = await runner.run(
                "SELECT 'a\\' AS s, current_setting('standard_conforming_strings') AS scs",
                max_rows=1,
                timeout_s=4,
            )
        finally:
            await runner.close()
    assert shown.rows == [("a\\", "on")]


def test_the_least_privilege_role_sql() -> None:
    sql = least_privilege_role_sql("reader", database="shop", schemas=["public", "sales"])
    assert 'GRANT SELECT ON ALL TABLES IN SCHEMA "sales" TO "reader";' in sql
    assert "SUPERUSER" not in sql.replace("NOSUPERUSER", "")
    assert "GRANT pg_read_all_data" in least_privilege_role_sql(database="x", read_all_data=True)
