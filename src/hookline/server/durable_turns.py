"""``DurableTurns``: what the server uses of a durable runner (``serve --durable``).

``hookline.durable.dbos.DbosAgent`` is the runner hookline ships; the server only knows
this protocol (the durable package sits above the server's layer: docs/architecture.md).
A turn is named by its handle, the DBOS workflow handle whose result is the turn's
``RunResult``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING, Protocol, TypeAlias

from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.tools.approval import ApprovalDecision
from hookline.users.models import RequestContext, User

if TYPE_CHECKING:
    from dbos import WorkflowHandleAsync

    from hookline.agent.agent import Agent

__all__ = ["DurableTurns", "LivePhases", "TurnHandle"]

TurnHandle: TypeAlias = "WorkflowHandleAsync[RunResult]"
"""A durable turn: ``get_workflow_id()`` names it, ``get_result()`` is its ``RunResult``."""


class LivePhases(Protocol):
    """The phases (up to an end or a pause) of the turns running in this process."""

    def phase(self, workflow_id: str) -> int:
        """The newest phase of ``workflow_id`` opened here (0: none)."""
        ...


class DurableTurns(Protocol):
    """A runner of an agent's turns as durable workflows (``DbosAgent``)."""

    @property
    def durable(self) -> Agent:
        """The agent whose hooks run the turns (the runner's own copy)."""
        ...

    @property
    def live(self) -> LivePhases: ...

    def launch(self) -> None:
        """Start the engine, in the event loop that serves the turns (recovers them)."""
        ...

    def shutdown(self) -> None: ...

    async def submit(
        self,
        message: str,
        *,
        user: User,
        conversation_id: str,
        request_context: RequestContext | None = None,
        new_conversation: bool = False,
    ) -> tuple[TurnHandle, int]:
        """A chat message: a decision for the waiting turn, or a new turn; the turn and
        the phase after which its components are new."""
        ...

    def follow(self, handle: TurnHandle, *, after: int = 0) -> AsyncIterator[UiComponent]:
        """The components of the turn's phase after ``after``, as it streams them."""
        ...

    async def outcome(self, handle: TurnHandle) -> RunResult:
        """The result of the turn's last phase (its end, or its pause)."""
        ...

    async def waiting_turn(self, conversation_id: str) -> TurnHandle | None:
        """The conversation's turn that runs or waits for a reviewer, if one does."""
        ...

    async def latest_turn(self, conversation_id: str) -> TurnHandle | None:
        """The conversation's newest turn, whatever its state."""
        ...

    async def decide(
        self,
        workflow_id: str,
        decisions: Mapping[str, ApprovalDecision],
        *,
        approver: User | None = None,
    ) -> None:
        """Send a reviewer's decisions to the turn waiting in ``workflow_id``."""
        ...
