"""Chart specs from query results, their validation, and the visualize_data tool."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from hookline.agent import Agent
from hookline.components.chart import ChartComponent
from hookline.components.simple import SimpleTextComponent
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.sql import SqliteRunner
from hookline.tools import ToolContext, ToolRegistry
from hookline.tools.builtin import (
    ChartSpecError,
    RunSqlTool,
    VisualizeDataTool,
    build_chart_spec,
    validate_vega_lite,
    vega_lite_validation_mode,
)
from hookline.tools.builtin import chart_spec as chart_spec_module
from hookline.tools.builtin.chart_spec import choose_encoding, infer_field_types, validate_plotly
from hookline.tools.builtin.charts import VisualizeDataArgs
from hookline.users import User

MONTHLY_SQL = (
    "SELECT substr(o.order_date, 1, 7) AS month, "
    "ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue "
    "FROM orders o JOIN order_items oi USING (order_id) GROUP BY month ORDER BY month"
)


def context() -> ToolContext:
    return ToolContext(user=User(id="u"), conversation_id="c", request_id="r")


def test_field_types_are_inferred_from_values() -> None:
    rows = [
        (1, 2.5, "Paris", "2024-01-31", datetime.date(2024, 2, 1), None, True),
        (2, 3.0, "Rome", "2024-02", datetime.date(2024, 3, 1), None, False),
    ]
    columns = ["i", "f", "city", "iso", "date", "empty", "flag"]
    assert infer_field_types(columns, rows) == {
        "i": "quantitative",
        "f": "quantitative",
        "city": "nominal",
        "iso": "temporal",
        "date": "temporal",
        "empty": "nominal",
        "flag": "nominal",
    }


@pytest.mark.parametrize(
    ("columns", "rows", "expected"),
    [
        pytest.param(["city", "n"], [("Paris", 3)], ("bar", "city", "n", None), id="category-bar"),
        pytest.param(["day", "n"], [("2024-01-01", 3)], ("line", "day", "n", None), id="date-line"),
        pytest.param(["price", "qty"], [(1.5, 3)], ("point", "price", "qty", None), id="numbers"),
        pytest.param(
            ["n", "city"], [(3, "Paris")], ("bar", "city", "n", None), id="label-after-number"
        ),
        pytest.param(
            ["day", "city", "n"],
            [("2024-01-01", "Paris", 3)],
            ("line", "day", "n", "city"),
            id="series-by-color",
        ),
    ],
)
def test_encoding_is_chosen_from_column_types(
    columns: list[str], rows: list[tuple[Any, ...]], expected: tuple[str, str, str, str | None]
) -> None:
    encoding = choose_encoding(columns, rows)
    assert (encoding.mark, encoding.x, encoding.y, encoding.color) == expected


def test_requested_encoding_wins() -> None:
    encoding = choose_encoding(
        ["day", "city", "n"], [("2024-01-01", "Paris", 3)], chart_type="area", x="city", y="n"
    )
    assert (encoding.mark, encoding.x, encoding.y, encoding.color) == ("area", "city", "n", None)


def test_explicit_columns_are_checked() -> None:
    assert choose_encoding(["city", "n"], [("Paris", 1)], y="city").y == "city"
    with pytest.raises(
        ChartSpecError, match="Column 'nope' is not in the result; columns: city, n"
    ):
        choose_encoding(["city", "n"], [("Paris", 1)], x="nope")


def test_no_numeric_column_is_explained() -> None:
    with pytest.raises(ChartSpecError, match="no numeric column"):
        choose_encoding(["city", "country"], [("Paris", "France")])


def test_vega_lite_spec_is_valid_against_the_official_schema() -> None:
    assert vega_lite_validation_mode() == "schema"  # altair (extra "charts") ships the schema
    spec = build_chart_spec(
        ["day", "city", "n"],
        [("2024-01-01", "Paris", 3), ("2024-01-02", "Rome", 5)],
        title="Orders",
    )
    validate_vega_lite(spec)
    assert spec["$schema"] == "https://vega.github.io/schema/vega-lite/v5.json"
    assert spec["mark"] == {"type": "line"}
    assert spec["encoding"]["x"] == {"field": "day", "type": "temporal"}
    assert spec["encoding"]["color"] == {"field": "city", "type": "nominal"}
    assert spec["data"]["values"][1] == {"day": "2024-01-02", "city": "Rome", "n": 5}
    assert spec["title"] == "Orders"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        pytest.param({"mark": {"type": "bars"}}, "mark/type", id="bad-mark"),
        pytest.param(
            {"encoding": {"x": {"field": "a", "type": "weird"}}}, "encoding/x", id="bad-type"
        ),
        pytest.param({"data": {"values": 3}}, "data", id="bad-data"),
    ],
)
def test_invalid_vega_lite_specs_are_rejected(change: dict[str, Any], where: str) -> None:
    spec = build_chart_spec(["city", "n"], [("Paris", 3)])
    spec.update(change)
    with pytest.raises(ChartSpecError, match=f"Invalid Vega-Lite spec at {where}"):
        validate_vega_lite(spec)


def test_structural_validation_without_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chart_spec_module, "_schema_validator", lambda: None)
    assert vega_lite_validation_mode() == "structural"
    spec = build_chart_spec(["city", "n"], [("Paris", 3)])
    validate_vega_lite(spec)
    spec["mark"] = "bars"
    with pytest.raises(ChartSpecError, match="unknown mark 'bars'"):
        validate_vega_lite(spec)


def test_plotly_figure() -> None:
    spec = build_chart_spec(
        ["day", "city", "n"],
        [("2024-01-01", "Paris", 3), ("2024-01-02", "Paris", 4), ("2024-01-01", "Rome", 5)],
        chart_format="plotly",
        title="Orders",
    )
    validate_plotly(spec)
    assert spec["data"] == [
        {
            "x": ["2024-01-01", "2024-01-02"],
            "y": [3, 4],
            "type": "scatter",
            "mode": "lines",
            "name": "Paris",
        },
        {"x": ["2024-01-01"], "y": [5], "type": "scatter", "mode": "lines", "name": "Rome"},
    ]
    assert spec["layout"]["title"] == {"text": "Orders"}
    spec["data"][0]["y"] = [1]
    with pytest.raises(ChartSpecError, match="differ in length"):
        validate_plotly(spec)


async def test_visualize_data_on_the_sample_database(sample_runner: SqliteRunner) -> None:
    tool = VisualizeDataTool(sample_runner)
    result = await tool.execute(context(), VisualizeDataArgs(sql=MONTHLY_SQL, title="Revenue"))
    assert result.success, result.result_for_llm
    assert result.ui_component is not None
    chart = result.ui_component.rich_component
    assert isinstance(chart, ChartComponent)
    assert chart.format == "vega-lite"
    assert chart.title == "Revenue"
    validate_vega_lite(chart.spec)
    assert chart.spec["mark"] == {"type": "line"}
    values = chart.spec["data"]["values"]
    assert len(values) == 24
    assert values[0]["month"] == "2023-01"
    assert chart.to_dict()["type"] == "chart"
    simple = result.ui_component.simple_component
    assert isinstance(simple, SimpleTextComponent)
    assert simple.text.splitlines()[0] == "Revenue"
    assert simple.text.splitlines()[1].startswith("2023-01 ")
    first_line = result.result_for_llm.splitlines()[0]
    assert (
        first_line == "A line chart of revenue by month with 24 points is shown to the user. Data:"
    )
    assert result.metadata["mark"] == "line"
    assert result.metadata["sql"] == MONTHLY_SQL


async def test_visualize_data_as_plotly(sample_runner: SqliteRunner) -> None:
    tool = VisualizeDataTool(sample_runner, chart_format="plotly")
    result = await tool.execute(
        context(),
        VisualizeDataArgs(
            sql="SELECT category, count(*) AS n FROM products GROUP BY 1", chart_type="bar"
        ),
    )
    assert result.ui_component is not None
    chart = result.ui_component.rich_component
    assert isinstance(chart, ChartComponent)
    assert chart.format == "plotly"
    assert chart.spec["data"][0]["type"] == "bar"
    assert chart.spec["data"][0]["y"] == [10] * 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param({"sql": "DELETE FROM orders"}, "Refused: a DELETE statement", id="refused"),
        pytest.param({"sql": "SELECT name FROM products"}, "no numeric column", id="no-number"),
        pytest.param(
            {"sql": "SELECT name, unit_price FROM products WHERE 0"}, "no rows", id="no-rows"
        ),
        pytest.param(
            {"sql": "SELECT name, unit_price FROM products", "x": "price"},
            "Column 'price' is not in the result",
            id="unknown-column",
        ),
        pytest.param({"sql": "SELECT * FROM nope"}, "no such table", id="sql-error"),
    ],
)
async def test_visualize_data_failures_are_explained(
    sample_runner: SqliteRunner, args: dict[str, str], message: str
) -> None:
    result = await VisualizeDataTool(sample_runner).execute(
        context(), VisualizeDataArgs.model_validate(args)
    )
    assert result.success is False
    assert message in result.result_for_llm
    assert result.ui_component is None


async def test_chart_reaches_the_user_end_to_end(sample_runner: SqliteRunner) -> None:
    llm = ScriptedLlmService(
        [
            tool_call_reply("visualize_data", {"sql": MONTHLY_SQL, "title": "Revenue"}),
            text_reply("Here is the monthly revenue."),
        ]
    )
    registry = ToolRegistry([RunSqlTool(sample_runner), VisualizeDataTool(sample_runner)])
    result = await Agent(llm, tool_registry=registry).run("Plot revenue per month")
    charts = [c for c in result.components if c.type == "chart"]
    assert len(charts) == 1
    assert charts[0].to_dict()["rich"]["spec"]["mark"] == {"type": "line"}
    assert [t.name for t in llm.requests[0].tools or []] == ["run_sql", "visualize_data"]
    assert (llm.requests[1].messages[-1].content or "").startswith("A line chart of revenue")
