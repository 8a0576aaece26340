"""CounterStore: named counters with an optional window, shared by call and rate limits."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable

__all__ = ["CounterStore", "MemoryCounterStore", "check_window"]

_SWEEP_EVERY = 1024


class CounterStore(ABC):
    """Integer counters by key; a counter with a window resets when the window ends.

    ``incr(key, window=60)`` is a fixed-window counter: the first increment
    starts a 60-second window, later ones add to it, and after the window the
    key is gone (``get`` says 0) until the next increment starts a new one.
    ``MemoryCounterStore`` counts in one process (the default);
    ``RedisCounterStore`` lets every server process share the counts.

    Example::

        counters = MemoryCounterStore()
        calls = await counters.incr(f"calls:{user.id}", window=60)
        if calls > 30:
            raise AgentError("Too many requests; try again in a minute.")
    """

    @abstractmethod
    async def incr(self, key: str, amount: int = 1, *, window: float | None = None) -> int:
        """Add ``amount`` and return the new value; ``window`` in seconds (see the class)."""

    @abstractmethod
    async def get(self, key: str) -> int:
        """The current value (0 for a key never incremented or whose window ended)."""

    @abstractmethod
    async def reset(self, key: str) -> None:
        """Forget the counter."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections. The default does nothing."""


class MemoryCounterStore(CounterStore):
    """Counters in a dict of this process. ``clock`` (seconds) is injectable for tests.

    Example::

        counters = MemoryCounterStore()
        assert await counters.incr("k", window=1.0) == 1
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._counters: dict[str, tuple[int, float | None]] = {}
        self._ops = 0

    async def incr(self, key: str, amount: int = 1, *, window: float | None = None) -> int:
        check_window(window)
        self._sweep()
        now = self._clock()
        value, expires = self._live(key, now) or (0, None)
        if expires is None and window is not None:
            expires = now + window
        self._counters[key] = (value + amount, expires)
        return value + amount

    async def get(self, key: str) -> int:
        live = self._live(key, self._clock())
        return live[0] if live else 0

    async def reset(self, key: str) -> None:
        self._counters.pop(key, None)

    def _live(self, key: str, now: float) -> tuple[int, float | None] | None:
        entry = self._counters.get(key)
        if entry is not None and entry[1] is not None and entry[1] <= now:
            del self._counters[key]
            return None
        return entry

    def _sweep(self) -> None:
        self._ops += 1
        if self._ops % _SWEEP_EVERY == 0:
            now = self._clock()
            for key in [k for k, (_, exp) in self._counters.items() if exp is not None]:
                self._live(key, now)


def check_window(window: float | None) -> None:
    """Reject a window that is not a positive number of seconds."""
    if window is not None and window <= 0:
        raise ValueError("window must be a positive number of seconds.")
