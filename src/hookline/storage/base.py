"""ConversationStore: where conversations live. Every method checks the owner."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import Any

from hookline.errors import ConversationNotFoundError
from hookline.storage.approvals import ApprovalRecord
from hookline.storage.ledger import LedgerEntry, LedgerState, MemoryLedger
from hookline.storage.models import Conversation, Message
from hookline.storage.turn_lock import NO_LOCK, TurnLock
from hookline.users.models import User

__all__ = ["ConversationStore", "swapped"]


class ConversationStore(ABC):
    """Owner-scoped conversation storage with append-only message writes.

    A conversation belongs to the user who created it.  ``get_conversation``
    returns None both when the id does not exist and when it belongs to
    someone else; mutating methods raise ``ConversationNotFoundError`` in
    both cases.  Ids are validated with ``validate_conversation_id``.

    Example::

        store = MemoryConversationStore()
        conv = await store.create_conversation(user)
        await store.append_messages(conv.id, user, [Message(role="user", content="hi")])
    """

    @abstractmethod
    async def create_conversation(
        self,
        user: User,
        *,
        conversation_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Conversation:
        """Create an empty conversation owned by ``user``.

        Raises ``ConversationNotFoundError`` when ``conversation_id`` is taken
        (by anyone: the message does not reveal the owner).
        """

    @abstractmethod
    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        """The conversation with all its messages, or None if absent or not the user's."""

    @abstractmethod
    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        """Append messages at the end, in order. Never rewrites earlier ones."""

    @abstractmethod
    async def replace_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        """Replace the whole history (a workflow's "/reset"); rare by design."""

    @abstractmethod
    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        """Replace the conversation's metadata (pending approvals live here)."""

    @abstractmethod
    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        """The user's conversations, newest activity first, without their messages."""

    @abstractmethod
    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        """Delete it; False when there was nothing of the user's to delete."""

    async def hidden_conversations(self, *, limit: int = 1000) -> list[Conversation]:
        """Every user's hidden conversations (``HIDDEN_KEY``), without their messages.

        For the server's housekeeping (a restarted server re-arms the expiry of the
        stateless requests' paused conversations), never for a user's view.  The default
        finds none: a store that cannot look across users leaves an expired pause to be
        cleaned by its late result.
        """
        return []

    def turn_lock(self, conversation_id: str, *, timeout: float) -> TurnLock:
        """The lock one turn holds on ``conversation_id`` (an async context manager).

        Entering waits at most ``timeout`` seconds for another turn, in any
        process, and then raises ``ConversationBusy``.  The default is a lock
        that is always free: right for a store one process owns (the agent's
        in-process lock serialises its turns).  A store shared by processes
        overrides it (SQLite: a lease row; PostgreSQL: an advisory lock).

        Example::

            async with store.turn_lock(conversation_id, timeout=30.0):
                conversation = await store.get_conversation(conversation_id, user)
        """
        return NO_LOCK

    async def compare_and_set_metadata(
        self, conversation_id: str, user: User, key: str, expected: Any, updates: dict[str, Any]
    ) -> bool:
        """Apply ``updates`` to the metadata only if ``metadata.get(key) == expected``; True if so.

        A None value in ``updates`` removes its key.  Approvals are claimed with
        it, so that a call is decided once.  The default reads then writes (atomic only in one
        process); the SQL stores do it in one transaction.
        """
        conversation = await self.get_conversation(conversation_id, user)
        if conversation is None:
            raise ConversationNotFoundError(f"Conversation {conversation_id!r} not found.")
        metadata = conversation.metadata
        if metadata.get(key) != expected:
            return False
        await self.update_metadata(conversation_id, user, swapped(metadata, updates))
        return True

    # -- the calls waiting for a reviewer, across users (storage/approvals.py) ------------

    async def pending_approvals(
        self,
        *,
        owner_id: str | None = None,
        tools: Collection[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[ApprovalRecord]:
        """Calls waiting for a reviewer in every user's conversations, oldest first.

        ``owner_id`` keeps the calls of that user's conversations; ``tools`` adds (or,
        without ``owner_id``, keeps) the calls of these tools in anyone's.

        NOT owner-scoped: the caller applies the approver policy to each record.
        A store keeps the index in the same write as the metadata it derives from
        (``approval_records``).  The default, for a store without one, is empty.

        Example::

            for record in await store.pending_approvals(limit=50):
                print(record.tool, record.owner_id, record.digest)
        """
        return []

    async def pending_approval(self, approval_id: str) -> ApprovalRecord | None:
        """The waiting call ``approval_id`` names, in anyone's conversation (not owner-scoped)."""
        return None

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections. The default does nothing."""

    # -- the effect ledger (docs/exactly-once.md) ---------------------------------------

    persistent: bool = True
    """False when the conversations end with the process (the in-memory store): a turn
    then stores its messages once, at its end, since a crash loses them all anyway."""

    process_ledger: MemoryLedger | None = None
    """Where the default ledger methods keep records: in this process only."""

    async def start_tool_call(self, user: User, entry: LedgerEntry) -> None:
        """Commit ``entry`` (state ``started``) before its tool runs; again for a re-run.

        Stores with a ledger commit it durably and check that ``user`` owns the
        conversation.  The default keeps it in process memory: recovery then works
        in this process (a cancelled turn), not after a crash.
        """
        self._process_ledger().start(entry)

    async def settle_tool_calls(
        self,
        conversation_id: str,
        user: User,
        messages: Sequence[Message],
        entries: Sequence[LedgerEntry],
    ) -> None:
        """Append ``messages`` and store ``entries``' final states, in one transaction.

        The default appends (``append_messages``), then updates the process-memory
        ledger.  A store that overrides ``append_messages`` and has a ledger of its
        own overrides this too.

        Example::

            done = entry.settled("finished")
            await store.settle_tool_calls(conv.id, user, [tool_message], [done])
        """
        if messages:
            await self.append_messages(conversation_id, user, messages)
        self._process_ledger().settle(entries)

    async def tool_calls(
        self, conversation_id: str, user: User, *, state: LedgerState | None = None
    ) -> list[LedgerEntry]:
        """The conversation's ledger, oldest first (empty when it is not the user's)."""
        if await self.get_conversation(conversation_id, user) is None:
            return []
        return self._process_ledger().entries(conversation_id, state=state)

    def _process_ledger(self) -> MemoryLedger:
        if self.process_ledger is None:
            self.process_ledger = MemoryLedger()
        return self.process_ledger


def swapped(metadata: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``metadata`` with ``updates`` applied (a None value removes its key)."""
    result = dict(metadata)
    for key, value in updates.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = value
    return result
