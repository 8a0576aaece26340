"""RunSqlTool (``run_sql``): the model queries a database, read-only unless you say otherwise."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from hookline.components.base import UiComponent
from hookline.components.rich import DataFrameComponent
from hookline.components.simple import SimpleTextComponent
from hookline.sql.guard import (
    DENIED_FUNCTIONS,
    MAX_SQL_CHARS,
    SqlNotAllowedError,
    check_read_only,
)
from hookline.sql.runner import QueryResult, SqlExecutionError, SqlRunner
from hookline.tools.base import Tool
from hookline.tools.builtin.sql_format import format_result_for_llm, jsonable_rows, table_title
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = ["RunSqlArgs", "RunSqlTool", "run_query"]


class RunSqlArgs(BaseModel):
    """The arguments of ``run_sql``: one SQL statement."""

    model_config = ConfigDict(extra="forbid")

    sql: str = Field(description="Exactly one SQL query, e.g. SELECT ... FROM ... LIMIT 100.")


async def run_query(
    runner: SqlRunner,
    sql: str,
    *,
    read_only: bool = True,
    max_rows: int = 1000,
    timeout_s: float = 30.0,
    denied_functions: Iterable[str] = DENIED_FUNCTIONS,
    max_sql_chars: int = MAX_SQL_CHARS,
    allowed_functions: Iterable[str] = (),
) -> QueryResult:
    """Check ``sql`` with the read-only guard (unless ``read_only=False``) and run it.

    ``allowed_functions`` extend the dialect's allow-list (``ALLOWED_FUNCTIONS``).

    The guard parses in a worker thread, so a long query never stalls the
    event loop; SQL over ``max_sql_chars`` is refused before parsing.
    Raises ``SqlNotAllowedError`` (refused), ``SqlTimeoutError`` or
    ``SqlExecutionError``; all three carry a message written for the model.

    Example::

        result = await run_query(SqliteRunner(path), "SELECT count(*) AS n FROM orders")
    """
    if read_only:
        await asyncio.to_thread(
            check_read_only,
            sql,
            dialect=runner.dialect,
            allowed_functions=tuple(allowed_functions),
            denied_functions=tuple(denied_functions),
            max_chars=max_sql_chars,
        )
    return await runner.run(sql, max_rows=max_rows, timeout_s=timeout_s, read_only=read_only)


class RunSqlTool(Tool[RunSqlArgs]):
    """``run_sql``: runs one query; the user sees a table, the model a compact text table.

    Read-only by default, enforced twice: the statement is parsed with
    sqlglot (see ``check_read_only``) and the runner opens the database
    read-only.  ``read_only=False`` allows writes explicitly.  At most
    ``max_rows`` rows are fetched, within the runner's ``ResultLimits``
    (value and total size; the user sees them all; the model sees
    ``max_llm_rows`` of them within ``max_llm_chars``, with a note when
    anything was cut); ``timeout_s`` stops slow statements; SQL longer than
    ``max_sql_chars`` is refused; ``allowed_functions`` adds function names (or
    ``*`` patterns) to the dialect's allow-list, e.g. your own pure functions.
    The result's ``metadata`` carries ``sql``,
    ``question`` (from ``context.metadata["question"]`` when an enricher put
    it there), ``row_count``, ``truncated``, ``limit_notes``, ``columns`` and
    ``dialect`` for query logs.

    Example::

        registry = ToolRegistry([RunSqlTool(SqliteRunner(ensure_sample_database()))])
    """

    name = "run_sql"

    def __init__(
        self,
        runner: SqlRunner,
        *,
        read_only: bool = True,
        max_rows: int = 1000,
        max_llm_rows: int = 50,
        max_llm_chars: int = 6000,
        timeout_s: float = 30.0,
        name: str = "run_sql",
        description: str | None = None,
        access_groups: list[str] | None = None,
        denied_functions: Iterable[str] = DENIED_FUNCTIONS,
        max_sql_chars: int = MAX_SQL_CHARS,
        allowed_functions: Iterable[str] = (),
    ) -> None:
        self.runner = runner
        self.max_sql_chars = max_sql_chars
        self.read_only = read_only
        self.max_rows = max_rows
        self.max_llm_rows = max_llm_rows
        self.max_llm_chars = max_llm_chars
        self.timeout_s = timeout_s
        self.name = name
        self.description = description or _default_description(runner.dialect, read_only)
        self.access_groups = list(access_groups or [])
        self.denied_functions = frozenset(denied_functions)
        self.allowed_functions = frozenset(allowed_functions)

    def get_args_schema(self) -> type[RunSqlArgs]:
        return RunSqlArgs

    async def execute(self, context: ToolContext, args: RunSqlArgs) -> ToolResult:
        metadata = self._metadata(context, args.sql)
        try:
            result = await run_query(
                self.runner,
                args.sql,
                read_only=self.read_only,
                max_rows=self.max_rows,
                timeout_s=self.timeout_s,
                denied_functions=self.denied_functions,
                max_sql_chars=self.max_sql_chars,
                allowed_functions=self.allowed_functions,
            )
        except (SqlNotAllowedError, SqlExecutionError) as exc:
            failure = ToolResult.failure(str(exc), exception=exc)
            failure.metadata = {**metadata, "refused": isinstance(exc, SqlNotAllowedError)}
            return failure
        metadata.update(
            row_count=len(result.rows),
            truncated=result.truncated,
            limit_notes=list(result.limit_notes),
            columns=list(result.columns),
            elapsed_ms=round(result.elapsed_ms, 3),
        )
        text = format_result_for_llm(
            result, max_rows=self.max_llm_rows, max_chars=self.max_llm_chars
        )
        return ToolResult(
            result_for_llm=text, ui_component=self._table(result, text), metadata=metadata
        )

    def _metadata(self, context: ToolContext, sql: str) -> dict[str, Any]:
        return {
            "sql": sql,
            "question": context.metadata.get("question"),
            "dialect": self.runner.dialect,
        }

    def _table(self, result: QueryResult, text: str) -> UiComponent | None:
        if not result.columns:
            return None
        title = table_title(result)
        table = DataFrameComponent(
            columns=list(result.columns), rows=jsonable_rows(result.rows), title=title
        )
        return UiComponent(rich_component=table, simple_component=SimpleTextComponent(text=text))


def _default_description(dialect: str, read_only: bool) -> str:
    mode = "read-only " if read_only else ""
    return (
        f"Run one {mode}SQL query on the {dialect} database and get the rows back as a table. "
        "Send exactly one statement; aggregate or use LIMIT for large results."
    )
