"""Fakes for testing code built on hookline (the project's own tests use them too).

``ScriptedLlmService`` (in ``hookline.llm``) fakes the model and
``MemoryConversationStore`` the store; ``RecordingHookProvider`` records every
event a turn emits, in order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hookline.hooks.events import TURN_EVENT_TYPES
from hookline.hooks.registry import Event, HookRegistry

__all__ = ["RecordingHookProvider"]


class RecordingHookProvider:
    """Records the events emitted on a registry (the turn events by default;
    pass ``ALL_EVENT_TYPES`` to include the phase boundaries).

    Example::

        recorder = RecordingHookProvider()
        agent.hooks.add(recorder)
        await agent.run("hi")
        assert recorder.names[0] == "MessageReceivedEvent"
    """

    def __init__(self, event_types: Iterable[type[Any]] = TURN_EVENT_TYPES) -> None:
        self.event_types = tuple(event_types)
        self.events: list[Event[Any]] = []

    def register_hooks(self, registry: HookRegistry) -> None:
        for event_type in self.event_types:
            registry.on(event_type, self._record)

    def _record(self, event: Event[Any]) -> None:
        self.events.append(event)

    @property
    def names(self) -> list[str]:
        """The class names of the recorded events, in order."""
        return [type(event.data).__name__ for event in self.events]

    def of_type(self, event_type: type[Any]) -> list[Any]:
        """The recorded payloads of one event type."""
        return [e.data for e in self.events if isinstance(e.data, event_type)]

    def clear(self) -> None:
        self.events.clear()
