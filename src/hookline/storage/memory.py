"""MemoryConversationStore: a conversation store in a dict, for tests and demos."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from hookline.errors import ConversationNotFoundError
from hookline.storage.approvals import ApprovalRecord, approval_records, selected
from hookline.storage.base import ConversationStore, swapped
from hookline.storage.ledger import LedgerEntry, LedgerState, MemoryLedger
from hookline.storage.models import (
    Conversation,
    Message,
    is_hidden,
    new_conversation_id,
    validate_conversation_id,
)
from hookline.storage.titles import with_clean_title
from hookline.users.models import User

__all__ = ["MemoryConversationStore"]


@dataclass(slots=True)
class _Record:
    user_id: str
    created_at: datetime
    updated_at: datetime
    messages: list[Message] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)


class MemoryConversationStore(ConversationStore):
    """Keeps conversations in process memory. Same contract as the persistent stores.

    Every returned ``Conversation`` is a new object with its own message list
    and metadata, so changing it never changes the store.  Appended messages
    are kept as given: treat a message as immutable once it is appended.
    """

    persistent = False

    def __init__(self) -> None:
        self._records: dict[str, _Record] = {}
        self._approvals: dict[str, dict[str, ApprovalRecord]] = {}  # by conversation, by id
        self.process_ledger = MemoryLedger()  # as lasting as the conversations

    async def create_conversation(
        self,
        user: User,
        *,
        conversation_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Conversation:
        cid = validate_conversation_id(conversation_id or new_conversation_id())
        if cid in self._records:
            raise ConversationNotFoundError(f"Conversation id {cid!r} is not available.")
        now = datetime.now(UTC)
        record = _Record(user.id, now, now)
        self._records[cid] = record
        self._set_metadata(cid, record, with_clean_title(dict(metadata or {})))
        return _conversation(cid, record)

    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        record = self._owned(conversation_id, user)
        return None if record is None else _conversation(conversation_id, record)

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        record = self._require(conversation_id, user)
        record.messages.extend(messages)
        record.updated_at = datetime.now(UTC)

    async def replace_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        record = self._require(conversation_id, user)
        record.messages = list(messages)
        record.updated_at = datetime.now(UTC)

    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        record = self._require(conversation_id, user)
        self._set_metadata(conversation_id, record, with_clean_title(dict(metadata)))
        record.updated_at = datetime.now(UTC)

    async def compare_and_set_metadata(
        self, conversation_id: str, user: User, key: str, expected: Any, updates: dict[str, Any]
    ) -> bool:
        record = self._require(conversation_id, user)
        if record.metadata.get(key) != expected:
            return False
        self._set_metadata(
            conversation_id, record, with_clean_title(swapped(record.metadata, updates))
        )
        record.updated_at = datetime.now(UTC)
        return True

    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        owned = [
            (cid, r)
            for cid, r in self._records.items()
            if r.user_id == user.id and not is_hidden(r.metadata)
        ]
        owned.sort(key=lambda item: item[1].updated_at, reverse=True)
        page = owned[offset : offset + limit]
        return [_conversation(cid, record, with_messages=False) for cid, record in page]

    async def hidden_conversations(self, *, limit: int = 1000) -> list[Conversation]:
        hidden = [(cid, r) for cid, r in self._records.items() if is_hidden(r.metadata)]
        return [_conversation(cid, r, with_messages=False) for cid, r in hidden[:limit]]

    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        if self._owned(conversation_id, user) is None:
            return False
        del self._records[conversation_id]
        self._approvals.pop(conversation_id, None)
        self._process_ledger().forget(conversation_id)
        return True

    async def pending_approvals(
        self,
        *,
        owner_id: str | None = None,
        tools: Collection[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[ApprovalRecord]:
        waiting = [
            record
            for records in self._approvals.values()
            for record in records.values()
            if selected(record, owner_id, tools)
        ]
        waiting.sort(key=lambda r: (r.requested_at, r.approval_id))
        return waiting[offset : offset + limit]

    async def pending_approval(self, approval_id: str) -> ApprovalRecord | None:
        for records in self._approvals.values():
            if approval_id in records:
                return records[approval_id]
        return None

    def _set_metadata(self, cid: str, record: _Record, metadata: dict[str, Any]) -> None:
        """The metadata, and the index of its waiting calls with it."""
        record.metadata = metadata
        waiting = approval_records(cid, record.user_id, metadata)
        if waiting:
            self._approvals[cid] = {r.approval_id: r for r in waiting}
        else:
            self._approvals.pop(cid, None)

    async def start_tool_call(self, user: User, entry: LedgerEntry) -> None:
        self._require(entry.conversation_id, user)
        self._process_ledger().start(entry)

    async def settle_tool_calls(
        self,
        conversation_id: str,
        user: User,
        messages: Sequence[Message],
        entries: Sequence[LedgerEntry],
    ) -> None:
        self._require(conversation_id, user)
        if messages:  # through append_messages: a subclass that wraps it sees every append
            await self.append_messages(conversation_id, user, messages)
        self._process_ledger().settle(entries)

    async def tool_calls(
        self, conversation_id: str, user: User, *, state: LedgerState | None = None
    ) -> list[LedgerEntry]:
        if self._owned(conversation_id, user) is None:
            return []
        return self._process_ledger().entries(conversation_id, state=state)

    def _owned(self, conversation_id: str, user: User) -> _Record | None:
        record = self._records.get(conversation_id) if type(conversation_id) is str else None
        if record is None:
            validate_conversation_id(conversation_id)  # only valid ids are ever stored
            return None
        return record if record.user_id == user.id else None

    def _require(self, conversation_id: str, user: User) -> _Record:
        record = self._owned(conversation_id, user)
        if record is None:
            raise ConversationNotFoundError(f"Conversation {conversation_id!r} not found.")
        return record


def _conversation(cid: str, record: _Record, *, with_messages: bool = True) -> Conversation:
    return Conversation(
        id=cid,
        user_id=record.user_id,
        messages=list(record.messages) if with_messages else [],
        metadata=dict(record.metadata),
        created_at=record.created_at,
        updated_at=record.updated_at,
    )
