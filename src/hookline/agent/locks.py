"""Per-conversation locks: two turns on one conversation never interleave."""

from __future__ import annotations

import asyncio
from types import TracebackType

__all__ = ["ConversationLocks"]


class ConversationLocks:
    """One ``asyncio.Lock`` per conversation id, dropped when nobody holds or waits.

    This serialises turns inside one process; stores shared by several
    processes serialise their own writes.

    Example::

        async with locks.hold(conversation_id):
            ...
    """

    def __init__(self) -> None:
        self._locks: dict[str, _Held] = {}

    def hold(self, conversation_id: str) -> _Held:
        """An async context manager holding the conversation's lock."""
        held = self._locks.get(conversation_id)
        if held is None:
            held = _Held(self._locks, conversation_id)
            self._locks[conversation_id] = held
        held._users += 1
        return held

    def __len__(self) -> int:
        return len(self._locks)


class _Held:
    __slots__ = ("_key", "_lock", "_owners", "_users")

    def __init__(self, owners: dict[str, _Held], key: str) -> None:
        self._owners = owners
        self._key = key
        self._lock = asyncio.Lock()
        self._users = 0

    async def __aenter__(self) -> None:
        try:
            await self._lock.acquire()
        except BaseException:
            self._release_user()
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._lock.release()
        self._release_user()

    def _release_user(self) -> None:
        self._users -= 1
        if self._users == 0 and self._owners.get(self._key) is self:
            del self._owners[self._key]
