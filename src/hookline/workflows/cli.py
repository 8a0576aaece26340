"""``hookline workflow run DIR --message ...``: run a workflow folder, streaming to stdout.

``run_workflow_command`` is what the ``hookline`` CLI calls;
``python -m hookline.workflows DIR --message ...`` runs it today.  The
output is plain text: the workflow's events, lifecycle tool results,
tool calls and the agents' answers as they stream.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from hookline.hooks.events import AfterToolCallEvent, TextDeltaEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.storage.base import ConversationStore
from hookline.workflows.errors import WorkflowConfigError, WorkflowError
from hookline.workflows.events import (
    AgentTurnCompletedEvent,
    ChatCompletedEvent,
    ChatStartedEvent,
    InputRequestEvent,
    LifecycleToolEvent,
    SelectSpeakerEvent,
)
from hookline.workflows.llm_factory import LlmFactory
from hookline.workflows.result import WorkflowRunResult
from hookline.workflows.scripted import scripted_llm_factory
from hookline.workflows.state_store import MemoryWorkflowStateStore, WorkflowStateStore
from hookline.workflows.workflow import Workflow

__all__ = ["WorkflowPrinter", "main", "run_workflow_command", "stream_workflow"]

STATE_FILE = "workflows.db"


class WorkflowPrinter:
    """Prints a workflow's events as plain text lines (a ``HookProvider``).

    Example::

        workflow.hooks.add(WorkflowPrinter(sys.stdout))
    """

    def __init__(self, out: TextIO, *, input_stream: TextIO | None = None) -> None:
        self.out = out
        self.input_stream = input_stream
        self._streaming: str | None = None
        self._streamed = False

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.on(ChatStartedEvent, self._started, prepend=True)
        registry.on(SelectSpeakerEvent, self._speaker)
        registry.on(TextDeltaEvent, self._delta)
        registry.on(AfterToolCallEvent, self._tool)
        registry.on(AgentTurnCompletedEvent, self._answer, prepend=True)
        registry.on(LifecycleToolEvent, self._lifecycle)
        registry.on(InputRequestEvent, self._input)
        registry.on(ChatCompletedEvent, self._completed)

    def _print(self, line: str) -> None:
        self._end_stream()
        print(line, file=self.out, flush=True)

    def _end_stream(self) -> None:
        if self._streaming is not None:
            print(file=self.out, flush=True)
            self._streaming = None

    def _started(self, event: Event[ChatStartedEvent]) -> None:
        data = event.data
        self._print(f"workflow {data.workflow}: started (state {data.state_id})")

    def _speaker(self, event: Event[SelectSpeakerEvent]) -> None:
        data = event.data
        self._streamed = False
        if data.speaker is not None:
            resumed = ", resumed" if data.synthetic else ""
            self._print(f"-> {data.speaker} (round {data.round}{resumed})")

    def _delta(self, event: Event[TextDeltaEvent]) -> None:
        agent = event.context.agent_name if event.context else None
        if self._streaming is None:
            print(f"{agent}: ", end="", file=self.out)
            self._streaming = agent or ""
        self._streamed = True
        print(event.data.text, end="", file=self.out, flush=True)

    def _tool(self, event: Event[AfterToolCallEvent]) -> None:
        data = event.data
        status = "ok" if data.result.success else f"error: {data.result.error}"
        self._print(f"   tool {data.call.name} -> {status} ({data.duration_ms:.1f} ms)")

    def _answer(self, event: Event[AgentTurnCompletedEvent]) -> None:
        if self._streamed:
            self._end_stream()
        else:
            self._print(f"{event.data.agent}: {event.data.text}")

    def _lifecycle(self, event: Event[LifecycleToolEvent]) -> None:
        data = event.data
        if data.kind == "tool_call":
            return
        scope = data.agent or data.current_agent or "chat"
        outcome = f" -> {data.result}" if data.result else ""
        self._print(
            f"   [{data.event_type}] {data.trigger} {scope} {data.function} ({data.file}): "
            f"{data.status}, {data.elapsed_ms:.1f} ms{outcome}"
        )

    def _input(self, event: Event[InputRequestEvent]) -> None:
        self._print(f"input requested: {event.data.prompt}")
        if self.input_stream is not None:
            print("> ", end="", file=self.out, flush=True)
            answer = self.input_stream.readline()
            if answer:
                event.data.response = answer.rstrip("\n")

    def _completed(self, event: Event[ChatCompletedEvent]) -> None:
        data = event.data
        self._print(
            f"workflow {data.workflow}: completed ({data.reason}) after {data.rounds} round(s) "
            f"in {data.duration_ms:.0f} ms"
        )


async def stream_workflow(
    directory: str | Path,
    message: str,
    *,
    llm_factory: LlmFactory | None = None,
    resume: str | None = None,
    conversation_store: ConversationStore | None = None,
    state_store: WorkflowStateStore | None = None,
    out: TextIO | None = None,
    input_stream: TextIO | None = None,
) -> WorkflowRunResult:
    """Load the folder, print its events to ``out`` and run (or resume) it."""
    workflow = Workflow.from_directory(
        directory,
        llm_factory=llm_factory,
        conversation_store=conversation_store,
        state_store=state_store,
    )
    stream = out or sys.stdout
    workflow.hooks.add(WorkflowPrinter(stream, input_stream=input_stream))
    if resume is not None:
        result = await workflow.resume(resume, message)
    else:
        result = await workflow.run(message)
    if result.status == "paused":
        print(
            f"workflow {workflow.name}: paused (state {result.state_id}); continue with "
            f"--resume {result.state_id} --message '<your answer>'",
            file=stream,
            flush=True,
        )
    return result


def run_workflow_command(
    directory: str | Path,
    message: str,
    llm_factory: LlmFactory | None = None,
    *,
    resume: str | None = None,
    scripted: bool = False,
    interactive: bool = False,
    data_dir: str | Path | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the workflow in ``directory`` on ``message``; returns the exit code.

    0: completed or paused (the resume command is printed); 1: the run
    failed; 2: the folder is invalid.  ``scripted`` answers from the
    folder's ``scripted.json`` (offline, in-memory stores); otherwise
    paused runs and the agents' conversations are kept in
    ``<data_dir>/workflows.db`` (default ``$HOOKLINE_DATA_DIR``) so that
    ``resume`` works from another process.  ``interactive`` answers input
    requests from stdin instead of pausing.
    """
    errors = err or sys.stderr
    try:
        return asyncio.run(
            _command(directory, message, llm_factory, resume, scripted, interactive, data_dir, out)
        )
    except WorkflowConfigError as error:
        print(f"error: {error}", file=errors)
        return 2
    except WorkflowError as error:
        print(f"error: {error}", file=errors)
        return 1


