"""Chart specs from query results: field types, the encoding, Vega-Lite and Plotly JSON.

``build_chart_spec`` picks a mark from the column types unless told: a date
on x gives a line, a category gives bars, two numbers give points.
``validate_vega_lite`` checks a spec against the official Vega-Lite JSON
schema when one is available offline (the ``altair`` package ships it; extra
``charts``), else with a structural check of its own;
``vega_lite_validation_mode()`` says which.
"""

from __future__ import annotations

import datetime
import functools
import importlib.util
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from hookline.errors import HooklineError
from hookline.tools.builtin.sql_format import jsonable_cell

__all__ = [
    "VEGA_LITE_SCHEMA_URL",
    "ChartEncoding",
    "ChartSpecError",
    "ChartType",
    "FieldType",
    "build_chart_spec",
    "choose_encoding",
    "infer_field_types",
    "render_chart_spec",
    "validate_plotly",
    "validate_vega_lite",
    "vega_lite_validation_mode",
]

ChartType = Literal["auto", "bar", "line", "point", "area"]
FieldType = Literal["quantitative", "temporal", "nominal"]
VEGA_LITE_SCHEMA_URL = "https://vega.github.io/schema/vega-lite/v5.json"

_ISO_DATE = re.compile(
    r"^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$"
)
_MARKS = {"bar", "line", "point", "area", "circle", "square", "tick", "rect", "arc", "text"}
_TYPES = {"quantitative", "temporal", "nominal", "ordinal"}


class ChartSpecError(HooklineError):
    """A chart could not be built or its spec is invalid; the message is for the model."""


@dataclass(kw_only=True, frozen=True)
class ChartEncoding:
    """Which columns go where, and the mark.

    Example::

        ChartEncoding(mark="bar", x="category", y="revenue", types={...})
    """

    mark: str
    x: str
    y: str
    color: str | None
    types: dict[str, FieldType]


