"""WorkflowStateStore: where paused workflow runs wait to be resumed."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from hookline.workflows.state import WorkflowState

__all__ = ["MemoryWorkflowStateStore", "WorkflowStateStore"]


@runtime_checkable
class WorkflowStateStore(Protocol):
    """Saves and loads ``WorkflowState`` by id (the workflow checks the owner).

    ``MemoryWorkflowStateStore`` keeps states in the process;
    ``SqliteWorkflowStateStore`` in a SQLite file and ``PostgresWorkflowStateStore``
    in PostgreSQL, so a run paused by one process can be resumed by another.
    A run claims its ``state_id`` with ``create_state`` before anything runs.
    """

    async def create_state(self, state: WorkflowState) -> bool:
        """Insert ``state`` only if no state has its id (atomically, across processes);
        False when the id is taken, by anyone."""

    async def save_state(self, state: WorkflowState) -> None:
        """Insert or replace the state with ``state.state_id``."""

    async def load_state(self, state_id: str) -> WorkflowState | None:
        """The state, or None when there is none with this id."""

    async def delete_state(self, state_id: str) -> bool:
        """Delete it; False when there was nothing to delete."""

    async def close(self) -> None:
        """Release connections."""


class MemoryWorkflowStateStore:
    """States in a dict, stored as JSON so a loaded state never aliases a live one.

    Example::

        store = MemoryWorkflowStateStore()
        await store.save_state(state)
        assert (await store.load_state(state.state_id)) == state
    """

    def __init__(self) -> None:
        self._states: dict[str, str] = {}

    async def create_state(self, state: WorkflowState) -> bool:
        if state.state_id in self._states:
            return False
        self._states[state.state_id] = state.model_dump_json()
        return True

    async def save_state(self, state: WorkflowState) -> None:
        self._states[state.state_id] = state.model_dump_json()

    async def load_state(self, state_id: str) -> WorkflowState | None:
        stored = self._states.get(state_id)
        return None if stored is None else WorkflowState.model_validate_json(stored)

    async def delete_state(self, state_id: str) -> bool:
        return self._states.pop(state_id, None) is not None

    async def close(self) -> None:
        return None
