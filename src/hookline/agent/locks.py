"""Per-conversation locks: two turns on one conversation never interleave."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

__all__ = ["ConversationLocks"]


class ConversationLocks:
    """One ``asyncio.Lock`` per conversation id, dropped when nobody holds or waits.

    This serialises turns inside one process; stores shared by several
    processes serialise their own writes.
    """

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @asynccontextmanager
    async def hold(self, conversation_id: str) -> AsyncIterator[None]:
        """Hold the conversation's lock for the duration of the block."""
        entry = self._locks.get(conversation_id)
        if entry is None:
            entry = (asyncio.Lock(), [0])
            self._locks[conversation_id] = entry
        lock, users = entry
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._locks[conversation_id]

    def __len__(self) -> int:
        return len(self._locks)
