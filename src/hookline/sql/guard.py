"""The read-only guard of the SQL tools: a statement is parsed, not judged by its first word.

``check_read_only(sql, dialect=...)`` accepts one query (SELECT, WITH ... SELECT,
UNION/INTERSECT/EXCEPT, VALUES, EXPLAIN of a query, DESCRIBE/SHOW/SUMMARIZE and
the SQLite PRAGMAs that only read) and raises ``SqlNotAllowedError`` for
everything else: writes, DDL, ATTACH, COPY, transactions, settings, PRAGMA
writes, several statements, a data-modifying statement inside a WITH,
``SELECT ... INTO``, ``FOR UPDATE``, the functions of ``DENIED_FUNCTIONS``
(side effects, file or network access, SQL run from a string) and, for
DuckDB, tables named by a file path (replacement scans).  SQL that does not
parse, SQL longer than ``max_chars`` and SQL nested too deeply to verify are
refused too (fail closed).  The check is CPU work: callers on an event loop
run it in a thread (``run_query`` does).

This is the first of two locks: the runners also open the database
read-only (SQLite ``mode=ro`` + ``query_only``, DuckDB ``read_only`` with
external access off, PostgreSQL ``READ ONLY`` transactions rolled back).
The database account's privileges remain the real boundary.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Callable, Iterable

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from hookline.errors import HooklineError

__all__ = ["DENIED_FUNCTIONS", "MAX_SQL_CHARS", "SqlNotAllowedError", "check_read_only"]

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
"""Functions refused in read-only mode: side effects, file or network access, dynamic SQL.

Names are matched case-insensitively, schema-qualified or not; ``*`` is a
wildcard (``lo_*`` covers ``lo_create``, ``lo_export``, ...).
"""
_FILE_NAME_CHARS = re.compile(r"[/\\.:*?~]")

# PRAGMAs that only read. The first set takes a table or index name as its argument;
# the second must be used bare, because ``PRAGMA name(value)`` is a write for them.
_PRAGMAS_WITH_NAME = frozenset(
    {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo",
     "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check", "table_list"}
)  # fmt: skip
_PRAGMAS_BARE = frozenset(
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
    denied_functions: Iterable[str] = DENIED_FUNCTIONS,
    max_chars: int = MAX_SQL_CHARS,
) -> None:
    """Raise ``SqlNotAllowedError`` unless ``sql`` is exactly one read-only statement.

    ``dialect`` is a sqlglot dialect name ("sqlite", "duckdb", "postgres", ...);
    ``denied_functions`` are names or ``*`` patterns; SQL longer than
    ``max_chars`` is refused before it is parsed.

    Example::

        check_read_only("WITH t AS (SELECT 1 AS x) SELECT x FROM t", dialect="sqlite")
        check_read_only("DELETE FROM orders")  # raises SqlNotAllowedError
    """
    if len(sql) > max_chars:
        raise SqlNotAllowedError(
            f"Refused: the SQL is {len(sql)} characters long; this tool checks at most "
            f"{max_chars}. Send a shorter query."
        )
    denied = _denied_matcher(frozenset(name.lower() for name in denied_functions))
    try:
        _check(sql, dialect, denied)
    except RecursionError:
        raise SqlNotAllowedError(
            "Refused: the query is nested too deeply to be verified as read-only. "
            "Flatten it (fewer nested parentheses, subqueries or expressions)."
        ) from None


def _check(sql: str, dialect: str | None, denied: Callable[[str], bool]) -> None:
    body = _LEADING_COMMENTS.sub("", sql, count=1)
    if _EXPLAIN.match(body):
        inner = _strip_explain(body)
        if _EXPLAIN.match(_LEADING_COMMENTS.sub("", inner, count=1)):
            raise SqlNotAllowedError(f"Refused: nested EXPLAIN. {READ_ONLY_HINT}")
        _check(inner, dialect, denied)
        return
    statement = _parse_one(sql, dialect)
    _check_root(statement)
    _check_tree(statement, denied, files_as_tables=dialect == "duckdb")


@functools.lru_cache(maxsize=32)
def _denied_matcher(names: frozenset[str]) -> Callable[[str], bool]:
    exact = frozenset(name for name in names if "*" not in name)
    patterns = [fnmatch.translate(name) for name in sorted(names - exact)]
    wildcard = re.compile("|".join(patterns)) if patterns else None
    return lambda name: name in exact or (wildcard is not None and bool(wildcard.match(name)))


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


def _check_tree(
    statement: exp.Expression, denied: Callable[[str], bool], *, files_as_tables: bool
) -> None:
    for node in statement.walk():
        if node is statement and isinstance(statement, exp.Pragma):
            continue
        if isinstance(node, (*_DENIED_NODES, exp.Pragma)):
            raise SqlNotAllowedError(
                f"Refused: the query contains {_describe(node)}. {READ_ONLY_HINT}"
            )
        if isinstance(node, exp.Func) and denied(name := _function_name(node)):
            raise SqlNotAllowedError(
                f"Refused: the function {name}() is not allowed by this read-only "
                "SQL tool (side effects, file access or SQL run from a string)."
            )
        if files_as_tables and isinstance(node, exp.Table) and _names_a_file(node):
            raise SqlNotAllowedError(
                f"Refused: {node.name!r} is a file path; this SQL tool reads tables of the "
                "database only, not files."
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
    if name in _PRAGMAS_WITH_NAME or (name in _PRAGMAS_BARE and not has_argument):
        return
    if name in _PRAGMAS_BARE:
        raise SqlNotAllowedError(
            f"Refused: PRAGMA {name} with a value changes a setting. {READ_ONLY_HINT}"
        )
    raise SqlNotAllowedError(
        f"Refused: PRAGMA {name or '?'} is not one of the read-only PRAGMAs. {READ_ONLY_HINT}"
    )


def _function_name(node: exp.Func) -> str:
    if isinstance(node, exp.Anonymous):
        return node.name.lower()
    return node.sql_name().lower()


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
