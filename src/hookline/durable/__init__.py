"""Durable execution: hookline turns run on a durable workflow engine.

``hookline.durable.dbos`` runs turns as DBOS Transact workflows (extra ``hookline[dbos]``);
nothing here is imported by ``import hookline``. See docs/durable.md.
"""

from __future__ import annotations

import sqlite3
import sys

__all__ = ["dbos_sqlite_problem"]


def dbos_sqlite_problem() -> str | None:
    """Why DBOS cannot keep its system database in SQLite under this Python, or None.

    DBOS 3.4 writes timestamps with ``unixepoch('subsec')`` on Python 3.12 and later,
    which SQLite has from 3.42; a Python linked to an older SQLite (Debian 12's is 3.40)
    fails at ``DBOS.launch()`` with an IntegrityError.

    Example::

        problem = dbos_sqlite_problem()
        if problem:
            print(problem)  # use PostgreSQL, or a Python with a newer SQLite
    """
    if sys.version_info >= (3, 12) and sqlite3.sqlite_version_info < (3, 42):
        return (
            f"DBOS cannot use SQLite here: on Python {sys.version_info[0]}."
            f"{sys.version_info[1]} it needs SQLite 3.42 or newer, and this Python has "
            f"{sqlite3.sqlite_version}. Use a PostgreSQL system database (--dbos-url), or "
            "Python 3.11."
        )
    return None
