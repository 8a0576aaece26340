"""The effect ledger's rows in PostgreSQL: the ``tool_calls`` table and its statements.

The statements run on the caller's connection, inside its transaction
(``PostgresConversationStore``), so a result message and its ledger row are
committed together.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hookline.storage.ledger import LedgerEntry, LedgerState, state_clause
from hookline.storage.migrations import TableNames

__all__ = ["PostgresLedger", "create_ledger_table"]

_COLUMNS = (
    "conversation_id, turn_id, call_id, tool, arguments, arguments_digest, state, "
    "attempts, batch, position, started_at, finished_at"
)


async def create_ledger_table(conn: Any, names: TableNames) -> None:
    """Migration 2 of the conversation schema: the ledger and its index of open calls."""
    ledger, conv = names.table("tool_calls"), names.table("conversations")
    await conn.execute(
        f"CREATE TABLE {ledger} (seq BIGINT GENERATED ALWAYS AS IDENTITY, "
        f"conversation_id TEXT NOT NULL REFERENCES {conv} (id) ON DELETE CASCADE, "
        "turn_id TEXT NOT NULL, call_id TEXT NOT NULL, tool TEXT NOT NULL, "
        "arguments JSON NOT NULL, arguments_digest TEXT NOT NULL, state TEXT NOT NULL, "
        "attempts INTEGER NOT NULL, batch INTEGER NOT NULL, position INTEGER NOT NULL, "
        "started_at TIMESTAMPTZ NOT NULL, finished_at TIMESTAMPTZ, "
        "PRIMARY KEY (conversation_id, turn_id, call_id))"
    )
    await conn.execute(
        f"CREATE INDEX {names.index('tool_calls_started')} ON {ledger} (conversation_id) "
        "WHERE state = 'started'"
    )


class PostgresLedger:
    """The ledger statements for one table layout (``names``)."""

    __slots__ = ("_conv", "_ledger")

    def __init__(self, names: TableNames) -> None:
        self._ledger = names.table("tool_calls")
        self._conv = names.table("conversations")

    async def insert_started(self, conn: Any, user_id: str, entry: LedgerEntry) -> bool:
        """Insert ``entry`` as started, or start it again (one more attempt); False when
        the conversation is not ``user_id``'s."""
        inserted = await conn.fetchval(
            f"INSERT INTO {self._ledger} AS t ({_COLUMNS}) "
            "SELECT $1, $2, $3, $4, $5::json, $6, 'started', 1, $7, $8, $9, NULL "
            f"WHERE EXISTS (SELECT 1 FROM {self._conv} WHERE id = $1 AND user_id = $10) "
            "ON CONFLICT (conversation_id, turn_id, call_id) DO UPDATE SET "
            "state = 'started', attempts = t.attempts + 1, finished_at = NULL, "
            "tool = excluded.tool, arguments = excluded.arguments, "
            "arguments_digest = excluded.arguments_digest RETURNING 1",
            entry.conversation_id,
            entry.turn_id,
            entry.call_id,
            entry.tool,
            json.dumps(entry.arguments, default=str),
            entry.arguments_digest,
            entry.batch,
            entry.position,
            entry.started_at,
            user_id,
        )
        return inserted is not None

    async def update_settled(self, conn: Any, entries: Sequence[LedgerEntry]) -> None:
        """Store the final states of ``entries``."""
        if not entries:
            return
        await conn.executemany(
            f"UPDATE {self._ledger} SET state = $1, finished_at = $2 "
            "WHERE conversation_id = $3 AND turn_id = $4 AND call_id = $5",
            [(e.state, e.finished_at, e.conversation_id, e.turn_id, e.call_id) for e in entries],
        )

    async def select(
        self, conn: Any, conversation_id: str, user_id: str, state: LedgerState | None
    ) -> list[LedgerEntry]:
        """The rows of ``user_id``'s conversation, in the order they were first started."""
        rows = await conn.fetch(
            f"SELECT {_COLUMNS} FROM {self._ledger} WHERE conversation_id = $1 "
            f"AND EXISTS (SELECT 1 FROM {self._conv} WHERE id = $1 AND user_id = $2)"
            f"{state_clause(state)} ORDER BY seq",
            conversation_id,
            user_id,
        )
        return [_entry(row) for row in rows]


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
        started_at=row[10],
        finished_at=row[11],
    )
