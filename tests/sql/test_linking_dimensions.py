"""Adjectives and units that name one column ("the longest film", "the highest paid
employee", "airports above 5,000 feet"), a small number of a column ("in generation 2"),
"in a single season" — and the readings with none or two fitting columns, which abstain."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, runtime INTEGER, year INTEGER);
INSERT INTO film VALUES (1, 'Epic', 240, 1990), (2, 'Short', 12, 1991), (3, 'Mid', 95, 1992);
CREATE TABLE airport (id INTEGER PRIMARY KEY, name TEXT, altitude INTEGER, size TEXT);
INSERT INTO airport VALUES (1, 'Peak', 9000, 'large'), (2, 'Shore', 5, 'large'),
    (3, 'Hill', 6000, 'small');
CREATE TABLE tower (id INTEGER PRIMARY KEY, name TEXT, height REAL, elevation REAL);
INSERT INTO tower VALUES (1, 'Spire', 300, 10), (2, 'Stub', 20, 900);
CREATE TABLE staff (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, country TEXT,
                    salary INTEGER);
INSERT INTO staff VALUES (1, 'Ann', 'Ax', 'USA', 90), (2, 'Bo', 'By', 'USA', 120),
    (3, 'Cy', 'Cz', 'Peru', 300);
CREATE TABLE sale (id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff(id), paid TEXT);
INSERT INTO sale VALUES (1, 1, 'y'), (2, 3, 'n');
CREATE TABLE flight (id INTEGER PRIMARY KEY, minute INTEGER, distance INTEGER);
INSERT INTO flight VALUES (1, 59, 100), (2, 5, 700);
CREATE TABLE nation (code TEXT PRIMARY KEY, name TEXT, area REAL, population INTEGER);
INSERT INTO nation VALUES ('FR', 'France', 550, 60), ('LU', 'Luxembourg', 3, 1);
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, nation TEXT REFERENCES nation(code),
                   population INTEGER);
INSERT INTO town VALUES (1, 'Paris', 'FR', 2100), (2, 'Lyon', 'FR', 500), (3, 'Esch', 'LU', 30);
CREATE TABLE creature (name TEXT PRIMARY KEY, generation INTEGER, weight REAL, speed INTEGER);
INSERT INTO creature VALUES ('aa', 1, 900, 50), ('bb', 2, 400, 120), ('cc', 2, 10, 130);
CREATE TABLE move (name TEXT PRIMARY KEY, type TEXT);
INSERT INTO move VALUES ('zap', 'electric'), ('burn', 'fire');
CREATE TABLE creature_move (creature TEXT REFERENCES creature(name),
                            move TEXT REFERENCES move(name), PRIMARY KEY (creature, move));
INSERT INTO creature_move VALUES ('aa', 'zap'), ('bb', 'burn'), ('cc', 'zap');
"""
SEASONS = """
CREATE TABLE player (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
INSERT INTO player VALUES (1, 'Al', 'Ax'), (2, 'Bea', 'By');
CREATE TABLE batting (player_id INTEGER REFERENCES player(id), season INTEGER, runs INTEGER);
INSERT INTO batting VALUES (1, 2000, 30), (1, 2001, 30), (2, 2000, 50);
CREATE TABLE salary (player_id INTEGER REFERENCES player(id), season INTEGER, salary INTEGER);
INSERT INTO salary VALUES (1, 2000, 10), (2, 2000, 20);
ALTER TABLE player ADD COLUMN height INTEGER;
"""


@pytest.fixture
async def shapes(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_a_superlative_adjective_ranks_by_the_one_column_of_its_dimension(
    shapes: Database,
) -> None:
    assert rows(shapes, "What is the longest film?") == [("Epic", 240)]
    assert rows(shapes, "What is the shortest film?") == [("Short", 12)]
    assert rows(shapes, "What is the highest airport?") == [("Peak", 9000)]
    assert rows(shapes, "Which airport is the lowest?") == [("Shore", 5)]


async def test_two_columns_of_one_dimension_abstain(shapes: Database) -> None:
    assert abstains(shapes, "What is the highest tower?")  # its height, or its elevation?


async def test_the_highest_paid_ranks_by_pay_not_a_paid_flag(shapes: Database) -> None:
    assert rows(shapes, "Who is the highest paid staff in the USA?") == [("Bo By", 120)]
    assert rows(shapes, "Which staff is paid the least?") == [("Ann Ax", 90)]


async def test_a_unit_compares_the_one_column_it_measures(shapes: Database) -> None:
    assert rows(shapes, "How many airports are above 5,000 feet?") == [(2,)]
    assert rows(shapes, "How many films are longer than 90 minutes?") == [(2,)]
    assert abstains(shapes, "How many towers are above 100 feet?")  # height or elevation?


async def test_a_column_before_of_is_compared(shapes: Database) -> None:
    assert rows(shapes, "How many creatures have a speed of more than 100?") == [(2,)]


async def test_a_small_number_after_a_column_is_its_value(shapes: Database) -> None:
    assert rows(shapes, "Which was the heaviest creature in generation 2?") == [("bb", 400)]
    assert rows(shapes, "How many creatures are in generation 2?") == [(2,)]


async def test_in_a_single_row_is_the_largest_row_not_a_total(tmp_path: Path) -> None:
    seasons = await open_database(tmp_path, SEASONS)
    assert rows(seasons, "Who hit the most runs in a single season?") == [("Bea By", 50)]
    assert rows(seasons, "Who hit the most runs?") == [("Al Ax", 60)]


async def test_a_named_measure_wins_over_the_adjective(shapes: Database) -> None:
    assert rows(shapes, "What is the longest flight distance?") == [(700,)]
    assert abstains(shapes, "What is the longest flight?")  # a minute is no length


async def test_an_adjective_before_another_tables_name_is_not_a_dimension(
    tmp_path: Path,
) -> None:
    seasons = await open_database(tmp_path, SEASONS)
    assert rows(seasons, "Who had the highest salary?")[0][0] == "Bea By"


async def test_large_is_the_one_size_like_column(shapes: Database) -> None:
    assert rows(shapes, "Which is the largest town in France?") == [("Paris", 2100)]
    assert rows(shapes, "What is the smallest town?") == [("Esch", 30)]
    assert abstains(shapes, "What is the largest nation?")  # by its area, or its people?


async def test_fast_and_light_rank_things(shapes: Database) -> None:
    assert rows(shapes, "What is the lightest creature?") == [("cc", 10)]  # never a sum
    assert rows(shapes, "What are the top 2 fastest creatures?") == [("cc", 130), ("bb", 120)]
    assert rows(shapes, "Which creature is the slowest?") == [("aa", 50)]


async def test_a_thing_adjective_never_ranks_groups(shapes: Database) -> None:
    assert abstains(shapes, "Which Electric-type creature is the fastest?")
