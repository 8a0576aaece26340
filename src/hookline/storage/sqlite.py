"""SqliteConversationStore: conversations in one SQLite file (WAL, append-only messages)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from hookline.errors import ConversationNotFoundError
from hookline.storage.approvals import ApprovalRecord
from hookline.storage.base import ConversationStore, swapped
from hookline.storage.ledger import LedgerEntry, LedgerState
from hookline.storage.migrations import SqliteMigration
from hookline.storage.models import (
    HIDDEN_KEY,
    Conversation,
    Message,
    new_conversation_id,
    validate_conversation_id,
)
from hookline.storage.rows import check_page, dump_metadata, from_micros, not_found, to_micros
from hookline.storage.sqlite_approvals import (
    create_approvals_table,
    delete_approvals,
    select_approval,
    select_approvals,
    sync_approvals,
)
from hookline.storage.sqlite_db import SqliteDatabase
from hookline.storage.sqlite_ledger import (
    create_ledger_table,
    insert_started,
    select_entries,
    update_settled,
)
from hookline.storage.sqlite_lock import SqliteTurnLocks, forget_lock
from hookline.storage.titles import with_clean_title
from hookline.storage.turn_lock import TurnLock
from hookline.users.models import User

__all__ = ["MIGRATIONS", "SqliteConversationStore"]

_COLUMNS = "id, user_id, metadata, created_us, updated_us"


class SqliteConversationStore(ConversationStore):
    """Conversations in a SQLite file: one row per conversation, one row per message.

    Appending inserts the new message rows with the next per-conversation
    sequence numbers and touches the conversation row; earlier messages are
    never rewritten, so an append costs the same on a long conversation as
    on a short one.  The file is opened lazily on first use, in WAL mode,
    and migrated to the current schema (see ``hookline.storage.migrations``).
    Several processes may share the file: writes take SQLite's write lock
    (``BEGIN IMMEDIATE``) and wait up to ``busy_timeout`` seconds for it.

    Example::

        store = SqliteConversationStore("hookline.db")
        conv = await store.create_conversation(user)
        await store.append_messages(conv.id, user, [Message(role="user", content="hi")])
        await store.close()
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        busy_timeout: float = 30.0,
        lock_lease: float = 30.0,
    ) -> None:
        self._db = SqliteDatabase(
            path, component="conversations", migrations=MIGRATIONS, busy_timeout=busy_timeout
        )
        self.path = self._db.path
        self.turn_locks = SqliteTurnLocks(self._db, lease=lock_lease)

    def turn_lock(self, conversation_id: str, *, timeout: float) -> TurnLock:
        """A lease row in the file: one turn at a time per conversation, across processes.

        The lease (``lock_lease`` seconds, renewed while the turn runs) is how
        long the lock outlives a process that died holding it.
        """
        return self.turn_locks.hold(validate_conversation_id(conversation_id), timeout=timeout)

    async def create_conversation(
        self,
        user: User,
        *,
        conversation_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Conversation:
        cid = validate_conversation_id(conversation_id or new_conversation_id())
        now = datetime.now(UTC)
        conversation = Conversation(
            id=cid,
            user_id=user.id,
            metadata=with_clean_title(dict(metadata or {})),
            created_at=now,
            updated_at=now,
        )
        try:
            async with self._db.transaction() as db:
                await db.execute(
                    f"INSERT INTO conversations ({_COLUMNS}, next_seq) VALUES (?, ?, ?, ?, ?, 0)",
                    (
                        cid,
                        user.id,
                        dump_metadata(conversation.metadata),
                        to_micros(now),
                        to_micros(now),
                    ),
                )
                await sync_approvals(db, cid, user.id, conversation.metadata)
        except sqlite3.IntegrityError:
            raise ConversationNotFoundError(f"Conversation id {cid!r} is not available.") from None
        return conversation

    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        validate_conversation_id(conversation_id)
        async with self._db.transaction(write=False) as db:
            async with db.execute(
                f"SELECT {_COLUMNS} FROM conversations WHERE id = ? AND user_id = ?",
                (conversation_id, user.id),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return None
            async with db.execute(
                "SELECT data FROM messages WHERE conversation_id = ? ORDER BY seq",
                (conversation_id,),
            ) as cursor:
                messages = [Message.model_validate_json(r[0]) async for r in cursor]
        return _conversation(row, messages)

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        validate_conversation_id(conversation_id)
        async with self._db.transaction() as db:
            await self._append(db, conversation_id, user, messages)

    async def replace_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        validate_conversation_id(conversation_id)
        async with self._db.transaction() as db:
            await self._next_seq(db, conversation_id, user)
            await db.execute("DELETE FROM messages WHERE conversation_id = ?", (conversation_id,))
            await _insert_messages(db, conversation_id, 0, messages)
            await db.execute(
                "UPDATE conversations SET next_seq = ?, updated_us = ? WHERE id = ?",
                (len(messages), to_micros(datetime.now(UTC)), conversation_id),
            )

    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        validate_conversation_id(conversation_id)
        payload = dump_metadata(metadata)
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "UPDATE conversations SET metadata = ?, updated_us = ? "
                "WHERE id = ? AND user_id = ?",
                (payload, to_micros(datetime.now(UTC)), conversation_id, user.id),
            )
            if cursor.rowcount == 0:
                raise not_found(conversation_id)
            await sync_approvals(db, conversation_id, user.id, metadata)

    async def compare_and_set_metadata(
        self, conversation_id: str, user: User, key: str, expected: Any, updates: dict[str, Any]
    ) -> bool:
        validate_conversation_id(conversation_id)
        async with self._db.transaction() as db:
            async with db.execute(
                "SELECT metadata FROM conversations WHERE id = ? AND user_id = ?",
                (conversation_id, user.id),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                raise not_found(conversation_id)
            metadata = json.loads(row[0])
            if metadata.get(key) != expected:
                return False
            metadata = swapped(metadata, updates)
            await db.execute(
                "UPDATE conversations SET metadata = ?, updated_us = ? WHERE id = ?",
                (dump_metadata(metadata), to_micros(datetime.now(UTC)), conversation_id),
            )
            await sync_approvals(db, conversation_id, user.id, metadata)
        return True

    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        check_page(limit, offset)
        async with (
            self._db.transaction(write=False) as db,
            db.execute(
                f"SELECT {_COLUMNS} FROM conversations WHERE user_id = ? "
                "AND json_type(metadata, ?) IS NOT 'true' "
                "ORDER BY updated_us DESC, id DESC LIMIT ? OFFSET ?",
                (user.id, f'$."{HIDDEN_KEY}"', limit, offset),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [_conversation(row, []) for row in rows]

    async def hidden_conversations(self, *, limit: int = 1000) -> list[Conversation]:
        async with (
            self._db.transaction(write=False) as db,
            db.execute(
                f"SELECT {_COLUMNS} FROM conversations "
                "WHERE json_type(metadata, ?) = 'true' LIMIT ?",
                (f'$."{HIDDEN_KEY}"', limit),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [_conversation(row, []) for row in rows]

    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        """Delete it with its messages, ledger rows and released turn-lock row.

        When no conversation has the id (any more), a released lock row taken on it
        since (a clean-up that locked a conversation someone else deleted) goes too.
        """
        validate_conversation_id(conversation_id)
        await self.turn_locks.transaction_ready()
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "DELETE FROM conversations WHERE id = ? AND user_id = ?",
                (conversation_id, user.id),
            )
            if cursor.rowcount == 0:
                await _forget_lock_if_gone(db, conversation_id)
                return False
            await db.execute("DELETE FROM messages WHERE conversation_id = ?", (conversation_id,))
            await db.execute("DELETE FROM tool_calls WHERE conversation_id = ?", (conversation_id,))
            await forget_lock(db, conversation_id)
            await delete_approvals(db, conversation_id)
        return True

    async def pending_approvals(
        self,
        *,
        owner_id: str | None = None,
        tools: Collection[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[ApprovalRecord]:
        check_page(limit, offset)
        async with self._db.transaction(write=False) as db:
            return await select_approvals(db, owner_id, tools, limit, offset)

    async def pending_approval(self, approval_id: str) -> ApprovalRecord | None:
        async with self._db.transaction(write=False) as db:
            return await select_approval(db, approval_id)

    async def start_tool_call(self, user: User, entry: LedgerEntry) -> None:
        """Commit the ledger row (``started``) before the tool runs."""
        validate_conversation_id(entry.conversation_id)
        async with self._db.transaction() as db:
            if not await insert_started(db, user.id, entry):
                raise not_found(entry.conversation_id)

    async def settle_tool_calls(
        self,
        conversation_id: str,
        user: User,
        messages: Sequence[Message],
        entries: Sequence[LedgerEntry],
    ) -> None:
        """Append ``messages`` and settle ``entries`` in one transaction."""
        validate_conversation_id(conversation_id)
        async with self._db.transaction() as db:
            await self._append(db, conversation_id, user, messages)
            await update_settled(db, entries)

    async def tool_calls(
        self, conversation_id: str, user: User, *, state: LedgerState | None = None
    ) -> list[LedgerEntry]:
        validate_conversation_id(conversation_id)
        async with self._db.transaction(write=False) as db:
            async with db.execute(
                "SELECT 1 FROM conversations WHERE id = ? AND user_id = ?",
                (conversation_id, user.id),
            ) as cursor:
                if await cursor.fetchone() is None:
                    return []
            return await select_entries(db, conversation_id, state)

    async def close(self) -> None:
        """Close the file; the next call opens it again."""
        await self._db.close()

    async def schema_version(self) -> int:
        """The schema version of the file (opens it, and so migrates it, if needed)."""
        return await self._db.schema_version()

    async def _append(
        self,
        db: aiosqlite.Connection,
        conversation_id: str,
        user: User,
        messages: Sequence[Message],
    ) -> None:
        start = await self._next_seq(db, conversation_id, user)
        await _insert_messages(db, conversation_id, start, messages)
        await db.execute(
            "UPDATE conversations SET next_seq = ?, updated_us = ? WHERE id = ?",
            (start + len(messages), to_micros(datetime.now(UTC)), conversation_id),
        )

    @staticmethod
    async def _next_seq(db: aiosqlite.Connection, conversation_id: str, user: User) -> int:
        async with db.execute(
            "SELECT next_seq FROM conversations WHERE id = ? AND user_id = ?",
            (conversation_id, user.id),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            raise not_found(conversation_id)
        return int(row[0])


async def _migration_1_initial(db: aiosqlite.Connection) -> None:
    await db.execute(
        "CREATE TABLE conversations (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, "
        "metadata TEXT NOT NULL, created_us INTEGER NOT NULL, updated_us INTEGER NOT NULL, "
        "next_seq INTEGER NOT NULL DEFAULT 0)"
    )
    await db.execute(
        "CREATE INDEX conversations_by_user ON conversations (user_id, updated_us DESC, id DESC)"
    )
    await db.execute(
        "CREATE TABLE messages (conversation_id TEXT NOT NULL, seq INTEGER NOT NULL, "
        "data TEXT NOT NULL, PRIMARY KEY (conversation_id, seq)) WITHOUT ROWID"
    )


MIGRATIONS: tuple[SqliteMigration, ...] = (
    _migration_1_initial,
    create_ledger_table,
    create_approvals_table,
)
"""The conversation schema's migrations, oldest first; the version is the count."""


async def _insert_messages(
    db: aiosqlite.Connection, conversation_id: str, start: int, messages: Sequence[Message]
) -> None:
    await db.executemany(
        "INSERT INTO messages (conversation_id, seq, data) VALUES (?, ?, ?)",
        [(conversation_id, start + i, m.model_dump_json()) for i, m in enumerate(messages)],
    )


def _conversation(row: Any, messages: list[Message]) -> Conversation:
    return Conversation(
        id=row[0],
        user_id=row[1],
        metadata=json.loads(row[2]),
        created_at=from_micros(row[3]),
        updated_at=from_micros(row[4]),
        messages=messages,
    )


async def _forget_lock_if_gone(db: aiosqlite.Connection, conversation_id: str) -> None:
    """``forget_lock`` for an id no conversation has (whoever the caller is)."""
    async with db.execute("SELECT 1 FROM conversations WHERE id = ?", (conversation_id,)) as c:
        if await c.fetchone() is None:
            await forget_lock(db, conversation_id)
