"""Components in the terminal (Rich): streamed text, tool lines with arguments and
duration, tables, text charts, cards, status, errors.  Outside a terminal (a pipe, a
file) the same components print as plain lines: no wrapping, no padding, no colour
(``PlainPrinter``; ``console_for`` gives the matching console).
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

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

__all__ = ["ComponentPrinter", "PlainPrinter", "console_for", "printer_for", "tool_line"]

_MAX_ROWS = 20
_PLAIN_WIDTH = 1_000_000
_STATUS_STYLE = {"success": "green", "error": "red", "blocked": "red", "rejected": "red"}


def console_for(*, stderr: bool = False) -> Console:
    """Rich's console on a terminal; elsewhere one that never wraps, pads or colours.

    Example::

        console_for().print("a line longer than any terminal ...")  # one line in a file
    """
    stream = sys.stderr if stderr else sys.stdout
    if stream.isatty():
        return Console(stderr=stderr)
    return Console(
        stderr=stderr,
        soft_wrap=True,
        no_color=True,
        color_system=None,
        highlight=False,
        emoji=False,
        width=_PLAIN_WIDTH,
    )


def printer_for(console: Console) -> ComponentPrinter | PlainPrinter:
    """``ComponentPrinter`` on a terminal, ``PlainPrinter`` elsewhere."""
    return ComponentPrinter(console) if console.is_terminal else PlainPrinter(console.file)


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
                self.console.print(tool_line(rich), soft_wrap=True)
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


class PlainPrinter:
    """Prints a turn's components as plain lines (a pipe, a file, a log): text once
    complete and as written (Markdown source), one line per tool call, tables as
    aligned columns; no wrapping, no trailing spaces, no escape codes.

    Example::

        printer = PlainPrinter(sys.stdout)
        async for component in agent.send_message(context, "hi"):
            printer.show(component)
        printer.end()
    """

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self._text_parts: list[str] = []

    def show(self, component: UiComponent) -> None:
        rich = component.rich_component
        if isinstance(rich, RichTextComponent) and rich.delta:
            self._text_parts.append(rich.content)
            return
        self.end()
        if isinstance(rich, ToolExecutionComponent) and rich.status == "running":
            return
        text = plain_text(component)
        if text:
            self._write(text)

    def running(self, component: UiComponent) -> bool:
        """True for a tool's "running" line (not printed: its outcome line follows)."""
        rich = component.rich_component
        return isinstance(rich, ToolExecutionComponent) and rich.status == "running"

    def end(self) -> None:
        """Print the streamed text collected so far, if any."""
        if self._text_parts:
            self._write("".join(self._text_parts))
        self._text_parts = []

    def _write(self, text: str) -> None:
        lines = [line.rstrip() for line in text.strip("\n").splitlines()]
        self.stream.write("\n".join(lines) + "\n")
        self.stream.flush()


def plain_text(component: UiComponent) -> str | None:
    """What ``PlainPrinter`` prints for one component (None: nothing)."""
    rich = component.rich_component
    if isinstance(rich, RichTextComponent):
        return rich.content
    if isinstance(rich, ToolExecutionComponent):
        return tool_line(rich).plain
    if isinstance(rich, DataFrameComponent):
        return _plain_table(rich)
    if isinstance(rich, ChartComponent):
        return rich.to_text()
    if isinstance(rich, CardComponent):
        return _plain_card(rich)
    if isinstance(rich, StatusCardComponent):
        return f"{rich.title}: {rich.description}"
    if isinstance(rich, ErrorComponent):
        return f"Error: {rich.message}"
    if isinstance(rich, StatusBarUpdateComponent):
        return (rich.detail or rich.message) if rich.status in ("warning", "error") else None
    text = getattr(component.simple_component, "text", None)
    return str(text) if text else None


def _plain_table(frame: DataFrameComponent) -> str:
    rows = [[str(c) for c in frame.columns]]
    rows += [[_cell(value) for value in row] for row in frame.rows[:_MAX_ROWS]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    total = frame.row_count if frame.row_count is not None else len(frame.rows)
    if total > _MAX_ROWS:
        lines.append(f"({_MAX_ROWS} of {total} rows)")
    title = [frame.title] if frame.title else []
    return "\n".join(title + lines)


def _plain_card(card: CardComponent) -> str:
    lines = [f"{card.icon} {card.title}" if card.icon else card.title]
    lines += [card.content] if card.content else []
    actions = [(b.label, b.action) for b in card.buttons]
    actions += [(str(a.get("label", "")), str(a.get("action", ""))) for a in card.actions]
    lines += [f"[{label}] type {action}" for label, action in actions]
    return "\n".join(lines)
