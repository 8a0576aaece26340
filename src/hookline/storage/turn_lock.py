"""The turn lock a store hands out: one turn at a time per conversation, across processes.

``ConversationStore.turn_lock(conversation_id, timeout=...)`` returns an async
context manager held for the whole turn.  The in-process lock
(``hookline.agent.locks``) is taken first; the store's lock then keeps other
processes out: PostgreSQL with a session advisory lock, SQLite with a lease
row, the memory store (one process) and third-party stores with ``NO_LOCK``.
"""

from __future__ import annotations

import hashlib
import os
import socket
import uuid
from types import TracebackType
from typing import Protocol

__all__ = ["NO_LOCK", "TurnLock", "lock_key", "new_owner"]


class TurnLock(Protocol):
    """What ``turn_lock`` returns: entered before step 4, left after the turn's writes.

    ``__aenter__`` waits at most the timeout it was made with and then raises
    ``ConversationBusy``.

    Example::

        async with store.turn_lock(conversation_id, timeout=5.0):
            ...  # this process alone writes the conversation
    """

    async def __aenter__(self) -> object: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class _NoLock:
    """A lock that is always free: the store is not shared by processes."""

    __slots__ = ()

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        return None


NO_LOCK = _NoLock()
"""The turn lock of stores one process owns (the in-process lock is enough)."""


def lock_key(namespace: str, conversation_id: str) -> int:
    """A signed 64-bit key for ``conversation_id`` in ``namespace`` (a PostgreSQL bigint)."""
    digest = hashlib.blake2b(f"{namespace}\0{conversation_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def new_owner() -> str:
    """A lock owner id: host, process and a random part (unique per acquisition)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:12]}"
