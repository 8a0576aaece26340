"""Step 19's writes: a turn's messages stored once, with the calls that wait for a reviewer.

``TurnWriter`` also saves what a failed or cancelled turn produced, closing its
open tool calls as "interrupted", so the stored history stays valid.  The
turn's ledger entries are settled in the same transaction as its messages
(``ConversationStore.settle_tool_calls``).
"""

from __future__ import annotations

import logging

from hookline.agent.ledger import TurnLedger
from hookline.agent.pending import PendingCalls
from hookline.storage.base import ConversationStore
from hookline.storage.models import Conversation, Message
from hookline.users.models import User

__all__ = ["TurnWriter"]

logger = logging.getLogger("hookline.agent")


class TurnWriter:
    """Writes one turn's messages to ``store`` exactly once, in a crash-safe order."""

    __slots__ = ("_attempted", "ledger", "pending", "saved", "store")

    def __init__(self, store: ConversationStore, pending: PendingCalls) -> None:
        self.store = store
        self.pending = pending
        self.ledger = TurnLedger(store)  # the tool step records the turn's calls here
        self.saved: bool | None = False  # None: a write was cut off midway (unknown)
        self._attempted: list[Message] = []

    async def save(self, conversation: Conversation, user: User, messages: list[Message]) -> None:
        """Store ``messages`` and the waiting calls.

        New waiting calls are added to the metadata before their messages are
        stored, and finished ones removed only after: at every moment, each
        open call in storage is listed there (stale entries are ignored on load).
        """
        store, pending = self.store, self.pending
        if pending.deferred_now:
            metadata = pending.metadata(conversation, keep_stored=True)
            await store.update_metadata(conversation.id, user, metadata)
        if messages and self.saved is False:
            self._attempted = messages
            try:
                await self._write(conversation, user, messages)
            except BaseException:  # cancelled or failed midway: it may have been committed
                self.saved = None
                raise
            self.saved = True
        elif self.ledger.started:  # nothing (more) to append: the entries still settle
            await self._write(conversation, user, [])
        if pending.changed:
            await store.update_metadata(conversation.id, user, pending.metadata(conversation))

    async def _write(self, conversation: Conversation, user: User, messages: list[Message]) -> None:
        """Append ``messages``; with the turn's ledger entries settled in the same transaction."""
        if not self.ledger.started:
            await self.store.append_messages(conversation.id, user, messages)
            return
        entries = self.ledger.unsettled()
        await self.store.settle_tool_calls(conversation.id, user, messages, entries)
        self.ledger.settled()

    async def save_partial(
        self, conversation: Conversation, user: User, turn_messages: list[Message], request_id: str
    ) -> None:
        """Store what a failed or cancelled turn produced; open calls closed as interrupted."""
        if not turn_messages and not self.saved and not self.ledger.started:
            return
        try:
            if self.saved is None:  # a cancelled write: look before writing again
                self.saved = await self._attempt_stored(conversation, user)
            messages = [] if self.saved else self.pending.repaired(turn_messages)
            await self.save(conversation, user, messages)
        except Exception:
            logger.exception("could not save the partial turn %s", request_id)

    async def _attempt_stored(self, conversation: Conversation, user: User) -> bool:
        """True when the interrupted append of ``_attempted`` did reach the store."""
        stored = await self.store.get_conversation(conversation.id, user)
        first = self._attempted[0]
        return stored is not None and any(m == first for m in reversed(stored.messages))
