"""Speaker patterns: who speaks next.  Round robin, sequential, custom, and the resolver.

A pattern's ``select`` gets a ``SpeakerSelection`` and returns an agent's
name, ``AskUser(...)`` to pause for the human, or None to end the run.
Whatever it returns goes through ``SelectSpeakerEvent`` and is validated.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from hookline.workflows.context import ContextVariables
from hookline.workflows.errors import WorkflowError
from hookline.workflows.state import TranscriptEntry

if TYPE_CHECKING:
    from hookline.llm.base import LlmService

__all__ = [
    "AskUser",
    "CustomPattern",
    "PatternLike",
    "RoundRobinPattern",
    "SelectionResult",
    "SequentialPattern",
    "SpeakerPattern",
    "SpeakerSelection",
    "resolve_pattern",
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


def resolve_pattern(
    pattern: PatternLike, *, selector_llm: LlmService | None = None
) -> SpeakerPattern:
    """A ``SpeakerPattern`` from a name ("round_robin", "sequential", "handoff",
    "llm_selected"), a pattern object, or a selector function."""
    if isinstance(pattern, SpeakerPattern):
        return pattern
    if isinstance(pattern, str):
        return _named_pattern(pattern.strip().lower().replace("-", "_"), selector_llm)
    if callable(pattern):
        return CustomPattern(pattern)
    raise WorkflowError(f"pattern must be a name, a SpeakerPattern or a function, not {pattern!r}")


def _named_pattern(name: str, selector_llm: LlmService | None) -> SpeakerPattern:
    from hookline.workflows.handoff import HandoffPattern
    from hookline.workflows.selector import LlmSelectedPattern

    if name == "round_robin":
        return RoundRobinPattern()
    if name == "sequential":
        return SequentialPattern()
    if name == "handoff":
        return HandoffPattern()
    if name == "llm_selected":
        if selector_llm is None:
            raise WorkflowError("pattern 'llm_selected' needs selector_llm (the model that picks).")
        return LlmSelectedPattern(selector_llm)
    raise WorkflowError(
        f"Unknown pattern {name!r}: use round_robin, sequential, handoff, llm_selected "
        "or a function."
    )
