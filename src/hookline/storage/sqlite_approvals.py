"""The index of waiting calls in SQLite: the ``approvals`` table and its statements.

``sync_approvals`` runs inside the transaction that writes a conversation's
metadata (``SqliteConversationStore``): the index is derived from it, in the
same commit.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

import aiosqlite

from hookline.storage.approvals import (
    PENDING_KEY,
    ApprovalRecord,
    approval_records,
    record_row,
    row_record,
)
from hookline.storage.rows import from_micros, to_micros

__all__ = [
    "create_approvals_table",
    "delete_approvals",
    "select_approval",
    "select_approvals",
    "sync_approvals",
]

_COLUMNS = "approval_id, conversation_id, owner_id, call_id, tool, digest, requested_us, entry"


async def create_approvals_table(db: aiosqlite.Connection) -> None:
    """Migration 3 of the conversation schema: the waiting calls, filled from the metadata."""
    await db.execute(
        "CREATE TABLE approvals (approval_id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, "
        "owner_id TEXT NOT NULL, call_id TEXT NOT NULL, tool TEXT NOT NULL, "
        "digest TEXT NOT NULL, requested_us INTEGER NOT NULL, entry TEXT NOT NULL)"
    )
    await db.execute("CREATE INDEX approvals_by_time ON approvals (requested_us, approval_id)")
    await db.execute("CREATE INDEX approvals_by_owner ON approvals (owner_id, requested_us)")
    await db.execute("CREATE INDEX approvals_by_conversation ON approvals (conversation_id)")
    async with db.execute(
        "SELECT id, user_id, metadata FROM conversations WHERE instr(metadata, ?) > 0",
        (PENDING_KEY,),
    ) as cursor:
        rows = await cursor.fetchall()
    for conversation_id, owner_id, metadata in rows:
        await sync_approvals(db, conversation_id, owner_id, json.loads(metadata))


async def sync_approvals(
    db: aiosqlite.Connection, conversation_id: str, owner_id: str, metadata: dict[str, Any]
) -> None:
    """Make the index hold exactly ``metadata``'s waiting calls of ``conversation_id``."""
    await db.execute("DELETE FROM approvals WHERE conversation_id = ?", (conversation_id,))
    records = approval_records(conversation_id, owner_id, metadata)
    if records:
        await db.executemany(
            f"INSERT OR IGNORE INTO approvals ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [record_row(record, to_micros(record.requested_at)) for record in records],
        )


async def delete_approvals(db: aiosqlite.Connection, conversation_id: str) -> None:
    await db.execute("DELETE FROM approvals WHERE conversation_id = ?", (conversation_id,))


async def select_approvals(
    db: aiosqlite.Connection,
    owner_id: str | None,
    tools: Collection[str] | None,
    limit: int,
    offset: int,
) -> list[ApprovalRecord]:
    """Waiting calls, oldest first: of ``owner_id``, or of ``tools`` (neither: all)."""
    clauses, parameters = [], []
    if owner_id is not None:
        clauses.append("owner_id = ?")
        parameters.append(owner_id)
    if tools is not None:
        clauses.append(f"tool IN ({', '.join('?' * len(tools))})" if tools else "0")
        parameters.extend(tools)
    where = f"WHERE {' OR '.join(clauses)} " if clauses else ""
    async with db.execute(
        f"SELECT {_COLUMNS} FROM approvals {where}"
        "ORDER BY requested_us, approval_id LIMIT ? OFFSET ?",
        (*parameters, limit, offset),
    ) as cursor:
        return [row_record(row, from_micros(row[6])) async for row in cursor]


async def select_approval(db: aiosqlite.Connection, approval_id: str) -> ApprovalRecord | None:
    async with db.execute(
        f"SELECT {_COLUMNS} FROM approvals WHERE approval_id = ?", (approval_id,)
    ) as cursor:
        row = await cursor.fetchone()
    return None if row is None else row_record(row, from_micros(row[6]))
