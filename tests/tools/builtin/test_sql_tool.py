"""RunSqlTool: what the user sees, what the model reads, and a question answered end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.agent import Agent
from hookline.components import DataFrameComponent, SimpleTextComponent
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.sql import SchemaAwareSystemPromptBuilder, SqliteRunner, sample_database_checksum
from hookline.sql.query_result import QueryResult
from hookline.tools import ToolContext, ToolRegistry
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from hookline.tools.builtin.sql_format import format_result_for_llm
from hookline.users import User

REVENUE_SQL = (
    "-- revenue per category\n"
    "SELECT p.category, ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue\n"
    "FROM order_items AS oi JOIN products AS p USING (product_id)\n"
    "GROUP BY p.category ORDER BY revenue DESC LIMIT 3"
)
REVENUE_TEXT = (
    "category | revenue\nElectronics | 242875.61\nKitchen | 131331.71\nSports | 117188.68\n(3 rows)"
)


def context(**metadata: object) -> ToolContext:
    return ToolContext(
        user=User(id="u1"), conversation_id="c1", request_id="r1", metadata=dict(metadata)
    )


async def test_result_goes_to_the_user_as_a_table_and_to_the_model_as_text(
    sample_runner: SqliteRunner,
) -> None:
    tool = RunSqlTool(sample_runner)
    result = await tool.execute(context(question="Top categories?"), RunSqlArgs(sql=REVENUE_SQL))
    assert result.success
    assert result.result_for_llm == REVENUE_TEXT
    assert result.ui_component is not None
    table = result.ui_component.rich_component
    assert isinstance(table, DataFrameComponent)
    assert table.columns == ["category", "revenue"]
    assert table.rows == [["Electronics", 242875.61], ["Kitchen", 131331.71], ["Sports", 117188.68]]
    assert table.title is None
    simple = result.ui_component.simple_component
    assert isinstance(simple, SimpleTextComponent)
    assert simple.text == REVENUE_TEXT
    assert result.metadata["sql"] == REVENUE_SQL
    assert result.metadata["question"] == "Top categories?"
    assert result.metadata["row_count"] == 3
    assert result.metadata["truncated"] is False
    assert result.metadata["dialect"] == "sqlite"


async def test_row_limit_is_noted_for_the_model(sample_runner: SqliteRunner) -> None:
    tool = RunSqlTool(sample_runner, max_rows=5, max_llm_rows=2)
    result = await tool.execute(
        context(), RunSqlArgs(sql="SELECT product_id, name FROM products ORDER BY product_id")
    )
    assert result.result_for_llm.splitlines() == [
        "product_id | name",
        "1 | Classic Novel",
        "2 | Deluxe Novel",
        "(showing 2 of more than 5 rows; the result was truncated at the row limit of 5; "
        "aggregate, filter or add LIMIT to see the rest)",
    ]
    assert result.ui_component is not None
    table = result.ui_component.rich_component
    assert isinstance(table, DataFrameComponent)
    assert len(table.rows) == 5
    assert table.title == "First 5 rows (truncated)"
    assert result.metadata["truncated"] is True


async def test_character_budget_cuts_rows_for_the_model(sample_runner: SqliteRunner) -> None:
    tool = RunSqlTool(sample_runner, max_llm_chars=120)
    result = await tool.execute(context(), RunSqlArgs(sql="SELECT email FROM customers"))
    lines = result.result_for_llm.splitlines()
    assert sum(len(line) + 1 for line in lines[:-1]) <= 120
    assert lines[-1].startswith(f"(showing {len(lines) - 2} of 400 rows")


async def test_empty_result(sample_runner: SqliteRunner) -> None:
    tool = RunSqlTool(sample_runner)
    result = await tool.execute(context(), RunSqlArgs(sql="SELECT name FROM products WHERE 0"))
    assert result.success
    assert result.result_for_llm == "name\n(no rows)"


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("DELETE FROM orders", id="delete"),
        pytest.param("UPDATE products SET unit_price = 0", id="update"),
        pytest.param("DROP TABLE orders", id="drop"),
        pytest.param("SELECT 1; DELETE FROM orders", id="stacked"),
        pytest.param("PRAGMA user_version = 99", id="pragma-write"),
    ],
)
async def test_refused_statements_change_nothing(sample_copy: Path, sql: str) -> None:
    before = sample_database_checksum(sample_copy)
    tool = RunSqlTool(SqliteRunner(sample_copy))
    result = await tool.execute(context(), RunSqlArgs(sql=sql))
    assert result.success is False
    assert result.result_for_llm.startswith("Refused:")
    assert "read-only" in result.result_for_llm
    assert result.metadata["refused"] is True
    assert result.metadata["sql"] == sql
    assert result.ui_component is None
    assert sample_database_checksum(sample_copy) == before


async def test_timeout_is_reported_to_the_model(sample_runner: SqliteRunner) -> None:
    tool = RunSqlTool(sample_runner, timeout_s=0.2)
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n"
    result = await tool.execute(context(), RunSqlArgs(sql=endless))
    assert result.success is False
    assert "timeout" in result.result_for_llm
    assert result.metadata["refused"] is False


async def test_writes_when_explicitly_allowed(sample_copy: Path) -> None:
    tool = RunSqlTool(SqliteRunner(sample_copy), read_only=False)
    assert "read-only" not in tool.description
    result = await tool.execute(
        context(), RunSqlArgs(sql="DELETE FROM order_items WHERE quantity = 5")
    )
    assert result.success
    assert result.result_for_llm.startswith("OK: ")
    check = await RunSqlTool(SqliteRunner(sample_copy)).execute(
        context(), RunSqlArgs(sql="SELECT count(*) AS n FROM order_items WHERE quantity = 5")
    )
    assert check.result_for_llm == "n\n0\n(1 row)"


async def test_schema_offered_to_the_model(sample_runner: SqliteRunner) -> None:
    schema = RunSqlTool(sample_runner, access_groups=["analysts"]).get_schema()
    assert schema.name == "run_sql"
    assert schema.parameters["required"] == ["sql"]
    assert schema.parameters["additionalProperties"] is False
    assert schema.access_groups == ["analysts"]
    assert "read-only SQL query on the sqlite database" in schema.description


async def test_question_answered_end_to_end_on_the_sample_database(
    sample_runner: SqliteRunner,
) -> None:
    def answer_from_tool_result(request: LlmRequest) -> LlmResponse:
        tool_message = request.messages[-1]
        assert tool_message.role == "tool"
        best = (tool_message.content or "").splitlines()[1].split(" | ")
        return text_reply(f"{best[0]} sold the most: {best[1]}.")

    llm = ScriptedLlmService(
        [tool_call_reply("run_sql", {"sql": REVENUE_SQL}, call_id="q1"), answer_from_tool_result]
    )
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(sample_runner)]),
        system_prompt_builder=SchemaAwareSystemPromptBuilder(sample_runner),
    )
    result = await agent.run("Which category sold the most?", user=User(id="ada"))

    assert result.text == "Electronics sold the most: 242875.61."
    tables = [c.rich_component for c in result.components if c.type == "dataframe"]
    assert len(tables) == 1
    assert isinstance(tables[0], DataFrameComponent)
    assert tables[0].rows[0] == ["Electronics", 242875.61]
    assert len(llm.requests) == 2
    first, second = llm.requests
    assert [t.name for t in first.tools or []] == ["run_sql"]
    assert first.system_prompt is not None
    assert "orders(order_id INTEGER PK, customer_id INTEGER -> customers.customer_id" in (
        first.system_prompt
    )
    tool_message = second.messages[-1]
    assert (tool_message.role, tool_message.tool_call_id, tool_message.name) == (
        "tool",
        "q1",
        "run_sql",
    )
    assert tool_message.content == REVENUE_TEXT


async def test_refusal_reaches_the_model_end_to_end(sample_copy: Path) -> None:
    before = sample_database_checksum(sample_copy)
    llm = ScriptedLlmService(
        [tool_call_reply("run_sql", {"sql": "DELETE FROM orders"}), text_reply("I cannot.")]
    )
    agent = Agent(llm, tool_registry=ToolRegistry([RunSqlTool(SqliteRunner(sample_copy))]))
    result = await agent.run("Delete all orders")
    assert result.text == "I cannot."
    tool_message = llm.requests[1].messages[-1]
    assert tool_message.role == "tool"
    assert (tool_message.content or "").startswith("Refused: a DELETE statement.")
    statuses = [
        c.rich_component.to_dict().get("status")
        for c in result.components
        if c.type == "tool_execution"
    ]
    assert statuses == ["running", "error"]
    assert sample_database_checksum(sample_copy) == before


def test_a_large_total_keeps_its_cents_for_the_model() -> None:
    """The model (and the grounding check) reads every digit the answer may show:
    105337574.56, not 105337574.6."""
    result = QueryResult(columns=["revenue"], rows=[(105337574.56,), (0.1 + 0.2,)])
    assert format_result_for_llm(result).splitlines()[1:3] == ["105337574.56", "0.3"]
