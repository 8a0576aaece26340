"""Plain questions the planner read as it should: the measure an adjective names in the
table the question ranks ("which ship is the most expensive": its own cost, though
another table has a price); "list the <value> <rows>" (the rows of that value); the last
words of a column's description as its name ("normal boiling point": "boiling point");
"what version is <row> at", "when was <row> last modified" (a column named so)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE boats (name TEXT PRIMARY KEY, kind TEXT, cost INTEGER);
INSERT INTO boats VALUES ('Ark', 'barge', 900), ('Bee', 'yacht', 5000), ('Cod', 'barge', 40),
    ('Dot', 'yacht', 700);
CREATE TABLE ports (name TEXT PRIMARY KEY, region TEXT);
INSERT INTO ports VALUES ('Hull', 'north'), ('Deal', 'south');
CREATE TABLE fares (id INTEGER PRIMARY KEY, port TEXT REFERENCES ports(name),
    good TEXT, price INTEGER);
INSERT INTO fares VALUES (1, 'Hull', 'salt', 3), (2, 'Deal', 'salt', 4), (3, 'Hull', 'tea', 9);
CREATE TABLE apps (name TEXT PRIMARY KEY, version TEXT, last_modified DATE, created DATE);
INSERT INTO apps VALUES ('Quill', 'v3', '2022-09-22', '2019-01-02'),
    ('Slate', 'v7', '2023-01-05', '2020-03-04');
CREATE TABLE guns (id TEXT PRIMARY KEY, name TEXT, kind TEXT);
INSERT INTO guns VALUES ('Flame1', 'Flamer', 'flame'), ('Flame2', 'Inferno', 'flame'),
    ('Mg1', 'Gatling', 'bullet');
CREATE TABLE liquids (name TEXT PRIMARY KEY, tb REAL, tm REAL);
INSERT INTO liquids VALUES ('water', 373.1, 273.1), ('ethanol', 351.4, 159.0),
    ('mercury', 629.9, 234.3);
"""

DOCS = """
# liquids
Liquids and their constants.
- name: the liquid's name
- tb: normal boiling point (at 1 atm), in kelvin
- tm: melting point, in kelvin
"""


@pytest.fixture
async def harbour(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which boat is the most expensive?", "Bee"),
        ("Which boat is the cheapest?", "Cod"),
    ],
)
def test_an_adjective_ranks_by_the_asked_tables_own_measure(
    harbour: Database, question: str, expected: str
) -> None:
    assert [r[0] for r in rows(harbour, question)] == [expected]


def test_list_the_rows_of_a_value_with_a_code_beside_their_name_declines(
    harbour: Database,
) -> None:
    assert abstains(harbour, "List the flame guns.")  # their names, or their ids?


@pytest.mark.parametrize(
    ("question", "expected"),
    [("List the yacht boats.", {"Bee", "Dot"}), ("List the barge boats.", {"Ark", "Cod"})],
)
def test_list_the_rows_of_a_value(harbour: Database, question: str, expected: set[str]) -> None:
    assert {r[0] for r in rows(harbour, question)} == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What is the boiling point of ethanol?", [(351.4,)]),
        ("What is the normal boiling point of ethanol?", [(351.4,)]),
        ("What is the melting point of mercury?", [(234.3,)]),
    ],
)
def test_the_last_words_of_a_description_name_its_column(
    harbour: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(harbour, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What version is Quill at?", [("v3",)]),
        ("When was Slate last modified?", [("2023-01-05",)]),
        ("When was Quill created?", [("2019-01-02",)]),
    ],
)
def test_a_rows_value_asked_with_a_trailing_word(
    harbour: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(harbour, question) == expected


def test_last_said_of_a_date_no_column_names_so_declines(harbour: Database) -> None:
    assert abstains(harbour, "When was Quill last created?")
