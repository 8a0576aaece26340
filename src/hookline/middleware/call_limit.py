"""CallLimitMiddleware: at most so many model and tool calls per turn and per conversation."""

from __future__ import annotations

from typing import Any

from hookline.hooks.events import (
    BeforeLLMCallEvent,
    BeforeToolCallEvent,
    MessageCompletedEvent,
    ModelCallNext,
    TurnFailedEvent,
)
from hookline.hooks.registry import Event, HookContext, HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.middleware.base import AgentMiddleware
from hookline.storage.counters import CounterStore, MemoryCounterStore

__all__ = ["LIMIT_KEY", "CallLimitMiddleware"]

LIMIT_KEY = "hookline.call_limit"
"""``LlmRequest.metadata`` key marking a request over its limit (the message)."""


class CallLimitMiddleware(AgentMiddleware):
    """Caps model calls and tool calls, per turn and per conversation.

    Calls are counted when they are about to happen (``BeforeLLMCallEvent``,
    ``BeforeToolCallEvent``), keyed by the turn's ``request_id`` and the
    conversation's id.  Over a limit:

    - a tool call is blocked: the model reads "Tool call blocked: tool call
      limit reached (N per turn)" and may answer with what it has;
    - a model call is not made: the request is marked and this middleware's
      ``wrap_model_call`` answers it with ``message`` (finish reason
      ``"call_limit"``), which ends the turn as its final answer — the
      history stays valid and the user sees why.  Put this middleware first
      so no other wrapper runs for such a request.

    Every call made counts, including retries and calls answered by a
    cache; a refused call does not.  A reviewer-approved call (resumed turn)
    was counted when it was first requested.  Per-turn counters are reset when the turn completes or
    fails.  Per-conversation counters last ``conversation_window`` seconds
    from the conversation's first counted call (None: as long as the store
    keeps them).  ``store`` is any ``CounterStore``: ``MemoryCounterStore``
    (this process, the default) or ``RedisCounterStore`` (every server
    process); ``key_prefix`` keeps agents sharing one store apart.

    Example::

        limits = CallLimitMiddleware(max_model_calls_per_turn=8, max_tool_calls_per_turn=20)
        agent = Agent(llm, middleware=[limits])
    """

    def __init__(
        self,
        *,
        max_model_calls_per_turn: int | None = None,
        max_tool_calls_per_turn: int | None = None,
        max_model_calls_per_conversation: int | None = None,
        max_tool_calls_per_conversation: int | None = None,
        conversation_window: float | None = None,
        store: CounterStore | None = None,
        key_prefix: str = "hookline:calls",
        message: str = "I stopped here: this {scope} reached its limit of {limit} model calls.",
    ) -> None:
        self.limits = {
            ("model", "turn"): max_model_calls_per_turn,
            ("tool", "turn"): max_tool_calls_per_turn,
            ("model", "conversation"): max_model_calls_per_conversation,
            ("tool", "conversation"): max_tool_calls_per_conversation,
        }
        self.conversation_window = conversation_window
        self.store: CounterStore = store if store is not None else MemoryCounterStore()
        self.key_prefix = key_prefix
        self.message = message

    def active_hooks(self) -> frozenset[str]:
        if self._limited("model"):
            return super().active_hooks()
        return frozenset()

    def register_hooks(self, registry: HookRegistry) -> None:
        super().register_hooks(registry)
        if self._limited("model"):
            registry.on(BeforeLLMCallEvent, self._before_model_call)
        if self._limited("tool"):
            registry.on(BeforeToolCallEvent, self._before_tool_call)
        if self.limits[("model", "turn")] is not None or self.limits[("tool", "turn")] is not None:
            registry.on(MessageCompletedEvent, self._end_turn)
            registry.on(TurnFailedEvent, self._end_turn)

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        message = request.metadata.get(LIMIT_KEY)
        if message is None:
            return await call_next(request)
        return LlmResponse(
            content=str(message), finish_reason="call_limit", metadata={LIMIT_KEY: True}
        )

    def key(self, kind: str, scope: str, context: HookContext | None) -> str | None:
        """The counter key for ``kind`` ("model"/"tool") in ``scope`` ("turn"/"conversation")."""
        if context is None:
            return None
        owner = context.request_id if scope == "turn" else context.conversation_id
        return None if owner is None else f"{self.key_prefix}:{scope}:{owner}:{kind}"

    async def _over(self, kind: str, context: HookContext | None) -> tuple[str, int] | None:
        """Count one call of ``kind``; the (scope, limit) it exceeds, if any.

        A refused call is taken back out of every counter: it does not use up budget.
        """
        over = None
        counted: list[str] = []
        for scope in ("turn", "conversation"):
            limit = self.limits[(kind, scope)]
            key = self.key(kind, scope, context)
            if limit is None or key is None:
                continue
            window = self.conversation_window if scope == "conversation" else None
            counted.append(key)
            if await self.store.incr(key, window=window) > limit and over is None:
                over = (scope, limit)
        if over is not None:
            for key in counted:
                await self.store.incr(key, -1)
        return over

    async def _before_model_call(self, event: Event[BeforeLLMCallEvent]) -> None:
        over = await self._over("model", event.context)
        if over is not None:
            scope, limit = over
            text = self.message.format(scope=scope, limit=limit)
            event.data.request.metadata[LIMIT_KEY] = text

    async def _before_tool_call(self, event: Event[BeforeToolCallEvent]) -> None:
        data = event.data
        if data.approved:
            return  # counted when the model asked for it
        over = await self._over("tool", event.context)
        if over is not None and data.blocked_reason is None:
            scope, limit = over
            data.blocked_reason = f"tool call limit reached ({limit} per {scope})"

    async def _end_turn(self, event: Event[Any]) -> None:
        for kind in ("model", "tool"):
            key = self.key(kind, "turn", event.context)
            if key is not None:
                await self.store.reset(key)

    def _limited(self, kind: str) -> bool:
        return any(self.limits[(kind, scope)] is not None for scope in ("turn", "conversation"))
