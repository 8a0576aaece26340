"""The index of waiting calls in PostgreSQL: the ``approvals`` table and its statements.

``sync`` runs on the caller's connection, inside the transaction that writes a
conversation's metadata (``PostgresConversationStore``): the index is derived
from it, in the same commit.  Deleting the conversation deletes its rows
(``ON DELETE CASCADE``).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from hookline.storage.approvals import (
    PENDING_KEY,
    ApprovalRecord,
    approval_records,
    record_row,
    row_record,
)
from hookline.storage.migrations import TableNames

__all__ = ["PostgresApprovals", "create_approvals_table"]

_COLUMNS = "approval_id, conversation_id, owner_id, call_id, tool, digest, requested_at, entry"


async def create_approvals_table(conn: Any, names: TableNames) -> None:
    """Migration 3 of the conversation schema: the waiting calls, filled from the metadata."""
    table, conv = names.table("approvals"), names.table("conversations")
    await conn.execute(
        f"CREATE TABLE {table} (approval_id TEXT PRIMARY KEY, "
        f"conversation_id TEXT NOT NULL REFERENCES {conv} (id) ON DELETE CASCADE, "
        "owner_id TEXT NOT NULL, call_id TEXT NOT NULL, tool TEXT NOT NULL, "
        "digest TEXT NOT NULL, requested_at TIMESTAMPTZ NOT NULL, entry JSON NOT NULL)"
    )
    await conn.execute(
        f"CREATE INDEX {names.index('approvals_by_time')} ON {table} (requested_at, approval_id)"
    )
    await conn.execute(
        f"CREATE INDEX {names.index('approvals_by_owner')} ON {table} (owner_id, requested_at)"
    )
    await conn.execute(
        f"CREATE INDEX {names.index('approvals_by_conversation')} ON {table} (conversation_id)"
    )
    rows = await conn.fetch(
        f"SELECT id, user_id, metadata FROM {conv} WHERE strpos(metadata::text, $1) > 0",
        PENDING_KEY,
    )
    approvals = PostgresApprovals(names)
    for conversation_id, owner_id, metadata in rows:
        await approvals.sync(conn, conversation_id, owner_id, json.loads(metadata))


class PostgresApprovals:
    """The index statements for one table layout (``names``)."""

    __slots__ = ("_table",)

    def __init__(self, names: TableNames) -> None:
        self._table = names.table("approvals")

    async def sync(
        self, conn: Any, conversation_id: str, owner_id: str, metadata: dict[str, Any]
    ) -> None:
        """Make the index hold exactly ``metadata``'s waiting calls of ``conversation_id``."""
        await conn.execute(f"DELETE FROM {self._table} WHERE conversation_id = $1", conversation_id)
        records = approval_records(conversation_id, owner_id, metadata)
        if records:
            await conn.executemany(
                f"INSERT INTO {self._table} ({_COLUMNS}) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8::json) ON CONFLICT DO NOTHING",
                [record_row(record, record.requested_at) for record in records],
            )

    async def select(
        self,
        conn: Any,
        owner_id: str | None,
        tools: Collection[str] | None,
        limit: int,
        offset: int,
    ) -> list[ApprovalRecord]:
        """Waiting calls, oldest first: of ``owner_id``, or of ``tools`` (neither: all)."""
        rows = await conn.fetch(
            f"SELECT {_COLUMNS} FROM {self._table} "
            "WHERE ($1::text IS NULL AND $2::text[] IS NULL) OR owner_id = $1 "
            "OR tool = ANY($2::text[]) "
            "ORDER BY requested_at, approval_id LIMIT $3 OFFSET $4",
            owner_id,
            None if tools is None else list(tools),
            limit,
            offset,
        )
        return [row_record(row, row[6]) for row in rows]

    async def select_one(self, conn: Any, approval_id: str) -> ApprovalRecord | None:
        row = await conn.fetchrow(
            f"SELECT {_COLUMNS} FROM {self._table} WHERE approval_id = $1", approval_id
        )
        return None if row is None else row_record(row, row[6])
