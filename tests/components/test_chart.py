"""ChartComponent: its JSON form and the text chart terminals show."""

from __future__ import annotations

from typing import Any

import pytest

from hookline.components import UiComponent
from hookline.components.chart import ChartComponent


def vega(mark: str, values: list[dict[str, Any]], **encoding: dict[str, str]) -> dict[str, Any]:
    return {"mark": {"type": mark}, "data": {"values": values}, "encoding": encoding}


CITIES = [{"city": "Paris", "n": 5}, {"city": "Rome", "n": 10}]


def test_to_dict_names_the_type_and_keeps_the_spec() -> None:
    spec = vega("bar", CITIES, x={"field": "city", "type": "nominal"})
    chart = ChartComponent(spec=spec, title="By city")
    assert chart.to_dict() == {
        "type": "chart",
        "spec": spec,
        "format": "vega-lite",
        "title": "By city",
    }
    assert UiComponent(rich_component=chart).to_dict()["type"] == "chart"


def test_bars_are_proportional() -> None:
    chart = ChartComponent(
        spec=vega(
            "bar",
            CITIES,
            x={"field": "city", "type": "nominal"},
            y={"field": "n", "type": "quantitative"},
        ),
        title="Orders",
    )
    assert chart.to_text(width=10).splitlines() == [
        "Orders",
        "Paris █████ 5",
        "Rome  ██████████ 10",
    ]


def test_horizontal_bars_take_the_label_from_y() -> None:
    chart = ChartComponent(
        spec=vega(
            "bar",
            CITIES,
            x={"field": "n", "type": "quantitative"},
            y={"field": "city", "type": "nominal"},
        )
    )
    assert chart.to_text(width=2).splitlines() == ["Paris █ 5", "Rome  ██ 10"]


def test_series_labels_and_title_from_the_spec() -> None:
    values = [{"d": "2024-01", "s": "a", "v": 1.5}, {"d": "2024-02", "s": "b", "v": 3.0}]
    spec = vega(
        "line",
        values,
        x={"field": "d", "type": "temporal"},
        y={"field": "v", "type": "quantitative"},
        color={"field": "s", "type": "nominal"},
    )
    spec["title"] = {"text": "Trend"}
    assert ChartComponent(spec=spec).to_text(width=4).splitlines() == [
        "Trend",
        "2024-01 / a ██ 1.50",
        "2024-02 / b ████ 3.00",
    ]


def test_points_render_as_a_table() -> None:
    spec = vega(
        "point",
        [{"p": 1.25, "q": 3}],
        x={"field": "p", "type": "quantitative"},
        y={"field": "q", "type": "quantitative"},
    )
    assert ChartComponent(spec=spec).to_text() == "1.25 | 3"


def test_plotly_figures() -> None:
    spec = {
        "data": [{"type": "bar", "x": ["a", "b"], "y": [1, 2]}],
        "layout": {"title": {"text": "Plotly"}},
    }
    chart = ChartComponent(spec=spec, format="plotly")
    assert chart.to_text(width=2).splitlines() == ["Plotly", "a █ 1", "b ██ 2"]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        pytest.param({}, "(chart with no data)", id="empty"),
        pytest.param({"mark": "bar", "data": {"values": []}}, "(chart with no data)", id="no-rows"),
    ],
)
def test_charts_without_data(spec: dict[str, Any], expected: str) -> None:
    assert ChartComponent(spec=spec).to_text() == expected


def test_long_charts_are_cut() -> None:
    values = [{"k": f"k{i}", "v": i} for i in range(30)]
    spec = vega(
        "bar", values, x={"field": "k", "type": "nominal"}, y={"field": "v", "type": "quantitative"}
    )
    lines = ChartComponent(spec=spec).to_text(max_rows=5).splitlines()
    assert len(lines) == 6
    assert lines[-1] == "... 25 more"
    assert lines[0] == "k0 0"  # a zero has no bar
