"""``check_database``: ``--db`` checked before ``hookline chat`` or ``serve`` starts.

A runner refuses an unsafe database before its first query anyway (a PostgreSQL
superuser, a DuckDB connection it cannot lock down); checking at start makes the
command exit with status 2 and the fix instead of serving an agent whose every
query fails.
"""

from __future__ import annotations

import asyncio

from hookline.sql.connect import create_sql_runner
from hookline.sql.runner import SqlExecutionError, UnsafeDatabaseError

__all__ = ["check_database"]


def check_database(db: str | None, *, allow_privileged_role: bool = False) -> None:
    """Raise ``ValueError`` (the message names the fix) if ``db``'s runner would refuse it.

    A database that cannot be reached now is not an error here: the runner checks again
    before its first query.

    Example::

        check_database("postgresql://postgres@db/shop")  # ValueError: ... hookline sql-role
    """
    if db is None:
        return
    runner = create_sql_runner(db, allow_privileged_role=allow_privileged_role)

    async def verify() -> None:
        try:
            await runner.verify()
        finally:
            await runner.close()

    try:
        asyncio.run(verify())
    except UnsafeDatabaseError as exc:
        raise ValueError(str(exc)) from None
    except SqlExecutionError:
        return  # unreachable or missing now: the runner checks again before its first query
