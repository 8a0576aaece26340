"""Built-in tools: SQL (read-only by default), charts, the schema prompt, the sample
database, MCP, and the memory tools.

Importing this package needs no optional dependency: DuckDB, asyncpg, altair
and the MCP SDK are imported when first used.
"""

from hookline.tools.builtin.chart_spec import (
    ChartSpecError,
    build_chart_spec,
    validate_vega_lite,
    vega_lite_validation_mode,
)
from hookline.tools.builtin.charts import VisualizeDataArgs, VisualizeDataTool
from hookline.tools.builtin.duckdb_runner import DuckDbRunner
from hookline.tools.builtin.mcp import McpConnectionError, McpTool, McpToolset
from hookline.tools.builtin.memory import (
    SaveQuestionToolArgsTool,
    SaveTextMemoryTool,
    SearchSavedCorrectToolUsesTool,
    memory_tools,
)
from hookline.tools.builtin.postgres_runner import PostgresRunner
from hookline.tools.builtin.sample_db import (
    default_data_dir,
    ensure_sample_database,
    sample_database_checksum,
)
from hookline.tools.builtin.schema_prompt import SchemaAwareSystemPromptBuilder, format_schema
from hookline.tools.builtin.sql import RunSqlArgs, RunSqlTool, run_query
from hookline.tools.builtin.sql_connect import create_sql_runner
from hookline.tools.builtin.sql_guard import SqlNotAllowedError, check_read_only
from hookline.tools.builtin.sql_runner import (
    ColumnInfo,
    DatabaseSchema,
    ForeignKey,
    QueryResult,
    SqlExecutionError,
    SqlRunner,
    SqlTimeoutError,
    TableInfo,
)
from hookline.tools.builtin.sqlite_runner import SqliteRunner

__all__ = [
    "ChartSpecError",
    "ColumnInfo",
    "DatabaseSchema",
    "DuckDbRunner",
    "ForeignKey",
    "McpConnectionError",
    "McpTool",
    "McpToolset",
    "PostgresRunner",
    "QueryResult",
    "RunSqlArgs",
    "RunSqlTool",
    "SaveQuestionToolArgsTool",
    "SaveTextMemoryTool",
    "SchemaAwareSystemPromptBuilder",
    "SearchSavedCorrectToolUsesTool",
    "SqlExecutionError",
    "SqlNotAllowedError",
    "SqlRunner",
    "SqlTimeoutError",
    "SqliteRunner",
    "TableInfo",
    "VisualizeDataArgs",
    "VisualizeDataTool",
    "build_chart_spec",
    "check_read_only",
    "create_sql_runner",
    "default_data_dir",
    "ensure_sample_database",
    "format_schema",
    "memory_tools",
    "run_query",
    "sample_database_checksum",
    "validate_vega_lite",
    "vega_lite_validation_mode",
]
