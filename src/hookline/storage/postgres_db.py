"""PostgresDatabase: a lazily made (or borrowed) asyncpg pool with a migrated schema."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from hookline.storage.migrations import PostgresMigration, TableNames, migrate_postgres

__all__ = ["PostgresDatabase", "create_asyncpg_pool"]


class PostgresDatabase:
    """The pool behind a PostgreSQL store, ready (migrated) on first use.

    Pass a ``dsn`` (the pool is made on first use and closed by ``close()``)
    or an existing asyncpg ``pool`` (the caller closes it).  ``names`` places
    the tables (schema and prefix); ``auto_migrate=False`` leaves migrating to
    an explicit ``migrate()`` call (e.g. a deploy step).

    Example::

        db = PostgresDatabase(dsn="postgresql://app@db/hookline", names=TableNames(),
                              component="demo", migrations=[create_tables])
        pool = await db.pool()
    """

    def __init__(
        self,
        *,
        dsn: str | None,
        pool: Any,
        names: TableNames,
        component: str,
        migrations: Sequence[PostgresMigration],
        auto_migrate: bool = True,
        max_pool_size: int = 10,
    ) -> None:
        if (dsn is None) == (pool is None):
            raise ValueError("Pass exactly one of dsn or pool.")
        self.dsn = dsn
        self.names = names
        self.component = component
        self.migrations = tuple(migrations)
        self._pool: Any = pool
        self._owns_pool = pool is None
        self._auto_migrate = auto_migrate
        self._max_pool_size = max_pool_size
        self._migrated = False
        self._lock = asyncio.Lock()

    async def pool(self) -> Any:
        """The asyncpg pool, migrated first unless ``auto_migrate`` is off."""
        pool = await self._connect()
        if self._auto_migrate and not self._migrated:
            await self.migrate()
        return pool

    async def migrate(self) -> int:
        """Create or migrate the tables (idempotent, safe from many processes); the version."""
        pool = await self._connect()
        async with pool.acquire() as conn:
            version = await migrate_postgres(conn, self.names, self.component, self.migrations)
        self._migrated = True
        return version

    async def close(self) -> None:
        """Close the pool if it was made here; the next use makes a new one."""
        async with self._lock:
            if self._pool is not None and self._owns_pool:
                pool, self._pool = self._pool, None
                self._migrated = False
                await pool.close()

    async def _connect(self) -> Any:
        async with self._lock:
            if self._pool is None:
                self._pool = await create_asyncpg_pool(self.dsn or "", self._max_pool_size)
            return self._pool


async def create_asyncpg_pool(dsn: str, max_size: int = 10) -> Any:
    """An asyncpg pool for ``dsn`` (asyncpg is imported here, not at ``import hookline``)."""
    try:
        import asyncpg  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "PostgreSQL support needs asyncpg: pip install 'hookline[postgres]'"
        ) from exc
    return await asyncpg.create_pool(dsn, min_size=1, max_size=max_size)
