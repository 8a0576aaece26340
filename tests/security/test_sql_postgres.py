"""Issue 31 (and finding 1 before it): run_sql on PostgreSQL read server files, listed the
data directory, ran SQL from strings and, through dblink, committed a table and ran a
shell command - on a superuser connection, with names the deny-list did not recognise.

The bypass matrix: every attack, in every spelling (plain, quoted, Unicode-escaped,
schema-qualified), through the tool the model uses, as a superuser that opted in and as a
least-privilege role created here; then the same attacks sent to the least-privilege
runner with no guard at all (the database alone refuses them).  Afterwards: no file read,
written or listed, no program run, nothing committed, no large object or lock left.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hookline.agent import Agent
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.sql import PostgresRunner, SqlExecutionError, SqlTimeoutError
from hookline.storage import SqliteConversationStore
from hookline.tools import ToolRegistry
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from hookline.users.models import User
from tests.security.sql_support import POSTGRES_DSN, dsn_for, reader_role, tool_context

asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")

PASSWD_LINE = "root:x:0:0"


@dataclass(frozen=True)
class Traces:
    """Where an attack that got through would leave a mark."""

    written: Path
    ran: Path

    def none_left(self) -> bool:
        return not self.written.exists() and not self.ran.exists()


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
    extensions = await _create_extensions(admin, name)
    try:
        yield name
    finally:
        await admin.execute(f"DROP SCHEMA {name} CASCADE")
        if "adminpack" in extensions:
            await admin.execute("DROP EXTENSION IF EXISTS adminpack")


async def _create_extensions(admin: Any, schema: str) -> set[str]:
    available = {
        row[0]
        for row in await admin.fetch(
            "SELECT name FROM pg_available_extensions WHERE installed_version IS NULL"
        )
    }
    created = set()
    for extension in ("dblink", "tablefunc"):
        if extension in available:
            await admin.execute(f"CREATE EXTENSION {extension} SCHEMA {schema}")
            created.add(extension)
    if "adminpack" in available:  # always in pg_catalog
        await admin.execute("CREATE EXTENSION adminpack")
        created.add("adminpack")
    return created


@pytest.fixture
def traces() -> Traces:
    tag = uuid.uuid4().hex[:10]
    return Traces(written=Path(f"/tmp/hl_sec_{tag}.out"), ran=Path(f"/tmp/hl_sec_{tag}.ran"))


@pytest.fixture(params=["superuser-opted-in", "least-privilege"])
async def runner(request: Any, admin: Any, schema: str) -> AsyncIterator[PostgresRunner]:
    settings = {"search_path": schema}
    if request.param == "superuser-opted-in":
        runner = PostgresRunner(
            POSTGRES_DSN, schema=schema, server_settings=settings, allow_privileged_role=True
        )
        try:
            yield runner
        finally:
            await runner.close()
        return
    async with reader_role(admin, schemas=(schema,)) as role:
        runner = PostgresRunner(dsn_for(role), schema=schema, server_settings=settings)
        try:
            yield runner
        finally:
            await runner.close()


def attacks(traces: Traces, schema: str) -> list[tuple[str, str]]:
    """(function, SQL with ``{f}`` where the function name goes)."""
    program = f"COPY (SELECT 1) TO PROGRAM ''touch {traces.ran}''"
    return [
        ("pg_read_file", "SELECT {f}('/etc/passwd', 0, 80)"),
        ("pg_read_binary_file", "SELECT * FROM {f}('/etc/passwd')"),
        ("pg_ls_dir", "SELECT * FROM {f}('.')"),
        ("pg_stat_file", "SELECT ({f}('PG_VERSION')).size"),
        ("lo_import", "SELECT {f}('/etc/passwd')"),
        ("lo_export", f"SELECT {{f}}(lo_create(0), '{traces.written}')"),
        ("lo_from_bytea", "SELECT {f}(0, 'x'::bytea)"),
        ("query_to_xml", "SELECT {f}('SELECT pg_read_file(''/etc/passwd'')', true, true, '')"),
        (
            "dblink",
            f"SELECT * FROM {{f}}('dbname=' || current_database(), '{program}') AS t(a text)",
        ),
        (
            "dblink_exec",
            f"SELECT {{f}}('dbname=' || current_database(), 'CREATE TABLE {schema}.pwned (a int)')",
        ),
        ("pg_file_write", f"SELECT {{f}}('{traces.written}', 'x', false)"),
        ("set_config", "SELECT {f}('application_name', 'hl_pwned', false)"),
        ("pg_sleep", "SELECT {f}(0.01)"),
        ("txid_current", "SELECT {f}()"),
        ("nextval", "SELECT {f}('seq')"),
        ("pg_advisory_lock", "SELECT {f}(31)"),
        ("pg_try_advisory_lock", "SELECT * FROM orders WHERE {f}(id)"),
        ("current_setting", "SELECT {f}('data_directory')"),
    ]


def spellings(name: str) -> list[str]:
    escaped = "".join(f"\\{ord(c):04x}" for c in name)
    return [name, f'"{name}"', name.upper(), f'U&"{escaped}"', f"pg_catalog.{name}"]


async def marks(admin: Any, schema: str) -> tuple[int, ...]:
    """Large objects, tables in the schema, the sequence's value, advisory locks, sessions
    whose settings an attack changed."""
    row = await admin.fetchrow(
        "SELECT (SELECT count(*) FROM pg_largeobject_metadata), "
        "(SELECT count(*) FROM information_schema.tables WHERE table_schema = $1), "
        f"(SELECT last_value FROM {schema}.seq), "
        "(SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
        "(SELECT oid FROM pg_database WHERE datname = current_database())), "
        "(SELECT count(*) FROM pg_stat_activity WHERE application_name = 'hl_pwned')",
        schema,
    )
    return tuple(int(value) for value in row)


async def test_the_bypass_matrix_is_refused_through_the_tool(
    runner: PostgresRunner, admin: Any, schema: str, traces: Traces
) -> None:
    tool = RunSqlTool(runner)
    before = await marks(admin, schema)
    answers = []
    for function, template in attacks(traces, schema):
        for spelling in spellings(function):
            sql = template.format(f=spelling)
            result = await tool.execute(tool_context(), RunSqlArgs(sql=sql))
            answers.append((sql, function, result))
    for sql, function, result in answers:
        assert result.success is False, sql
        assert result.metadata["refused"] is True, sql
        named = f"the function {function}()" in result.result_for_llm
        assert named or f'"{function.upper()}"()' in result.result_for_llm, result.result_for_llm
        assert PASSWD_LINE not in result.result_for_llm
    assert await marks(admin, schema) == before
    assert traces.none_left()
    fine = await tool.execute(tool_context(), RunSqlArgs(sql="SELECT count(*) AS n FROM orders"))
    assert fine.result_for_llm == "n\n5\n(1 row)"


async def test_the_least_privilege_role_refuses_the_attacks_without_the_guard(
    admin: Any, schema: str, traces: Traces
) -> None:
    before = await marks(admin, schema)
    outcomes: dict[str, str] = {}
    async with reader_role(admin, schemas=(schema,)) as role:
        runner = PostgresRunner(
            dsn_for(role), schema=schema, server_settings={"search_path": schema}
        )
        try:
            for function, template in attacks(traces, schema):
                try:
                    result = await runner.run(template.format(f=function), max_rows=5, timeout_s=5)
                    outcomes[function] = f"ran: {result.rows}"
                except SqlExecutionError as exc:
                    outcomes[function] = str(exc)
        finally:
            await runner.close()
    # the server itself refuses what reaches files, programs, other databases and writes
    refused = ("pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file",
               "lo_import", "lo_export", "query_to_xml", "pg_file_write", "nextval",
               "current_setting")  # fmt: skip
    for function in refused:
        text = outcomes[function]
        assert "permission denied" in text or "must be superuser" in text, (function, text)
    for function in ("dblink", "dblink_exec"):
        if function in outcomes and "does not exist" not in outcomes[function]:
            assert "password is required" in outcomes[function], outcomes[function]
    assert all(PASSWD_LINE not in text for text in outcomes.values())
    # what the role may run (lo_from_bytea, set_config, txid_current, advisory locks) is
    # undone: the transaction is rolled back, the pool resets the connection
    assert await marks(admin, schema) == before
    assert traces.none_left()


async def test_what_slips_past_the_guard_is_rolled_back_or_refused_by_the_server(
    admin: Any, schema: str
) -> None:
    runner = PostgresRunner(
        POSTGRES_DSN, schema=schema, server_settings={"search_path": schema},
        allow_privileged_role=True,
    )  # fmt: skip
    before = await marks(admin, schema)
    try:
        created = await runner.run("SELECT lo_create(0)", max_rows=1, timeout_s=5)
        assert isinstance(created.rows[0][0], int)
        with pytest.raises(SqlExecutionError, match="read-only transaction"):
            await runner.run("SELECT setval('seq', 100)", max_rows=1, timeout_s=5)
        with pytest.raises(SqlExecutionError, match="read-only transaction"):
            await runner.run("DELETE FROM orders", max_rows=1, timeout_s=5)
        await runner.run("SELECT pg_advisory_lock(31)", max_rows=1, timeout_s=5)
    finally:
        await runner.close()
    assert await marks(admin, schema) == before
    assert await admin.fetchval(f"SELECT count(*) FROM {schema}.orders") == 5


async def test_statement_timeout_has_a_default_and_a_ceiling(admin: Any) -> None:
    async with reader_role(admin) as role:
        runner = PostgresRunner(dsn_for(role), statement_timeout_s=0.5)
        try:
            started = time.monotonic()
            with pytest.raises(SqlTimeoutError, match=r"0\.5 s"):
                await runner.run("SELECT pg_sleep(10)", max_rows=1, timeout_s=60)
            assert time.monotonic() - started < 4
            capped = await runner.run("SHOW statement_timeout", max_rows=1, timeout_s=60)
        finally:
            await runner.close()
        default = PostgresRunner(dsn_for(role))
        try:
            shown = await default.run("SHOW statement_timeout", max_rows=1, timeout_s=60)
        finally:
            await default.close()
    assert capped.rows == [("500ms",)]
    assert shown.rows == [("30s",)]


async def test_a_model_sending_the_attacks_through_run_sql_reads_nothing(
    admin: Any, schema: str, tmp_path: Path
) -> None:
    """The path a model uses: an Agent whose model calls run_sql with escaped spellings."""
    calls = [
        "SELECT U&\"\\0070g_read_file\"('/etc/passwd', 0, 80)",
        "SELECT U&\"query\\005fto\\005fxml\"('SELECT pg_read_file(''/etc/passwd'')', "
        "true, true, '')",
        'SELECT * FROM "pg_catalog"."pg_ls_dir"(\'.\')',
        "SELECT * FROM pg_hba_file_rules",
    ]
    seen: list[str] = []

    def read_results(request: LlmRequest) -> LlmResponse:
        seen.extend(m.content or "" for m in request.messages if m.role == "tool")
        return text_reply("Nothing to show.")

    llm = ScriptedLlmService(
        [*(tool_call_reply("run_sql", {"sql": sql}) for sql in calls), read_results]
    )
    store = SqliteConversationStore(tmp_path / "hookline.db")
    async with reader_role(admin, schemas=(schema,)) as role:
        runner = PostgresRunner(dsn_for(role), schema=schema)
        agent = Agent(
            llm, tool_registry=ToolRegistry([RunSqlTool(runner)]), conversation_store=store
        )
        try:
            result = await agent.run("Show me /etc/passwd", user=User(id="mallory"))
        finally:
            await runner.close()
    stored = await store.get_conversation(result.conversation_id, User(id="mallory"))
    await store.close()
    assert stored is not None
    assert len(seen) == len(calls)
    assert [text.split(":")[0] for text in seen] == ["Refused"] * len(calls)
    assert "pg_read_file()" in seen[0] and "query_to_xml()" in seen[1]
    assert "pg_ls_dir()" in seen[2] and "pg_hba_file_rules" in seen[3]
    assert all(PASSWD_LINE not in (m.content or "") for m in stored.messages)
