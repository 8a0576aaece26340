"""Readings that first runs on new databases got wrong, each a class: a place in an order
(1 is best) is never added up; "more than 2 <word> <rows>" counts the rows, so the word
is no column compared with 2; a word several tables' names start with names the one the
others are children of; a documented phrase of one table ("race sheets") beats a shorter
table name inside it; a part of a key of two columns names no group; a short text key is
shown beside the label of ranked rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.mentions import Vocabulary
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE runner_profile (id TEXT PRIMARY KEY, name TEXT, age INTEGER);
INSERT INTO runner_profile VALUES ('annlee01', 'Ann Lee', 30), ('bobray02', 'Bob Ray', 40),
    ('cymoss03', 'Cy Moss', 50), ('dipark04', 'Di Park', 20);
CREATE TABLE runner_shoe (runner TEXT REFERENCES runner_profile(id), shoe TEXT,
    PRIMARY KEY (runner, shoe));
INSERT INTO runner_shoe VALUES ('annlee01', 'spike'), ('annlee01', 'trail'),
    ('bobray02', 'spike');
CREATE TABLE race (id INTEGER PRIMARY KEY, town TEXT, sheet TEXT, cost REAL);
INSERT INTO race VALUES (1, 'Oslo', 'S1', 5), (2, 'Rome', 'S2', 9), (3, 'Lima', 'S3', 7);
CREATE TABLE slip (id INTEGER PRIMARY KEY, race INTEGER REFERENCES race(id), note TEXT);
INSERT INTO slip VALUES (1, 1, 'late'), (2, 3, 'lost');
CREATE TABLE race_lap (race INTEGER REFERENCES race(id), lap INTEGER, metres INTEGER,
    PRIMARY KEY (race, lap));
INSERT INTO race_lap VALUES (1, 1, 400), (1, 2, 400), (2, 1, 800), (3, 1, 300), (3, 2, 300);
CREATE TABLE result (race INTEGER REFERENCES race(id), runner TEXT REFERENCES runner_profile(id),
    placing INTEGER, PRIMARY KEY (race, runner));
INSERT INTO result VALUES (1, 'annlee01', 1), (1, 'bobray02', 2), (1, 'cymoss03', 3),
    (2, 'annlee01', 1), (2, 'cymoss03', 2), (2, 'dipark04', 3),
    (3, 'dipark04', 1), (3, 'cymoss03', 2), (3, 'bobray02', 3);
"""

DOCS = """
# race
One row per race sheet, one race each.
- town: where it was run

# slip
One row per race slip, a note handed in after a race.

# result
- placing: where the runner finished (1 is best)
"""


@pytest.fixture
async def races(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


@pytest.mark.parametrize(
    "question",
    [
        "Which runner has the highest total placing?",  # Cy Moss, 7: no question's answer
        "What is the total placing of the results?",
    ],
)
def test_places_in_an_order_are_never_added_up(races: Database, question: str) -> None:
    assert abstains(races, question)


def test_more_than_n_words_before_rows_counts_the_rows(races: Database) -> None:
    """ "more than 2 placing results" is no 'placing > 2'."""
    assert abstains(races, "How many runners had more than 1 placing results?")
    assert rows(races, "How many runners have more than 2 results?") == [(1,)]


def test_a_word_of_several_tables_names_their_parent(races: Database) -> None:
    assert rows(races, "Which runner has the highest age?") == [("Cy Moss (cymoss03)", 50)]
    assert rows(races, "How many runners are there?") == [(4,)]


def test_a_documented_phrase_beats_a_table_name_inside_it(races: Database) -> None:
    assert rows(races, "How many race sheets are there?") == [(3,)]
    assert rows(races, "How many race slips are there?") == [(2,)]


def test_a_part_of_a_key_of_two_columns_names_no_group(races: Database) -> None:
    """Runner shoes grouped by (runner, shoe) under the runner's id alone: one runner shown
    once per shoe, each with the runner's age."""
    assert abstains(races, "What are the top 2 runner shoes by age?")


def test_never_with_a_condition_on_the_childs_other_parent_is_declined(races: Database) -> None:
    """ "runners who never ran in Oslo": Oslo is a race of the results, not of the runner;
    outside the sub-query the condition contradicts it (always 0)."""
    assert abstains(races, "How many runners never had a result in Oslo?")
    assert rows(races, "How many runners never had a result?") == [(0,)]


def test_expensive_with_no_measure_read_is_declined(races: Database) -> None:
    """ "the most expensive to race" is no count of races run."""
    assert abstains(races, "Which runner is the most expensive to race?")
    assert rows(races, "Which race is the most expensive?") == [("Rome", 9.0)]


CURVES = """
CREATE TABLE turbine (name TEXT PRIMARY KEY, maker TEXT);
CREATE TABLE load_curve (turbine TEXT REFERENCES turbine(name), speed INTEGER, value REAL,
    PRIMARY KEY (turbine, speed));
CREATE TABLE load_factor_curve (turbine TEXT REFERENCES turbine(name), speed INTEGER,
    value REAL, PRIMARY KEY (turbine, speed));
"""


async def test_the_first_words_of_one_tables_name_name_it(tmp_path: Path) -> None:
    """ "load factor" names load_factor_curve alone; "load" begins two tables' names (neither
    the other's parent), so it names neither — never the first one listed."""
    catalog, _ = await open_database(tmp_path, CURVES)
    vocabulary = Vocabulary.of(catalog)
    assert vocabulary.table_named("load factor") == "load_factor_curve"
    assert vocabulary.table_named("load") is None
    assert vocabulary.table_named("curve") is None


KINDS = """
CREATE TABLE move_kind (name TEXT PRIMARY KEY, speed INTEGER);
INSERT INTO move_kind VALUES ('swim', 2), ('walk', 1), ('fly', 5);
CREATE TABLE animal (name TEXT PRIMARY KEY, move_kind TEXT REFERENCES move_kind(name));
INSERT INTO animal VALUES ('eel', 'swim'), ('cod', 'swim'), ('cat', 'walk'), ('owl', 'fly');
"""


async def test_a_count_of_rows_one_of_them_selected_by_a_key_is_declined(tmp_path: Path) -> None:
    """ "How many move kinds can swim?": the kind 'swim' through the animals' key to it is one
    row, whatever the question asks."""
    kinds = await open_database(tmp_path, KINDS)
    assert abstains(kinds, "How many move kinds can swim?")
    assert rows(kinds, "How many animals have the swim move kind?") == [(2,)]


@pytest.mark.parametrize(
    "question", ["How many races have a slip?", "How many runners have a result?"]
)
def test_rows_said_to_have_one_of_another_tables_are_not_all_rows(
    races: Database, question: str
) -> None:
    """Two of three races have a slip: counting every race answers another question."""
    assert abstains(races, question)


FLAGS = """
CREATE TABLE port (name TEXT PRIMARY KEY, has_dock INTEGER);
INSERT INTO port VALUES ('Ayr', 1), ('Bude', 0), ('Cobh', 1);
CREATE TABLE dock (id INTEGER PRIMARY KEY, port TEXT REFERENCES port(name), berths INTEGER);
INSERT INTO dock VALUES (1, 'Ayr', 4), (2, 'Cobh', 2);
"""


async def test_a_flag_of_the_thing_had_reads_it(tmp_path: Path) -> None:
    """ "have a dock" read by ``has_dock`` is read: no table left unread."""
    ports = await open_database(tmp_path, FLAGS)
    assert rows(ports, "How many ports have a dock?") == [(2,)]
