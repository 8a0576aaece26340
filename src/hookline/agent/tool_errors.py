"""Step 16 through the tool chain, and ``on_tool_error`` around it (``ToolErrorEvent``).

``execute_calls`` comes here for a call when the ``wrap_tool_call`` chain has a
wrapper or a ``ToolErrorEvent`` handler is registered; otherwise it calls the
registry directly.  Either way the call's own ``ToolInvocation`` (its call, tool
and per-call ``ToolContext``: id and idempotency key) is the only source of
per-call values here: the turn's context never reaches a tool.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from hookline._retry import Answer, retry_call, tool_failure
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
    """``chain(invocation)`` on the failure-handling core (``hookline._retry``): a tool's
    exception (kept on its failed result) or the chain's own is offered once to the
    ``ToolErrorEvent`` handlers, whose answer is the call's result.  The tool never
    runs again here: the decision is an answer or nothing, never a retry."""

    async def offer(error: Exception, attempt: int) -> Answer[ToolResult] | None:
        event = ToolErrorEvent(call=invocation.call, context=invocation.context, error=error)
        await hooks.emit(event)
        return None if event.result is None else Answer(event.result)

    return await retry_call(
        lambda: chain(invocation),
        offer,
        failure=tool_failure,
        passthrough=(AgentError,),
        what=f"tool {invocation.call.name}",
    )
