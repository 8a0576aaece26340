"""SchemaAwareSystemPromptBuilder: tables, columns and keys in the prompt, capped and cached."""

from __future__ import annotations

from pathlib import Path

from hookline.agent import Agent, SystemPromptBuilder
from hookline.llm.models import ToolSchema
from hookline.llm.scripted import ScriptedLlmService, text_reply
from hookline.sql import (
    ColumnInfo,
    DatabaseSchema,
    ForeignKey,
    SchemaAwareSystemPromptBuilder,
    SqliteRunner,
    TableInfo,
    format_schema,
)
from hookline.users import User

USER = User(id="u")
RUN_SQL = ToolSchema(name="run_sql", description="Run SQL.", parameters={"type": "object"})


class CountingRunner(SqliteRunner):
    """A real SQLite runner that counts introspections."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.describe_calls = 0

    async def describe(self) -> DatabaseSchema:
        self.describe_calls += 1
        return await super().describe()


async def test_prompt_lists_tables_columns_and_keys(sample_runner: SqliteRunner) -> None:
    builder = SchemaAwareSystemPromptBuilder(sample_runner)
    prompt = await builder.build_system_prompt(USER, [RUN_SQL])
    assert prompt is not None
    assert prompt.startswith("You are a data assistant.")
    assert "one read-only sqlite SQL query" in prompt
    lines = prompt.splitlines()
    expected = [
        "customers(customer_id INTEGER PK, first_name TEXT, last_name TEXT, email TEXT, "
        "city TEXT, country TEXT, signup_date TEXT)",
        "order_items(order_item_id INTEGER PK, order_id INTEGER -> orders.order_id, "
        "product_id INTEGER -> products.product_id, quantity INTEGER, unit_price REAL)",
        "orders(order_id INTEGER PK, customer_id INTEGER -> customers.customer_id, "
        "order_date TEXT, status TEXT)",
        "products(product_id INTEGER PK, name TEXT, category TEXT, unit_price REAL)",
    ]
    start = lines.index(expected[0])
    assert lines[start : start + 4] == expected
    assert lines[-1] == "Available tools: run_sql."


async def test_schema_part_respects_the_cap(sample_runner: SqliteRunner) -> None:
    builder = SchemaAwareSystemPromptBuilder(sample_runner, base_prompt="Base.", max_chars=300)
    text = await builder.schema_text()
    assert len(text) <= 300
    assert "customers(" in text
    assert "orders(" not in text
    assert text.splitlines()[-1] == "... 3 more tables not shown: order_items, orders, products"
    prompt = await builder.build_system_prompt(USER, [])
    assert prompt == "Base.\n\n" + text


def test_cap_lists_as_many_names_as_fit() -> None:
    tables = [TableInfo(name=f"table_{i:02d}", columns=[ColumnInfo(name="id")]) for i in range(40)]
    text = format_schema(DatabaseSchema(dialect="duckdb", tables=tables), max_chars=200)
    assert len(text) <= 200
    omitted = text.splitlines()[-1]
    assert omitted.startswith("... ")
    assert "more tables not shown: table_" in omitted


async def test_schema_is_cached_until_refresh(sample_db: Path) -> None:
    runner = CountingRunner(sample_db)
    builder = SchemaAwareSystemPromptBuilder(runner)
    first = await builder.build_system_prompt(USER, [RUN_SQL])
    second = await builder.build_system_prompt(USER, [])
    assert runner.describe_calls == 1
    assert first is not None
    assert second is not None
    assert first.removesuffix("\n\nAvailable tools: run_sql.") == second
    builder.refresh()
    await builder.build_system_prompt(USER, [])
    assert runner.describe_calls == 2


async def test_ttl_expires_the_cache(sample_db: Path) -> None:
    runner = CountingRunner(sample_db)
    builder = SchemaAwareSystemPromptBuilder(runner, ttl_s=0.0)
    await builder.schema_text()
    await builder.schema_text()
    assert runner.describe_calls == 2


async def test_unreadable_database_gives_a_prompt_without_schema(tmp_path: Path) -> None:
    runner = CountingRunner(tmp_path / "absent.db")
    builder = SchemaAwareSystemPromptBuilder(runner, base_prompt="Base for {dialect}.")
    assert await builder.build_system_prompt(USER, []) == "Base for sqlite."
    await builder.build_system_prompt(USER, [])
    assert runner.describe_calls == 2  # failures are not cached


def test_composite_keys_and_views_are_written_out() -> None:
    schema = DatabaseSchema(
        dialect="postgres",
        tables=[
            TableInfo(
                name="lines",
                columns=[ColumnInfo(name="a", type="int"), ColumnInfo(name="b", type="int")],
                primary_key=["a", "b"],
                foreign_keys=[
                    ForeignKey(columns=["a", "b"], ref_table="heads", ref_columns=["x", "y"])
                ],
            ),
            TableInfo(name="summary", kind="view", columns=[ColumnInfo(name="n", type="bigint")]),
        ],
    )
    assert format_schema(schema).splitlines()[1:] == [
        "lines(a int, b int, PRIMARY KEY (a, b), FOREIGN KEY (a, b) -> heads(x, y))",
        "view summary(n bigint)",
    ]


async def test_the_builder_is_a_system_prompt_builder_without_importing_the_agent(
    sample_runner: SqliteRunner,
) -> None:
    builder: SystemPromptBuilder = SchemaAwareSystemPromptBuilder(sample_runner)  # mypy checks
    llm = ScriptedLlmService([text_reply("ok")])
    agent = Agent(llm, system_prompt_builder=builder)

    await agent.run("How many orders?")

    system = llm.requests[0].system_prompt
    assert system is not None
    assert "orders(" in system


async def test_the_documentation_follows_the_schema(sample_runner: SqliteRunner) -> None:
    from hookline.sql.documentation import parse_documentation

    docs = parse_documentation("# orders\n- status: shipped, delivered or cancelled\n")
    builder = SchemaAwareSystemPromptBuilder(sample_runner, docs=docs, max_doc_chars=81)
    prompt = await builder.build_system_prompt(User(id="u"), [])
    assert prompt is not None
    schema_at, docs_at = prompt.index("Database schema ("), prompt.index("Documentation of")
    assert schema_at < docs_at
    assert prompt[docs_at:] == (
        "Documentation of this database (from its owner):\n# orders\n... (documentation cut)"
    )
