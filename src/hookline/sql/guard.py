"""The read-only guard of the SQL tools: a statement is parsed, not judged by its first word.

``check_read_only(sql, dialect=...)`` accepts one query (SELECT, WITH ... SELECT,
UNION/INTERSECT/EXCEPT, VALUES, EXPLAIN of a query, DESCRIBE/SHOW/SUMMARIZE of a
table and the SQLite PRAGMAs that only read) and raises ``SqlNotAllowedError`` for
everything else: writes, DDL, ATTACH, COPY, transactions, settings, PRAGMA writes,
several statements, a data-modifying statement inside a WITH, ``SELECT ... INTO``,
``FOR UPDATE``, any function that is not on the dialect's allow-list
(``ALLOWED_FUNCTIONS``: aggregates, arithmetic, string, date/time, casts, window
and JSON readers; extend it with ``allowed_functions``), the PostgreSQL catalogs
that show server files or secrets (``pg_hba_file_rules``, ``pg_authid`` ...) and,
for DuckDB, tables named by a file path (replacement scans).  Names are compared
as the database resolves them: Unicode escapes (``U&"\\0070g_read_file"``),
quoting, case and schema qualification are normalised first.  SQL that does not
parse, SQL longer than ``max_chars`` and SQL nested too deeply to verify are
refused too (fail closed).  The check is CPU work: callers on an event loop run it
in a thread (``run_query`` does).

This is defence in depth: the database enforces read-only access itself (SQLite
``mode=ro`` + an authorizer, DuckDB ``read_only`` with external access off and the
configuration locked, PostgreSQL a role without file or superuser rights and
``READ ONLY`` transactions rolled back).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from hookline.errors import HooklineError
from hookline.sql.allow_list import ALLOWED_FUNCTIONS
from hookline.sql.function_policy import FunctionPolicy
from hookline.sql.identifiers import (
    UnverifiableIdentifierError,
    decode_unicode_identifiers,
    quoted_function_names,
)

__all__ = [
    "ALLOWED_FUNCTIONS",
    "DENIED_FUNCTIONS",
    "DENIED_RELATIONS",
    "MAX_SQL_CHARS",
    "SqlNotAllowedError",
    "check_read_only",
]

MAX_SQL_CHARS = 50_000
"""The longest SQL text the guard parses by default (queries a model writes are a few KB;
parsing 50,000 characters takes about half a second of CPU)."""


class SqlNotAllowedError(HooklineError):
    """A statement the read-only guard refused; the message is written for the model."""


_ALLOWED_ROOTS: tuple[type[exp.Expression], ...] = (
    exp.Select,
    exp.SetOperation,
    exp.Subquery,
    exp.Values,
    exp.Describe,
    exp.Show,
    exp.Summarize,
    exp.Pivot,
    exp.Pragma,
)

_DENIED_NODES: tuple[type[exp.Expression], ...] = tuple(
    node
    for name in (
        "DML", "DDL", "Insert", "Update", "Delete", "Merge", "Create", "Drop", "Alter",
        "TruncateTable", "Copy", "Attach", "Detach", "Set", "Transaction", "Commit",
        "Rollback", "Grant", "Revoke", "Into", "Lock", "Comment", "Analyze", "Install",
        "Use", "LoadData", "Command", "Refresh", "Cache", "Uncache", "Export",
    )
    if isinstance(node := getattr(exp, name, None), type)
)  # fmt: skip

DENIED_FUNCTIONS: frozenset[str] = frozenset(
    {
        # SQLite
        "load_extension", "readfile", "writefile", "edit", "fts3_tokenizer",
        # PostgreSQL: files, large objects, SQL run from a string, settings, stalls, admin
        "lo_*", "loread", "lowrite", "pg_read_*", "pg_ls_*", "pg_file_*", "pg_stat_file",
        "pg_logdir_ls", "*_to_xml*", "ts_stat", "ts_rewrite", "dblink*", "pg_background_*",
        "crosstab*", "connectby",
        "set_config", "pg_sleep*", "pg_advisory_*", "pg_try_advisory_*", "pg_notify",
        "nextval", "setval", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf",
        "pg_rotate_logfile*", "pg_switch_wal", "pg_create_*", "pg_drop_replication_slot",
        "pg_copy_*", "pg_replication_*", "pg_logical_*", "pg_promote", "pg_*backup*",
        "pg_wal_replay_*", "pg_stat_reset*", "pg_stat_statements_reset",
        "pg_log_backend_memory_contexts", "pg_import_system_collations",
        # DuckDB: files and network (also blocked by enable_external_access=false)
        "read_*", "parquet_*", "*_scan", "sniff_csv", "glob", "query", "query_table",
        "sqlite_attach", "postgres_*", "mysql_*", "iceberg_*", "delta_*",
        "load_aws_credentials",
    }
)  # fmt: skip
"""Functions refused even when an operator's ``allowed_functions`` pattern would let them
through: side effects, file or network access, dynamic SQL (a denial wins).

