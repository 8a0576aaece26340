"""The rows of a child table that belong to a named parent row ("List the towns of the
Norland realm"): the table word after the value says the value's kind, not more rows to
name; another table named elsewhere still declines the list. "The sub<rows> of <value>":
the rows of a table referring to itself whose parent is the named row (when the
documentation knows the word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import read_question
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE realm (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO realm VALUES (1, 'Norland'), (2, 'Sudland');
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, realm_id INTEGER REFERENCES realm(id));
INSERT INTO town VALUES (1, 'Ayr', 1), (2, 'Oban', 1), (3, 'Wick', 2), (4, 'Norland', 2);
CREATE TABLE river (id INTEGER PRIMARY KEY, name TEXT, realm_id INTEGER REFERENCES realm(id));
INSERT INTO river VALUES (1, 'Tay', 1);
CREATE TABLE topic (id INTEGER PRIMARY KEY, name TEXT, up INTEGER REFERENCES topic(id));
INSERT INTO topic VALUES (1, 'Food', NULL), (2, 'Fruit', 1), (3, 'Bread', 1),
    (4, 'Apples', 2), (5, 'Sport', NULL);
"""
DOCS = """
# topic
One row per topic or subtopic.
- up: for a subtopic, its topic; empty for a top-level topic
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    database = await open_database(tmp_path, SCHEMA)
    read_question("How many topics are there?", database[0], docs=parse_documentation(DOCS))
    return database


async def test_the_children_of_a_value_named_with_its_kind_are_listed(db: Database) -> None:
    assert rows(db, "List the towns of the Norland realm.") == [("Ayr",), ("Oban",)]
    assert rows(db, "Which towns does the Sudland realm have?") == [("Norland",), ("Wick",)]


async def test_another_table_named_still_declines(db: Database) -> None:
    assert abstains(db, "List the towns of the Norland realm by the river.")


async def test_the_sub_rows_of_a_value_are_its_children_in_the_same_table(db: Database) -> None:
    assert rows(db, "List the subtopics of Food.") == [("Bread",), ("Fruit",)]
    assert rows(db, "What are the subtopics of Fruit?") == [("Apples",)]
    assert rows(db, "List the subtopics of Sport.") == []


async def test_sub_rows_with_more_words_or_no_self_key_are_declined(db: Database) -> None:
    assert abstains(db, "List the subtopics of Food with an apple.")
    assert abstains(db, "List the subtowns of Ayr.")
