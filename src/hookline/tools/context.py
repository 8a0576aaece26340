"""ToolContext: what a tool knows about the turn it runs in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hookline.storage.ledger import idempotency_key
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.hooks.registry import HookRegistry

__all__ = ["ToolContext"]


@dataclass(kw_only=True)
class ToolContext:
    """The context a tool call runs in: the turn's, with the call's id.

    ``metadata`` is where ``ToolContextEnricher``s (``EnrichToolContextEvent``
    handlers) put what tools should read: time zone, feature flags, ...
    ``hooks`` is the turn's registry, used by sub-agents for isolation.
    ``turn_id`` is the turn that made the call (kept in the effect ledger, so a
    recovery in another process knows it) and ``call_id`` the call's id; each
    call gets its own copy of the turn's context (``for_call``).
    """

    user: User
    conversation_id: str
    request_id: str
    agent_memory: Any = None
    observability_provider: Any = None
    metadata: dict[str, Any] = field(default_factory=dict)
    hooks: HookRegistry | None = None
    turn_id: str = ""
    call_id: str = ""

    @property
    def idempotency_key(self) -> str:
        """A key for this call, the same on every retry in any process (Stripe style).

        Derived from the conversation, the turn and the call id: a recovered call
        that runs again gets the same key.  Pass it to the API the tool calls.

        Example::

            @tool(idempotent=True)
            async def charge(amount: int, context: ToolContext) -> str:
                return await payments.charge(amount, key=context.idempotency_key)
        """
        turn = self.turn_id or self.request_id
        return idempotency_key(self.conversation_id, turn, self.call_id)

    def for_call(self, call_id: str) -> ToolContext:
        """A shallow copy for the call ``call_id`` (metadata and the rest are shared).

        Built without ``__init__`` (a fifth of ``copy.copy``'s cost: it runs per call;
        benchmarks/instructions.py).
        """
        context = object.__new__(type(self))
        context.__dict__.update(self.__dict__)
        context.call_id = call_id
        return context
