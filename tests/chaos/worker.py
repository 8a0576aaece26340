"""A worker process running chaos turns until it is killed (``test_sigkill.py``).

``python worker.py BACKEND TARGET SCHEMA LEDGER SEED NAME CONVERSATIONS``:
BACKEND is ``sqlite`` (TARGET: the file) or ``postgres`` (TARGET: the DSN,
SCHEMA: the schema).  It prints ``ready`` once the store is open, then runs
turns forever on the conversations ``NAME-0`` .. ``NAME-<CONVERSATIONS - 1>``,
printing (flushed) one line per event the parent needs for the invariants:
``sent <cid> <text>``, ``ack <cid> <text>`` (the message is stored) and
``approve <call id> <edited amount or ->``.  Tools record their side effects
in the LEDGER file.
"""

from __future__ import annotations

import asyncio
import logging
import sys

from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.storage.postgres import PostgresConversationStore
from tests.chaos.harness import CHAOS_USER, ChaosRun, FileLedger

FOREVER = 10**9


def _store(backend: str, target: str, schema: str) -> ConversationStore:
    if backend == "sqlite":
        return SqliteConversationStore(target)
    return PostgresConversationStore(target, schema=schema, max_pool_size=4)


def _say(line: str) -> None:
    print(line, flush=True)


async def _main(argv: list[str]) -> None:
    backend, target, schema, ledger, seed, name, conversations = argv
    store = _store(backend, target, schema)
    await store.list_conversations(CHAOS_USER, limit=1)  # open and migrate first
    run = ChaosRun(
        store,
        seed=int(seed),
        turns=FOREVER,
        conversations=int(conversations),
        ledger=FileLedger(ledger),
        prefix=f"k{seed}",
        announce=_say,
        name=name,
    )
    _say("ready")
    await run.run()


if __name__ == "__main__":
    logging.disable(logging.CRITICAL)  # the injected failures are expected
    asyncio.run(_main(sys.argv[1:]))