def infer_field_types(
    columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> dict[str, FieldType]:
    """Each column's Vega-Lite type from its non-null values."""
    types: dict[str, FieldType] = {}
    for index, column in enumerate(columns):
        values = [row[index] for row in rows if row[index] is not None]
        types[column] = _field_type(values)
    return types


def _field_type(values: list[Any]) -> FieldType:
    if not values:
        return "nominal"
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return "quantitative"
    if all(_is_temporal(v) for v in values):
        return "temporal"
    return "nominal"


def _is_temporal(value: Any) -> bool:
    if isinstance(value, datetime.date):
        return True
    return isinstance(value, str) and bool(_ISO_DATE.match(value))


def choose_encoding(
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    chart_type: ChartType = "auto",
    x: str | None = None,
    y: str | None = None,
    color: str | None = None,
) -> ChartEncoding:
    """Pick x, y, color and the mark; raise ``ChartSpecError`` with advice when impossible."""
    for name in (x, y, color):
        if name is not None and name not in columns:
            raise ChartSpecError(
                f"Column {name!r} is not in the result; columns: {', '.join(columns)}."
            )
    types = infer_field_types(columns, rows)
    x = x or _first(columns, types, ("temporal", "nominal")) or columns[0]
    y = y or _first([c for c in columns if c != x], types, ("quantitative",))
    if y is None:
        raise ChartSpecError(
            "The result has no numeric column to plot on y; select a number "
            "(e.g. COUNT(*) or SUM(...)) next to the label column."
        )
    if color is None and chart_type == "auto" and types[x] != "quantitative":
        color = _first([c for c in columns if c not in (x, y)], types, ("nominal",))
    mark = chart_type if chart_type != "auto" else _auto_mark(types[x])
    return ChartEncoding(mark=mark, x=x, y=y, color=color, types=types)


def _first(
    columns: Sequence[str], types: dict[str, FieldType], wanted: Sequence[str]
) -> str | None:
    for kind in wanted:
        for column in columns:
            if types[column] == kind:
                return column
    return None


def _auto_mark(x_type: FieldType) -> str:
    return {"temporal": "line", "nominal": "bar", "quantitative": "point"}[x_type]


def build_chart_spec(
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    chart_format: Literal["vega-lite", "plotly"] = "vega-lite",
    chart_type: ChartType = "auto",
    x: str | None = None,
    y: str | None = None,
    color: str | None = None,
    title: str | None = None,
) -> dict[str, Any]:
    """A Vega-Lite (default) or Plotly figure spec for the rows, with the data inlined.

    Example::

        spec = build_chart_spec(["city", "n"], [("Paris", 3), ("Rome", 5)], title="By city")
        assert spec["mark"]["type"] == "bar"
    """
    if not columns:
        raise ChartSpecError("The query returned no columns to plot.")
    encoding = choose_encoding(columns, rows, chart_type=chart_type, x=x, y=y, color=color)
    return render_chart_spec(encoding, columns, rows, chart_format=chart_format, title=title)


def render_chart_spec(
    encoding: ChartEncoding,
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    chart_format: Literal["vega-lite", "plotly"] = "vega-lite",
    title: str | None = None,
) -> dict[str, Any]:
    """The spec for an encoding chosen already (see ``choose_encoding``)."""
    records = [{c: jsonable_cell(v) for c, v in zip(columns, row, strict=False)} for row in rows]
    if chart_format == "plotly":
        return _plotly(encoding, records, title)
    return _vega_lite(encoding, records, title)


def _vega_lite(
    encoding: ChartEncoding, records: list[dict[str, Any]], title: str | None
) -> dict[str, Any]:
    types = encoding.types
    x_channel: dict[str, Any] = {"field": encoding.x, "type": types[encoding.x]}
    if encoding.mark == "bar" and types[encoding.x] == "nominal" and encoding.color is None:
        x_channel["sort"] = "-y"
    channels: dict[str, Any] = {
        "x": x_channel,
        "y": {"field": encoding.y, "type": types[encoding.y]},
        "tooltip": [{"field": c, "type": types[c]} for c in _used(encoding)],
    }
    if encoding.color is not None:
        channels["color"] = {"field": encoding.color, "type": "nominal"}
    spec: dict[str, Any] = {
        "$schema": VEGA_LITE_SCHEMA_URL,
        "data": {"values": records},
        "mark": {"type": encoding.mark},
        "encoding": channels,
        "width": "container",
    }
    if title:
        spec["title"] = title
    return spec


def _used(encoding: ChartEncoding) -> list[str]:
    return [c for c in (encoding.x, encoding.y, encoding.color) if c is not None]


def _plotly(
    encoding: ChartEncoding, records: list[dict[str, Any]], title: str | None
) -> dict[str, Any]:
    groups: dict[Any, list[dict[str, Any]]] = {}
    for record in records:
        key = record.get(encoding.color) if encoding.color else None
        groups.setdefault(key, []).append(record)
    traces = [_plotly_trace(encoding, name, group) for name, group in groups.items()]
    layout: dict[str, Any] = {
        "xaxis": {"title": {"text": encoding.x}},
        "yaxis": {"title": {"text": encoding.y}},
    }
    if title:
        layout["title"] = {"text": title}
    return {"data": traces, "layout": layout}


def _plotly_trace(
    encoding: ChartEncoding, name: Any, group: list[dict[str, Any]]
) -> dict[str, Any]:
    trace: dict[str, Any] = {
        "x": [r.get(encoding.x) for r in group],
        "y": [r.get(encoding.y) for r in group],
    }
    if encoding.mark == "bar":
        trace["type"] = "bar"
    else:
        trace["type"] = "scatter"
        trace["mode"] = {"point": "markers", "line": "lines", "area": "lines"}.get(
            encoding.mark, "lines+markers"
        )
        if encoding.mark == "area":
            trace["fill"] = "tozeroy"
    if name is not None:
        trace["name"] = str(name)
    return trace


def vega_lite_validation_mode() -> Literal["schema", "structural"]:
    """ "schema" when the official Vega-Lite JSON schema is available offline, else "structural"."""
    return "schema" if _schema_validator() is not None else "structural"


def validate_vega_lite(spec: dict[str, Any]) -> None:
    """Raise ``ChartSpecError`` when ``spec`` is not a valid Vega-Lite single-view spec."""
    validator = _schema_validator()
    if validator is None:
        _validate_structure(spec)
        return
    error = _deepest(list(validator.iter_errors(spec)))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "spec"
        message = error.message if len(error.message) <= 200 else "is not valid here"
        raise ChartSpecError(f"Invalid Vega-Lite spec at {where}: {message}")


def _deepest(errors: list[Any]) -> Any:
    """The most specific error: Vega-Lite's schema nests anyOf, whose top error says little."""
    leaves: list[Any] = []
    pending = list(errors)
    while pending:
        error = pending.pop()
        if error.context:
            pending.extend(error.context)
        else:
            leaves.append(error)
    return max(leaves, key=lambda e: len(e.absolute_path), default=None)


def validate_plotly(spec: dict[str, Any]) -> None:
    """A structural check of a Plotly figure: traces with a type and equal-length x and y."""
    traces = spec.get("data")
    if not isinstance(traces, list) or not traces:
        raise ChartSpecError("Invalid Plotly figure: 'data' must be a non-empty list of traces.")
    for index, trace in enumerate(traces):
        if not isinstance(trace, dict) or trace.get("type") not in {"bar", "scatter"}:
            raise ChartSpecError(f"Invalid Plotly figure: trace {index} has no known type.")
        if len(trace.get("x", [])) != len(trace.get("y", [])):
            raise ChartSpecError(f"Invalid Plotly figure: trace {index} x and y differ in length.")
    if not isinstance(spec.get("layout", {}), dict):
        raise ChartSpecError("Invalid Plotly figure: 'layout' must be an object.")


def _validate_structure(spec: dict[str, Any]) -> None:
    data = spec.get("data")
    if not isinstance(data, dict) or not isinstance(data.get("values"), list):
        raise ChartSpecError("Invalid Vega-Lite spec: data.values must be a list.")
    mark = spec.get("mark")
    mark_type = mark.get("type") if isinstance(mark, dict) else mark
    if mark_type not in _MARKS:
        raise ChartSpecError(f"Invalid Vega-Lite spec: unknown mark {mark_type!r}.")
    encoding = spec.get("encoding")
    if not isinstance(encoding, dict):
        raise ChartSpecError("Invalid Vega-Lite spec: encoding must be an object.")
    for channel in ("x", "y", "color"):
        definition = encoding.get(channel)
        if definition is None:
            continue
        if not isinstance(definition.get("field"), str) or definition.get("type") not in _TYPES:
            raise ChartSpecError(
                f"Invalid Vega-Lite spec: encoding.{channel} needs field and type."
            )


@functools.cache
def _schema_validator() -> Any:
    path = _bundled_schema_path()
    if path is None:
        return None
    try:
        import jsonschema
    except ImportError:
        return None
    schema = json.loads(path.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    return validator_class(schema)


def _bundled_schema_path() -> Path | None:
    """The newest ``vega-lite-schema.json`` that altair ships, found without importing altair."""
    spec = importlib.util.find_spec("altair")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations))) / "vegalite"
    candidates = sorted(
        root.glob("v*/schema/vega-lite-schema.json"),
        key=lambda p: int(p.parts[-3][1:]) if p.parts[-3][1:].isdigit() else 0,
    )
    return candidates[-1] if candidates else None
