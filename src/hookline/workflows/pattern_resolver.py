"""resolve_pattern: a speaker pattern from its name, an object or a function."""

from __future__ import annotations

from hookline.llm.base import LlmService
from hookline.workflows.errors import WorkflowError
from hookline.workflows.handoff import HandoffPattern
from hookline.workflows.patterns import (
    CustomPattern,
    PatternLike,
    RoundRobinPattern,
    SequentialPattern,
    SpeakerPattern,
)
from hookline.workflows.selector import LlmSelectedPattern

__all__ = ["resolve_pattern"]


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
