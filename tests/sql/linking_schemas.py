"""What the linker tests on small synthetic schemas share: open a schema, ask, compare.

Example::

    database = await open_database(tmp_path, "CREATE TABLE t (id INTEGER PRIMARY KEY);")
    assert rows(database, "How many t are there?") == [(0,)]
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan

Database = tuple[SqlCatalog, sqlite3.Connection]
"""The catalog the linker reads, and a connection to run the compiled SQL on."""


async def open_database(tmp_path: Path, script: str, docs: str | None = None) -> Database:
    """A SQLite file in ``tmp_path`` built by ``script``, with its catalog (read with the
    documentation ``docs``, Markdown as ``hookline train --doc`` takes it, if given)."""
    path = tmp_path / "shapes.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(script)
    parsed = parse_documentation(docs) if docs else None
    return await SqlCatalog.load(SqliteRunner(path), docs=parsed), sqlite3.connect(path)


def rows(database: Database, question: str) -> list[tuple[object, ...]]:
    """The rows of the plan the linker reads from ``question`` (it must not abstain)."""
    catalog, connection = database
    plan = read_question(question, catalog)
    assert not isinstance(plan, Abstention), (question, plan.message)
    return connection.execute(compile_plan(plan, catalog)).fetchall()


def answer_rows(
    database: Database, question: str, docs: str | None = None
) -> list[tuple[object, ...]] | None:
    """The rows of the plan the linker reads from ``question`` (with the documentation
    ``docs``, if given), None when it declines."""
    catalog, connection = database
    plan = read_question(question, catalog, docs=parse_documentation(docs) if docs else None)
    if isinstance(plan, Abstention):
        return None
    return connection.execute(compile_plan(plan, catalog)).fetchall()


def abstains(database: Database, question: str) -> bool:
    """True when the linker declines ``question``."""
    return isinstance(read_question(question, database[0]), Abstention)
