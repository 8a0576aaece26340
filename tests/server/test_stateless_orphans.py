"""A stateless conversation a server killed mid-turn left is deleted by the next server.

A killed server ends nothing: its stateless conversation stays hidden, with no
expiry.  Here a "killed server" is a second store on the same SQLite file or
PostgreSQL schema that creates the conversation as ``StatelessRequests.create``
does, writes a ledger row and never ends the turn; its last write is then aged
past the grace by rewriting the row's ``updated_at``.  The next server's
``StatelessRequests.start`` deletes it (rows read directly: conversation,
messages, ledger, lock), and leaves alone: one whose turn lock another store
holds, one younger than the grace, a paused one (its timer deletes it), a hidden
one that is not a stateless request's.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import pytest

from hookline import (
    ConversationStore,
    PostgresConversationStore,
    SqliteConversationStore,
    StaticUserResolver,
    User,
)
from hookline.server import BackgroundServer, create_app
from hookline.server.stateless import (
    DEFAULT_ORPHAN_GRACE,
    EXPIRES_KEY,
    STATELESS_SOURCE,
    StatelessRequests,
    is_stateless,
)
from hookline.storage.ledger import LedgerEntry
from hookline.storage.models import HIDDEN_KEY, Message
from hookline.storage.turn_lock import lock_key
from tests.server.conftest import make_agent
from tests.storage.conftest import pg_dsn, pg_schema

__all__ = ["pg_dsn", "pg_schema"]  # the fixtures, imported for this module's tests

ADA = User(id="ada")
GRACE = 60.0
HISTORY = [Message(role="user", content="Hi"), Message(role="assistant", content="Hello")]


@dataclass(frozen=True)
class Rows:
    """One conversation's rows, read directly: conversation, messages, ledger, lock."""

    conversations: int
    messages: int
    tool_calls: int
    locks: int


GONE = Rows(0, 0, 0, 0)


class Store:
    """A store kind under test: open another "process", read rows, age a conversation."""

    def __init__(self, kind: str, tmp_path: Path, dsn: str | None, schema: str | None) -> None:
        self.kind, self.path, self.dsn, self.schema = kind, tmp_path / "hookline.db", dsn, schema
        self.opened: list[ConversationStore] = []

    def open(self) -> ConversationStore:
        """Another store on it, closed after the test."""
        store = self.unmanaged()
        self.opened.append(store)
        return store

    def unmanaged(self) -> ConversationStore:
        """Another store on it, for a server (that closes it)."""
        if self.kind == "sqlite":
            return SqliteConversationStore(self.path)
        return PostgresConversationStore(self.dsn, schema=self.schema)

    def _table(self, name: str) -> str:
        return f'"{self.schema}"."hookline_{name}"'

    async def rows(self, conversation_id: str) -> Rows:
        if self.kind == "sqlite":
            return self._sqlite_rows(conversation_id)
        conn = await asyncpg.connect(self.dsn)
        try:
            counts: list[int] = [
                await conn.fetchval(
                    f"SELECT count(*) FROM {self._table(table)} WHERE {column} = $1",
                    conversation_id,
                )
                for table, column in (
                    ("conversations", "id"),
                    ("messages", "conversation_id"),
                    ("tool_calls", "conversation_id"),
                )
            ]
            key = lock_key(self._table("conversations"), conversation_id)
            locks = await conn.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1",
                (key >> 32) & 0xFFFFFFFF,
                key & 0xFFFFFFFF,
            )
            return Rows(counts[0], counts[1], counts[2], locks)
        finally:
            await conn.close()

    def _sqlite_rows(self, conversation_id: str) -> Rows:
        with sqlite3.connect(self.path) as db:

            def count(table: str, column: str = "conversation_id") -> int:
                found = db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,))
                if found.fetchone() is None:  # the lock tables come with the first lock
                    return 0
                query = f"SELECT count(*) FROM {table} WHERE {column} = ?"
                return int(db.execute(query, (conversation_id,)).fetchone()[0])

            locks = count("hookline_turn_locks") + count("hookline_turn_waiters")
            return Rows(count("conversations", "id"), count("messages"), count("tool_calls"), locks)

    async def age(self, conversation_id: str, seconds: float) -> None:
        """Move the conversation's last write ``seconds`` into the past."""
        if self.kind == "sqlite":
            with sqlite3.connect(self.path) as db:
                db.execute(
                    "UPDATE conversations SET updated_us = updated_us - ? WHERE id = ?",
                    (int(seconds * 1_000_000), conversation_id),
                )
            return
        conn = await asyncpg.connect(self.dsn)
        try:
            await conn.execute(
                f"UPDATE {self._table('conversations')} "
                "SET updated_at = updated_at - make_interval(secs => $1) WHERE id = $2",
                seconds,
                conversation_id,
            )
        finally:
            await conn.close()

    async def expired_lease(self, killed: ConversationStore, conversation_id: str) -> None:
        """The lease row a killed SQLite process leaves: held, never renewed, run out."""
        if isinstance(killed, SqliteConversationStore):
            await killed.turn_locks.transaction_ready()
            with sqlite3.connect(self.path) as db:
                db.execute(
                    "INSERT INTO hookline_turn_locks VALUES (?, 'killed:1:0', 1, ?)",
                    (conversation_id, int((time.time() - 1) * 1_000_000)),
                )
        # PostgreSQL drops a dead process's advisory lock with its connection: nothing left


