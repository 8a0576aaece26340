"""DbosAgent: an agent's turns as DBOS Transact workflows that survive any process.

Each turn is a DBOS workflow; each model call, tool call and conversation-store read or
write in it is a DBOS step (``hookline.durable.dbos_steps``).  When a process dies, DBOS
recovery (``DBOS.launch()`` in any process with the same application version) runs the
turn again: finished steps return their checkpoints, so the model is not called again
for an answer it gave, a tool that finished does not run again, and the turn goes on
where it stopped.  A turn that waits for a reviewer waits in its workflow
(``DBOS.recv``) for ``decide``: for days, across restarts.

Example::

    agent = Agent(llm, tool_registry=tools, conversation_store=SqliteConversationStore(path))
    durable = DbosAgent(agent)                 # before DBOS.launch(): registers the workflow
    DBOS(config={"name": "shop", "system_database_url": "sqlite:///dbos.sqlite"})
    DBOS.launch()
    result = await durable.run("refund order 7", user=alice, conversation_id="c1")
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from dbos import DBOS, Queue, SetEnqueueOptions, SetWorkflowID, WorkflowHandleAsync

from hookline.agent.agent import Agent
from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.durable.dbos_steps import (
    DbosConversationStore,
    DbosStepMiddleware,
    begin_execution,
    execution,
)
from hookline.durable.live import Channel, LiveTurns
from hookline.errors import ApprovalError
from hookline.hooks.events import EnrichToolContextEvent
from hookline.hooks.registry import Event, HookProvider, HookRegistry
from hookline.storage.models import new_conversation_id
from hookline.tools.approval import ApprovalDecision, parse_decision_command
from hookline.users.models import RequestContext, User

__all__ = ["APPROVAL_TOPIC", "DbosAgent", "durable_copy", "turn_workflow_id"]

APPROVAL_TOPIC = "hookline.approval"
"""The DBOS message topic a paused turn's workflow waits on (``DbosAgent.decide``)."""
DAY = 24 * 3600.0


