"""Tools whose function declares ``context_variables`` receive the run's ContextVariables.

``@tool`` functions (and the functions of a declarative ``tools.json``) may
take a ``context_variables`` parameter.  Inside a workflow the parameter is
hidden from the model and filled with the run's ``ContextVariables``; the
function otherwise runs exactly as ``FunctionTool`` runs it (sync functions
in a worker thread, a ``ToolContext`` parameter still injected).  Every
other tool can read ``context.metadata["context_variables"]``.
"""

from __future__ import annotations

import inspect
from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.function import FunctionTool
from hookline.tools.result import ToolResult
from hookline.workflows.context import ContextVariables

__all__ = ["CONTEXT_PARAMETER", "ContextVariablesTool", "adapt_tool", "wants_context_variables"]

CONTEXT_PARAMETER = "context_variables"
METADATA_KEY = "context_variables"


def wants_context_variables(tool: Tool[Any]) -> bool:
    """True for a ``FunctionTool`` whose function has a ``context_variables`` parameter."""
    if not isinstance(tool, FunctionTool):
        return False
    try:
        parameters = inspect.signature(tool.function).parameters
    except (TypeError, ValueError):
        return False
    return CONTEXT_PARAMETER in parameters


class ContextVariablesTool(Tool[BaseModel]):
    """A ``FunctionTool`` with its ``context_variables`` parameter filled by the workflow.

    Example::

        @tool
        def set_stage(stage: str, context_variables: ContextVariables) -> str:
            context_variables.data["stage"] = stage
            return "ok"

        adapted = ContextVariablesTool(set_stage, ContextVariables())
        assert "context_variables" not in adapted.get_schema().parameters["properties"]
    """

    def __init__(self, inner: FunctionTool, context_variables: ContextVariables) -> None:
        self.inner = inner
        self.context_variables = context_variables
        self.name = inner.name
        self.description = inner.description
        self.access_groups = list(inner.access_groups)
        self._args_model = _without_context(inner)

    def get_args_schema(self) -> type[BaseModel]:
        return self._args_model

    async def execute(self, context: ToolContext, args: BaseModel) -> ToolResult:
        values = {name: getattr(args, name) for name in type(args).model_fields}
        values[CONTEXT_PARAMETER] = self.context_variables
        full = self.inner.get_args_schema().model_construct(**values)
        return await self.inner.execute(context, full)


def adapt_tool(tool: Tool[Any], context_variables: ContextVariables) -> Tool[Any]:
    """``tool`` itself, or a ``ContextVariablesTool`` when it declares ``context_variables``."""
    if isinstance(tool, FunctionTool) and wants_context_variables(tool):
        return ContextVariablesTool(tool, context_variables)
    return tool


def _without_context(inner: FunctionTool) -> type[BaseModel]:
    model = inner.get_args_schema()
    fields: dict[str, Any] = {
        name: (info.annotation, info)
        for name, info in model.model_fields.items()
        if name != CONTEXT_PARAMETER
    }
    return create_model(model.__name__, __config__=ConfigDict(extra="forbid"), **fields)
