"""The durable tests' shared pieces: the local PostgreSQL fixture of the store tests, and
DBOS's system database for a test: a SQLite file, or a throwaway PostgreSQL database on an
interpreter whose SQLite DBOS cannot use (``dbos_sqlite_problem``)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hookline import Agent
from hookline.durable import dbos_sqlite_problem
from tests.storage.conftest import pg_dsn, run_async

if TYPE_CHECKING:
    from hookline.durable.dbos import DbosAgent

__all__ = ["dbos_url", "drop_database", "durable_server", "pg_dsn"]


@pytest.fixture
def dbos_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where DBOS keeps its state for one test."""
    if dbos_sqlite_problem() is None:
        yield f"sqlite:///{tmp_path / 'dbos.sqlite3'}"
        return
    dsn = request.getfixturevalue("pg_dsn")
    database = f"hl_dbos_{uuid.uuid4().hex[:10]}"
    yield dsn.rsplit("/", 1)[0] + f"/{database}"
    run_async(drop_database(dsn, database))


async def drop_database(dsn: str, database: str) -> None:
    """Drop ``database`` (and a store schema of the same name in the main database)."""
    import asyncpg  # type: ignore[import-untyped]

    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(f'DROP SCHEMA IF EXISTS "{database}" CASCADE')
        await connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    finally:
        await connection.close()


@contextmanager
def durable_server(agent: Agent, dbos_url: str, name: str) -> Iterator[tuple[str, DbosAgent]]:
    """``agent`` served as ``hookline serve --durable`` serves it, DBOS (app ``name``)
    keeping its state at ``dbos_url``: the server's URL and the ``DbosAgent``.  DBOS is
    destroyed afterwards, so the next test can launch it again."""
    from dbos import DBOS

    from hookline.durable.dbos import DbosAgent
    from hookline.server import BackgroundServer, create_app

    durable = DbosAgent(agent)
    DBOS(config={"name": name, "system_database_url": dbos_url})
    try:
        with BackgroundServer(create_app(agent, durable=durable)) as running:
            yield running.url, durable
    finally:
        DBOS.destroy(destroy_registry=True)