Names are matched after normalisation, schema-qualified or not; ``*`` is a
wildcard (``lo_*`` covers ``lo_create``, ``lo_export``, ...).
"""

DENIED_RELATIONS: frozenset[str] = frozenset(
    {"pg_authid", "pg_shadow", "pg_user_mapping", "pg_user_mappings", "pg_hba_file_rules",
     "pg_ident_file_mappings", "pg_file_settings", "pg_largeobject", "pg_statistic",
     "pg_subscription", "pg_replication_origin_status", "pg_stat_activity"}
)  # fmt: skip
"""PostgreSQL catalogs refused by name: server configuration files, password hashes,
credentials of foreign servers, large objects and the other sessions' queries."""
_FILE_NAME_CHARS = re.compile(r"[/\\.:*?~]")

# PRAGMAs that only read. The first set takes a table or index name as its argument;
# the second must be used bare, because ``PRAGMA name(value)`` is a write for them.
PRAGMAS_WITH_NAME = frozenset(
    {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo",
     "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check", "table_list"}
)  # fmt: skip
PRAGMAS_BARE = frozenset(
    {"database_list", "collation_list", "function_list", "module_list", "pragma_list",
     "compile_options", "user_version", "schema_version", "application_id", "page_count",
     "page_size", "freelist_count", "encoding", "journal_mode", "foreign_keys",
     "data_version", "max_page_count", "auto_vacuum", "query_only"}
)  # fmt: skip

_EXPLAIN = re.compile(r"^\s*EXPLAIN\b", re.IGNORECASE)
_EXPLAIN_OPTION = re.compile(
    r"^\s*(?:QUERY\s+PLAN\b|ANALY[SZ]E\b|VERBOSE\b|\([^()]*\))", re.IGNORECASE
)
_LEADING_COMMENTS = re.compile(r"^(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*", re.DOTALL)

READ_ONLY_HINT = (
    "This SQL tool is read-only: send exactly one SELECT (WITH ... SELECT, UNION and "
    "EXPLAIN work too)."
)


def check_read_only(
    sql: str,
    *,
    dialect: str | None = None,
    allowed_functions: Iterable[str] = (),
    denied_functions: Iterable[str] = DENIED_FUNCTIONS,
    max_chars: int = MAX_SQL_CHARS,
) -> None:
    """Raise ``SqlNotAllowedError`` unless ``sql`` is exactly one read-only statement.

    ``dialect`` is a sqlglot dialect name ("sqlite", "duckdb", "postgres", ...);
    ``allowed_functions`` are names (or ``*`` patterns) added to the dialect's
    allow-list, ``denied_functions`` names or patterns refused whatever the
    allow-list says; SQL longer than ``max_chars`` is refused before it is parsed.

    Example::

        check_read_only("WITH t AS (SELECT 1 AS x) SELECT x FROM t", dialect="sqlite")
        check_read_only("SELECT my_udf(x) FROM t", dialect="postgres", allowed_functions=["my_udf"])
        check_read_only("DELETE FROM orders")  # raises SqlNotAllowedError
    """
    if len(sql) > max_chars:
        raise SqlNotAllowedError(
            f"Refused: the SQL is {len(sql)} characters long; this tool checks at most "
            f"{max_chars}. Send a shorter query."
        )
    policy = FunctionPolicy.build(
        dialect, allowed=tuple(allowed_functions), denied=tuple(denied_functions)
    )
    try:
        _check(sql, dialect, policy)
    except RecursionError:
        raise SqlNotAllowedError(
            "Refused: the query is nested too deeply to be verified as read-only. "
            "Flatten it (fewer nested parentheses, subqueries or expressions)."
        ) from None


