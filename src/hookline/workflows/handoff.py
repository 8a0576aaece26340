"""HandoffPattern: agents pass the conversation on with ``handoff_to_<agent>`` tools."""

from __future__ import annotations

from typing import Literal

from hookline.workflows.errors import WorkflowError
from hookline.workflows.patterns import AskUser, SelectionResult, SpeakerPattern, SpeakerSelection

__all__ = ["HandoffPattern"]

Fallback = Literal["terminate", "ask_user"]


class HandoffPattern(SpeakerPattern):
    """The first speaker is ``initial_agent`` (default: the first agent); after that,
    whoever the last speaker handed off to.

    Every agent gets a ``handoff_to_<other>`` tool per other agent.  A turn
    that ends without a handoff follows ``fallback``: "terminate" ends the
    run (the agent has answered the user), "ask_user" pauses with the
    agent's answer as the question, and the same agent continues with the
    user's reply.

    Example::

        pattern = HandoffPattern(fallback="ask_user")
        workflow = Workflow("support", [triage, billing], pattern=pattern)
    """

    name = "handoff"
    handoff_tools = True

    def __init__(
        self, *, initial_agent: str | None = None, fallback: Fallback = "terminate"
    ) -> None:
        if fallback not in ("terminate", "ask_user"):
            raise WorkflowError(f"fallback must be 'terminate' or 'ask_user', not {fallback!r}")
        self.initial_agent = initial_agent
        self.fallback = fallback

    async def select(self, selection: SpeakerSelection) -> SelectionResult:
        if selection.last_speaker is None:
            return self.initial_agent or selection.agents[0]
        if selection.handoff_to is not None:
            return selection.handoff_to
        if self.fallback == "ask_user":
            last = selection.transcript[-1].content if selection.transcript else ""
            return AskUser(prompt=last, agent=selection.last_speaker)
        return None
