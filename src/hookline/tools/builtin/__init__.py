"""Built-in tools: SQL (read-only by default), charts, MCP, and the memory tools.

The database layer they run on (runners, the read-only guard, the sample database,
the schema prompt) is ``hookline.sql``.  Importing this package needs no optional
dependency: DuckDB, asyncpg, altair and the MCP SDK are imported when first used.
"""

from hookline.tools.builtin.chart_spec import (
    ChartSpecError,
    build_chart_spec,
    validate_vega_lite,
    vega_lite_validation_mode,
)
from hookline.tools.builtin.charts import VisualizeDataArgs, VisualizeDataTool
from hookline.tools.builtin.mcp import McpConnectionError, McpTool, McpToolset
from hookline.tools.builtin.memory import (
    SaveQuestionToolArgsTool,
    SaveTextMemoryTool,
    SearchSavedCorrectToolUsesTool,
    memory_tools,
)
from hookline.tools.builtin.sql import RunSqlArgs, RunSqlTool, run_query

__all__ = [
    "ChartSpecError",
    "McpConnectionError",
    "McpTool",
    "McpToolset",
    "RunSqlArgs",
    "RunSqlTool",
    "SaveQuestionToolArgsTool",
    "SaveTextMemoryTool",
    "SearchSavedCorrectToolUsesTool",
    "VisualizeDataArgs",
    "VisualizeDataTool",
    "build_chart_spec",
    "memory_tools",
    "run_query",
    "validate_vega_lite",
    "vega_lite_validation_mode",
]
