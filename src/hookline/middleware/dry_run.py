"""DryRunMiddleware: tools are not executed; the model gets a simulated result."""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Callable, Iterable

from hookline.hooks.events import ToolCallNext, ToolInvocation
from hookline.llm.models import ToolCall
from hookline.middleware.base import AgentMiddleware
from hookline.tools.result import ToolResult

__all__ = ["DryRunMiddleware", "describe_call"]

Simulation = Callable[[ToolCall], "str | ToolResult | Awaitable[str | ToolResult]"]


def describe_call(call: ToolCall) -> str:
    """The default simulated result: ``[dry run] would call X with {...}``."""
    arguments = json.dumps(call.arguments, ensure_ascii=False, sort_keys=True)
    return f"[dry run] would call {call.name} with {arguments}"


class DryRunMiddleware(AgentMiddleware):
    """Replaces tool execution with a simulation: nothing runs, the model reads a result.

    ``simulate(call)`` (sync or async) returns the text the model reads, or a
    whole ``ToolResult``; the default is ``describe_call``.  ``tools`` limits
    the dry run to those tools (None: every tool).  Results carry
    ``metadata["dry_run"] = True``; ``calls`` lists the calls that would have run.

    Example::

        agent = Agent(llm, tool_registry=tools, middleware=[DryRunMiddleware(tools=["send_email"])])
    """

    def __init__(self, simulate: Simulation | None = None, *, tools: Iterable[str] | None = None):
        self.simulate = simulate
        self.tools = frozenset(tools) if tools is not None else None
        self.calls: list[ToolCall] = []

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        call = invocation.call
        if self.tools is not None and call.name not in self.tools:
            return await call_next(invocation)
        self.calls.append(call)
        if self.simulate is None:
            return ToolResult(result_for_llm=describe_call(call), metadata={"dry_run": True})
        outcome = self.simulate(call)
        if inspect.isawaitable(outcome):
            outcome = await outcome
        if isinstance(outcome, ToolResult):
            outcome.metadata.setdefault("dry_run", True)
            return outcome
        return ToolResult(result_for_llm=str(outcome), metadata={"dry_run": True})
