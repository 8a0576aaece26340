"""Step 16 through the tool chain, and ``on_tool_error`` around it (``ToolErrorEvent``).

``execute_calls`` comes here for a call when the ``wrap_tool_call`` chain has a
wrapper or a ``ToolErrorEvent`` handler is registered; otherwise it calls the
registry directly.  Either way the call's own ``ToolInvocation`` (its call, tool
and per-call ``ToolContext``: id and idempotency key) is the only source of
per-call values here: the turn's context never reaches a tool.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from hookline.errors import AgentError
from hookline.hooks.events import TOOL_CALL, ToolErrorEvent, ToolInvocation
from hookline.hooks.registry import HookRegistry
from hookline.tools.result import ToolResult

__all__ = ["call_chain"]

Terminal = Callable[[ToolInvocation], Awaitable[ToolResult]]


async def call_chain(
    hooks: HookRegistry, terminal: Terminal, invocation: ToolInvocation
) -> ToolResult:
    """The tool chain around ``terminal`` (an empty chain is ``terminal`` itself); with
    ``ToolErrorEvent`` handlers, a failure is offered to them (``on_tool_error``)."""
    chain = hooks.compose(TOOL_CALL, terminal)
    if not hooks.has_handlers(ToolErrorEvent):
        return await chain(invocation)
    return await _recovering(hooks, chain, invocation)


async def _recovering(
    hooks: HookRegistry, chain: Terminal, invocation: ToolInvocation
) -> ToolResult:
    """``chain(invocation)``; a tool's exception (kept on its failed result) or the
    chain's own is offered to ``ToolErrorEvent`` handlers, which may answer instead."""
    try:
        result = await chain(invocation)
    except AgentError:
        raise
    except Exception as error:
        recovered = await _offer(hooks, invocation, error)
        if recovered is None:
            raise
        return recovered
    raised = result.exception
    if result.success or not isinstance(raised, Exception):
        return result
    recovered = await _offer(hooks, invocation, raised)
    return result if recovered is None else recovered


async def _offer(
    hooks: HookRegistry, invocation: ToolInvocation, error: Exception
) -> ToolResult | None:
    event = ToolErrorEvent(call=invocation.call, context=invocation.context, error=error)
    await hooks.emit(event)
    return event.result
