"""The effect ledger's rows in SQLite: the ``tool_calls`` table and its statements.

The statements run inside the caller's transaction (``SqliteConversationStore``),
so a result message and its ledger row are committed together.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiosqlite

from hookline.storage.ledger import LedgerEntry, LedgerState, state_clause
from hookline.storage.rows import from_micros, to_micros

__all__ = ["create_ledger_table", "insert_started", "select_entries", "update_settled"]

_COLUMNS = (
    "conversation_id, turn_id, call_id, tool, arguments, arguments_digest, state, "
    "attempts, batch, position, started_us, finished_us"
)


async def create_ledger_table(db: aiosqlite.Connection) -> None:
    """Migration 2 of the conversation schema: the ledger and its index of open calls."""
    await db.execute(
        "CREATE TABLE tool_calls (conversation_id TEXT NOT NULL, turn_id TEXT NOT NULL, "
        "call_id TEXT NOT NULL, tool TEXT NOT NULL, arguments TEXT NOT NULL, "
        "arguments_digest TEXT NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL, "
        "batch INTEGER NOT NULL, position INTEGER NOT NULL, started_us INTEGER NOT NULL, "
        "finished_us INTEGER, PRIMARY KEY (conversation_id, turn_id, call_id))"
    )
    await db.execute(
        "CREATE INDEX tool_calls_started ON tool_calls (conversation_id) WHERE state = 'started'"
    )


async def insert_started(db: aiosqlite.Connection, user_id: str, entry: LedgerEntry) -> bool:
    """Insert ``entry`` as started, or start it again (one more attempt); False when the
    conversation is not ``user_id``'s."""
    cursor = await db.execute(
        f"INSERT INTO tool_calls ({_COLUMNS}) "
        "SELECT ?, ?, ?, ?, ?, ?, 'started', 1, ?, ?, ?, NULL "
        "WHERE EXISTS (SELECT 1 FROM conversations WHERE id = ? AND user_id = ?) "
        "ON CONFLICT (conversation_id, turn_id, call_id) DO UPDATE SET "
        "state = 'started', attempts = attempts + 1, finished_us = NULL, "
        "tool = excluded.tool, arguments = excluded.arguments, "
        "arguments_digest = excluded.arguments_digest",
        (
            entry.conversation_id,
            entry.turn_id,
            entry.call_id,
            entry.tool,
            json.dumps(entry.arguments, default=str),
            entry.arguments_digest,
            entry.batch,
            entry.position,
            to_micros(entry.started_at),
            entry.conversation_id,
            user_id,
        ),
    )
    return cursor.rowcount > 0


async def update_settled(db: aiosqlite.Connection, entries: Sequence[LedgerEntry]) -> None:
    """Store the final states of ``entries``."""
    await db.executemany(
        "UPDATE tool_calls SET state = ?, finished_us = ? "
        "WHERE conversation_id = ? AND turn_id = ? AND call_id = ?",
        [
            (
                e.state,
                None if e.finished_at is None else to_micros(e.finished_at),
                e.conversation_id,
                e.turn_id,
                e.call_id,
            )
            for e in entries
        ],
    )


async def select_entries(
    db: aiosqlite.Connection, conversation_id: str, state: LedgerState | None
) -> list[LedgerEntry]:
    """The conversation's rows in the order they were first started."""
    async with db.execute(
        f"SELECT {_COLUMNS} FROM tool_calls WHERE conversation_id = ?{state_clause(state)} "
        "ORDER BY rowid",
        (conversation_id,),
    ) as cursor:
        return [_entry(row) async for row in cursor]


def _entry(row: Any) -> LedgerEntry:
    return LedgerEntry(
        conversation_id=row[0],
        turn_id=row[1],
        call_id=row[2],
        tool=row[3],
        arguments=json.loads(row[4]),
        state=row[6],
        attempts=row[7],
        batch=row[8],
        position=row[9],
        started_at=from_micros(row[10]),
        finished_at=None if row[11] is None else from_micros(row[11]),
    )
