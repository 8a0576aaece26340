"""The rows of a child table that belong to a named parent row ("List the towns of the
Norland realm"): the table word after the value says the value's kind, not more rows to
name; another table named elsewhere still declines the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE realm (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO realm VALUES (1, 'Norland'), (2, 'Sudland');
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, realm_id INTEGER REFERENCES realm(id));
INSERT INTO town VALUES (1, 'Ayr', 1), (2, 'Oban', 1), (3, 'Wick', 2), (4, 'Norland', 2);
CREATE TABLE river (id INTEGER PRIMARY KEY, name TEXT, realm_id INTEGER REFERENCES realm(id));
INSERT INTO river VALUES (1, 'Tay', 1);
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_the_children_of_a_value_named_with_its_kind_are_listed(db: Database) -> None:
    assert rows(db, "List the towns of the Norland realm.") == [("Ayr",), ("Oban",)]
    assert rows(db, "Which towns does the Sudland realm have?") == [("Norland",), ("Wick",)]


async def test_another_table_named_still_declines(db: Database) -> None:
    assert abstains(db, "List the towns of the Norland realm by the river.")