def _check(sql: str, dialect: str | None, policy: FunctionPolicy) -> None:
    body = _LEADING_COMMENTS.sub("", sql, count=1)
    if _EXPLAIN.match(body):
        inner = _strip_explain(body)
        if _EXPLAIN.match(_LEADING_COMMENTS.sub("", inner, count=1)):
            raise SqlNotAllowedError(f"Refused: nested EXPLAIN. {READ_ONLY_HINT}")
        _check(inner, dialect, policy)
        return
    statement = _parse_one(_normalised_text(sql, dialect, policy), dialect)
    _check_root(statement)
    _check_tree(statement, policy, files_as_tables=dialect == "duckdb")


def _normalised_text(sql: str, dialect: str | None, policy: FunctionPolicy) -> str:
    """``sql`` with ``U&"..."`` identifiers decoded; quoted mixed-case calls refused."""
    try:
        text = decode_unicode_identifiers(sql, dialect)
        quoted = quoted_function_names(text, dialect) if policy.dialect == "postgres" else []
    except UnverifiableIdentifierError as exc:
        raise SqlNotAllowedError(
            f"Refused: the query spells a name with {exc}, which this tool cannot verify. "
            "Write names plainly."
        ) from None
    except SqlglotError as exc:
        raise SqlNotAllowedError(
            f"Refused: the statement could not be parsed, so it cannot be verified as "
            f"read-only ({str(exc).splitlines()[0]}). {READ_ONLY_HINT}"
        ) from exc
    for name in quoted:
        if policy.refuses_quoted(name):
            raise SqlNotAllowedError(
                f'Refused: the function "{name}"() is not allowed by this read-only SQL tool: '
                "a quoted name is matched case-sensitively, so it is not a built-in function."
            )
    return text


def _strip_explain(body: str) -> str:
    rest = _EXPLAIN.sub("", body, count=1)
    while match := _EXPLAIN_OPTION.match(rest):
        rest = rest[match.end() :]
    return rest


def _parse_one(sql: str, dialect: str | None) -> exp.Expression:
    try:
        parsed = sqlglot.parse(sql, read=dialect)
        statements = [s for s in parsed if s is not None and not _is_comment_only(s)]
    except SqlglotError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SqlNotAllowedError(
            f"Refused: the statement could not be parsed, so it cannot be verified as "
            f"read-only ({reason}). {READ_ONLY_HINT}"
        ) from exc
    if not statements:
        raise SqlNotAllowedError(f"Refused: the SQL is empty. {READ_ONLY_HINT}")
    if len(statements) > 1:
        raise SqlNotAllowedError(
            f"Refused: {len(statements)} statements were sent; send exactly one per call. "
            f"{READ_ONLY_HINT}"
        )
    statement = statements[0]
    if not isinstance(statement, exp.Expression):  # pragma: no cover - sqlglot always builds these
        raise SqlNotAllowedError(f"Refused: the statement is not understood. {READ_ONLY_HINT}")
    return statement


def _is_comment_only(statement: object) -> bool:
    """A trailing ``; -- comment`` parses as an empty statement that carries the comment."""
    semicolon = getattr(exp, "Semicolon", None)
    return semicolon is not None and isinstance(statement, semicolon)


