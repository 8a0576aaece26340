"""The database layer of the SQL tools: runners, the read-only guard, the sample database
and the schema-aware system prompt.

A ``SqlRunner`` executes one read-only statement with a row limit, size limits
(``ResultLimits``) and a timeout and describes the schema;
``create_sql_runner(url)`` picks one from a URL or path.
The tools that use them (``RunSqlTool``, ``VisualizeDataTool``) live in
``hookline.tools.builtin``.  Importing this package needs no optional dependency:
DuckDB and asyncpg are imported when a runner first connects.

Example::

    from hookline.sql import check_read_only, create_sql_runner

    runner = create_sql_runner()  # the embedded sample database
    sql = "SELECT count(*) FROM orders"
    check_read_only(sql)  # raises SqlNotAllowedError for writes and unlisted functions
    result = await runner.run(sql, max_rows=100, timeout_s=5.0)
"""

from hookline.sql.connect import create_sql_runner
from hookline.sql.duckdb_runner import DuckDbRunner
from hookline.sql.guard import (
    ALLOWED_FUNCTIONS,
    DENIED_FUNCTIONS,
    DENIED_RELATIONS,
    MAX_SQL_CHARS,
    SqlNotAllowedError,
    check_read_only,
)
from hookline.sql.limits import ResultLimits
from hookline.sql.pg_privileges import PrivilegedRoleError, least_privilege_role_sql
from hookline.sql.postgres_runner import PostgresRunner
from hookline.sql.runner import (
    ColumnInfo,
    DatabaseSchema,
    ForeignKey,
    QueryResult,
    SqlExecutionError,
    SqlRunner,
    SqlTimeoutError,
    TableInfo,
    UnsafeDatabaseError,
)
from hookline.sql.sample_db import (
    SAMPLE_DB_VERSION,
    SAMPLE_QUESTIONS,
    default_data_dir,
    ensure_sample_database,
    sample_database_checksum,
)
from hookline.sql.schema_prompt import (
    DEFAULT_SQL_PROMPT,
    SchemaAwareSystemPromptBuilder,
    format_schema,
)
from hookline.sql.sqlite_runner import SqliteRunner

__all__ = [
    "ALLOWED_FUNCTIONS",
    "DEFAULT_SQL_PROMPT",
    "DENIED_FUNCTIONS",
    "DENIED_RELATIONS",
    "MAX_SQL_CHARS",
    "SAMPLE_DB_VERSION",
    "SAMPLE_QUESTIONS",
    "ColumnInfo",
    "DatabaseSchema",
    "DuckDbRunner",
    "ForeignKey",
    "PostgresRunner",
    "PrivilegedRoleError",
    "QueryResult",
    "ResultLimits",
    "SchemaAwareSystemPromptBuilder",
    "SqlExecutionError",
    "SqlNotAllowedError",
    "SqlRunner",
    "SqlTimeoutError",
    "SqliteRunner",
    "TableInfo",
    "UnsafeDatabaseError",
    "check_read_only",
    "create_sql_runner",
    "default_data_dir",
    "ensure_sample_database",
    "format_schema",
    "least_privilege_role_sql",
    "sample_database_checksum",
]
