"""What makes a hookline turn replayable on DBOS: its model calls, tool calls and store
reads and writes run as DBOS steps.

DBOS recovers a workflow by running its code again: a step that finished returns its
checkpointed output without running, the first one that did not runs for real.  So a
recovered turn reads the conversation as it was when the turn began, skips the writes it
made, gets the model's answers from the checkpoints, and goes on where it stopped.  Only a
tool call can have been cut off midway: ``DbosStepMiddleware`` answers it "interrupted"
(the exactly-once rule, docs/exactly-once.md) unless its tool is idempotent, which runs
again with the same ``ToolContext.idempotency_key``.

Outside a DBOS workflow every step is a plain call, so the wrapped agent still works
as before.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from dbos import DBOS

from hookline.agent.crash_recovery import INTERRUPTED, interrupted_text
from hookline.hooks.events import (
    MODEL_CALL,
    TOOL_CALL,
    ModelCallNext,
    ToolCallNext,
    ToolInvocation,
)
from hookline.hooks.registry import HookProvider, HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.storage.approvals import ApprovalRecord
from hookline.storage.base import ConversationStore
from hookline.storage.ledger import LedgerEntry, LedgerState
from hookline.storage.models import Conversation, Message
from hookline.storage.turn_lock import TurnLock
from hookline.tools.result import ToolResult
from hookline.users.models import User

__all__ = [
    "OUTERMOST",
    "DbosConversationStore",
    "DbosStepMiddleware",
    "Execution",
    "begin_execution",
    "execution",
    "run_step",
    "run_step_once",
]

OUTERMOST = 10_000_000
"""The step wrappers' priority: outside every other wrapper (retries, spans, caches run
inside the step, so a finished step is never run again, and neither are they)."""


@dataclass
class Execution:
    """One run of a durable turn's workflow code (the first, or a recovery).

    ``replayed`` turns True when a step's output comes from an earlier run's checkpoint.
    The first step that then runs for real is the one the earlier run was in when it
    stopped: it may have run there in part (``may_have_run``), so writes check the store
    first.  ``restarted`` holds the calls whose ledger entry an earlier run committed:
    their tool started there, and did not finish if its step has no checkpoint.
    """

    restarted: set[str] = field(default_factory=set)
    replayed: bool = False
    ran: bool = False
    turns: int = 0  # the turns begun so far (a workflow run has several)
    new_conversation: str | None = None  # an id made for this workflow, not looked up yet

    def is_unseen(self, conversation_id: str) -> bool:
        """True, once, for the conversation id made for this workflow: the store has no
        such conversation (or, in a recovery, this workflow's checkpointed create has)."""
        unseen = conversation_id == self.new_conversation
        self.new_conversation = None
        return unseen

    def may_have_run(self) -> bool:
        """True for the step that runs first after the replayed ones (called as it runs)."""
        first = self.replayed and not self.ran
        self.ran = True
        return first


_EXECUTION: ContextVar[Execution | None] = ContextVar("hookline_dbos_execution", default=None)


def execution() -> Execution:
    """This run's ``Execution``, set when the workflow code starts."""
    current = _EXECUTION.get()
    if current is None:
        current = Execution()
        _EXECUTION.set(current)
    return current


def begin_execution(*, new_conversation: str | None = None) -> Execution:
    """A new ``Execution`` for the workflow code that starts now; ``new_conversation``:
    the id made for its turn, which the first lookup then skips (no step, no query)."""
    current = Execution(new_conversation=new_conversation)
    _EXECUTION.set(current)
    return current


class DbosStepMiddleware(HookProvider):
    """Each model call and each tool call of a turn as a DBOS step (the outermost wrapper).

    Example::

        hooks.add(DbosStepMiddleware())
    """

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.wrap(MODEL_CALL, self.wrap_model_call, priority=OUTERMOST)
        registry.wrap(TOOL_CALL, self.wrap_tool_call, priority=OUTERMOST)

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        async def call(_: bool) -> LlmResponse:
            return await call_next(request)

        response: LlmResponse = await run_step("hookline.model_call", call)
        return response

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        async def call(_: bool) -> ToolResult:
            return await _tool_once(invocation, call_next)

        result: ToolResult = await run_step(f"hookline.tool:{invocation.call.name}", call)
        return result


async def run_step(name: str, body: Callable[[bool], Awaitable[Any]]) -> Any:
    """``body(may_have_run)`` as the DBOS step ``name``; its checkpointed output when an
    earlier run finished it (a plain call outside a workflow)."""
    _, value = await run_step_once(name, body)
    return value


async def run_step_once(name: str, body: Callable[[bool], Awaitable[Any]]) -> tuple[bool, Any]:
    """``run_step``, and whether ``body`` ran here (False: the output is an earlier run's)."""
    current = execution()
    ran = False

    async def step() -> Any:
        nonlocal ran
        ran = True
        return await body(current.may_have_run())

    value = await DBOS.run_step_async({"name": name}, step)
    current.replayed = current.replayed or not ran
    return ran, value


async def _tool_once(invocation: ToolInvocation, call_next: ToolCallNext) -> ToolResult:
    """The tool call, unless an earlier run started it and it is not idempotent."""
    tool = invocation.tool
    if invocation.call.id in execution().restarted and not (tool is not None and tool.idempotent):
        text = interrupted_text(invocation.call.name)
        return ToolResult(
            success=False, result_for_llm=text, error=text, metadata={"hookline": INTERRUPTED}
        )
    return await call_next(invocation)


class DbosConversationStore(ConversationStore):
    """``store`` with every read and write a DBOS step (a plain call outside a workflow).

    A recovered turn reads what the first run read and does not write again what it
    wrote: the one write the earlier run may have been in the middle of checks the
    store before writing (its messages at the end already, its conversation there).
    """

    def __init__(self, store: ConversationStore) -> None:
        self.store = store
        self.persistent = store.persistent

    async def create_conversation(
        self,
        user: User,
        *,
        conversation_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Conversation:
        async def create(may_have_run: bool) -> Conversation:
            if may_have_run and conversation_id is not None:
                existing = await self.store.get_conversation(conversation_id, user)
                if existing is not None:
                    return existing
            return await self.store.create_conversation(
                user, conversation_id=conversation_id, metadata=metadata
            )

        conversation: Conversation = await run_step(_name("create_conversation"), create)
        return conversation

    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        if execution().is_unseen(conversation_id):
            return None

        async def get(_: bool) -> Conversation | None:
            return await self.store.get_conversation(conversation_id, user)

        conversation: Conversation | None = await run_step(_name("get_conversation"), get)
        return conversation

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        async def append(may_have_run: bool) -> None:
            if not (may_have_run and await self._at_the_end(conversation_id, user, messages)):
                await self.store.append_messages(conversation_id, user, messages)

        await run_step(_name("append_messages"), append)

    async def replace_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        async def replace(_: bool) -> None:
            await self.store.replace_messages(conversation_id, user, messages)

        await run_step(_name("replace_messages"), replace)

    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        async def update(_: bool) -> None:
            await self.store.update_metadata(conversation_id, user, metadata)

        await run_step(_name("update_metadata"), update)

    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        async def listed(_: bool) -> list[Conversation]:
            return await self.store.list_conversations(user, limit=limit, offset=offset)

        conversations: list[Conversation] = await run_step(_name("list_conversations"), listed)
        return conversations

    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        async def delete(_: bool) -> bool:
            return await self.store.delete_conversation(conversation_id, user)

        deleted: bool = await run_step(_name("delete_conversation"), delete)
        return deleted

    def turn_lock(self, conversation_id: str, *, timeout: float) -> TurnLock:
        return self.store.turn_lock(conversation_id, timeout=timeout)

    async def pending_approvals(
        self,
        *,
        owner_id: str | None = None,
        tools: Collection[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[ApprovalRecord]:
        """The wrapped store's index (read by the server, outside any workflow)."""
        return await self.store.pending_approvals(
            owner_id=owner_id, tools=tools, limit=limit, offset=offset
        )

    async def pending_approval(self, approval_id: str) -> ApprovalRecord | None:
        return await self.store.pending_approval(approval_id)

    async def compare_and_set_metadata(
        self, conversation_id: str, user: User, key: str, expected: Any, updates: dict[str, Any]
    ) -> bool:
        async def swap(may_have_run: bool) -> bool:
            store = self.store
            if await store.compare_and_set_metadata(conversation_id, user, key, expected, updates):
                return True
            if not may_have_run:
                return False
            current = await store.get_conversation(conversation_id, user)  # swapped already?
            return current is not None and current.metadata.get(key) == updates.get(key)

        swapped: bool = await run_step(_name("compare_and_set_metadata"), swap)
        return swapped

    async def start_tool_call(self, user: User, entry: LedgerEntry) -> None:
        """Commit the entry; when an earlier run committed it, its call is ``restarted``."""

        async def start(_: bool) -> None:
            await self.store.start_tool_call(user, entry)  # again: harmless

        ran, _ = await run_step_once(_name("start_tool_call"), start)
        if not ran:
            execution().restarted.add(entry.call_id)

    async def settle_tool_calls(
        self,
        conversation_id: str,
        user: User,
        messages: Sequence[Message],
        entries: Sequence[LedgerEntry],
    ) -> None:
        async def settle(may_have_run: bool) -> None:
            if may_have_run and await self._at_the_end(conversation_id, user, messages):
                messages_now: Sequence[Message] = []  # committed with the entries
            else:
                messages_now = messages
            await self.store.settle_tool_calls(conversation_id, user, messages_now, entries)

        await run_step(_name("settle_tool_calls"), settle)

    async def tool_calls(
        self, conversation_id: str, user: User, *, state: LedgerState | None = None
    ) -> list[LedgerEntry]:
        async def calls(_: bool) -> list[LedgerEntry]:
            return await self.store.tool_calls(conversation_id, user, state=state)

        entries: list[LedgerEntry] = await run_step(_name("tool_calls"), calls)
        return entries

    async def close(self) -> None:
        await self.store.close()

    async def _at_the_end(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> bool:
        """True when the conversation ends with ``messages`` (an earlier run wrote them)."""
        if not messages:
            return False
        conversation = await self.store.get_conversation(conversation_id, user)
        if conversation is None or len(conversation.messages) < len(messages):
            return False
        tail = conversation.messages[-len(messages) :]
        return all(_same(old, new) for old, new in zip(tail, messages, strict=True))


def _same(stored: Message, written: Message) -> bool:
    return (
        stored.role == written.role
        and stored.content == written.content
        and stored.tool_call_id == written.tool_call_id
        and [c.id for c in stored.tool_calls or []] == [c.id for c in written.tool_calls or []]
    )


def _name(method: str) -> str:
    return f"hookline.store.{method}"
