"""ToolGuardMiddleware: per tool, allow the call, answer it with a message, or fail the turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

from hookline.errors import HooklineError
from hookline.hooks.events import ToolCallNext, ToolInvocation
from hookline.llm.models import ToolCall
from hookline.middleware.base import AgentMiddleware
from hookline.tools.result import ToolResult

__all__ = [
    "ToolGuardError",
    "ToolGuardMiddleware",
    "ToolGuardRule",
    "allow",
    "raise_error",
    "reject_content",
]


class ToolGuardError(HooklineError):
    """Raised by a "raise" rule: the turn fails and the user sees this message."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ToolGuardRule:
    """What happens to calls of one tool: ``action`` is "allow", "reject" or "raise".

    Build rules with ``allow()``, ``reject_content(message)`` and ``raise_error(error)``.
    """

    action: Literal["allow", "reject", "raise"]
    message: str | None = None
    error: BaseException | type[BaseException] | None = None

    def exception(self, call: ToolCall) -> BaseException:
        """The exception a "raise" rule raises for ``call`` (a fresh one each time)."""
        error = self.error
        if error is None:
            return ToolGuardError(f"Tool {call.name!r} is not allowed.")
        if isinstance(error, type):
            return error(f"Tool {call.name!r} is not allowed.")
        return error.with_traceback(None)


def allow() -> ToolGuardRule:
    """The tool runs normally."""
    return ToolGuardRule(action="allow")


def reject_content(message: str) -> ToolGuardRule:
    """The tool does not run; the model reads ``message`` as its result and the turn goes on."""
    return ToolGuardRule(action="reject", message=message)


def raise_error(error: BaseException | type[BaseException] | None = None) -> ToolGuardRule:
    """The tool does not run; ``error`` is raised and the turn fails with an error component.

    None raises a ``ToolGuardError`` naming the tool (its message is shown to the user).
    """
    return ToolGuardRule(action="raise", error=error)


Rule: TypeAlias = Literal["allow", "reject", "raise"] | ToolGuardRule
_SHORTHANDS: dict[str, ToolGuardRule] = {
    "allow": allow(),
    "reject": ToolGuardRule(action="reject"),
    "raise": raise_error(),
}


class ToolGuardMiddleware(AgentMiddleware):
    """Per-tool rules, applied around the call (the ``TOOL_CALL`` chain).

    ``rules`` maps a tool name to "allow", ``reject_content(message)`` (the
    model sees the message as the tool's result and continues; "reject"
    uses a default message), or ``raise_error(exc)`` / "raise" (the turn
    fails: an error component, history kept valid).  Tools without a rule
    get ``default`` ("allow").  ``applied`` counts rejected and raised calls.

    Example::

        guard = ToolGuardMiddleware(
            {"drop_table": "raise", "send_email": reject_content("Email is disabled in the demo.")},
        )
    """

    def __init__(self, rules: Mapping[str, Rule], *, default: Rule = "allow") -> None:
        self.rules = {name: _rule(rule) for name, rule in rules.items()}
        self.default = _rule(default)
        self.applied = 0

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        call = invocation.call
        rule = self.rules.get(call.name, self.default)
        if rule.action == "allow":
            return await call_next(invocation)
        self.applied += 1
        if rule.action == "raise":
            raise rule.exception(call)
        message = rule.message or f"Tool {call.name!r} is not available here; do without it."
        return ToolResult(
            success=False,
            result_for_llm=message,
            error=message,
            metadata={"tool_guard": "rejected"},
        )


def _rule(rule: Rule) -> ToolGuardRule:
    if isinstance(rule, ToolGuardRule):
        return rule
    try:
        return _SHORTHANDS[rule]
    except KeyError:
        raise ValueError(
            f"unknown tool guard rule {rule!r}: use 'allow', 'reject' or 'raise'"
        ) from None
