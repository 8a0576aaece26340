"""PostgresConversationStore: conversations in PostgreSQL, shared by many server processes."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from typing import Any

from hookline.errors import ConversationNotFoundError
from hookline.storage.approvals import ApprovalRecord
from hookline.storage.base import ConversationStore, swapped
from hookline.storage.ledger import LedgerEntry, LedgerState
from hookline.storage.migrations import PostgresMigration, TableNames
from hookline.storage.models import (
    HIDDEN_KEY,
    Conversation,
    Message,
    new_conversation_id,
    validate_conversation_id,
)
from hookline.storage.postgres_approvals import PostgresApprovals, create_approvals_table
from hookline.storage.postgres_db import PostgresDatabase
from hookline.storage.postgres_ledger import PostgresLedger, create_ledger_table
from hookline.storage.postgres_lock import PostgresTurnLocks
from hookline.storage.rows import check_page, dump_metadata, not_found
from hookline.storage.titles import with_clean_title
from hookline.storage.turn_lock import TurnLock
from hookline.users.models import User

__all__ = ["MIGRATIONS", "PostgresConversationStore"]

_COLUMNS = "id, user_id, metadata, created_at, updated_at"


class PostgresConversationStore(ConversationStore):
    """Conversations in PostgreSQL (asyncpg): one row per conversation, one per message.

    Every save is one transaction.  An append locks the conversation's row
    (``UPDATE ... RETURNING`` allocates the sequence numbers), so two
    processes appending to one conversation queue up and their messages get
    distinct, gap-free positions; nothing earlier is rewritten.  Pass a
    ``dsn`` (the store makes and closes its own pool) or an existing asyncpg
    ``pool`` (the caller closes it).  Tables are named ``<table_prefix><name>``
    in ``schema`` (default: the search path) and are created or migrated on
    first use unless ``create_schema=False`` (then call ``create_schema()``).

    Example::

        store = PostgresConversationStore("postgresql://app@db/hookline")
        conv = await store.create_conversation(user)
        await store.append_messages(conv.id, user, [Message(role="user", content="hi")])
        await store.close()
    """

    def __init__(
        self,
        dsn: str | None = None,
        *,
        pool: Any = None,
        schema: str | None = None,
        table_prefix: str = "hookline_",
        create_schema: bool = True,
        max_pool_size: int = 10,
    ) -> None:
        self.names = TableNames(schema=schema, prefix=table_prefix)
        self._db = PostgresDatabase(
            dsn=dsn,
            pool=pool,
            names=self.names,
            component="conversations",
            migrations=MIGRATIONS,
            auto_migrate=create_schema,
            max_pool_size=max_pool_size,
        )
        self._conv = self.names.table("conversations")
        self._msg = self.names.table("messages")
        self.turn_locks = PostgresTurnLocks(
            self._db, namespace=self._conv, dsn=dsn, max_size=max_pool_size
        )
        self._ledger = PostgresLedger(self.names)
        self._approvals = PostgresApprovals(self.names)

    def turn_lock(self, conversation_id: str, *, timeout: float) -> TurnLock:
        """A session advisory lock keyed by the conversation (freed if its process dies)."""
        return self.turn_locks.hold(validate_conversation_id(conversation_id), timeout=timeout)

    async def create_schema(self) -> int:
        """Create or migrate the tables (idempotent, safe from many processes); the version."""
        return await self._db.migrate()

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
        pool = await self._db.pool()
        async with pool.acquire() as conn, conn.transaction():
            inserted = await conn.fetchval(
                f"INSERT INTO {self._conv} ({_COLUMNS}) VALUES ($1, $2, $3::json, $4, $4) "
                "ON CONFLICT (id) DO NOTHING RETURNING id",
                cid,
                user.id,
                dump_metadata(conversation.metadata),
                now,
            )
            if inserted is None:
                raise ConversationNotFoundError(f"Conversation id {cid!r} is not available.")
            await self._approvals.sync(conn, cid, user.id, conversation.metadata)
        return conversation

    async def get_conversation(self, conversation_id: str, user: User) -> Conversation | None:
        validate_conversation_id(conversation_id)
        pool = await self._db.pool()
        async with (
            pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            row = await conn.fetchrow(
                f"SELECT {_COLUMNS} FROM {self._conv} WHERE id = $1 AND user_id = $2",
                conversation_id,
                user.id,
            )
            if row is None:
                return None
            data = await conn.fetch(
                f"SELECT data FROM {self._msg} WHERE conversation_id = $1 ORDER BY seq",
                conversation_id,
            )
        return _conversation(row, [Message.model_validate_json(r[0]) for r in data])

    async def append_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        validate_conversation_id(conversation_id)
        pool = await self._db.pool()
        async with pool.acquire() as conn, conn.transaction():
            await self._append(conn, conversation_id, user, messages)

    async def replace_messages(
        self, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        validate_conversation_id(conversation_id)
        pool = await self._db.pool()
        async with pool.acquire() as conn, conn.transaction():
            found = await conn.fetchval(
                f"UPDATE {self._conv} SET next_seq = $3, updated_at = $4 "
                "WHERE id = $1 AND user_id = $2 RETURNING id",
                conversation_id,
                user.id,
                len(messages),
                datetime.now(UTC),
            )
            if found is None:
                raise not_found(conversation_id)
            await conn.execute(f"DELETE FROM {self._msg} WHERE conversation_id = $1", found)
            await self._insert(conn, conversation_id, 0, messages)

    async def update_metadata(
        self, conversation_id: str, user: User, metadata: dict[str, Any]
    ) -> None:
        validate_conversation_id(conversation_id)
        payload = dump_metadata(metadata)
        pool = await self._db.pool()
        async with pool.acquire() as conn, conn.transaction():
            found = await conn.fetchval(
                f"UPDATE {self._conv} SET metadata = $3::json, updated_at = $4 "
                "WHERE id = $1 AND user_id = $2 RETURNING id",
                conversation_id,
                user.id,
                payload,
                datetime.now(UTC),
            )
            if found is None:
                raise not_found(conversation_id)
            await self._approvals.sync(conn, conversation_id, user.id, metadata)

    async def compare_and_set_metadata(
        self, conversation_id: str, user: User, key: str, expected: Any, updates: dict[str, Any]
    ) -> bool:
        validate_conversation_id(conversation_id)
        pool = await self._db.pool()
        async with pool.acquire() as conn, conn.transaction():
            stored = await conn.fetchval(
                f"SELECT metadata FROM {self._conv} WHERE id = $1 AND user_id = $2 FOR UPDATE",
                conversation_id,
                user.id,
            )
            if stored is None:
                raise not_found(conversation_id)
            metadata = json.loads(stored)
            if metadata.get(key) != expected:
                return False
            metadata = swapped(metadata, updates)
            await conn.execute(
                f"UPDATE {self._conv} SET metadata = $2::json, updated_at = $3 WHERE id = $1",
                conversation_id,
                dump_metadata(metadata),
                datetime.now(UTC),
            )
            await self._approvals.sync(conn, conversation_id, user.id, metadata)
        return True

    async def list_conversations(
        self, user: User, *, limit: int = 20, offset: int = 0
    ) -> list[Conversation]:
        check_page(limit, offset)
        pool = await self._db.pool()
        rows = await pool.fetch(
            f"SELECT {_COLUMNS} FROM {self._conv} WHERE user_id = $1 "
            "AND (metadata ->> $4) IS DISTINCT FROM 'true' "
            "ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3",
            user.id,
            limit,
            offset,
            HIDDEN_KEY,
        )
        return [_conversation(row, []) for row in rows]

    async def hidden_conversations(self, *, limit: int = 1000) -> list[Conversation]:
        pool = await self._db.pool()
        rows = await pool.fetch(
            f"SELECT {_COLUMNS} FROM {self._conv} WHERE (metadata ->> $1) = 'true' LIMIT $2",
            HIDDEN_KEY,
            limit,
        )
        return [_conversation(row, []) for row in rows]

    async def delete_conversation(self, conversation_id: str, user: User) -> bool:
        validate_conversation_id(conversation_id)
        pool = await self._db.pool()
        deleted = await pool.fetchval(
            f"DELETE FROM {self._conv} WHERE id = $1 AND user_id = $2 RETURNING id",
            conversation_id,
            user.id,
        )
        return deleted is not None

    async def pending_approvals(
        self,
        *,
        owner_id: str | None = None,
        tools: Collection[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[ApprovalRecord]:
        check_page(limit, offset)
        pool = await self._db.pool()
        async with pool.acquire() as conn:
            return await self._approvals.select(conn, owner_id, tools, limit, offset)

    async def pending_approval(self, approval_id: str) -> ApprovalRecord | None:
        pool = await self._db.pool()
        async with pool.acquire() as conn:
            return await self._approvals.select_one(conn, approval_id)

    async def close(self) -> None:
        """Close the pools the store made; the next call opens new ones."""
        await self.turn_locks.close()
        await self._db.close()

    async def start_tool_call(self, user: User, entry: LedgerEntry) -> None:
        """Commit the ledger row (``started``) before the tool runs."""
        validate_conversation_id(entry.conversation_id)
        pool = await self._db.pool()
        async with pool.acquire() as conn:
            if not await self._ledger.insert_started(conn, user.id, entry):
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
        pool = await self._db.pool()
        async with pool.acquire() as conn, conn.transaction():
            await self._append(conn, conversation_id, user, messages)
            await self._ledger.update_settled(conn, entries)

    async def tool_calls(
        self, conversation_id: str, user: User, *, state: LedgerState | None = None
    ) -> list[LedgerEntry]:
        validate_conversation_id(conversation_id)
        pool = await self._db.pool()
        async with pool.acquire() as conn:
            return await self._ledger.select(conn, conversation_id, user.id, state)

    async def _append(
        self, conn: Any, conversation_id: str, user: User, messages: Sequence[Message]
    ) -> None:
        start = await conn.fetchval(
            f"UPDATE {self._conv} SET next_seq = next_seq + $3::int, updated_at = $4 "
            "WHERE id = $1 AND user_id = $2 RETURNING next_seq - $3::int",
            conversation_id,
            user.id,
            len(messages),
            datetime.now(UTC),
        )
        if start is None:
            raise not_found(conversation_id)
        await self._insert(conn, conversation_id, int(start), messages)

    async def _insert(
        self, conn: Any, conversation_id: str, start: int, messages: Sequence[Message]
    ) -> None:
        if not messages:
            return
        await conn.execute(
            f"INSERT INTO {self._msg} (conversation_id, seq, data) "
            "SELECT $1, s, d::json FROM unnest($2::int[], $3::text[]) AS t(s, d)",
            conversation_id,
            list(range(start, start + len(messages))),
            [m.model_dump_json() for m in messages],
        )


async def _migration_1_initial(conn: Any, names: TableNames) -> None:
    conv, msg = names.table("conversations"), names.table("messages")
    await conn.execute(
        f"CREATE TABLE {conv} (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, "
        "metadata JSON NOT NULL, created_at TIMESTAMPTZ NOT NULL, "
        "updated_at TIMESTAMPTZ NOT NULL, next_seq INTEGER NOT NULL DEFAULT 0)"
    )
    await conn.execute(
        f"CREATE INDEX {names.index('conversations_by_user')} "
        f"ON {conv} (user_id, updated_at DESC, id DESC)"
    )
    await conn.execute(
        f"CREATE TABLE {msg} (conversation_id TEXT NOT NULL "
        f"REFERENCES {conv} (id) ON DELETE CASCADE, seq INTEGER NOT NULL, "
        "data JSON NOT NULL, PRIMARY KEY (conversation_id, seq))"
    )


MIGRATIONS: tuple[PostgresMigration, ...] = (
    _migration_1_initial,
    create_ledger_table,
    create_approvals_table,
)
"""The conversation schema's migrations, oldest first; the version is the count."""


def _conversation(row: Any, messages: list[Message]) -> Conversation:
    return Conversation(
        id=row[0],
        user_id=row[1],
        metadata=json.loads(row[2]),
        created_at=row[3],
        updated_at=row[4],
        messages=messages,
    )
