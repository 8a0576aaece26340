"""LifecycleHook: before/after the message and before/after each tool call.

Rides on ``MessageReceivedEvent`` (before_message), ``MessageCompletedEvent``
(after_message), ``BeforeToolCallEvent`` (before_tool) and
``AfterToolCallEvent`` (after_tool).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

from hookline.errors import AgentError
from hookline.extensions.tracing import Tracer, traced
from hookline.hooks.events import (
    AfterToolCallEvent,
    BeforeToolCallEvent,
    MessageCompletedEvent,
    MessageReceivedEvent,
)
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import ToolCall
from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult
from hookline.users.models import User

__all__ = ["LifecycleHook", "LifecycleHooks", "current_tool_call"]

_CURRENT_CALL: ContextVar[tuple[ToolCall, ToolContext] | None] = ContextVar(
    "hookline_current_tool_call", default=None
)


def current_tool_call() -> tuple[ToolCall, ToolContext] | None:
    """Inside ``before_tool``/``after_tool``: the call being processed and its context.

    The reference signatures do not pass the call to ``after_tool``; hooks
    that need its name or arguments (``QueryLoggingHook``) read them here.
    """
    return _CURRENT_CALL.get()


class LifecycleHook:
    """Intercepts a turn at four points. Override what you need; hooks run in list order.

    Example::

        class RateLimitHook(LifecycleHook):
            async def before_message(self, user, message):
                if too_many(user.id):
                    raise AgentError("Rate limit exceeded.")
                return None
    """

    async def before_message(self, user: User, message: str) -> str | None:
        """Return a new message to replace it (None keeps it); raise ``AgentError`` to halt."""
        return None

    async def after_message(self, result: Any) -> None:
        """Observe the finished turn. ``result`` is the ``Conversation``.

        Runs after every turn that reached the model and after workflow
        short-circuits (``/help``) too; not after halted or failed turns.
        """
        return None

    async def before_tool(self, tool: Tool[Any], context: ToolContext) -> None:
        """Raise ``AgentError`` to block the call: the model gets a "blocked" result."""
        return None

    async def after_tool(self, result: ToolResult) -> ToolResult | None:
        """Return a ``ToolResult`` to replace the result (None keeps it)."""
        return None


def overrides(instance: object, base: type, name: str) -> bool:
    """True when ``instance``'s class overrides ``base.name``."""
    return getattr(type(instance), name, None) is not getattr(base, name)


class LifecycleHooks:
    """The adapter: registers handlers only for the phases some hook overrides."""

    def __init__(self, hooks: Sequence[LifecycleHook], tracer: Tracer | None = None) -> None:
        self.hooks = list(hooks)
        self.tracer = tracer

    def register_hooks(self, registry: HookRegistry) -> None:
        if self._using("before_message"):
            registry.on(MessageReceivedEvent, self._before_message)
        if self._using("after_message"):
            registry.on(MessageCompletedEvent, self._after_message)
        if self._using("before_tool"):
            registry.on(BeforeToolCallEvent, self._before_tool)
        if self._using("after_tool"):
            registry.on(AfterToolCallEvent, self._after_tool)

    def _using(self, phase: str) -> bool:
        return any(overrides(hook, LifecycleHook, phase) for hook in self.hooks)

    def _span(self, event: Event[Any], hook: LifecycleHook, phase: str, **options: Any) -> Any:
        name = type(hook).__name__
        tags = {"hook": name, "phase": phase}
        return traced(
            self.tracer,
            event.context,
            f"agent.hook.{phase}",
            {"hook": name},
            metric="agent.hook.duration",
            tags=tags,
            **options,
        )

    async def _before_message(self, event: Event[MessageReceivedEvent]) -> None:
        data = event.data
        for hook in self.hooks:
            async with self._span(event, hook, "before_message") as span:
                replaced = await hook.before_message(data.user, data.message)
                if replaced is not None:
                    data.message = replaced
                if span is not None:
                    span.set_attribute("modified_message", replaced is not None)

    async def _after_message(self, event: Event[MessageCompletedEvent]) -> None:
        for hook in self.hooks:
            async with self._span(event, hook, "after_message"):
                await hook.after_message(event.data.conversation)

    async def _before_tool(self, event: Event[BeforeToolCallEvent]) -> None:
        data = event.data
        if data.tool is None or data.blocked_reason is not None:
            return  # an unknown tool is refused by the registry; a blocked one stays blocked
        token = _CURRENT_CALL.set((data.call, data.context))
        try:
            for hook in self.hooks:
                async with self._span(
                    event, hook, "before_tool", scope="tool", key=data.call.id
                ) as span:
                    if span is not None:
                        span.set_attribute("tool", data.call.name)
                    try:
                        await hook.before_tool(data.tool, data.context)
                    except AgentError as blocked:
                        data.blocked_reason = str(blocked)
                        return
        finally:
            _CURRENT_CALL.reset(token)

    async def _after_tool(self, event: Event[AfterToolCallEvent]) -> None:
        data = event.data
        token = _CURRENT_CALL.set((data.call, data.context))
        try:
            for hook in self.hooks:
                async with self._span(
                    event, hook, "after_tool", scope="tool", key=data.call.id
                ) as span:
                    replaced = await hook.after_tool(data.result)
                    if replaced is not None:
                        data.result = replaced
                    if span is not None:
                        span.set_attribute("tool", data.call.name)
                        span.set_attribute("modified_result", replaced is not None)
        finally:
            _CURRENT_CALL.reset(token)
