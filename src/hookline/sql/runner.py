"""SqlRunner: the database behind the SQL tools, and what a query and a schema look like.

A runner executes one statement with a row limit and a timeout and describes
the schema (tables, columns, keys).  hookline ships ``SqliteRunner`` (the
default, stdlib), ``DuckDbRunner`` (extra ``duckdb``) and ``PostgresRunner``
(extra ``postgres-sql``: asyncpg); ``create_sql_runner(url)`` picks one from a
URL.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from hookline.errors import HooklineError
from hookline.sql.limits import ResultLimits
from hookline.sql.query_result import QueryResult

__all__ = [
    "ColumnInfo",
    "DatabaseSchema",
    "ForeignKey",
    "QueryResult",
    "SqlExecutionError",
    "SqlRunner",
    "SqlTimeoutError",
    "TableInfo",
    "UnsafeDatabaseError",
]


class SqlExecutionError(HooklineError):
    """The database rejected or failed the statement; the message is for the model."""


class UnsafeDatabaseError(SqlExecutionError):
    """The runner refuses the database before any query: it could not make it read-only
    (a PostgreSQL superuser, a DuckDB connection it cannot lock down); the message names
    the fix."""


class SqlTimeoutError(SqlExecutionError):
    """The statement ran longer than the runner's timeout and was stopped."""


@dataclass(kw_only=True)
class ColumnInfo:
    """One column of a table.

    Example::

        ColumnInfo(name="customer_id", type="INTEGER", nullable=False)
    """

    name: str
    type: str = ""
    nullable: bool = True


@dataclass(kw_only=True)
class ForeignKey:
    """``columns`` of a table reference ``ref_columns`` of ``ref_table``.

    Example::

        ForeignKey(columns=["customer_id"], ref_table="customers", ref_columns=["customer_id"])
    """

    columns: list[str]
    ref_table: str
    ref_columns: list[str]


@dataclass(kw_only=True)
class TableInfo:
    """A table (or view) with its columns and keys.

    Example::

        TableInfo(name="orders", columns=[ColumnInfo(name="order_id")], primary_key=["order_id"])
    """

    name: str
    columns: list[ColumnInfo] = field(default_factory=list)
    primary_key: list[str] = field(default_factory=list)
    foreign_keys: list[ForeignKey] = field(default_factory=list)
    kind: str = "table"

    def foreign_key_columns(self) -> set[str]:
        """The columns that reference another table (of any of its foreign keys)."""
        return {column for fk in self.foreign_keys for column in fk.columns}

    def paired_key_columns(self) -> set[str]:
        """The primary-key columns that reference another table: two or more make each row
        a pairing of other tables' rows (a book's lessons, a recipe's components)."""
        return self.foreign_key_columns() & set(self.primary_key)


@dataclass(kw_only=True)
class DatabaseSchema:
    """What ``SqlRunner.describe`` returns.

    Example::

        DatabaseSchema(dialect="sqlite", tables=[TableInfo(name="orders")])
    """

    dialect: str
    tables: list[TableInfo] = field(default_factory=list)

    def table(self, name: str) -> TableInfo | None:
        """The table called ``name`` (case-insensitive), or None."""
        lowered = name.lower()
        return next((t for t in self.tables if t.name.lower() == lowered), None)


class SqlRunner(ABC):
    """Runs SQL against one database. Subclass it to add a database.

    ``dialect`` is the sqlglot dialect name the read-only guard parses with.
    ``run`` must honour ``read_only`` on the database side too (a read-only
    connection or transaction), stop the statement after ``timeout_s`` with
    ``SqlTimeoutError``, fetch at most ``max_rows`` rows within ``limits``
    (fetch in batches through a ``RowCollector``) and report ``truncated``;
    database errors become ``SqlExecutionError``.

    Example::

        class MyRunner(SqlRunner):
            dialect = "sqlite"

            async def run(self, sql, *, max_rows, timeout_s, read_only=True):
                return QueryResult(columns=["one"], rows=[(1,)])

            async def describe(self):
                return DatabaseSchema(dialect="sqlite")
    """

    dialect: str = "sqlite"
    limits: ResultLimits = ResultLimits()

    @abstractmethod
    async def run(
        self, sql: str, *, max_rows: int, timeout_s: float, read_only: bool = True
    ) -> QueryResult:
        """Execute one statement and fetch at most ``max_rows`` rows."""

    @abstractmethod
    async def describe(self) -> DatabaseSchema:
        """Tables, columns, primary and foreign keys."""

    async def verify(self) -> None:  # noqa: B027 - optional hook
        """Check now that the database is safe to query; raise ``SqlExecutionError`` if not.

        Runners check on first use anyway; ``hookline serve`` calls this at start
        so a misconfigured database stops the server before it listens.
        """

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections (default: nothing to release)."""

    async def __aenter__(self) -> SqlRunner:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
