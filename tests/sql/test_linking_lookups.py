"""Lookups of one value of a named row that read the database's documentation or a
text key: "What is the two-letter code of Elvish?" (a column documented so), "Which
tongue has the code elv?" (the label of the row a code names), "What is the code of
Ostmark?" (a text primary key), "What is Gorgo's base speed?" (a column listed with
others under one description) — and the readings that are not one still decline."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE tongue (alpha_3 TEXT PRIMARY KEY, name TEXT, alpha_2 TEXT, speakers INTEGER);
INSERT INTO tongue VALUES ('elv', 'Elvish', 'el', 900), ('dwa', 'Dwarvish', NULL, 300),
    ('ent', 'Entish', 'en', 20), ('orc', 'Orcish', NULL, 5000);
CREATE TABLE region (code TEXT PRIMARY KEY, name TEXT, area INTEGER);
INSERT INTO region VALUES ('OM-1', 'Ostmark', 10), ('WM-2', 'Westmark', 20),
    ('NM-3', 'Nordmark', 30);
CREATE TABLE saga (id INTEGER PRIMARY KEY, title TEXT, episode_id INTEGER, pages INTEGER);
INSERT INTO saga VALUES (1, 'Dawn', 4, 100), (2, 'Dusk', 5, 120), (3, 'Noon', 6, 90);
CREATE TABLE monster (name TEXT PRIMARY KEY, hp INTEGER, speed INTEGER, colour TEXT);
INSERT INTO monster VALUES ('gorgo', 80, 95, 'red'), ('blub', 40, 30, 'blue'),
    ('zapp', 35, 120, 'yellow');
CREATE TABLE folk (id INTEGER PRIMARY KEY, name TEXT, language TEXT);
INSERT INTO folk VALUES (1, 'Ents', 'Entish'), (2, 'Orcs', 'Black Speech');
CREATE TABLE tool (id INTEGER PRIMARY KEY, name TEXT, cost_in_gold INTEGER);
INSERT INTO tool VALUES (1, 'Hammer', 12), (2, 'Anvil', 40);
CREATE TABLE monster_type (monster TEXT REFERENCES monster(name), slot INTEGER, type TEXT,
    colour TEXT);
INSERT INTO monster_type VALUES ('gorgo', 1, 'fire', 'red'), ('gorgo', 2, 'rock', 'grey'),
    ('blub', 1, 'water', 'blue');
CREATE TABLE land (code TEXT PRIMARY KEY, name TEXT);
INSERT INTO land VALUES ('RO', 'Rohan'), ('GO', 'Gondor');
CREATE TABLE land_tongue (land TEXT REFERENCES land(code), tongue TEXT, share REAL);
INSERT INTO land_tongue VALUES ('RO', 'Rohirric', 80), ('RO', 'Westron', 20),
    ('GO', 'Westron', 100);
"""
DOCS = """
# tongue
One row per language (tongue).
- alpha_3: the three-letter tongue code
- alpha_2: the two-letter code of the tongues that have one
# saga
- episode_id: its episode number, 1 to 9
# monster
- hp, speed: its base stats
# folk
- language: the language it speaks
# land_tongue
One row per tongue spoken in a land.
"""


@pytest.fixture
async def lore(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


_answer = functools.partial(answer_rows, docs=DOCS)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the two-letter code of Elvish?", [("el",)]),
        ("Which tongue has the code elv?", [("Elvish",)]),
        ("What is the code of Ostmark?", [("OM-1",)]),
        ("What is the episode number of Dusk?", [(5,)]),
        ("What is Gorgo's base speed?", [(95,)]),
        ("What language does the Ents folk speak?", [("Entish",)]),
        ("How much does the Hammer cost?", [(12,)]),
        ("What types is Gorgo?", [("fire",), ("rock",)]),
        ("What tongues are spoken in Rohan?", [("Rohirric",), ("Westron",)]),
    ],
)
async def test_a_documented_or_keyed_value(
    lore: Database, question: str, answer: list[object]
) -> None:
    assert _answer(lore, question) == answer


@pytest.mark.parametrize(
    "question",
    [
        "Which tongue has the colour elv?",  # the words name no column holding the value
        "Which tongue has the name Elvish?",  # only the value the question spells out
        "What is Gorgo's top speed?",  # "top" is said of no column
        "What is the four-letter code of Elvish?",  # no column documented so
        "What is the id of Dusk?",  # an id says nothing
        "What language does the Ents folk write?",  # no column documented after the verb
        "How much does the Hammer weigh?",  # no such column
        "What colour is Gorgo?",  # its own colour, or its types' colours?
        "What tongues are sung in Rohan?",  # a verb its rows are not said to do
    ],
)
async def test_what_is_not_one_reading_still_declines(lore: Database, question: str) -> None:
    assert _answer(lore, question) is None


async def test_an_id_column_undocumented_is_no_answer(lore: Database) -> None:
    assert _answer(lore, "What is the episode number of Dusk?", docs="# saga\n") is None


def test_one_description_of_several_columns() -> None:
    docs = parse_documentation("# t\n- hp, attack and speed: its base stats\n- a: x, y and z\n")
    assert docs.described("t", "attack") == "its base stats"
    assert docs.described("t", "speed") == "its base stats"
    assert docs.described("t", "a") == "x, y and z"
