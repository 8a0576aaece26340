"""Tables of a row's values (a film's genres: the film's key and one genre): a count
ranking by such a table groups by its value, so each genre counts its films."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, open_database, rows

SCHEMA = """
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
INSERT INTO film VALUES (1, 'Alpha', 2000), (2, 'Beta', 2001), (3, 'Gamma', 2002),
                        (4, 'Delta', 2003);
CREATE TABLE style (film_id INTEGER REFERENCES film(id), style TEXT,
                    PRIMARY KEY (film_id, style));
INSERT INTO style VALUES (1, 'Drama'), (2, 'Drama'), (3, 'Drama'), (1, 'Comedy'),
                         (4, 'Comedy'), (4, 'Horror');
CREATE TABLE land (code TEXT PRIMARY KEY, name TEXT, area REAL);
INSERT INTO land VALUES ('AA', 'Aland', 10), ('BB', 'Bland', 20), ('CC', 'Cland', 30);
CREATE TABLE land_tongue (land TEXT REFERENCES land(code), tongue TEXT, share REAL,
                          PRIMARY KEY (land, tongue));
INSERT INTO land_tongue VALUES ('AA', 'Xish', 90), ('BB', 'Xish', 60), ('BB', 'Yish', 40),
                               ('CC', 'Zish', 100);
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_a_ranking_by_a_value_table_counts_the_rows_per_value(db: Database) -> None:
    assert rows(db, "Which style has the most films?") == [("Drama", 3)]
    assert rows(db, "What are the top 2 styles by number of films?") == [
        ("Drama", 3),
        ("Comedy", 2),
    ]


async def test_each_value_of_a_value_table_counts_its_rows(db: Database) -> None:
    assert rows(db, "How many films are there in each style?") == [
        ("Drama", 3),
        ("Comedy", 2),
        ("Horror", 1),
    ]


async def test_a_value_table_with_more_columns_groups_by_its_value(db: Database) -> None:
    assert rows(db, "Which tongue is spoken in the most lands?") == [("Xish", 2)]
