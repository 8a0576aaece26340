"""ChartComponent: a chart spec (Vega-Lite or Plotly JSON) with a text fallback for terminals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from hookline.components.base import RichComponent

__all__ = ["ChartComponent", "ChartFormat"]

ChartFormat = Literal["vega-lite", "plotly"]

_BAR = "█"


@dataclass(kw_only=True, slots=True)
class ChartComponent(RichComponent):
    """A chart. Web pages render ``spec`` with Vega-Lite (or Plotly); terminals call ``to_text``.

    Example::

        spec = {
            "mark": "bar",
            "data": {"values": [{"city": "Paris", "n": 3}, {"city": "Rome", "n": 5}]},
            "encoding": {
                "x": {"field": "city", "type": "nominal"},
                "y": {"field": "n", "type": "quantitative"},
            },
        }
        chart = ChartComponent(spec=spec, title="Orders by city")
        print(chart.to_text())
    """

    type: ClassVar[str] = "chart"
    spec: dict[str, Any] = field(default_factory=dict)
    format: ChartFormat = "vega-lite"
    title: str | None = None

    def to_text(self, *, width: int = 40, max_rows: int = 20) -> str:
        """A small text chart: horizontal bars for bar/line/area, a table for points."""
        title = self.title or _spec_title(self.spec)
        kind, points = _points(self.spec, self.format)
        lines = [title] if title else []
        if not points:
            lines.append("(chart with no data)")
        elif kind == "point":
            lines.extend(f"{label} | {_number(value)}" for label, value in points[:max_rows])
        else:
            lines.extend(_bars(points[:max_rows], width))
        if len(points) > max_rows:
            lines.append(f"... {len(points) - max_rows} more")
        return "\n".join(lines)


def _spec_title(spec: dict[str, Any]) -> str | None:
    title = spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    if title is None and isinstance(spec.get("layout"), dict):
        title = _spec_title(spec["layout"])
    return str(title) if title is not None else None


def _points(spec: dict[str, Any], chart_format: str) -> tuple[str, list[tuple[str, Any]]]:
    if chart_format == "plotly":
        return _plotly_points(spec)
    return _vega_lite_points(spec)


def _vega_lite_points(spec: dict[str, Any]) -> tuple[str, list[tuple[str, Any]]]:
    mark = spec.get("mark")
    kind = str(mark.get("type") if isinstance(mark, dict) else mark or "bar")
    encoding = spec.get("encoding") or {}
    values = (spec.get("data") or {}).get("values") or []
    x, y = _field(encoding.get("x")), _field(encoding.get("y"))
    color = _field(encoding.get("color"))
    if x is None or y is None:
        return kind, []
    if (encoding.get("x") or {}).get("type") == "quantitative" and kind == "bar":
        x, y = y, x  # horizontal bars: the category is on y
    points = []
    for record in values:
        if not isinstance(record, dict):
            continue
        label = str(record.get(x))
        if color is not None:
            label += f" / {record.get(color)}"
        points.append((label, record.get(y)))
    return kind, points


def _plotly_points(spec: dict[str, Any]) -> tuple[str, list[tuple[str, Any]]]:
    traces = spec.get("data") or []
    points: list[tuple[str, Any]] = []
    kind = "bar"
    for trace in traces:
        if not isinstance(trace, dict):
            continue
        kind = "point" if trace.get("mode") == "markers" else "bar"
        name = trace.get("name")
        for x, y in zip(trace.get("x") or [], trace.get("y") or [], strict=False):
            points.append((f"{x} / {name}" if name and len(traces) > 1 else str(x), y))
    return kind, points


def _field(channel: Any) -> str | None:
    if isinstance(channel, dict) and isinstance(channel.get("field"), str):
        return str(channel["field"])
    return None


def _bars(points: list[tuple[str, Any]], width: int) -> list[str]:
    numbers = [v for _, v in points if _is_number(v)]
    scale = max((abs(v) for v in numbers), default=0) or 1
    label_width = min(24, max(len(label) for label, _ in points))
    lines = []
    for label, value in points:
        shown = label if len(label) <= label_width else label[: label_width - 1] + "…"
        size = round(abs(value) / scale * width) if _is_number(value) else 0
        parts = [shown.ljust(label_width), _BAR * size, _number(value)]
        lines.append(" ".join(part for part in parts if part))
    return lines


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 1e15 else f"{value:.3g}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "NULL" if value is None else str(value)