@pytest.fixture(params=["sqlite", "postgres"])
async def shared(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    dsn = schema = None
    if request.param == "postgres":
        dsn = request.getfixturevalue("pg_dsn")
        schema = request.getfixturevalue("pg_schema")
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute(f'CREATE SCHEMA "{schema}"')
        finally:
            await conn.close()
    stores = Store(request.param, tmp_path, dsn, schema)
    try:
        yield stores
    finally:
        for store in stores.opened:
            await store.close()


async def _left_mid_turn(killed: ConversationStore) -> str:
    """A stateless conversation as a killed server leaves it: history, a started tool
    call in the ledger, no end."""
    conversation_id = await StatelessRequests().create(killed, ADA, HISTORY)
    entry = LedgerEntry(conversation_id=conversation_id, turn_id="t1", call_id="c1", tool="t")
    await killed.start_tool_call(ADA, entry)
    return conversation_id


async def _settled(shared: Store, conversation_id: str) -> Rows:
    """The conversation's rows once they are gone, or after 5 s."""
    deadline = time.monotonic() + 5.0
    rows = await shared.rows(conversation_id)
    while rows != GONE and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        rows = await shared.rows(conversation_id)
    return rows


async def _started(store: ConversationStore) -> StatelessRequests:
    """A server's stateless requests, started on ``store``: what is due now is done."""
    requests = StatelessRequests(orphan_grace=GRACE)
    await requests.start(store)
    return requests


async def test_a_conversation_left_mid_turn_is_deleted_by_the_next_server(
    shared: Store,
) -> None:
    killed = shared.open()
    conversation_id = await _left_mid_turn(killed)
    await shared.expired_lease(killed, conversation_id)
    await shared.age(conversation_id, 2 * GRACE)
    left = await shared.rows(conversation_id)

    requests = await _started(shared.open())

    assert left == Rows(1, 2, 1, 1 if shared.kind == "sqlite" else 0)
    assert await shared.rows(conversation_id) == GONE
    assert requests.timers == set()  # nothing left to look at
    await requests.drain()


async def test_a_server_that_starts_deletes_what_a_killed_one_left_mid_turn(
    shared: Store,
) -> None:
    killed = shared.open()
    left = await _left_mid_turn(killed)
    await shared.expired_lease(killed, left)
    await shared.age(left, 2 * DEFAULT_ORPHAN_GRACE)
    starting = await _left_mid_turn(killed)  # a turn another server just started
    agent, _ = make_agent(
        [], user_resolver=StaticUserResolver(), conversation_store=shared.unmanaged()
    )

    with BackgroundServer(create_app(agent, close_store_on_shutdown=True)):
        after_start = await _settled(shared, left), await shared.rows(starting)

    assert after_start == (GONE, Rows(1, 2, 1, 0))


async def test_a_conversation_whose_turn_runs_in_another_process_stays(shared: Store) -> None:
    running = shared.open()
    conversation_id = await _left_mid_turn(running)
    await shared.age(conversation_id, 2 * GRACE)  # a long turn: no write for a while

    async with running.turn_lock(conversation_id, timeout=1.0):
        requests = await _started(shared.open())
        while_running = await shared.rows(conversation_id)

    assert while_running == Rows(1, 2, 1, 1)
    assert len(requests.timers) == 1  # it looks again later
    await requests.drain()
    after = await shared.rows(conversation_id)
    assert (after.conversations, after.messages, after.tool_calls) == (1, 2, 1)


async def test_a_conversation_younger_than_the_grace_stays(shared: Store) -> None:
    conversation_id = await _left_mid_turn(shared.open())
    await shared.age(conversation_id, GRACE / 2)  # created, its turn not locked yet

    requests = await _started(shared.open())

    assert await shared.rows(conversation_id) == Rows(1, 2, 1, 0)  # not even locked
    assert len(requests.timers) == 1  # looked at once the grace has passed
    await requests.drain()


async def test_a_paused_conversation_follows_its_timer(shared: Store) -> None:
    paused = shared.open()
    conversation_id = await _left_mid_turn(paused)
    deadline = time.time() + 0.5
    await paused.compare_and_set_metadata(
        conversation_id, ADA, HIDDEN_KEY, True, {EXPIRES_KEY: deadline}
    )
    await shared.age(conversation_id, 2 * GRACE)

    requests = await _started(shared.open())
    before = await shared.rows(conversation_id)
    await asyncio.gather(*requests.timers)

    assert before == Rows(1, 2, 1, 0)  # kept for the client's result until its deadline
    assert time.time() >= deadline
    assert await shared.rows(conversation_id) == GONE


async def test_a_hidden_conversation_that_is_not_a_stateless_one_stays(shared: Store) -> None:
    other = shared.open()
    hidden = await other.create_conversation(
        ADA, conversation_id=f"job-{uuid.uuid4().hex[:8]}", metadata={HIDDEN_KEY: True}
    )
    await other.append_messages(hidden.id, ADA, HISTORY)
    await shared.age(hidden.id, 2 * GRACE)
    shown = await StatelessRequests().create(other, ADA, HISTORY)
    await other.compare_and_set_metadata(shown, ADA, HIDDEN_KEY, True, {HIDDEN_KEY: None})
    await shared.age(shown, 2 * GRACE)  # an approval pause: shown, an ordinary conversation

    requests = await _started(shared.open())

    assert await shared.rows(hidden.id) == Rows(1, 2, 0, 0)
    assert await shared.rows(shown) == Rows(1, 2, 0, 0)
    assert requests.timers == set()
    stored = await other.get_conversation(hidden.id, ADA)
    assert stored is not None and not is_stateless(stored)
    assert stored.metadata.get("source") != STATELESS_SOURCE
    await requests.drain()


async def test_a_server_restarted_before_the_killed_ones_lease_ran_out_deletes_it_after(
    tmp_path: Path,
) -> None:
    shared = Store("sqlite", tmp_path, None, None)
    killed = shared.open()
    assert isinstance(killed, SqliteConversationStore)
    conversation_id = await _left_mid_turn(killed)
    await killed.turn_locks.transaction_ready()
    with sqlite3.connect(shared.path) as db:  # held by the killed process for 1.5 s more
        db.execute(
            "INSERT INTO hookline_turn_locks VALUES (?, 'killed:1:0', 1, ?)",
            (conversation_id, int((time.time() + 1.5) * 1_000_000)),
        )
    await shared.age(conversation_id, 1.0)

    requests = StatelessRequests(orphan_grace=0.5)
    await requests.start(shared.open())
    while_leased = await shared.rows(conversation_id)
    await asyncio.wait_for(asyncio.gather(*requests.timers), timeout=10.0)

    assert while_leased == Rows(1, 2, 1, 1)  # the lease held it: looked at again later
    assert await shared.rows(conversation_id) == GONE
    for store in shared.opened:
        await store.close()