class DbosAgent:
    """``agent``'s turns as DBOS workflows; ``agent`` itself is not changed.

    Create it before ``DBOS.launch()`` in every process that runs or recovers its turns,
    with the same ``name`` (the workflow's name is ``hookline.turn.<name>``).  The
    conversation store must outlive the process (SQLite, PostgreSQL, Redis).  A turn
    paused for approval waits ``approval_timeout`` seconds (default: 7 days) for
    ``decide``, then ends still paused (``agent.resume`` continues it later).
    ``queue`` names the DBOS queue of ``enqueue_turn``: one conversation's turns run one
    at a time, in order, on any worker (each worker polls it every ``queue_poll_interval``
    seconds).

    Example::

        durable = DbosAgent(agent)
        DBOS.launch()
        handle = await durable.start_turn("hello", user=alice, workflow_id="order-7")
        print((await handle.get_result()).text)
    """

    def __init__(
        self,
        agent: Agent,
        *,
        name: str | None = None,
        approval_timeout: float = 7 * DAY,
        queue: str = "hookline-turns",
        queue_poll_interval: float = 1.0,
    ) -> None:
        if not agent.conversation_store.persistent:
            raise ValueError(
                "DbosAgent needs a conversation store that outlives the process "
                f"(SQLite, PostgreSQL, Redis), not {type(agent.conversation_store).__name__}"
            )
        if agent.config.tool_ledger is False or not agent.config.auto_save:
            raise ValueError("DbosAgent needs the effect ledger and auto_save on (AgentConfig)")
        self.agent = agent
        self.name = name or agent.name
        self.approval_timeout = approval_timeout
        self.queue_name = queue
        self.queue_poll_interval = queue_poll_interval
        self.durable = durable_copy(agent)
        self.live = LiveTurns()

        async def turn(
            message: str, user: User, conversation_id: str, context: RequestContext, new: bool
        ) -> Any:
            return await self._turn(message, user, conversation_id, context, new)

        self.workflow_name = f"hookline.turn.{self.name}"
        self.workflow = DBOS.workflow(name=self.workflow_name)(turn)

    def launch(self) -> None:
        """``DBOS.launch()`` (DBOS configured first): call it in the event loop that serves
        the turns; it recovers the turns this executor left unfinished."""
        DBOS.launch()

    def shutdown(self) -> None:
        """``DBOS.destroy()``: stop running turns here (they are recovered later)."""
        DBOS.destroy()

    async def start_turn(
        self,
        message: str,
        *,
        user: User | None = None,
        conversation_id: str | None = None,
        workflow_id: str | None = None,
        request_context: RequestContext | None = None,
        new_conversation: bool = False,
    ) -> WorkflowHandleAsync[Any]:
        """Start the turn as a DBOS workflow; ``await handle.get_result()`` is its
        ``RunResult``.  A second start with the same ``workflow_id`` is the same turn
        (default: a new id, ``turn_workflow_id(conversation_id)``).  ``new_conversation``:
        the caller made ``conversation_id`` for this turn, so the turn does not look it up
        (as for a turn without one)."""
        args = await self._arguments(
            message, user, conversation_id, request_context, new_conversation
        )
        with SetWorkflowID(workflow_id or turn_workflow_id(args[2])):
            return await DBOS.start_workflow_async(self.workflow, *args)

    async def submit(
        self,
        message: str,
        *,
        user: User,
        conversation_id: str,
        request_context: RequestContext | None = None,
        new_conversation: bool = False,
    ) -> tuple[WorkflowHandleAsync[Any], int]:
        """What a chat message does on DBOS: ``/approve <id>`` or ``/reject <id>`` for a
        call the conversation's waiting turn holds goes to that turn (``decide``, the
        sender as approver); any other message starts a turn.  Returns the turn to
        ``follow`` and the phase after which its components are new.
        ``new_conversation``: as for ``start_turn`` (nothing can wait in it)."""
        command = None if new_conversation else _decision_command(message)
        if command is not None:
            waiting = await self.waiting_turn(conversation_id)
            if waiting is not None:
                workflow_id = waiting.get_workflow_id()
                seen = self.live.phase(workflow_id)
                await self.decide(workflow_id, dict([command]), approver=user)
                return waiting, seen
        handle = await self.start_turn(
            message,
            user=user,
            conversation_id=conversation_id,
            request_context=request_context,
            new_conversation=new_conversation,
        )
        return handle, 0

    async def stream_turn(
        self,
        message: str,
        *,
        user: User | None = None,
        conversation_id: str | None = None,
        workflow_id: str | None = None,
        request_context: RequestContext | None = None,
    ) -> AsyncIterator[UiComponent]:
        """``start_turn``, then the turn's components as it streams them (``follow``)."""
        seen = self.live.phase(workflow_id) if workflow_id else 0
        handle = await self.start_turn(
            message,
            user=user,
            conversation_id=conversation_id,
            workflow_id=workflow_id,
            request_context=request_context,
        )
        async for component in self.follow(handle, after=seen):
            yield component

    async def follow(
        self, handle: WorkflowHandleAsync[Any], *, after: int = 0
    ) -> AsyncIterator[UiComponent]:
        """The components of the turn's phase after ``after`` (0: its first), live while
        it runs in this process; else, once it ends, the components of its result.
        A client that comes back after a crash follows the recovered turn from its start."""
        workflow_id = handle.get_workflow_id()
        result = asyncio.ensure_future(handle.get_result())
        try:
            channel = await self.live.channel(workflow_id, after=after, until=result)
            if channel is not None:
                async for component in channel.follow():
                    yield component
                return
            for component in (await result).components:
                yield component
        finally:
            if not result.done():
                result.cancel()

    async def outcome(self, handle: WorkflowHandleAsync[Any]) -> RunResult:
        """The result of the turn's last phase: its end, or its pause for a reviewer."""
        status = await handle.get_status()
        if status.status == "PENDING":
            channel = self.live.current(handle.get_workflow_id())
            if channel is not None and isinstance(channel.result, RunResult):
                return channel.result
        result: RunResult = await handle.get_result()
        return result

    async def waiting_turn(self, conversation_id: str) -> WorkflowHandleAsync[Any] | None:
        """The turn of ``conversation_id`` that runs or waits (for a reviewer), if one does."""
        return await self._newest_turn(conversation_id, status="PENDING")

    async def latest_turn(self, conversation_id: str) -> WorkflowHandleAsync[Any] | None:
        """The newest turn of ``conversation_id`` (started with a default workflow id),
        whatever its state: what a client that comes back after a crash follows."""
        return await self._newest_turn(conversation_id, status=None)

    async def _newest_turn(
        self, conversation_id: str, *, status: str | None
    ) -> WorkflowHandleAsync[Any] | None:
        found = await DBOS.list_workflows_async(
            status=status,
            name=self.workflow_name,
            workflow_id_prefix=turn_workflow_id(conversation_id, ""),
            sort_desc=True,
            limit=1,
            load_input=False,
            load_output=False,
        )
        if not found:
            return None
        return await DBOS.retrieve_workflow_async(found[0].workflow_id)

    async def run(self, message: str, **options: Any) -> Any:
        """``start_turn`` and its result: the turn's ``RunResult``."""
        handle = await self.start_turn(message, **options)
        return await handle.get_result()

    async def enqueue_turn(
        self,
        message: str,
        *,
        user: User | None = None,
        conversation_id: str | None = None,
        request_context: RequestContext | None = None,
    ) -> WorkflowHandleAsync[Any]:
        """The turn on the DBOS queue ``queue``, partitioned by conversation: any worker
        runs it, after the conversation's earlier turns."""
        args = await self._arguments(message, user, conversation_id, request_context, False)
        queue = await self.queue()
        with SetEnqueueOptions(queue_partition_key=args[2]):
            return await queue.enqueue_async(self.workflow, *args)

    async def decide(
        self,
        workflow_id: str,
        decisions: Mapping[str, ApprovalDecision],
        *,
        approver: User | None = None,
    ) -> None:
        """Send a reviewer's decisions (by tool call id) to the turn waiting in
        ``workflow_id``; it goes on in whichever process runs it."""
        await DBOS.send_async(workflow_id, (dict(decisions), approver), topic=APPROVAL_TOPIC)

    async def _turn(
        self, message: str, user: User, conversation_id: str, context: RequestContext, new: bool
    ) -> RunResult:
        """The workflow: the turn, then, while it waits for a reviewer, the decisions.
        ``new``: the id was made for this turn (no conversation has it: no lookup)."""
        begin_execution(new_conversation=conversation_id if new else None)
        workflow_id = DBOS.workflow_id or ""
        try:
            with self._phase(workflow_id) as channel:
                result = channel.result = await self.durable.run(
                    message,
                    user=user,
                    conversation_id=conversation_id,
                    request_context=context,
                    on_component=channel.publish,
                )
            while result.paused:
                sent = await DBOS.recv_async(APPROVAL_TOPIC, timeout_seconds=self.approval_timeout)
                if sent is None:
                    return result
                result = await self._decided(workflow_id, result, user, context, sent)
            return result
        finally:
            self.live.forget(workflow_id)

    async def _decided(
        self,
        workflow_id: str,
        paused: RunResult,
        user: User,
        context: RequestContext,
        sent: tuple[dict[str, ApprovalDecision], User | None],
    ) -> RunResult:
        """The paused turn resumed with the decisions sent; one that cannot apply (another
        reviewer's, a refused one) changes nothing and the turn waits on."""
        decisions, approver = sent
        with self._phase(workflow_id) as channel:
            try:
                result = await self.durable.resume(
                    paused.conversation_id,
                    decisions,
                    user=user,
                    request_context=context,
                    approver=approver,
                    on_component=channel.publish,
                )
            except ApprovalError as error:  # streamed as the turn's error already
                result = replace(paused, error=str(error), components=[])
            channel.result = result
        return result

    @contextmanager
    def _phase(self, workflow_id: str) -> Iterator[Channel]:
        """A live channel for the phase that runs now; closed when it ends."""
        channel = self.live.open(workflow_id)
        try:
            yield channel
        finally:
            channel.close()

    async def _arguments(
        self,
        message: str,
        user: User | None,
        conversation_id: str | None,
        request_context: RequestContext | None,
        new_conversation: bool,
    ) -> tuple[str, User, str, RequestContext, bool]:
        """The workflow's inputs, all decided before it starts (DBOS records them)."""
        context = request_context or RequestContext()
        if user is None:
            user = await self.agent.user_resolver.resolve_user(context)
        new = new_conversation or conversation_id is None
        return message, user, conversation_id or new_conversation_id(), context, new

    async def queue(self) -> Queue:
        """The turns' DBOS queue, registered (after ``DBOS.launch()``): a worker that
        calls it runs queued turns; one conversation's turns run one at a time."""
        return await DBOS.register_queue_async(
            self.queue_name,
            partition_concurrency=1,
            polling_interval_sec=self.queue_poll_interval,
        )


