"""ToolRegistry: the tools an agent offers, their cached schemas, and safe execution."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError

from hookline._error_ids import new_error_id
from hookline.llm.models import ToolCall, ToolSchema
from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult
from hookline.users.models import User

__all__ = ["ToolRegistry"]

logger = logging.getLogger("hookline.tools")


class ToolRegistry:
    """Holds tools by name; offers schemas per user; executes calls safely.

    ``execute`` never raises for a bad call: an unknown tool, a tool outside
    the user's access groups, arguments that are not JSON or fail validation,
    and an exception inside the tool all become a failed ``ToolResult`` whose
    text tells the model what was wrong, so the turn goes on.  An unknown tool
    and a tool outside the user's groups get the same refusal, which names only
    the tools the user may use.  A tool's exception is logged with an error id;
    the model reads its type and text (secrets masked: ``ToolResult`` scrubs a
    failure's texts), the user (``ToolResult.error``) only the id.

    Example::

        registry = ToolRegistry([get_weather])
        schemas = await registry.get_schemas(user)
    """

    def __init__(self, tools: Iterable[Tool[Any]] = ()) -> None:
        self._tools: dict[str, Tool[Any]] = {}
        self._schemas: dict[str, ToolSchema] = {}
        self._arg_models: dict[str, type[BaseModel]] = {}
        self._by_groups: dict[frozenset[str], list[ToolSchema]] = {}
        for item in tools:
            self.register(item)

    def register(self, tool: Tool[Any]) -> Tool[Any]:
        """Add ``tool`` (its schema is built once, here). Returns the tool."""
        if not tool.name or not tool.name.replace("_", "").replace("-", "").isalnum():
            raise ValueError(f"Tool name {tool.name!r}: use letters, digits, '_' or '-'.")
        if tool.name in self._tools:
            raise ValueError(f"A tool named {tool.name!r} is already registered.")
        self._tools[tool.name] = tool
        self._schemas[tool.name] = tool.get_schema()
        self._arg_models[tool.name] = tool.get_args_schema()
        self._by_groups.clear()
        return tool

    def unregister(self, name: str) -> None:
        """Remove the tool called ``name`` (no error if absent)."""
        self._tools.pop(name, None)
        self._schemas.pop(name, None)
        self._arg_models.pop(name, None)
        self._by_groups.clear()

    async def get_tool(self, name: str) -> Tool[Any] | None:
        """The tool called ``name``, or None (async, as registries backed by
        remote servers need; ``find`` is the synchronous lookup)."""
        return self._tools.get(name)

    def find(self, name: str) -> Tool[Any] | None:
        """The tool called ``name``, or None."""
        return self._tools.get(name)

    @property
    def tool_names(self) -> list[str]:
        return list(self._tools)

    async def get_schemas(self, user: User) -> list[ToolSchema]:
        """The schemas of the tools ``user`` may use (cached per group set)."""
        key = frozenset(user.group_memberships)
        schemas = self._by_groups.get(key)
        if schemas is None:
            schemas = [s for n, s in self._schemas.items() if _allowed(self._tools[n], key)]
            self._by_groups[key] = schemas
        return list(schemas)

    def user_can_use(self, tool: Tool[Any], user: User) -> bool:
        """True when ``tool`` has no access groups or shares one with ``user``."""
        return _allowed(tool, frozenset(user.group_memberships))

    async def execute(self, call: ToolCall, context: ToolContext) -> ToolResult:
        """Validate and run ``call``; every problem becomes a failed result."""
        tool = self._tools.get(call.name)
        if tool is None or not self.user_can_use(tool, context.user):
            return self._not_available(call.name, context.user)
        arguments = call.arguments
        if call.raw_arguments is not None and not arguments:
            try:
                arguments = json.loads(call.raw_arguments)
            except ValueError as exc:
                return ToolResult.failure(
                    f"Arguments for tool {call.name!r} are not valid JSON ({exc}). "
                    "Send a JSON object.",
                )
        try:
            args = self._arg_models[call.name].model_validate(arguments)
        except ValidationError as exc:
            return ToolResult.failure(
                f"Invalid arguments for tool {call.name!r}: {_describe(exc)}."
            )
        try:
            return await tool.execute(context, args)
        except Exception as exc:  # a tool's bug must not end the turn
            return _crashed(call.name, exc)

    def _not_available(self, name: str, user: User) -> ToolResult:
        """One refusal for an unknown tool and a forbidden one: the names it lists are the
        user's own, so no one learns the names of tools they may not use."""
        groups = frozenset(user.group_memberships)
        usable = sorted(n for n, t in self._tools.items() if _allowed(t, groups))
        known = ", ".join(usable) or "none"
        return ToolResult.failure(
            f"Tool {name!r} is not available to this user. Available tools: {known}."
        )


def _crashed(name: str, exc: Exception) -> ToolResult:
    """The model reads what was raised (scrubbed by ``ToolResult``); the user sees an
    error id; the log has both, and the traceback."""
    error_id = new_error_id()
    logger.error("tool %r failed [%s]: %s", name, error_id, type(exc).__name__, exc_info=exc)
    return ToolResult(
        success=False,
        result_for_llm=f"Tool {name!r} failed: {type(exc).__name__}: {exc}",
        error=f"The tool {name!r} failed (error id {error_id}).",
        metadata={"error_id": error_id},
        exception=exc,
    )


def _allowed(tool: Tool[Any], groups: frozenset[str]) -> bool:
    return not tool.access_groups or not groups.isdisjoint(tool.access_groups)


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors(include_url=False):
        where = ".".join(str(p) for p in item["loc"]) or "arguments"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)