async def _command(
    directory: str | Path,
    message: str,
    llm_factory: LlmFactory | None,
    resume: str | None,
    scripted: bool,
    interactive: bool,
    data_dir: str | Path | None,
    out: TextIO | None,
) -> int:
    if scripted:
        factory = llm_factory or scripted_llm_factory(directory)
        await stream_workflow(
            directory,
            message,
            llm_factory=factory,
            resume=resume,
            state_store=MemoryWorkflowStateStore(),
            out=out,
            input_stream=sys.stdin if interactive else None,
        )
        return 0
    from hookline.sql.sample_db import default_data_dir
    from hookline.storage.sqlite import SqliteConversationStore
    from hookline.workflows.sqlite_state import SqliteWorkflowStateStore

    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    conversations = SqliteConversationStore(folder / STATE_FILE)
    states = SqliteWorkflowStateStore(folder / STATE_FILE)
    try:
        await stream_workflow(
            directory,
            message,
            llm_factory=llm_factory,
            resume=resume,
            conversation_store=conversations,
            state_store=states,
            out=out,
            input_stream=sys.stdin if interactive else None,
        )
    finally:
        await conversations.close()
        await states.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hookline.workflows DIR --message TEXT [--scripted] [--resume ID]``."""
    parser = argparse.ArgumentParser(
        prog="python -m hookline.workflows",
        description="Run a declarative hookline workflow folder and stream its events.",
    )
    parser.add_argument("directory", help="the workflow folder (with workflow.json)")
    parser.add_argument("--message", "-m", required=True, help="the task, or the answer to resume")
    parser.add_argument("--resume", metavar="STATE_ID", help="continue a paused run")
    parser.add_argument(
        "--scripted", action="store_true", help="answer from the folder's scripted.json (offline)"
    )
    parser.add_argument(
        "--interactive", "-i", action="store_true", help="answer input requests from stdin"
    )
    parser.add_argument("--data-dir", help="where paused runs are kept ($HOOKLINE_DATA_DIR)")
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="also log (start, completion, tool results)"
    )
    args = parser.parse_args(argv)
    if args.verbose:
        logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
        logging.getLogger("hookline.workflows").setLevel(logging.INFO)
    return run_workflow_command(
        args.directory,
        args.message,
        resume=args.resume,
        scripted=args.scripted,
        interactive=args.interactive,
        data_dir=args.data_dir,
    )
