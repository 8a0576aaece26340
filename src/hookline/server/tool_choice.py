"""``tool_choice`` for client tools: the model of a request's turn must call one.

A request that forces a call (OpenAI ``tool_choice: "required"`` or a named
function) registers it here for its conversation before its turn starts; the
turn's model calls are then offered only the request's tools (or the named one)
and carry ``TOOL_CHOICE_KEY`` in their metadata, which the providers turn into
their own ``tool_choice`` (the local model: a reply schema without the answer
branch).  A call of a client tool pauses the turn, so the forced call is the
turn's last; the registration ends with the turn (``TurnEndedEvent``), and is
ignored by a turn that is not offered the same tools.  ``"none"`` needs nothing
here: the tools are simply not offered.

Example::

    choices = ToolChoices()                    # one per app
    choices.force(conversation_id, "required", ["get_weather"])
    choices.register(hooks)                    # the registry of the request's turn
    ...  # run the turn: its model calls must call get_weather
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookline.hooks.events import BeforeLLMCallEvent, TurnEndedEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import TOOL_CHOICE_KEY

__all__ = ["ToolChoices"]


class ToolChoices:
    """The forced tool choices of the turns about to run, by conversation id."""

    def __init__(self) -> None:
        self.forced: dict[str, tuple[Any, frozenset[str]]] = {}

    def register(self, registry: HookRegistry) -> None:
        """Put the hooks that force the choices on ``registry``."""
        registry.on(BeforeLLMCallEvent, self._force, name="tool_choice")
        registry.on(TurnEndedEvent, self._ended, name="tool_choice")

    def forces(self, conversation_id: str) -> bool:
        """True when a choice is forced for the conversation's next turn."""
        return conversation_id in self.forced

    def force(
        self, conversation_id: str, choice: str | dict[str, str] | None, names: Sequence[str]
    ) -> None:
        """Force ``choice`` (``"required"`` or ``{"name": ...}``) among the offered tools
        ``names`` for the conversation's next turn; None forces nothing (and forgets an
        earlier choice)."""
        if choice is None:
            self.forced.pop(conversation_id, None)
            return
        allowed = frozenset([choice["name"]] if isinstance(choice, dict) else names)
        self.forced[conversation_id] = (choice, allowed)

    def _force(self, event: Event[BeforeLLMCallEvent]) -> None:
        context = event.context
        forced = self.forced.get(context.conversation_id or "") if context else None
        if forced is None:
            return
        choice, allowed = forced
        request = event.data.request
        tools = [tool for tool in request.tools or () if tool.name in allowed]
        if len({tool.name for tool in tools}) != len(allowed):
            return  # a turn not offered the request's tools: not the one that was forced
        metadata = {**request.metadata, TOOL_CHOICE_KEY: choice}
        event.data.request = request.model_copy(update={"tools": tools, "metadata": metadata})

    def _ended(self, event: Event[TurnEndedEvent]) -> None:
        self.forced.pop(event.data.conversation_id, None)
