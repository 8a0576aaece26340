"""Everyday words of a measure no column is named by: adjectives of a cost, a mass, a
power and a compass direction ("the most expensive", "the heaviest", "furthest south"),
nouns of a population ("inhabitants"), a unit a column's name ends in ("areakm2",
"price_per_kg") — and the readings with two fitting columns, which abstain."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE ship (id INTEGER PRIMARY KEY, name TEXT, cost_in_credits INTEGER, crew INTEGER);
INSERT INTO ship VALUES (1, 'Star', 900, 5), (2, 'Wing', 40, 1), (3, 'Barge', 300, 9);
CREATE TABLE being (id INTEGER PRIMARY KEY, name TEXT, mass REAL, planet TEXT);
INSERT INTO being VALUES (1, 'Gor', 1300, 'Zed'), (2, 'Tib', 40, 'Zed'), (3, 'Ula', 80, 'Oob');
CREATE TABLE kit (id INTEGER PRIMARY KEY, name TEXT, build_cost INTEGER, pop_cost INTEGER);
INSERT INTO kit VALUES (1, 'Catapult', 40, 1), (2, 'Tank', 80, 2), (3, 'Cart', 10, 3);
CREATE TABLE tower (id INTEGER PRIMARY KEY, name TEXT, genus TEXT, build_cost INTEGER);
INSERT INTO tower VALUES (1, 'Keep', 'Wall', 120), (2, 'Spire', 'Wall', 300),
    (3, 'Hut', 'Home', 10);
CREATE TABLE move (id INTEGER PRIMARY KEY, name TEXT, type TEXT, base_power INTEGER);
INSERT INTO move VALUES (1, 'splash', 'water', 10), (2, 'surge', 'water', 90),
    (3, 'blast', 'fire', 150);
CREATE TABLE stop (stop_id INTEGER PRIMARY KEY, stop_name TEXT, stop_lat REAL,
                   stop_lon REAL);
INSERT INTO stop VALUES (1, 'Quay', -16.9, 145.7), (2, 'Hill', -17.1, 145.6),
    (3, 'Beach', -16.7, 145.9);
CREATE TABLE land (iso TEXT PRIMARY KEY, name TEXT, areakm2 INTEGER, population INTEGER);
INSERT INTO land VALUES ('AR', 'Arland', 500, 9000), ('BE', 'Bemia', 7000, 300);
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, land TEXT REFERENCES land(iso),
                   population INTEGER);
INSERT INTO town VALUES (1, 'Ash', 'AR', 5000), (2, 'Elm', 'AR', 400), (3, 'Oak', 'BE', 2500);
CREATE TABLE metal (id INTEGER PRIMARY KEY, name TEXT, price_per_kg REAL);
INSERT INTO metal VALUES (1, 'Gold', 60000), (2, 'Iron', 1), (3, 'Tin', 20);
"""


@pytest.fixture
async def things(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_expensive_and_cheap_rank_by_the_one_cost_column(things: Database) -> None:
    assert rows(things, "Which ship is the most expensive?") == [("Star", 900)]
    assert rows(things, "Which ship is the cheapest?") == [("Wing", 40)]
    assert rows(things, "Which tower is the most expensive to build?") == [("Spire", 300)]
    assert abstains(things, "Which kit is the most expensive?")  # to build, or in people?


async def test_heaviest_is_a_mass_and_powerful_a_power(things: Database) -> None:
    assert rows(things, "Which being is the heaviest?") == [("Gor", 1300)]
    assert rows(things, "What is the most powerful move?") == [("blast", 150)]
    assert rows(things, "Which water-type move is the most powerful?") == [("surge", 90)]


async def test_a_compass_direction_ranks_by_latitude_or_longitude(things: Database) -> None:
    assert rows(things, "Which stop is furthest south?") == [("Hill", -17.1)]
    assert rows(things, "Which stop is the farthest north?") == [("Beach", -16.7)]
    assert rows(things, "What is the northernmost stop?") == [("Beach", -16.7)]
    assert rows(things, "Which stop is furthest west?") == [("Hill", 145.6)]
    assert rows(things, "Which stop is the easternmost?") == [("Beach", 145.9)]


async def test_inhabitants_are_a_population(things: Database) -> None:
    assert rows(things, "How many towns have more than 1,000 inhabitants?") == [(2,)]
    assert rows(things, "How many towns have fewer than 1,000 residents?") == [(1,)]


async def test_a_unit_the_column_name_ends_in_is_no_part_of_its_name(things: Database) -> None:
    assert rows(things, "Which land has the largest area?") == [("Bemia (BE)", 7000)]
    assert rows(things, "What is the average area of the lands?") == [(3750.0,)]
    assert rows(things, "Which metal is the most expensive per kilogram?") == [("Gold", 60000)]
    assert rows(things, "What is the average price per kilogram of the metals?") == [(20007.0,)]