def _check_root(statement: exp.Expression) -> None:
    if not isinstance(statement, _ALLOWED_ROOTS):
        raise SqlNotAllowedError(f"Refused: {_describe(statement)}. {READ_ONLY_HINT}")
    if isinstance(statement, exp.Pragma):
        _check_pragma(statement)
    if isinstance(statement, exp.Summarize) and isinstance(statement.this, exp.Literal):
        raise SqlNotAllowedError(
            f"Refused: SUMMARIZE {statement.this.sql()} names a file; this SQL tool reads "
            "tables of the database only, not files."
        )


def _check_tree(
    statement: exp.Expression, policy: FunctionPolicy, *, files_as_tables: bool
) -> None:
    for node in statement.walk():
        if isinstance(node, exp.Func):
            if reason := policy.refusal(node):
                raise SqlNotAllowedError(f"Refused: {reason}")
        elif isinstance(node, exp.Table):
            _check_table(node, policy.dialect, files_as_tables=files_as_tables)
        elif isinstance(node, (*_DENIED_NODES, exp.Pragma)) and node is not statement:
            raise SqlNotAllowedError(
                f"Refused: the query contains {_describe(node)}. {READ_ONLY_HINT}"
            )


def _check_table(table: exp.Table, dialect: str, *, files_as_tables: bool) -> None:
    if files_as_tables and _names_a_file(table):
        raise SqlNotAllowedError(
            f"Refused: {table.name!r} is a file path; this SQL tool reads tables of the "
            "database only, not files."
        )
    if dialect != "postgres" or not isinstance(table.this, exp.Identifier):
        return
    name = table.this.this if table.this.quoted else table.this.this.lower()
    schema = table.args.get("db")
    schema_name = schema.name.lower() if isinstance(schema, exp.Identifier) else None
    if name in DENIED_RELATIONS and schema_name in (None, "pg_catalog"):
        raise SqlNotAllowedError(
            f"Refused: the catalog {name} shows server configuration, credentials or other "
            "sessions; this SQL tool does not read it."
        )


def _names_a_file(table: exp.Table) -> bool:
    """DuckDB reads ``FROM 'data.csv'`` or ``FROM "/tmp/x.parquet"`` as a file."""
    target = table.this
    if isinstance(target, exp.Literal):
        return True
    quoted = isinstance(target, exp.Identifier) and bool(target.args.get("quoted"))
    return quoted and bool(_FILE_NAME_CHARS.search(target.name))


def _check_pragma(pragma: exp.Pragma) -> None:
    target = pragma.this
    has_argument = isinstance(target, exp.EQ)
    name_node = target.this if isinstance(target, exp.EQ) else target
    if isinstance(name_node, exp.Dot):
        name_node = name_node.expression
    name = name_node.name.lower() if isinstance(name_node, exp.Expression) else ""
    if name in PRAGMAS_WITH_NAME or (name in PRAGMAS_BARE and not has_argument):
        return
    if name in PRAGMAS_BARE:
        raise SqlNotAllowedError(
            f"Refused: PRAGMA {name} with a value changes a setting. {READ_ONLY_HINT}"
        )
    raise SqlNotAllowedError(
        f"Refused: PRAGMA {name or '?'} is not one of the read-only PRAGMAs. {READ_ONLY_HINT}"
    )


def _describe(node: object) -> str:
    if isinstance(node, exp.Command):
        return f"a {str(node.this).upper()} statement"
    if isinstance(node, exp.Into):
        return "SELECT ... INTO (it creates a table)"
    if isinstance(node, exp.Lock):
        return "a locking clause (FOR UPDATE/SHARE)"
    if isinstance(node, exp.Column | exp.Alias | exp.Identifier | exp.Var):
        return "a statement that is not a query"
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(node).__name__).upper()
    article = "an" if words[0] in "AEIOU" else "a"
    return f"{article} {words} statement"
