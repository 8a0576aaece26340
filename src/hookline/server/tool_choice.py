"""``tool_choice`` for client tools: the model of a request's turn must call one.

A request that forces a call (OpenAI ``tool_choice: "required"`` or a named
function) registers it here for its conversation; every model call of that
turn is then offered only the request's tools (or the named one) and carries
``TOOL_CHOICE_KEY`` in its metadata, which the providers turn into their own
``tool_choice`` (the local model: a reply schema without the answer branch).
A call of a client tool pauses the turn, so the forced call is the turn's
last.  ``"none"`` needs nothing here: the tools are simply not offered.

Example::

    release = ToolChoices.installed(agent).force(conversation_id, "required", ["get_weather"])
    try:
        ...  # run the turn
    finally:
        release()
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from hookline.hooks.events import BeforeLLMCallEvent
from hookline.hooks.registry import Event
from hookline.llm.models import TOOL_CHOICE_KEY

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["ToolChoices"]

_INSTALLED: weakref.WeakKeyDictionary[Agent, ToolChoices] = weakref.WeakKeyDictionary()


class ToolChoices:
    """The forced tool choices of the requests in flight, by conversation id."""

    def __init__(self, agent: Agent) -> None:
        self.forced: dict[str, tuple[Any, frozenset[str]]] = {}
        agent.hooks.on(BeforeLLMCallEvent, self._force, name="tool_choice")

    @classmethod
    def installed(cls, agent: Agent) -> ToolChoices:
        """The agent's ``ToolChoices``, installed on first use."""
        choices = _INSTALLED.get(agent)
        if choices is None:
            choices = _INSTALLED[agent] = cls(agent)
        return choices

    def force(
        self, conversation_id: str, choice: str | dict[str, str] | None, names: Sequence[str]
    ) -> Callable[[], None]:
        """Force ``choice`` (``"required"`` or ``{"name": ...}``) among the tools ``names``
        for the conversation's model calls; returns the release.  None forces nothing."""
        if choice is not None:
            allowed = frozenset([choice["name"]] if isinstance(choice, dict) else names)
            self.forced[conversation_id] = (choice, allowed)

        def release() -> None:
            if choice is not None:
                self.forced.pop(conversation_id, None)

        return release

    def _force(self, event: Event[BeforeLLMCallEvent]) -> None:
        context = event.context
        forced = self.forced.get(context.conversation_id or "") if context else None
        if forced is None:
            return
        choice, allowed = forced
        request = event.data.request
        tools = [tool for tool in request.tools or () if tool.name in allowed]
        metadata = {**request.metadata, TOOL_CHOICE_KEY: choice}
        event.data.request = request.model_copy(update={"tools": tools, "metadata": metadata})
