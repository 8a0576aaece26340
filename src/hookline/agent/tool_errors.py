"""``on_tool_error``: a failed tool call offered to ``ToolErrorEvent`` handlers (step 16).

Used by ``execute_calls`` only when a handler is registered; otherwise the
call goes through the tool chain as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookline.errors import AgentError
from hookline.hooks.events import TOOL_CALL, ToolErrorEvent, ToolInvocation
from hookline.llm.models import ToolCall
from hookline.tools.base import Tool
from hookline.tools.result import ToolResult

if TYPE_CHECKING:
    from hookline.agent.tool_step import ToolStep

__all__ = ["call_recovering"]


async def _call_chain(step: ToolStep, call: ToolCall, tool: Tool[Any] | None) -> ToolResult:
    """Step 16: the tool chain around the registry; an empty chain is the direct call."""
    if step.hooks.has_wrappers(TOOL_CALL):
        chain = step.hooks.compose(TOOL_CALL, step.terminal)
        return await chain(ToolInvocation(call=call, tool=tool, context=step.context))
    return await step.registry.execute(call, step.context)


async def call_recovering(step: ToolStep, call: ToolCall, tool: Tool[Any] | None) -> ToolResult:
    """The tool chain, its failure offered to ``ToolErrorEvent`` (``on_tool_error``):
    a tool's exception (kept on its failed result) or the chain's own."""
    try:
        result = await _call_chain(step, call, tool)
    except AgentError:
        raise
    except Exception as error:
        recovered = await _offer(step, call, error)
        if recovered is None:
            raise
        return recovered
    raised = result.exception
    if result.success or not isinstance(raised, Exception):
        return result
    recovered = await _offer(step, call, raised)
    return result if recovered is None else recovered


async def _offer(step: ToolStep, call: ToolCall, error: Exception) -> ToolResult | None:
    event = ToolErrorEvent(call=call, context=step.context, error=error)
    await step.hooks.emit(event)
    return event.result
