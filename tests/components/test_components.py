"""Every component is JSON-serialisable and names its type."""

from __future__ import annotations

import json

import pytest

from hookline.components import (
    ButtonComponent,
    CardComponent,
    ChatInputUpdateComponent,
    DataFrameComponent,
    ErrorComponent,
    RichComponent,
    RichTextComponent,
    SimpleTextComponent,
    StatusBarUpdateComponent,
    ToolExecutionComponent,
    UiComponent,
)

CASES: list[tuple[RichComponent, str]] = [
    (RichTextComponent(content="**hi**"), "text"),
    (StatusBarUpdateComponent(status="idle", message="Ready"), "status_bar_update"),
    (ChatInputUpdateComponent(placeholder="Ask"), "chat_input_update"),
    (ButtonComponent(label="Go", action="/help"), "button"),
    (
        CardComponent(
            title="Welcome",
            actions=[{"label": "Example", "action": "top customers", "variant": "primary"}],
            buttons=[ButtonComponent(label="Help", action="/help")],
        ),
        "card",
    ),
    (DataFrameComponent(columns=["a"], rows=[[1]]), "dataframe"),
    (
        ToolExecutionComponent(tool="run_sql", call_id="c1", arguments={"sql": "select 1"}),
        "tool_execution",
    ),
    (ErrorComponent(message="Nope"), "error"),
]


@pytest.mark.parametrize(("rich", "kind"), CASES, ids=[kind for _, kind in CASES])
def test_component_round_trips_through_json(rich: RichComponent, kind: str) -> None:
    component = UiComponent(rich_component=rich, simple_component=SimpleTextComponent(text="x"))
    decoded = json.loads(component.to_json())
    assert decoded["type"] == kind
    assert decoded["rich"]["type"] == kind
    assert decoded["simple"] == {"type": "simple_text", "text": "x"}
    assert component.type == kind


def test_card_nests_buttons_as_objects() -> None:
    card = CardComponent(title="T", buttons=[ButtonComponent(label="Help", action="/help")])
    assert card.to_dict()["buttons"] == [
        {"type": "button", "label": "Help", "action": "/help", "variant": "secondary", "icon": None}
    ]


def test_dataframe_from_records() -> None:
    frame = DataFrameComponent(data=[{"name": "Ada", "total": 3}, {"name": "Bo", "total": 1}])
    assert frame.columns == ["name", "total"]
    assert frame.rows == [["Ada", 3], ["Bo", 1]]
    assert frame.row_count == 2
    assert "data" in frame.to_dict()
    assert frame.to_dict()["data"] is None
