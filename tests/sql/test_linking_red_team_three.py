"""Confident wrong answers a third red team found by asking variations of plausible
questions, each a class: a value in a plain column of the rows' own table that also names
a row of a table they reach (a track's composer Abba, the artist Abba of its album)
declines; a lookup of an amount that leaves out a table the question names ("the people
of the towns of Northmark" read as Northmark's own) declines; a lookup of a parent's amount
on a condition of its child rows ("the people of the rural towns of Northmark" read as
Northmark's population) declines; a lookup of the amount of a named parent's many rows (a
list of distinct numbers, no row named) declines; "what is the
<amount> of the <rows> of X" with X said through the rows' own foreign key lists each
row's amount, never their sum; a count of rows grouped by their own key (every group one
row) declines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

MUSIC = """
CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO artist VALUES (1, 'Abba'), (2, 'Blur'), (3, 'Cream');
CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT,
                    artist_id INTEGER REFERENCES artist(id));
INSERT INTO album VALUES (1, 'Gold', 1), (2, 'Parklife', 2), (3, 'Wheels', 3), (4, 'Arrival', 1);
CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT, composer TEXT, seconds INTEGER,
                    album_id INTEGER REFERENCES album(id));
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT INTO track SELECT i, 'Song ' || i,
    CASE WHEN i = 1 THEN 'Abba' WHEN i % 3 = 0 THEN NULL ELSE 'Writer ' || i END,
    100 + i, 1 + i % 4 FROM n;
"""

ATLAS = """
CREATE TABLE province (code TEXT PRIMARY KEY, name TEXT, population INTEGER);
INSERT INTO province VALUES ('NM', 'Northmark', 5000), ('SM', 'Southmark', 3000);
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, population INTEGER,
                   province_code TEXT REFERENCES province(code));
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT INTO town SELECT i, 'Town ' || i, CASE WHEN i % 2 = 0 THEN 'rural' ELSE 'urban' END,
    100 * (i % 7), CASE WHEN i <= 30 THEN 'NM' ELSE 'SM' END FROM n;
"""

ARMY = """
CREATE TABLE unit (id TEXT PRIMARY KEY, cost INTEGER);
INSERT INTO unit VALUES ('Elf', 14), ('Orc', 12), ('Troll', 13);
CREATE TABLE attack (id INTEGER PRIMARY KEY, unit TEXT REFERENCES unit(id), name TEXT,
                     damage INTEGER);
INSERT INTO attack VALUES (1, 'Elf', 'sword', 5), (2, 'Elf', 'bow', 3),
                          (3, 'Orc', 'axe', 9), (4, 'Troll', 'fist', 7);
"""

TYPES = """
CREATE TABLE fonts (family TEXT PRIMARY KEY, category TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
INSERT INTO fonts SELECT 'Face ' || i, CASE WHEN i % 3 = 0 THEN 'serif' ELSE 'sans' END FROM n;
"""


@pytest.fixture
async def music(tmp_path: Path) -> Database:
    return await open_database(tmp_path, MUSIC)


@pytest.fixture
async def atlas(tmp_path: Path) -> Database:
    return await open_database(tmp_path, ATLAS)


@pytest.fixture
async def army(tmp_path: Path) -> Database:
    return await open_database(tmp_path, ARMY)


@pytest.mark.parametrize(
    "question",
    [
        "How many tracks by Abba are there?",
        "How many tracks does Abba have?",
        "What is the total seconds of tracks by Abba?",
    ],
)
async def test_an_own_plain_value_that_names_a_reached_row_declines(
    music: Database, question: str
) -> None:
    # Abba composed one track and, as the artist of two albums, has twenty: which one?
    assert abstains(music, question)


async def test_the_value_said_of_one_column_is_read_there(music: Database) -> None:
    assert rows(music, "How many tracks of the artist Abba are there?") == [(20,)]
    assert rows(music, "How many tracks by the composer Abba are there?") == [(1,)]


@pytest.mark.parametrize(
    "question",
    [
        "How many people live in towns in Northmark?",  # not Northmark's own 5000
        "How many people live in the towns of Northmark?",
        "How many people live in rural towns in Northmark?",  # not Northmark's, if rural
        "What is the population of the towns of Northmark?",  # 30 towns, 7 distinct numbers
    ],
)
async def test_a_lookup_that_is_another_questions_declines(atlas: Database, question: str) -> None:
    assert abstains(atlas, question)


async def test_a_named_rows_own_amount_is_still_looked_up(atlas: Database) -> None:
    assert rows(atlas, "What is the population of Northmark?") == [(5000,)]
    assert rows(atlas, "What is the population of Town 3?") == [(300,)]


async def test_the_amount_of_the_rows_of_a_key_lists_each(army: Database) -> None:
    assert rows(army, "What is the damage of the attacks of Elf?") == [(3,), (5,)]
    assert rows(army, "What is the total damage of the attacks of Elf?") == [(8.0,)]


async def test_a_count_grouped_by_the_rows_own_key_declines(tmp_path: Path) -> None:
    types = await open_database(tmp_path, TYPES)
    assert abstains(types, "Which family has the most fonts?")  # one font each
    assert rows(types, "Which category has the most fonts?") == [("sans", 20)]
