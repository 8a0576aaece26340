"""A word a plan accepts but never reads declines: a verb that is a form of a member of a
list column ("can fly" of the ability 'flying'), a word of one member several lists share
("bridges" of 'bridge_eng'), and "<table> values" counted as that table's rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE craft (id INTEGER PRIMARY KEY, name TEXT, abilities TEXT);
INSERT INTO craft VALUES (1, 'Kite', 'scout,flying'), (2, 'Hawk', 'bomber,flying'),
    (3, 'Raft', 'swimming'), (4, 'Barge', 'swimming,cargo'), (5, 'Mule', 'cargo'),
    (6, 'Sapper', 'infantry,bridge_eng'), (7, 'Pioneer', 'infantry,cargo,swimming,bridge_eng'),
    (8, 'Walker', 'infantry'), (9, 'Glider', 'flying'), (10, 'Tank', 'armour');
CREATE TABLE gauge (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO gauge VALUES (1, 'North'), (2, 'South'), (3, 'East');
CREATE TABLE reading (id INTEGER PRIMARY KEY, gauge_id INTEGER REFERENCES gauge(id),
                      level REAL);
INSERT INTO reading VALUES (1, 1, 2.5), (2, 1, 3.0), (3, 2, 1.0), (4, 2, 1.5), (5, 3, 0.5),
    (6, 3, 0.7), (7, 1, 2.2);
"""


@pytest.fixture
async def yard(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_a_verb_of_a_listed_member_no_condition_reads_declines(yard: Database) -> None:
    assert abstains(yard, "How many crafts can fly?")  # not every craft
    assert rows(yard, "How many crafts are there?") == [(10,)]


async def test_a_word_of_a_member_several_lists_share_reads_no_one_cell(yard: Database) -> None:
    assert abstains(yard, "Which crafts can build bridges?")  # not the 'infantry,bridge_eng' cell


async def test_values_of_a_table_are_not_its_rows(yard: Database) -> None:
    assert abstains(yard, "How many gauge values are there?")
    assert rows(yard, "How many gauges are there?") == [(3,)]
