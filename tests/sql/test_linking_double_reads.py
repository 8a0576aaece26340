"""A word read twice or a number's sense left unread decline: an ordinal no condition
reads ("the 90th minute"), "after minute 90" read as equal to 90, a word of the
measure's name read again as a value ("build cost" with the value ``Build_Fast``), and a
number compared on the column its unit names while the verb names another column
("cost more than 100 shields" on an upkeep-in-shields column); their plain readings are
still answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE game (game_id INTEGER PRIMARY KEY, home TEXT);
INSERT INTO game VALUES (1, 'Reds'), (2, 'Blues');
CREATE TABLE moment (moment_id INTEGER PRIMARY KEY, minute INTEGER, kind TEXT,
                     game_id INTEGER REFERENCES game(game_id));
INSERT INTO moment VALUES (1, 12, 'Goal', 1), (2, 90, 'Foul', 1), (3, 91, 'Goal', 1),
    (4, 93, 'Foul', 2), (5, 45, 'Corner', 2);
CREATE TABLE technology (name TEXT PRIMARY KEY, flags TEXT);
INSERT INTO technology VALUES ('Wheel', 'Build_Fast'), ('Iron', NULL), ('Sail', 'Bridge');
CREATE TABLE troop (name TEXT PRIMARY KEY, build_cost INTEGER, attack INTEGER,
                    uk_shield INTEGER, tech_req TEXT REFERENCES technology(name));
INSERT INTO troop VALUES ('Chariot', 30, 3, 1, 'Wheel'), ('Knight', 120, 4, 1, 'Iron'),
    ('Galley', 150, 1, 2, 'Sail'), ('Archer', 20, 12, 1, 'Iron');
"""


@pytest.fixture
async def rules(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    "question",
    ["How many moments happened after the 90th minute?",
     "How many moments happened in the 90th minute?",
     "How many moments happened after minute 90?"],
)  # fmt: skip
async def test_an_ordinal_or_a_range_unread_declines(rules: Database, question: str) -> None:
    assert abstains(rules, question)


async def test_a_plain_number_is_still_compared(rules: Database) -> None:
    assert rows(rules, "How many moments are there?") == [(5,)]
    assert rows(rules, "How many moments have a minute of more than 90?") == [(2,)]


async def test_a_word_of_the_measure_is_not_read_again_as_a_value(rules: Database) -> None:
    assert abstains(rules, "What is the average build cost of the troops?")


async def test_a_unit_word_does_not_pick_the_column_against_the_verb(rules: Database) -> None:
    assert abstains(rules, "How many troops cost more than 100 shields?")


async def test_a_comparison_on_the_named_column_is_still_answered(rules: Database) -> None:
    assert rows(rules, "How many troops have an attack of more than 10?") == [(1,)]
