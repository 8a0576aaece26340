"""SqliteWorkflowStateStore: paused workflow runs in a SQLite file."""

from __future__ import annotations

import os
import time

import aiosqlite

from hookline.storage.migrations import SqliteMigration
from hookline.storage.sqlite_db import SqliteDatabase
from hookline.workflows.state import WorkflowState

__all__ = ["MIGRATIONS", "SqliteWorkflowStateStore"]


async def _migration_1_initial(conn: aiosqlite.Connection) -> None:
    await conn.execute(
        "CREATE TABLE workflow_states ("
        " state_id TEXT PRIMARY KEY,"
        " workflow TEXT NOT NULL,"
        " user_id TEXT NOT NULL,"
        " status TEXT NOT NULL,"
        " state TEXT NOT NULL,"
        " updated_us INTEGER NOT NULL)"
    )
    await conn.execute("CREATE INDEX workflow_states_user ON workflow_states (user_id, status)")


MIGRATIONS: tuple[SqliteMigration, ...] = (_migration_1_initial,)

_INSERT = (
    "INSERT INTO workflow_states (state_id, workflow, user_id, status, state, updated_us)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)


def _row(state: WorkflowState) -> tuple[str, str, str, str, str, int]:
    return (
        state.state_id,
        state.workflow,
        state.user_id,
        state.status,
        state.model_dump_json(),
        int(time.time() * 1_000_000),
    )


class SqliteWorkflowStateStore:
    """One row per workflow run (the state as JSON), in a WAL-mode SQLite file.

    The file may be shared with a ``SqliteConversationStore``: each keeps
    its own schema version.  Opened lazily on first use.

    Example::

        store = SqliteWorkflowStateStore("hookline.db")
        workflow = Workflow("support", agents, state_store=store)
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = 30.0) -> None:
        self._db = SqliteDatabase(
            path, component="workflow_states", migrations=MIGRATIONS, busy_timeout=busy_timeout
        )
        self.path = self._db.path

    async def create_state(self, state: WorkflowState) -> bool:
        async with self._db.transaction() as conn:
            cursor = await conn.execute(f"{_INSERT} ON CONFLICT(state_id) DO NOTHING", _row(state))
            return cursor.rowcount == 1

    async def save_state(self, state: WorkflowState) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                f"{_INSERT} ON CONFLICT(state_id) DO UPDATE SET"
                " workflow = excluded.workflow, user_id = excluded.user_id,"
                " status = excluded.status, state = excluded.state,"
                " updated_us = excluded.updated_us",
                _row(state),
            )

    async def load_state(self, state_id: str) -> WorkflowState | None:
        async with (
            self._db.transaction(write=False) as conn,
            conn.execute(
                "SELECT state FROM workflow_states WHERE state_id = ?", (state_id,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else WorkflowState.model_validate_json(row[0])

    async def delete_state(self, state_id: str) -> bool:
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM workflow_states WHERE state_id = ?", (state_id,)
            )
            return cursor.rowcount > 0

    async def close(self) -> None:
        await self._db.close()
