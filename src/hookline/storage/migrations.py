"""Versioned schemas: each component owns an ordered list of migration functions.

A ``schema_version`` table records, per component (``"conversations"``,
``"memory"``), every migration applied.  Opening a store applies the missing
ones in order, inside one transaction, under a lock that makes two processes
opening the same database at once safe.  Migrations are append-only: never
edit a released one, add the next.  Several components can share one SQLite
file or one PostgreSQL schema.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import aiosqlite

__all__ = [
    "PostgresMigration",
    "SchemaTooNewError",
    "SqliteMigration",
    "TableNames",
    "migrate_postgres",
    "migrate_sqlite",
]

SqliteMigration = Callable[["aiosqlite.Connection"], Awaitable[None]]
PostgresMigration = Callable[[Any, "TableNames"], Awaitable[None]]

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,39}$")
_PREFIX = re.compile(r"^([A-Za-z_][A-Za-z0-9_]{0,39})?$")


class SchemaTooNewError(RuntimeError):
    """The database was migrated by a newer hookline than this one."""


@dataclass(frozen=True, kw_only=True)
class TableNames:
    """Quoted, optionally schema-qualified PostgreSQL table names.

    Both parts are validated (letters, digits, ``_``), so they are safe to
    place in SQL text; everything else goes through query parameters.

    Example::

        names = TableNames(schema="test_1", prefix="hookline_")
        names.table("messages")  # '"test_1"."hookline_messages"'
    """

    schema: str | None = None
    prefix: str = "hookline_"

    def __post_init__(self) -> None:
        if self.schema is not None and not _IDENTIFIER.match(self.schema):
            raise ValueError(f"Invalid schema name {self.schema!r}: use letters, digits, '_'.")
        if not _PREFIX.match(self.prefix):
            raise ValueError(f"Invalid table prefix {self.prefix!r}: use letters, digits, '_'.")

    def table(self, name: str) -> str:
        """The quoted name of table ``name`` (with the prefix and schema)."""
        quoted = f'"{self.prefix}{name}"'
        return f'"{self.schema}".{quoted}' if self.schema else quoted

    def index(self, name: str) -> str:
        """The quoted, unqualified name of index ``name`` (indexes live with their table)."""
        return f'"{self.prefix}{name}"'


async def migrate_sqlite(
    db: aiosqlite.Connection, component: str, migrations: Sequence[SqliteMigration]
) -> int:
    """Apply ``component``'s missing migrations; return the schema version now in force.

    ``db`` must be in autocommit mode (``isolation_level=None``).
    """
    await db.execute("BEGIN IMMEDIATE")
    try:
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (component TEXT NOT NULL, "
            "version INTEGER NOT NULL, applied_at TEXT NOT NULL, "
            "PRIMARY KEY (component, version))"
        )
        async with db.execute(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version WHERE component = ?",
            (component,),
        ) as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        _check_not_newer(component, current, migrations)
        for version in range(current + 1, len(migrations) + 1):
            await migrations[version - 1](db)
            await db.execute(
                "INSERT INTO schema_version (component, version, applied_at) VALUES (?, ?, ?)",
                (component, version, datetime.now(UTC).isoformat()),
            )
        await db.execute("COMMIT")
    except BaseException:
        await db.execute("ROLLBACK")
        raise
    return len(migrations)


async def migrate_postgres(
    conn: Any, names: TableNames, component: str, migrations: Sequence[PostgresMigration]
) -> int:
    """Apply ``component``'s missing migrations on an asyncpg connection; return the version.

    Serialised across processes by a transaction-level advisory lock.
    """
    version_table = names.table("schema_version")
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", version_table)
        if names.schema:
            await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{names.schema}"')
        await conn.execute(
            f"CREATE TABLE IF NOT EXISTS {version_table} (component TEXT NOT NULL, "
            "version INTEGER NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now(), "
            "PRIMARY KEY (component, version))"
        )
        current = await conn.fetchval(
            f"SELECT COALESCE(MAX(version), 0) FROM {version_table} WHERE component = $1",
            component,
        )
        _check_not_newer(component, int(current), migrations)
        for version in range(int(current) + 1, len(migrations) + 1):
            await migrations[version - 1](conn, names)
            await conn.execute(
                f"INSERT INTO {version_table} (component, version) VALUES ($1, $2)",
                component,
                version,
            )
    return len(migrations)


def _check_not_newer(component: str, current: int, migrations: Sequence[object]) -> None:
    if current > len(migrations):
        raise SchemaTooNewError(
            f"The {component!r} schema is at version {current}, but this hookline knows "
            f"only {len(migrations)}: upgrade hookline to open this database."
        )
