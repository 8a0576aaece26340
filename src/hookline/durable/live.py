"""LiveTurns: the components of the durable turns running in this process, for followers.

A durable turn runs as a workflow, apart from the request that started it; what it
streams goes to a channel here, and a request (the first one, or a client that comes
back) follows the channel.  Nothing here is durable: after a crash the recovered turn
streams into a new channel, from its start.

Example::

    live = LiveTurns()
    channel = live.open("turn-1")          # the workflow, as its turn starts
    channel.publish(component)
    channel.close()
    async for component in live.channel("turn-1").follow():   # a request
        ...
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from hookline.components.base import UiComponent

__all__ = ["Channel", "LiveTurns"]


class Channel:
    """One phase of a turn (up to its end or its pause): its components so far."""

    def __init__(self, phase: int) -> None:
        self.phase = phase
        self.components: list[UiComponent] = []
        self.closed = False
        self.result: Any = None  # the phase's RunResult, set by the workflow as it ends
        self._changed = asyncio.Event()

    def publish(self, component: UiComponent) -> None:
        self.components.append(component)
        self._wake()

    def close(self) -> None:
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def follow(self) -> AsyncIterator[UiComponent]:
        """Every component from the first, then each as it comes, until the phase ends."""
        seen = 0
        while True:
            changed = self._changed
            while seen < len(self.components):
                yield self.components[seen]
                seen += 1
            if self.closed:
                return
            await changed.wait()


class LiveTurns:
    """The channels of the turns this process runs, by workflow id (the newest phase)."""

    def __init__(self) -> None:
        self._channels: dict[str, Channel] = {}
        self._opened: dict[str, asyncio.Event] = {}

    def open(self, workflow_id: str) -> Channel:
        """A new channel for ``workflow_id``'s phase that starts now."""
        previous = self._channels.get(workflow_id)
        channel = self._channels[workflow_id] = Channel(previous.phase + 1 if previous else 1)
        self._opened.pop(workflow_id, asyncio.Event()).set()
        return channel

    def current(self, workflow_id: str) -> Channel | None:
        """The newest phase's channel, if the turn runs (or waits) here."""
        return self._channels.get(workflow_id)

    def phase(self, workflow_id: str) -> int:
        """The newest phase opened here (0: none)."""
        channel = self._channels.get(workflow_id)
        return channel.phase if channel is not None else 0

    async def channel(
        self, workflow_id: str, *, after: int, until: asyncio.Future[Any]
    ) -> Channel | None:
        """The channel of a phase newer than ``after``, once it opens; None when ``until``
        finishes first (the turn ran elsewhere, or had ended)."""
        while True:
            channel = self._channels.get(workflow_id)
            if channel is not None and channel.phase > after:
                return channel
            if until.done():
                return None
            opened = self._opened.setdefault(workflow_id, asyncio.Event())
            waiting: asyncio.Future[Any] = asyncio.ensure_future(opened.wait())
            await asyncio.wait([waiting, until], return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()

    def forget(self, workflow_id: str) -> None:
        """Drop ``workflow_id``'s channel (its workflow ended)."""
        self._channels.pop(workflow_id, None)
        self._opened.pop(workflow_id, None)
