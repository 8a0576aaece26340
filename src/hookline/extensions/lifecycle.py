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
from hookline.hooks.events import (
    AfterToolCallEvent,
    BeforeToolCallEvent,
    MessageCompletedEvent,
    MessageReceivedEvent,
)
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import Event, Handler, HookRegistry
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
        """Return a new message to replace it (None keeps it); raise ``AgentError`` to halt.

        A handler of ``MessageReceivedEvent``, as ``AgentMiddleware.before_agent``:
        the same rules (agent/message_gate.py: length limit, halt) apply to both.
        """
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
    """The adapter: one handler per hook and phase that the hook overrides, in list order.

    Each handler is labelled (``agent.hook.<phase>``, ``hook=<class name>``) so
    that ``Instrumentation`` can time it; the adapter itself knows no tracer.
    """

    def __init__(self, hooks: Sequence[LifecycleHook]) -> None:
        self.hooks = list(hooks)

    def register_hooks(self, registry: HookRegistry) -> None:
        phases: list[tuple[str, type[Any], Any]] = [
            ("before_message", MessageReceivedEvent, _before_message),
            ("after_message", MessageCompletedEvent, _after_message),
            ("before_tool", BeforeToolCallEvent, _before_tool),
            ("after_tool", AfterToolCallEvent, _after_tool),
        ]
        for phase, event_type, make in phases:
            for hook in self.hooks:
                if overrides(hook, LifecycleHook, phase):
                    registry.on(
                        event_type,
                        make(hook),
                        name=f"agent.hook.{phase}",
                        attributes={"hook": type(hook).__name__},
                        **options_kwargs(hook),
                    )


def _before_message(hook: LifecycleHook) -> Handler[MessageReceivedEvent]:
    async def before_message(event: Event[MessageReceivedEvent]) -> None:
        data = event.data
        replaced = await hook.before_message(data.user, data.message)
        if replaced is not None:
            data.message = replaced

    return before_message


def _after_message(hook: LifecycleHook) -> Handler[MessageCompletedEvent]:
    async def after_message(event: Event[MessageCompletedEvent]) -> None:
        await hook.after_message(event.data.conversation)

    return after_message


def _before_tool(hook: LifecycleHook) -> Handler[BeforeToolCallEvent]:
    async def before_tool(event: Event[BeforeToolCallEvent]) -> None:
        data = event.data
        if data.tool is None or data.blocked_reason is not None:
            return  # an unknown tool is refused by the registry; a blocked one stays blocked
        token = _CURRENT_CALL.set((data.call, data.context))
        try:
            await hook.before_tool(data.tool, data.context)
        except AgentError as blocked:
            data.blocked_reason = str(blocked)
        finally:
            _CURRENT_CALL.reset(token)

    return before_tool


def _after_tool(hook: LifecycleHook) -> Handler[AfterToolCallEvent]:
    async def after_tool(event: Event[AfterToolCallEvent]) -> None:
        data = event.data
        token = _CURRENT_CALL.set((data.call, data.context))
        try:
            replaced = await hook.after_tool(data.result)
            if replaced is not None:
                data.result = replaced
        finally:
            _CURRENT_CALL.reset(token)

    return after_tool
