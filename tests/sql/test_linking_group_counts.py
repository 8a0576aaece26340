"""Groups of a column counted against a number ("Which countries have more than 2 towns?"):
the values of a text column of the counted table, or of a table of that table's key and the
value only (a film's director), whose rows number more (fewer, at least...) than N; a
question with any other word, or a group that is no such column, is left to the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, country TEXT, height REAL);
INSERT INTO town VALUES (1, 'Ayr', 'Scotland', 1), (2, 'Oban', 'Scotland', 2),
    (3, 'Wick', 'Scotland', 3), (4, 'Bath', 'England', 4), (5, 'Ely', 'England', 5),
    (6, 'Rhyl', 'Wales', 6);
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT);
INSERT INTO film VALUES (1, 'Dawn'), (2, 'Dusk'), (3, 'Noon'), (4, 'Eve');
CREATE TABLE maker (film_id INTEGER REFERENCES film(id), maker TEXT,
                    PRIMARY KEY (film_id, maker));
INSERT INTO maker VALUES (1, 'Lee'), (2, 'Lee'), (3, 'Lee'), (3, 'Kim'), (4, 'Kim'),
    (1, 'Ash');
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_the_values_of_a_column_with_more_rows_are_named(db: Database) -> None:
    assert rows(db, "Which countries have more than 1 town?") == [("England",), ("Scotland",)]
    assert rows(db, "Which countries have more than two towns?") == [("Scotland",)]
    assert rows(db, "Which countries have fewer than 2 towns?") == [("Wales",)]


async def test_the_values_are_counted(db: Database) -> None:
    assert rows(db, "How many countries have at least 2 towns?") == [(2,)]
    assert rows(db, "How many countries have exactly one town?") == [(1,)]


async def test_a_table_of_a_key_and_a_value_counts_the_rows_it_refers_to(db: Database) -> None:
    assert rows(db, "How many makers have made more than 1 film?") == [(2,)]
    assert rows(db, "Which makers have at least 3 films?") == [("Lee",)]


async def test_any_other_word_or_group_is_never_guessed(db: Database) -> None:
    assert abstains(db, "Which heights have more than 1 town?")  # a number: no group
    assert abstains(db, "Which countries have more than 1 tall town?")
