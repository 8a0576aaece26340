"""Readings new eval databases got confidently wrong: a number of child rows said as one
("owners with a single pet"), a noun a key's documentation says it is set for ("for a
sub-kennel, the kennel it belongs to"), and the plain name of rows beside a slightly more
unique legal name — each read, or declined, never dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE owner (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
INSERT INTO owner VALUES (1, 'Ann', 'Oslo'), (2, 'Bob', 'Rome'), (3, 'Cy', 'Oslo'),
                         (4, 'Di', 'Rome');
CREATE TABLE pet (id INTEGER PRIMARY KEY, name TEXT, owner_id INTEGER REFERENCES owner(id),
                  weight REAL);
INSERT INTO pet VALUES (1, 'Rex', 1, 3), (2, 'Tom', 1, 4), (3, 'Kit', 2, 5), (4, 'Max', 3, 2),
                       (5, 'Bo', 3, 1), (6, 'Zed', 3, 9);
CREATE TABLE kennel (id TEXT PRIMARY KEY, title TEXT, parent_ref TEXT REFERENCES kennel(id));
INSERT INTO kennel VALUES ('k1', 'North', NULL), ('k2', 'North A', 'k1'),
    ('k3', 'North B', 'k1'), ('k4', 'South', NULL), ('k5', 'South A', 'k4'), ('k6', 'East', NULL);
CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, real_name TEXT, height REAL);
INSERT INTO singer VALUES (1, 'Jay', 'Kim Jaya', 170), (2, 'Jay', 'Lee Jaya', 181),
    (3, 'Bo', 'Park Bora', 165), (4, 'Mo', 'Choi Mona', 172), (5, 'Lu', 'Han Luna', 160),
    (6, 'Ri', 'Yoo Rina', 168), (7, 'Su', 'Kang Suji', 175), (8, 'Da', 'Min Dana', 162),
    (9, 'Ye', 'Seo Yena', 166), (10, 'Ga', 'Jung Gaeun', 171), (11, 'Ha', 'Oh Hana', 169),
    (12, 'Na', 'Lim Nara', 167);
"""

DOCS = """
# kennel
The kennels and their sub-kennels, one row each.
- title: the kennel's name
- parent_ref: for a sub-kennel, the kennel it is part of (kennel id); NULL for a main kennel
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_a_single_child_row_is_a_count_of_one(db: Database) -> None:
    assert answer_rows(db, "How many owners have just a single pet?") == [(1,)]
    assert answer_rows(db, "How many owners have a single pet?") == [(1,)]
    assert answer_rows(db, "Which owners have just one pet?") == [("Bob",)]
    assert answer_rows(db, "How many owners with a single pet are in Rome?") == [(1,)]


async def test_a_number_of_child_rows_unread_declines(db: Database) -> None:
    assert answer_rows(db, "What is the total weight of the pets of owners with two pets?") is None
    assert answer_rows(db, "What is the total weight of the pets of owners with one pet?") is None
    assert answer_rows(db, "How many owners have more than one pet?") == [(2,)]  # still read


async def test_rows_a_key_is_documented_for_are_those_with_it_set(db: Database) -> None:
    assert answer_rows(db, "How many sub-kennels are there?", DOCS) == [(3,)]  # never 2 parents
    assert answer_rows(db, "How many kennels are there, excluding sub-kennels?", DOCS) == [(3,)]
    assert answer_rows(db, "How many kennels are there?", DOCS) == [(6,)]
    assert answer_rows(db, "How many kennels are there, sub-kennels included?", DOCS) is None


async def test_a_key_documented_for_rows_without_saying_empty_names_nothing(db: Database) -> None:
    docs = DOCS.replace("; NULL for a main kennel", "")
    assert answer_rows(db, "How many sub-kennels are there?", docs) is None


async def test_rows_are_known_by_their_plain_name(db: Database) -> None:
    assert answer_rows(db, "Who is the tallest singer?") == [("Jay", 181.0)]
