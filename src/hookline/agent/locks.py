"""Per-conversation locks: two turns on one conversation never interleave.

The in-process lock is the fast path; the store's ``turn_lock`` (taken right
after it, see ``Turn.run``) keeps other processes out.
"""

from __future__ import annotations

import asyncio
from collections import deque
from types import TracebackType
from typing import TYPE_CHECKING

from hookline.errors import ConversationBusy
from hookline.storage.turn_lock import NO_LOCK

if TYPE_CHECKING:
    from hookline.storage.base import ConversationStore
    from hookline.storage.turn_lock import TurnLock

__all__ = ["ConversationLocks"]


class ConversationLocks:
    """One FIFO lock per conversation id, dropped when nobody holds or waits.

    This serialises turns inside one process; stores shared by several
    processes serialise their own writes.  Taking a free lock allocates one
    small object and never suspends; waiters queue in arrival order and the
    lock is handed to the next one on release.  A waiter gives up after
    ``timeout`` seconds (None: never) with ``ConversationBusy``.  ``hold_turn``
    also takes a store's turn lock (other processes), with the same timeout.

    Example::

        async with locks.hold(conversation_id):
            ...
    """

    def __init__(self, *, timeout: float | None = None) -> None:
        self._locks: dict[str, _Held] = {}
        self.timeout = timeout

    def hold(self, conversation_id: str) -> _Held:
        """An async context manager holding the conversation's lock (use it at once)."""
        held = self._locks.get(conversation_id)
        if held is None:
            held = self._locks[conversation_id] = _Held(self, conversation_id)
        return held

    def hold_turn(self, conversation_id: str, store: ConversationStore) -> _Held | _HeldTurn:
        """This process's lock, then ``store``'s turn lock (other processes), for one turn.

        A store one process owns (``NO_LOCK``) costs nothing more than the local lock.
        """
        timeout = 0.0 if self.timeout is None else self.timeout
        shared = store.turn_lock(conversation_id, timeout=timeout)
        held = self.hold(conversation_id)
        return held if shared is NO_LOCK else _HeldTurn(held, shared)

    def __len__(self) -> int:
        return len(self._locks)


class _Held:
    """The lock of one conversation: held by one turn, with a queue of waiting turns."""

    __slots__ = ("_key", "_locked", "_locks", "_owners", "_waiters")

    def __init__(self, locks: ConversationLocks, key: str) -> None:
        self._locks = locks
        self._owners = locks._locks
        self._key = key
        self._locked = False
        self._waiters: deque[asyncio.Future[None]] | None = None

    async def __aenter__(self) -> None:
        if not self._locked:
            self._locked = True
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = deque()
        self._waiters.append(waiter)
        timeout = self._locks.timeout
        try:  # resolved by the holder's release: the lock is ours
            await (waiter if timeout is None else asyncio.wait_for(waiter, timeout))
        except BaseException as exc:
            if waiter.done() and not waiter.cancelled():
                self._release()  # handed over, then cancelled: pass it on
            elif waiter in self._waiters:
                self._waiters.remove(waiter)
            if isinstance(exc, TimeoutError):
                raise ConversationBusy(
                    "Another turn is running on this conversation; try again shortly."
                ) from None
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._release()

    def _release(self) -> None:
        waiters = self._waiters
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)  # still locked: now by the next turn
                return
        self._locked = False
        if self._owners.get(self._key) is self:
            del self._owners[self._key]


class _HeldTurn:
    """Both locks of one turn: the in-process one first (the fast path), the store's next."""

    __slots__ = ("_local", "_store")

    def __init__(self, local: _Held, store: TurnLock) -> None:
        self._local = local
        self._store = store

    async def __aenter__(self) -> None:
        await self._local.__aenter__()
        try:
            await self._store.__aenter__()
        except BaseException:
            self._local._release()
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            await self._store.__aexit__(exc_type, exc, tb)
        finally:
            self._local._release()
