"""Tools: the base class, the ``@tool`` decorator, the registry, context and result."""

from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.function import FunctionTool, tool
from hookline.tools.registry import ToolRegistry
from hookline.tools.result import ToolResult

__all__ = ["FunctionTool", "Tool", "ToolContext", "ToolRegistry", "ToolResult", "tool"]
