"""Components in the terminal (Rich): streamed text, tool lines with arguments and
duration, tables, text charts, cards, status, errors.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.live import Live
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hookline.components.base import UiComponent
from hookline.components.chart import ChartComponent
from hookline.components.rich import (
    CardComponent,
    DataFrameComponent,
    ErrorComponent,
    RichTextComponent,
    StatusBarUpdateComponent,
    StatusCardComponent,
    ToolExecutionComponent,
)

__all__ = ["ComponentPrinter", "tool_line"]

_MAX_ROWS = 20
_STATUS_STYLE = {"success": "green", "error": "red", "blocked": "red", "rejected": "red"}


def tool_line(tool: ToolExecutionComponent) -> Text:
    """``⚙ run_sql {"sql": "..."} success 12 ms``."""
    arguments = json.dumps(tool.arguments, ensure_ascii=False)
    if len(arguments) > 160:
        arguments = arguments[:159] + "…"
    line = Text("⚙ ", style="dim")
    line.append(tool.tool, style="bold")
    line.append(f" {arguments} ", style="cyan")
    line.append(tool.status, style=_STATUS_STYLE.get(tool.status, "yellow"))
    if tool.duration_ms is not None and tool.status != "pending":
        line.append(f" {tool.duration_ms:.0f} ms", style="dim")
    if tool.error:
        line.append(f" — {tool.error}", style="red" if tool.status != "pending" else "yellow")
    return line


class ComponentPrinter:
    """Prints a turn's components as they arrive.

    Example::

        printer = ComponentPrinter(Console())
        async for component in agent.send_message(context, "hi"):
            printer.show(component)
        printer.end()
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self._text_parts: list[str] = []
        self._live: Live | None = None

    def show(self, component: UiComponent) -> None:
        rich = component.rich_component
        if isinstance(rich, RichTextComponent):
            self._text(rich)
            return
        self.end()
        if isinstance(rich, ToolExecutionComponent):
            if rich.status != "running":
                self.console.print(tool_line(rich))
        elif isinstance(rich, DataFrameComponent):
            self.console.print(_table(rich))
        elif isinstance(rich, ChartComponent):
            self.console.print(Panel(rich.to_text(), title="chart", expand=False))
        elif isinstance(rich, CardComponent):
            self.console.print(_card(rich))
        elif isinstance(rich, StatusCardComponent):
            style = _STATUS_STYLE.get(rich.status, "yellow")
            self.console.print(Text(f"{rich.title}: ", style=style) + Text(rich.description))
        elif isinstance(rich, ErrorComponent):
            self.console.print(Text(f"Error: {rich.message}", style="bold red"))
        elif isinstance(rich, StatusBarUpdateComponent):
            if rich.status in ("warning", "error"):
                self.console.print(Text(rich.detail or rich.message, style="yellow"))
        elif component.simple_component is not None:
            text = getattr(component.simple_component, "text", None)
            if text:
                self.console.print(text)

    def running(self, component: UiComponent) -> bool:
        """True for a tool's "running" line (the caller shows a spinner instead)."""
        rich = component.rich_component
        return isinstance(rich, ToolExecutionComponent) and rich.status == "running"

    def end(self) -> None:
        """Finish a streamed text: its last rendering stays on screen."""
        if self._live is not None:
            self._live.update(self._markdown(), refresh=True)
            self._live.stop()
            self._live = None
        elif self._text_parts:  # not a terminal: the text once, when complete
            self.console.print(self._markdown())
        self._text_parts = []

    def _text(self, rich: RichTextComponent) -> None:
        if not rich.delta:
            self.end()
            self.console.print(Markdown(rich.content) if rich.markdown else rich.content)
            return
        self._text_parts.append(rich.content)
        if not self.console.is_terminal:
            return
        if self._live is None:
            self._live = Live(
                self._markdown(), console=self.console, auto_refresh=False, transient=False
            )
            self._live.start()
        self._live.update(self._markdown(), refresh=True)

    def _markdown(self) -> Markdown:
        return Markdown("".join(self._text_parts))


def _table(frame: DataFrameComponent) -> Table:
    table = Table(title=frame.title, show_lines=False, header_style="bold")
    for column in frame.columns:
        table.add_column(str(column))
    for row in frame.rows[:_MAX_ROWS]:
        table.add_row(*(_cell(value) for value in row))
    total = frame.row_count if frame.row_count is not None else len(frame.rows)
    if total > _MAX_ROWS:
        table.caption = f"{_MAX_ROWS} of {total} rows"
    return table


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


def _card(card: CardComponent) -> Panel:
    body: Any = Markdown(card.content) if card.markdown and card.content else Text(card.content)
    actions = [(b.label, b.action) for b in card.buttons]
    actions += [(str(a.get("label", "")), str(a.get("action", ""))) for a in card.actions]
    if actions:
        hint = Text("\n")
        for label, action in actions:
            hint.append(f"[{label}] ", style="bold")
            hint.append(f"type {action}\n", style="dim")
        body = Table.grid()
        body.add_row(Markdown(card.content) if card.content else Text(""))
        body.add_row(hint)
    title = f"{card.icon} {card.title}" if card.icon else card.title
    return Panel(body, title=title, border_style="yellow" if card.status == "warning" else "blue")
