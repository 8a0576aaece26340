"""Fixtures for the chaos tests: the three conversation stores, each reopenable."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from hookline.storage import ConversationStore, MemoryConversationStore, SqliteConversationStore
from hookline.storage.postgres import PostgresConversationStore
from tests.storage.conftest import pg_dsn, pg_schema

__all__ = ["BACKENDS", "StoreFactory", "pg_dsn", "pg_schema", "store_factory"]

BACKENDS = ("memory", "sqlite", "postgres")

StoreFactory = Callable[[], ConversationStore]
"""Opens a store on the test's backend; the memory backend returns its one instance."""


@pytest.fixture
async def store_factory(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[StoreFactory]:
    """A factory of stores on the backend named by the test's ``backend`` parameter."""
    backend: str = request.param
    opened: list[ConversationStore] = []
    memory = MemoryConversationStore()

    def open_store() -> ConversationStore:
        store: ConversationStore
        if backend == "memory":
            return memory
        if backend == "sqlite":
            store = SqliteConversationStore(tmp_path / "chaos.db")
        else:
            dsn = request.getfixturevalue("pg_dsn")
            schema = request.getfixturevalue("pg_schema")
            store = PostgresConversationStore(dsn, schema=schema, max_pool_size=4)
        opened.append(store)
        return store

    yield open_store
    for store in opened:
        await store.close()
