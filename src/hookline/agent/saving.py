"""Every store write of a turn: ``TurnWriter`` is the only code of ``hookline.agent`` that
calls a write method of the ``ConversationStore`` (tests/agent/test_turn_ownership.py).

Step 19's writes: a turn's messages stored once, with the calls that wait for a
reviewer.  ``TurnWriter`` also saves what a failed or cancelled turn produced,
closing its open tool calls as "interrupted", so the stored history stays valid.
The turn's ledger entries are settled in the same transaction as its messages
(``ConversationStore.settle_tool_calls``).  The earlier writes go through it too:
the conversation created (step 4), a cut-off turn recovered (step 4), the decided
calls claimed (a resumed turn), the user's message stored (step 5), a workflow's
change to the conversation (step 5), each ledger entry committed before its tool
runs (step 16).  docs/architecture.md lists them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable

from hookline.agent.approvals import claim_lost, claim_updates
from hookline.agent.config import AgentConfig
from hookline.agent.ledger import TurnLedger
from hookline.agent.pending import PendingCalls
from hookline.hooks.events import SaveTurnMessagesEvent
from hookline.hooks.registry import HookRegistry
from hookline.storage.base import ConversationStore
from hookline.storage.ledger import LedgerEntry
from hookline.storage.models import Conversation, Message
from hookline.tools.approval import PENDING_KEY, DecisionRecord, PendingToolCall
from hookline.users.models import User

__all__ = ["TurnWriter"]

logger = logging.getLogger("hookline.agent")


class TurnWriter:
    """Every write of one turn to ``store``; its messages exactly once, in a crash-safe order.

    A batch of tool calls may be stored as soon as it ran (``checkpoint``), with
    its ledger entries settled in the same transaction; ``stored`` counts the
    turn's messages stored so far, and ``save`` stores the rest.
    """

    __slots__ = ("_attempted", "ledger", "pending", "saved", "store", "stored")

    def __init__(self, store: ConversationStore, pending: PendingCalls) -> None:
        self.store = store
        self.pending = pending
        self.ledger: TurnLedger | None = None  # where the tool step records the turn's calls
        self.saved: bool | None = False  # None: a write was cut off midway (unknown)
        self.stored = 0
        self._attempted: list[Message] = []

    def open_ledger(self, config: AgentConfig) -> TurnLedger | None:
        """The turn's ledger, where the tool step records each call before it runs; None
        when ``config.tool_ledger`` is off (by default: when the store ends with the process).
        """
        wanted = config.tool_ledger
        if wanted is None:
            wanted = self.store.persistent
        if wanted and config.auto_save:
            self.ledger = TurnLedger(self.start_call)
        return self.ledger

    # -- the writes before step 19 ------------------------------------------------

    def create(self, user: User, conversation_id: str) -> Awaitable[Conversation]:
        """Step 4: the turn's conversation, new."""
        return self.store.create_conversation(user, conversation_id=conversation_id)

    def accept(
        self, conversation: Conversation, user: User, messages: list[Message]
    ) -> Awaitable[None]:
        """Step 5: the user's message (and the calls it closed), stored before any model call."""
        return self.store.append_messages(conversation.id, user, messages)

    async def replace(self, conversation: Conversation, user: User) -> None:
        """Step 5: a workflow's change to the conversation (its messages, then metadata)."""
        await self.store.replace_messages(conversation.id, user, conversation.messages)
        await self.store.update_metadata(conversation.id, user, conversation.metadata)

    async def claim_decisions(
        self,
        conversation: Conversation,
        user: User,
        marked: list[PendingToolCall],
        records: list[DecisionRecord],
    ) -> None:
        """Store ``marked`` (decided calls now "executing") and ``records``, if nobody did first.

        One compare-and-set on the pending entries as this turn loaded them;
        raises ``ApprovalError("already_decided")`` when they changed meanwhile.
        """
        metadata = conversation.metadata
        updates = claim_updates(conversation, marked, records)
        expected = metadata.get(PENDING_KEY)
        if not await self.store.compare_and_set_metadata(
            conversation.id, user, PENDING_KEY, expected, updates
        ):
            raise claim_lost()
        conversation.metadata = {**metadata, **updates}

    def start_call(self, user: User, entry: LedgerEntry) -> Awaitable[None]:
        """Step 16: a call's ledger entry (``started``), committed before its tool runs."""
        return self.store.start_tool_call(user, entry)

    def settle(
        self,
        conversation: Conversation,
        user: User,
        messages: list[Message],
        entries: list[LedgerEntry],
    ) -> Awaitable[None]:
        """Step 4's recovery: the results of a cut-off turn, with its ledger entries settled."""
        return self.store.settle_tool_calls(conversation.id, user, messages, entries)

    # -- step 19 ------------------------------------------------------------------

    def _unsettled(self) -> bool:
        return self.ledger is not None and bool(self.ledger.started)

    def batch_to_store(self, paused: bool, hooks: HookRegistry) -> bool:
        """True when a batch of calls that ran should be stored now (``checkpoint``).

        Not when calls wait for a reviewer (``paused``) or ``SaveTurnMessagesEvent``
        handlers filter what is stored (``save`` stores everything then), when no call
        started, or when the store does not outlive the process.
        """
        if paused or not self._unsettled() or not self.store.persistent:
            return False
        return not hooks.has_handlers(SaveTurnMessagesEvent)

    async def checkpoint(
        self, conversation: Conversation, user: User, turn_messages: list[Message]
    ) -> None:
        """The turn's messages so far, stored with the ledger entries settled: a crash
        later in the turn keeps the results of the calls that ran."""
        if self.saved is False:
            await self._write(conversation, user, turn_messages[self.stored :])

    def save(
        self, conversation: Conversation, user: User, messages: list[Message]
    ) -> Awaitable[None]:
        """Store ``messages`` (those a checkpoint did not store) and the waiting calls.

        New waiting calls are added to the metadata before their messages are
        stored, and finished ones removed only after: at every moment, each
        open call in storage is listed there (stale entries are ignored on load).
        """
        return self._save(conversation, user, messages[self.stored :] if self.stored else messages)

    async def _save(self, conversation: Conversation, user: User, messages: list[Message]) -> None:
        store, pending = self.store, self.pending
        if pending.deferred_now:
            metadata = pending.metadata(conversation, keep_stored=True)
            await store.update_metadata(conversation.id, user, metadata)
        if (messages or self._unsettled()) and self.saved is False:
            await self._write(conversation, user, messages)
            self.saved = True
        if pending.changed:
            await store.update_metadata(conversation.id, user, pending.metadata(conversation))

    async def _write(self, conversation: Conversation, user: User, messages: list[Message]) -> None:
        """Append ``messages``, with the ledger entries settled in the same transaction."""
        self._attempted = messages
        try:
            if self.ledger is not None and self.ledger.started:
                entries = self.ledger.unsettled()
                await self.store.settle_tool_calls(conversation.id, user, messages, entries)
            else:
                await self.store.append_messages(conversation.id, user, messages)
        except BaseException:  # cancelled or failed midway: it may have been committed
            self.saved = None
            raise
        self._stored_now()

    def _stored_now(self) -> None:
        """The attempted write is in the store: its calls are answered there."""
        self.stored += len(self._attempted)
        if self.ledger is not None:
            self.ledger.settled()
        self.pending.tail_open = []

    async def save_partial(
        self, conversation: Conversation, user: User, turn_messages: list[Message], request_id: str
    ) -> None:
        """Store what a failed or cancelled turn produced; open calls closed as interrupted."""
        rest = turn_messages[self.stored :]
        if not rest and not self.saved and not self._unsettled():
            return
        try:
            if self.saved is None:  # a cancelled write: look before writing again
                if await self._attempt_stored(conversation, user):
                    self._stored_now()
                self.saved = False
                rest = turn_messages[self.stored :]
            await self._save(conversation, user, self.pending.repaired(rest))
        except Exception:
            logger.exception("could not save the partial turn %s", request_id)

    async def _attempt_stored(self, conversation: Conversation, user: User) -> bool:
        """True when the interrupted append of ``_attempted`` did reach the store."""
        if not self._attempted:
            return False  # only ledger entries: settling them again is harmless
        stored = await self.store.get_conversation(conversation.id, user)
        first = self._attempted[0]
        return stored is not None and any(m == first for m in reversed(stored.messages))