def turn_workflow_id(conversation_id: str, suffix: str | None = None) -> str:
    """A turn's default workflow id: ``<conversation id>/turn-<random>`` (``waiting_turn``
    finds a conversation's turns by that prefix; "/" is never in a conversation id)."""
    return f"{conversation_id}/" + (f"turn-{os.urandom(6).hex()}" if suffix is None else suffix)


def durable_copy(agent: Agent) -> Agent:
    """``agent.copy(...)`` with its store behind steps and, on its own registry, the step
    wrappers and the turn id; the tools, model and settings are shared."""
    return agent.copy(
        conversation_store=DbosConversationStore(agent.conversation_store),
        middleware=[DbosStepMiddleware(), _WorkflowTurnIds()],
    )


class _WorkflowTurnIds(HookProvider):
    """Registers ``_workflow_turn_id`` (``durable_copy``'s middleware)."""

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.on(EnrichToolContextEvent, _workflow_turn_id)


def _workflow_turn_id(event: Event[EnrichToolContextEvent]) -> None:
    """The ledger's turn id and the calls' idempotency keys come from the workflow id and
    the turn's place in it: the same in every run of the workflow's code."""
    workflow_id = DBOS.workflow_id
    if workflow_id is not None:
        current = execution()
        current.turns += 1
        suffix = "" if current.turns == 1 else f".{current.turns}"
        event.data.context.turn_id = f"dbos-{workflow_id}{suffix}"


def _decision_command(message: str) -> tuple[str, ApprovalDecision] | None:
    """``/approve <id>`` or ``/reject <id>`` parsed; None for anything else (a malformed
    command is a message like any other: the turn's workflow handler answers it)."""
    try:
        return parse_decision_command(message)
    except ValueError:
        return None
