"""``hookline chat``: one conversation in the terminal, streamed, with a spinner while the
model thinks.
"""

from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator, Iterable

from rich.console import Console
from rich.status import Status
from rich.text import Text

from hookline.agent.agent import Agent
from hookline.cli.models import SWITCH_HINT
from hookline.cli.render import printer_for
from hookline.cli.turn_json import json_line, record_turn
from hookline.cli.wiring import Wiring
from hookline.components.base import UiComponent
from hookline.components.rich import CardComponent, ToolExecutionComponent
from hookline.storage.models import new_conversation_id
from hookline.tools.approval import parse_decision_command
from hookline.users.models import RequestContext

__all__ = ["ShownCalls", "banner", "chat_loop", "run_turn"]

_EXIT = {"/exit", "/quit", "exit", "quit", ":q"}
_TYPED = re.compile(r"^\s*/(approve|reject)\s+(\S+)(\s.*)?$", re.DOTALL)
_HAS_DIGEST = re.compile(r"^\s+[0-9a-f]{64}(\s|$)")


class ShownCalls:
    """The calls whose approval cards this session printed, by id, with their digests.

    ``/approve <id>`` or ``/reject <id> ...`` typed without a digest is completed
    with the digest of the card printed for ``<id>``: the decision is bound to
    the call the reviewer saw.  For a call whose card was not printed the
    command goes as typed, and the agent asks for the digest.

    Example::

        shown = ShownCalls()
        shown.note(card)  # an approval card of call "r1"
        shown.complete("/approve r1")  # "/approve r1 <the card's digest>"
    """

    def __init__(self) -> None:
        self.digests: dict[str, str] = {}

    def note(self, component: UiComponent) -> None:
        """Remember the digests of an approval card's commands."""
        rich = component.rich_component
        if not isinstance(rich, CardComponent):
            return
        for button in rich.buttons:
            try:
                parsed = parse_decision_command(button.action)
            except ValueError:
                continue
            if parsed is not None and parsed[1].digest is not None:
                self.digests[parsed[0]] = parsed[1].digest

    def complete(self, text: str) -> str:
        """``text`` with the digest of the card shown, when it is a command without one."""
        match = _TYPED.match(text)
        if match is None:
            return text
        verb, call_id, rest = match.group(1), match.group(2), match.group(3) or ""
        digest = self.digests.get(call_id)
        if digest is None or _HAS_DIGEST.match(rest):
            return text
        return f"/{verb} {call_id} {digest}{rest}"


def banner(console: Console, wiring: Wiring, conversation_id: str) -> None:
    """The first screen: which model, which store, how to switch."""
    console.print(Text("hookline chat", style="bold"))
    console.print(f"  model:    {wiring.model}", highlight=False)
    console.print(f"  store:    {wiring.store_path}", highlight=False)
    console.print(f"  data:     {wiring.database}", highlight=False)
    console.print(f"  planner:  {wiring.planner}", highlight=False)
    console.print(f"  conversation: {conversation_id}", highlight=False)
    console.print(
        Text(f"  switch the model with {SWITCH_HINT}; the database with --db URL.", style="dim")
    )
    console.print(Text("  Type /help for commands, /exit to quit.\n", style="dim"))


async def run_turn(
    agent: Agent,
    console: Console,
    message: str,
    conversation_id: str,
    *,
    spinner: bool = True,
    shown: ShownCalls | None = None,
) -> bool:
    """Stream one turn to the console; False when it ended with an error.  ``shown``
    remembers the approval cards printed (``/approve`` binds to them)."""
    printer = printer_for(console)
    spinner = spinner and console.is_terminal
    status: Status | None = console.status("Thinking…") if spinner else None
    ok = True
    stream = agent.send_message(RequestContext(), message, conversation_id)
    try:
        if status is not None:
            status.start()
        async for component in _with_spinner(stream, status):
            if component.type == "error":
                ok = False
            if shown is not None:
                shown.note(component)
            if printer.running(component):
                if status is not None:
                    tool = component.rich_component
                    assert isinstance(tool, ToolExecutionComponent)
                    status.update(f"Running {tool.tool}…")
                    status.start()
                continue
            printer.show(component)
    finally:
        if status is not None:
            status.stop()
        printer.end()
    return ok


async def _with_spinner(
    stream: AsyncIterator[UiComponent], status: Status | None
) -> AsyncIterator[UiComponent]:
    """Stop the spinner as soon as a component arrives."""
    async for component in stream:
        if status is not None:
            status.stop()
        yield component


async def chat_loop(
    wiring: Wiring,
    console: Console,
    *,
    message: str | None,
    conversation_id: str | None,
    show_banner: bool,
    json_output: bool = False,
) -> int:
    """One shot (``message``) or an interactive loop until /exit or end of input;
    ``json_output``: one JSON object per question (from ``message`` or each input line)."""
    conversation = conversation_id or new_conversation_id()
    agent = wiring.agent
    try:
        if json_output:
            return await _json_turns(agent, message, conversation)
        if message is not None:
            return 0 if await run_turn(agent, console, message, conversation, spinner=False) else 1
        if show_banner:
            banner(console, wiring, conversation)
        shown = ShownCalls()
        while True:
            try:
                text = console.input("[bold green]you>[/] ")
            except (EOFError, KeyboardInterrupt):
                console.print()
                return 0
            if text.strip() in _EXIT:
                return 0
            if text.strip():
                await run_turn(agent, console, shown.complete(text), conversation, shown=shown)
    finally:
        await agent.conversation_store.close()


async def _json_turns(agent: Agent, message: str | None, conversation_id: str) -> int:
    """``--json``: the message, else each non-empty line of standard input; 1 if any failed."""
    questions: Iterable[str] = (
        [message] if message is not None else (line.strip() for line in sys.stdin)
    )
    failed = False
    for question in questions:
        if not question or question in _EXIT:
            continue
        record = await record_turn(agent, question, conversation_id)
        failed = failed or not record["ok"]
        print(json_line(record), flush=True)
    return 1 if failed else 0
