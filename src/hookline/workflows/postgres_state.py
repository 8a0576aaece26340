"""PostgresWorkflowStateStore: paused workflow runs in PostgreSQL, for many server processes."""

from __future__ import annotations

from typing import Any

from hookline.storage.migrations import PostgresMigration, TableNames
from hookline.storage.postgres_db import PostgresDatabase
from hookline.workflows.state import WorkflowState

__all__ = ["MIGRATIONS", "PostgresWorkflowStateStore"]


async def _migration_1_initial(conn: Any, names: TableNames) -> None:
    table = names.table("workflow_states")
    await conn.execute(
        f"CREATE TABLE {table} (state_id TEXT PRIMARY KEY, workflow TEXT NOT NULL, "
        "user_id TEXT NOT NULL, status TEXT NOT NULL, state JSON NOT NULL, "
        "updated_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    )
    await conn.execute(
        f"CREATE INDEX {names.index('workflow_states_user')} ON {table} (user_id, status)"
    )


MIGRATIONS: tuple[PostgresMigration, ...] = (_migration_1_initial,)


class PostgresWorkflowStateStore:
    """One row per workflow run (the state as JSON) in ``<table_prefix>workflow_states``.

    Pass a ``dsn`` (the store makes and closes its pool) or an asyncpg ``pool`` (the
    caller closes it); the table is created or migrated on first use.  ``create_state``
    is ``INSERT ... ON CONFLICT DO NOTHING``: of two processes starting one ``state_id``
    at once, one wins.

    Example::

        store = PostgresWorkflowStateStore("postgresql://app@db/hookline")
        workflow = Workflow("support", agents, state_store=store)
    """

    def __init__(
        self,
        dsn: str | None = None,
        *,
        pool: Any = None,
        schema: str | None = None,
        table_prefix: str = "hookline_",
        max_pool_size: int = 10,
    ) -> None:
        names = TableNames(schema=schema, prefix=table_prefix)
        self._db = PostgresDatabase(
            dsn=dsn,
            pool=pool,
            names=names,
            component="workflow_states",
            migrations=MIGRATIONS,
            max_pool_size=max_pool_size,
        )
        self._table = names.table("workflow_states")
        self._insert = (
            f"INSERT INTO {self._table} (state_id, workflow, user_id, status, state, "
            "updated_at) VALUES ($1, $2, $3, $4, $5::json, now())"
        )

    async def create_state(self, state: WorkflowState) -> bool:
        pool = await self._db.pool()
        status = await pool.execute(
            f"{self._insert} ON CONFLICT (state_id) DO NOTHING", *_row(state)
        )
        return bool(status == "INSERT 0 1")

    async def save_state(self, state: WorkflowState) -> None:
        pool = await self._db.pool()
        await pool.execute(
            f"{self._insert} ON CONFLICT (state_id) DO UPDATE SET workflow = excluded.workflow, "
            "user_id = excluded.user_id, status = excluded.status, state = excluded.state, "
            "updated_at = excluded.updated_at",
            *_row(state),
        )

    async def load_state(self, state_id: str) -> WorkflowState | None:
        pool = await self._db.pool()
        stored = await pool.fetchval(
            f"SELECT state::text FROM {self._table} WHERE state_id = $1", state_id
        )
        return None if stored is None else WorkflowState.model_validate_json(stored)

    async def delete_state(self, state_id: str) -> bool:
        pool = await self._db.pool()
        status = await pool.execute(f"DELETE FROM {self._table} WHERE state_id = $1", state_id)
        return bool(status != "DELETE 0")

    async def close(self) -> None:
        """Close the pool if the store made it."""
        await self._db.close()


def _row(state: WorkflowState) -> tuple[str, str, str, str, str]:
    return (
        state.state_id,
        state.workflow,
        state.user_id,
        state.status,
        state.model_dump_json(),
    )
