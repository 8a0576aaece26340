"""Speaker patterns: who speaks next.  Round robin, sequential and custom.

A pattern's ``select`` gets a ``SpeakerSelection`` and returns an agent's
name, ``AskUser(...)`` to pause for the human, or None to end the run.
Whatever it returns goes through ``SelectSpeakerEvent`` and is validated.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from hookline.workflows.context import ContextVariables
from hookline.workflows.state import TranscriptEntry

__all__ = [
    "AskUser",
    "CustomPattern",
    "PatternLike",
    "RoundRobinPattern",
    "SelectionResult",
    "SequentialPattern",
    "SpeakerPattern",
    "SpeakerSelection",
]


@dataclass(frozen=True, kw_only=True)
class AskUser:
    """A pattern's answer meaning "ask the human ``prompt`` first".

    ``agent`` continues after the answer (None: the pattern is asked again).
    """

    prompt: str
    agent: str | None = None


SelectionResult: TypeAlias = "str | AskUser | None"


@dataclass(kw_only=True)
class SpeakerSelection:
    """What a pattern knows when it picks the next speaker.

    ``round`` is the number the next turn will have (from 1);
    ``handoff_to`` the agent the last speaker handed off to, if any;
    ``pattern_state`` is the pattern's own dict, saved with a paused run.
    """

    agents: list[str]
    descriptions: dict[str, str]
    last_speaker: str | None
    handoff_to: str | None
    transcript: list[TranscriptEntry]
    round: int
    context_variables: ContextVariables
    pattern_state: dict[str, Any] = field(default_factory=dict)

    def next_after(self, name: str | None) -> str:
        """The agent after ``name`` in list order (the first one after None), cyclically."""
        if name is None or name not in self.agents:
            return self.agents[0]
        return self.agents[(self.agents.index(name) + 1) % len(self.agents)]


class SpeakerPattern(ABC):
    """Picks the next speaker; subclass it for a reusable pattern.

    ``handoff_tools = True`` gives every agent a ``handoff_to_<agent>`` tool
    per other agent (see ``HandoffPattern``).

    Example::

        class LoudestFirst(SpeakerPattern):
            async def select(self, selection: SpeakerSelection) -> SelectionResult:
                return "critic" if selection.round == 1 else selection.next_after(
                    selection.last_speaker
                )
    """

    name: str = "custom"
    handoff_tools: bool = False

    @abstractmethod
    async def select(self, selection: SpeakerSelection) -> SelectionResult:
        """An agent's name, ``AskUser(...)``, or None to end the run."""


class RoundRobinPattern(SpeakerPattern):
    """The agents in list order, over and over, until a termination condition holds."""

    name = "round_robin"

    async def select(self, selection: SpeakerSelection) -> SelectionResult:
        return selection.next_after(selection.last_speaker)


class SequentialPattern(SpeakerPattern):
    """Each agent once, in list order; then the run ends (reason "pattern")."""

    name = "sequential"

    async def select(self, selection: SpeakerSelection) -> SelectionResult:
        position = int(selection.pattern_state.get("position", 0))
        if position >= len(selection.agents):
            return None
        selection.pattern_state["position"] = position + 1
        return selection.agents[position]


SelectorFunction: TypeAlias = Callable[
    [SpeakerSelection], "str | AskUser | Awaitable[str | AskUser | None] | None"
]


class CustomPattern(SpeakerPattern):
    """A function (sync or async) ``selection -> name | AskUser | None`` as a pattern.

    Example::

        def writer_then_critic(selection: SpeakerSelection) -> str | None:
            return None if selection.round > 4 else selection.next_after(selection.last_speaker)

        workflow = Workflow("review", [writer, critic], pattern=writer_then_critic)
    """

    name = "custom"

    def __init__(self, function: SelectorFunction) -> None:
        self.function = function

    async def select(self, selection: SpeakerSelection) -> SelectionResult:
        result = self.function(selection)
        if inspect.isawaitable(result):
            result = await result
        return result


PatternLike: TypeAlias = "str | SpeakerPattern | SelectorFunction"
