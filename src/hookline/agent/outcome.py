"""How a turn ended: one value, set only by ``Turn`` (issue 33).

Internal: ``RunResult`` and ``TurnEndedEvent`` keep their ``halted`` / ``paused`` /
``failed`` flags, which ``Turn`` derives from this value.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OutcomeFlags", "TurnOutcome"]


class TurnOutcome(StrEnum):
    """How a turn ended; a turn that has not ended yet (or was cancelled) has none.

    A later failure replaces an earlier outcome: a turn that paused, then failed
    while its messages were stored, ended ``FAILED``.
    """

    COMPLETED = "completed"
    """The model answered (or the turn stopped at the tool iteration limit, or a verdict
    rejected the answer): steps 19 and 20 ran."""
    PAUSED = "paused"
    """Calls wait for a reviewer (``Agent.resume`` continues the turn)."""
    HALTED = "halted"
    """An ``AgentError`` stopped the turn (a guardrail, a handler, a busy conversation)."""
    FAILED = "failed"
    """An unexpected exception ended the turn (``TurnFailedEvent``)."""
    SHORT_CIRCUITED = "short_circuited"
    """A step answered without the model: the starter UI (step 2) or a workflow (step 5)."""


class OutcomeFlags:
    """A turn's ``outcome`` and the flags read from it (``Turn``'s base; ``Turn`` sets it)."""

    __slots__ = ("outcome",)

    outcome: TurnOutcome | None
    """How the turn ended (None: it runs, or its consumer stopped early)."""

    @property
    def halted(self) -> bool:
        """An ``AgentError`` stopped the turn (``error`` says why)."""
        return self.outcome is TurnOutcome.HALTED

    @property
    def failed(self) -> bool:
        """An unexpected exception ended the turn (``exception``; ``error``: what users read)."""
        return self.outcome is TurnOutcome.FAILED

    @property
    def paused(self) -> bool:
        """Calls wait for a reviewer (``pending.calls``)."""
        return self.outcome is TurnOutcome.PAUSED
