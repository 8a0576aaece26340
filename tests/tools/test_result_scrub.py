"""A failed ``ToolResult``'s texts are scrubbed when it is built: the tool-error chokepoint
of issue 31.  Whatever a tool's error says, the model and the user read it with the
secrets masked and the rest intact; a successful result is the tool's data, untouched."""

from __future__ import annotations

import dataclasses
import logging

import pytest

from hookline import ToolCall, ToolContext, ToolRegistry, ToolResult, User, tool
from hookline.sql import SqliteRunner
from hookline.tools.builtin import RunSqlTool
from tests.sql.conftest import sample_db, sample_runner

__all__ = ["sample_db", "sample_runner"]

DSN = "postgres://admin:hunter2@db.internal:5432/sales"
KEY = "sk-ant-api03-Zq81mXcVb2nT7yLw4kPe"


def context() -> ToolContext:
    return ToolContext(user=User(id="u1"), conversation_id="c1", request_id="r1")


@tool
async def connect(name: str) -> str:
    """Connect to a database.

    Args:
        name: Which one.
    """
    raise ConnectionError(f"could not connect to {DSN} with key {KEY}")


def test_a_failed_result_is_scrubbed_however_it_is_built() -> None:
    built = [
        ToolResult.failure(f"could not connect to {DSN}"),
        ToolResult(success=False, result_for_llm=f"could not connect to {DSN}", error=f"key {KEY}"),
        dataclasses.replace(
            ToolResult(), success=False, result_for_llm=f"could not connect to {DSN}"
        ),
    ]

    assert [(r.result_for_llm, r.error) for r in built] == [
        ("could not connect to postgres://admin:***@db.internal:5432/sales",) * 2,
        (
            "could not connect to postgres://admin:***@db.internal:5432/sales",
            "key sk-ant-api03-***",
        ),
        ("could not connect to postgres://admin:***@db.internal:5432/sales", None),
    ]


def test_a_successful_result_is_the_tools_data() -> None:
    data = f"url | note\n{DSN} | password=hunter2"
    assert ToolResult(result_for_llm=data).result_for_llm == data


async def test_a_crashed_tool_the_model_reads_what_was_raised_without_its_secrets(
    caplog: pytest.LogCaptureFixture,
) -> None:
    call = ToolCall(id="c1", name="connect", arguments={"name": "sales"})
    with caplog.at_level(logging.ERROR, logger="hookline.tools"):
        result = await ToolRegistry([connect]).execute(call, context())

    assert result.success is False
    assert result.result_for_llm == (
        "Tool 'connect' failed: ConnectionError: could not connect to "
        "postgres://admin:***@db.internal:5432/sales with key sk-ant-api03-***"
    )
    assert result.error == f"The tool 'connect' failed (error id {result.metadata['error_id']})."
    [record] = [r for r in caplog.records if result.metadata["error_id"] in r.getMessage()]
    assert DSN in str(record.exc_info[1])  # type: ignore[index]  # the operator's log: whole


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        ("SELECT nope FROM orders", "no such column: nope"),
        ("SELECT password FROM orders", "no such column: password"),
        ("SELECT api_key FROM orders WHERE token = 'x'", "no such column: api_key"),
        ("SELECT * FROM secrets", "no such table: secrets"),
    ],
)
async def test_a_database_error_keeps_what_the_model_needs(
    sample_runner: SqliteRunner, sql: str, said: str
) -> None:
    registry = ToolRegistry([RunSqlTool(sample_runner)])
    call = ToolCall(id="c1", name="run_sql", arguments={"sql": sql})

    result = await registry.execute(call, context())

    assert result.success is False
    assert said in result.result_for_llm, result.result_for_llm
