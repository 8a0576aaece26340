"""TurnView: what a step reads of the turn it runs in, and the methods it may call.

The steps ``Turn`` calls (``workflow_step``, ``guardrails``, ``nested``) take a
``TurnView``, not ``Turn``: the turn imports them, so a step that imported it
would close a circle (see docs/architecture.md).  ``Turn`` has every member.
Every member is read-only: a step asks the turn to act (``end_short_circuited``,
``complete``) and writes to the store through the turn's ``writer``.
"""

from __future__ import annotations

from typing import Protocol

from hookline.agent.config import AgentConfig
from hookline.agent.pending import PendingCalls
from hookline.agent.saving import TurnWriter
from hookline.agent.tool_step import ToolStep
from hookline.agent.turn_agent import TurnAgent
from hookline.hooks.registry import HookRegistry
from hookline.storage.models import Conversation
from hookline.tools.approval import ApprovalDecision
from hookline.users.models import RequestContext, User

__all__ = ["TurnView"]


class TurnView(Protocol):
    """A running turn as its steps see it.

    Example::

        def first_call(turn: TurnView) -> bool:
            return turn.iteration == 1 and turn.retries == 0
    """

    @property
    def agent(self) -> TurnAgent: ...

    @property
    def config(self) -> AgentConfig: ...

    @property
    def hooks(self) -> HookRegistry: ...

    @property
    def message(self) -> str: ...

    @property
    def request_context(self) -> RequestContext: ...

    @property
    def requested_conversation_id(self) -> str | None: ...

    @property
    def conversation_id(self) -> str: ...

    @property
    def iteration(self) -> int: ...

    @property
    def retries(self) -> int: ...

    @property
    def decisions(self) -> dict[str, ApprovalDecision] | None: ...

    @property
    def approver(self) -> User | None: ...

    @property
    def pending(self) -> PendingCalls: ...

    @property
    def tools(self) -> ToolStep | None: ...

    @property
    def writer(self) -> TurnWriter: ...

    def end_short_circuited(self) -> None:
        """A step answered the turn without the model and stored what it changed."""
        ...

    async def complete(self, user: User, conversation: Conversation) -> None:
        """Step 20: the turn is complete."""
        ...
