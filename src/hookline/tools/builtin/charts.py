"""VisualizeDataTool (``visualize_data``): a query result drawn as a chart."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from hookline.components.base import UiComponent
from hookline.components.chart import ChartComponent
from hookline.components.simple import SimpleTextComponent
from hookline.sql.guard import DENIED_FUNCTIONS, SqlNotAllowedError
from hookline.sql.runner import QueryResult, SqlExecutionError, SqlRunner
from hookline.tools.base import Tool
from hookline.tools.builtin.chart_spec import (
    ChartEncoding,
    ChartSpecError,
    ChartType,
    choose_encoding,
    render_chart_spec,
    validate_plotly,
    validate_vega_lite,
)
from hookline.tools.builtin.sql import run_query
from hookline.tools.builtin.sql_format import format_result_for_llm
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = ["VisualizeDataArgs", "VisualizeDataTool"]


class VisualizeDataArgs(BaseModel):
    """The arguments of ``visualize_data``."""

    model_config = ConfigDict(extra="forbid")

    sql: str = Field(
        description="One read-only SQL query returning a label or date column and a numeric column."
    )
    chart_type: ChartType = Field(
        "auto",
        description="auto (date->line, category->bar, number->point), bar, line, point, area.",
    )
    x: str | None = Field(None, description="Column for the x axis (default: chosen by type).")
    y: str | None = Field(None, description="Numeric column for the y axis (default: the first).")
    color: str | None = Field(None, description="Optional category column for colour/series.")
    title: str | None = Field(None, description="Chart title.")


class VisualizeDataTool(Tool[VisualizeDataArgs]):
    """``visualize_data``: runs a query and shows the result as a chart.

    The query goes through the same read-only guard and runner as
    ``run_sql``.  The user gets a ``ChartComponent`` (Vega-Lite by default,
    ``chart_format="plotly"`` for Plotly JSON) whose simple form is a text
    chart; the model gets a one-line description and the first rows.  The
    spec is validated before it is sent (see ``validate_vega_lite``).

    Example::

        runner = SqliteRunner(ensure_sample_database())
        registry = ToolRegistry([RunSqlTool(runner), VisualizeDataTool(runner)])
    """

    name = "visualize_data"

    def __init__(
        self,
        runner: SqlRunner,
        *,
        chart_format: Literal["vega-lite", "plotly"] = "vega-lite",
        read_only: bool = True,
        max_points: int = 5000,
        max_llm_rows: int = 20,
        timeout_s: float = 30.0,
        name: str = "visualize_data",
        description: str | None = None,
        access_groups: list[str] | None = None,
        denied_functions: Iterable[str] = DENIED_FUNCTIONS,
        allowed_functions: Iterable[str] = (),
    ) -> None:
        self.runner = runner
        self.chart_format = chart_format
        self.read_only = read_only
        self.max_points = max_points
        self.max_llm_rows = max_llm_rows
        self.timeout_s = timeout_s
        self.name = name
        self.description = description or (
            f"Plot the result of one read-only SQL query on the {runner.dialect} database as a "
            "chart shown to the user (bar, line, point or area)."
        )
        self.access_groups = list(access_groups or [])
        self.denied_functions = frozenset(denied_functions)
        self.allowed_functions = frozenset(allowed_functions)

    def get_args_schema(self) -> type[VisualizeDataArgs]:
        return VisualizeDataArgs

    async def execute(self, context: ToolContext, args: VisualizeDataArgs) -> ToolResult:
        metadata: dict[str, Any] = {
            "sql": args.sql,
            "question": context.metadata.get("question"),
            "dialect": self.runner.dialect,
        }
        try:
            result = await run_query(
                self.runner,
                args.sql,
                read_only=self.read_only,
                max_rows=self.max_points,
                timeout_s=self.timeout_s,
                denied_functions=self.denied_functions,
                allowed_functions=self.allowed_functions,
            )
            if not result.rows:
                raise ChartSpecError("The query returned no rows; there is nothing to plot.")
            encoding = choose_encoding(
                result.columns,
                result.rows,
                chart_type=args.chart_type,
                x=args.x,
                y=args.y,
                color=args.color,
            )
            chart = self._chart(encoding, result, args.title)
        except (SqlNotAllowedError, SqlExecutionError, ChartSpecError) as exc:
            failure = ToolResult.failure(str(exc), exception=exc)
            failure.metadata = metadata
            return failure
        metadata.update(row_count=len(result.rows), truncated=result.truncated, mark=encoding.mark)
        return ToolResult(
            result_for_llm=self._summary(encoding, result),
            ui_component=UiComponent(
                rich_component=chart, simple_component=SimpleTextComponent(text=chart.to_text())
            ),
            metadata=metadata,
        )

    def _chart(
        self, encoding: ChartEncoding, result: QueryResult, title: str | None
    ) -> ChartComponent:
        spec = render_chart_spec(
            encoding, result.columns, result.rows, chart_format=self.chart_format, title=title
        )
        if self.chart_format == "plotly":
            validate_plotly(spec)
        else:
            validate_vega_lite(spec)
        return ChartComponent(spec=spec, format=self.chart_format, title=title)

    def _summary(self, encoding: ChartEncoding, result: QueryResult) -> str:
        series = f", one series per {encoding.color}" if encoding.color else ""
        cut = f" (first {len(result.rows)} rows; more were cut)" if result.truncated else ""
        table = format_result_for_llm(result, max_rows=self.max_llm_rows, max_chars=3000)
        return (
            f"A {encoding.mark} chart of {encoding.y} by {encoding.x}{series} with "
            f"{len(result.rows)} points{cut} is shown to the user. Data:\n{table}"
        )
