"""Readings the first runs on five unseen databases got wrong (session 13), each a class:
a lower-case compound name ("modelname") is a name; a count of the one row a unique value
selects ("How many Elves?" as the elf kind's row: 1) declines; a related table's value
beats a text of the counted rows that happens to equal it; '_' is no value; a word of a
table's name, or of its documented rows, that is a value reads the value ("dolls": the
type 'Doll', not the doll makers; "one row per creature type": kinds, not creatures); a
word of counting that is also a value ('Unique') declines."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE toy_type (id INTEGER PRIMARY KEY, code TEXT, name TEXT);
INSERT INTO toy_type VALUES (1, 'DOLL', 'Doll'), (2, 'BALL', 'Ball'), (3, 'KITE', 'Kite');
CREATE TABLE breed (id INTEGER PRIMARY KEY, code TEXT, name TEXT);
INSERT INTO breed VALUES (1, 'ELF', 'Elf'), (2, 'ORC', 'Orc'), (3, 'TROLL', 'Troll');
CREATE TABLE doll_maker (id INTEGER PRIMARY KEY, maker TEXT);
INSERT INTO doll_maker VALUES (1, 'Acme'), (2, 'Zenith');
CREATE TABLE feature (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO feature VALUES (1, 'Squeaky'), (2, 'Glows'), (3, 'Unique');
CREATE TABLE toy (toy_id INTEGER PRIMARY KEY, toy_code TEXT, modelname TEXT, modeltext TEXT,
                  price REAL, glyph TEXT, type INTEGER REFERENCES toy_type(id),
                  maker INTEGER REFERENCES doll_maker(id));
INSERT INTO toy VALUES
    (1, 'T-01', 'Ada', 'Squeaky', 4.0, '_', 1, 1),
    (2, 'T-02', 'Bea', 'Glows at night.', 6.0, '*', 1, 2),
    (3, 'T-03', 'Cy', 'Bounces.', 10.0, '_', 2, NULL),
    (4, 'T-04', 'Di', 'Flies high.', 30.0, '~', 3, NULL),
    (5, 'T-05', 'Ed', 'Rolls.', 8.0, '*', 2, NULL);
CREATE TABLE toy_feature (toy_id INTEGER REFERENCES toy(toy_id),
                          feature_id INTEGER REFERENCES feature(id));
WITH RECURSIVE n(i) AS (SELECT 6 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO toy SELECT i, 'T-' || i, 'Toy ' || i, 'Plain toy number ' || i || '.', 1.0, '.', 2, NULL
FROM n;
INSERT INTO toy_feature VALUES (1, 1), (2, 1), (3, 1), (2, 2), (4, 3);
CREATE TABLE toy_breed (toy_id INTEGER REFERENCES toy(toy_id), breed INTEGER REFERENCES breed(id));
INSERT INTO toy_breed VALUES (1, 1), (2, 1), (3, 2), (4, 3);
"""
DOCS = "# breed\nOne row per creature type a toy is made as.\n"


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    _, connection = await open_database(tmp_path, SCHEMA)
    docs = parse_documentation(DOCS)
    return await SqlCatalog.load(SqliteRunner(tmp_path / "shapes.db"), docs=docs), connection


def test_a_lower_case_compound_ending_in_name_is_the_label(shop: Database) -> None:
    assert rows(shop, "Which toys cost more than 9?") == [("Cy",), ("Di",)]


@pytest.mark.parametrize(
    "question",
    [
        "How many Elves are there?",  # the one row of the elf kind
        "How many Elf breeds are there?",
    ],
)
def test_a_count_of_the_one_row_a_unique_value_selects_declines(
    shop: Database, question: str
) -> None:
    assert abstains(shop, question)


def test_a_count_of_rows_named_so_is_answered(shop: Database) -> None:
    assert rows(shop, "How many breeds are named Elf?") == [(1,)]


def test_a_related_table_s_value_beats_the_rows_own_text(shop: Database) -> None:
    assert rows(shop, "How many toys have Squeaky?") == [(3,)]  # not the 1 modeltext 'Squeaky'


def test_an_underscore_is_no_value(shop: Database) -> None:
    assert rows(shop, "How many toys are kites?") == [(1,)]  # not also glyph '_'


def test_a_value_that_is_a_word_of_a_table_s_name_reads_the_value(shop: Database) -> None:
    assert rows(shop, "What is the average price of dolls?") == [(5.0,)]  # no doll maker


def test_documented_kinds_of_a_thing_do_not_name_the_thing(shop: Database) -> None:
    assert rows(shop, "How many creature types are there?") == [(3,)]
    assert abstains(shop, "Which creature has the highest price?")


def test_a_word_of_counting_that_is_also_a_value_declines(shop: Database) -> None:
    assert abstains(shop, "How many unique toys are there?")


GAME = """
CREATE TABLE heroes (id INTEGER PRIMARY KEY, name TEXT, localized_name TEXT, attack_rate REAL,
                     armor INTEGER, health INTEGER);
INSERT INTO heroes VALUES (1, 'npc_hero_ada', 'Ada', 1.7, 3, 9),
    (2, 'npc_hero_bo', 'Bo', 1.4, 5, 7), (3, 'npc_hero_cy', 'Cy', 1.5, 1, 8);
CREATE TABLE gear (id INTEGER PRIMARY KEY, name TEXT, dname TEXT, cost INTEGER);
INSERT INTO gear VALUES (1, 'iron_axe', 'Iron Axe', 5), (2, 'oak_bow', 'Oak Bow', 9),
    (3, 'tin_cap', 'Tin Cap', 2);
CREATE TABLE kite (kite_type TEXT PRIMARY KEY, name TEXT, span REAL);
INSERT INTO kite VALUES ('K-9/1', 'Skylark', 2.0), ('K-12/4', NULL, 3.5), ('K-3/3', 'Wren', 1.0);
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, qual TEXT);
INSERT INTO items VALUES (1, 'Axe', 'rare'), (2, 'Orb', 'rare'), (3, 'Cap', 'common');
CREATE TABLE item_parts (item_id INTEGER REFERENCES items(id),
                         part_id INTEGER REFERENCES items(id), quantity INTEGER);
INSERT INTO item_parts VALUES (1, 2, 4), (1, 3, 5);
"""


@pytest.fixture
async def game(tmp_path: Path) -> Database:
    return await open_database(tmp_path, GAME)


def test_a_row_is_named_by_a_whole_name_written_as_words(game: Database) -> None:
    assert rows(game, "Which hero has the highest armor?") == [("Bo", 5)]  # not npc_hero_bo
    assert rows(game, "Which kite has the largest span?") == [("K-12/4", 3.5)]  # not NULL
    assert rows(game, "Which gear has the highest cost?") == [("Oak Bow", 9)]  # not oak_bow


def test_two_values_asked_of_a_row_decline(game: Database) -> None:
    assert abstains(game, "What are the armor and health of Ada?")


def test_other_rows_of_the_same_table_decline(game: Database) -> None:
    assert abstains(game, "How many items are built from other items?")


def test_a_measure_of_another_kind_than_the_column_s_declines(game: Database) -> None:
    assert abstains(game, "What is Ada's win rate?")  # no win rate, an attack rate
    assert rows(game, "What is Ada's attack rate?") == [(1.7,)]


def test_how_many_items_counts_an_items_table_s_rows(game: Database) -> None:
    assert rows(game, "How many items are there?") == [(3,)]  # not the parts' quantity
    assert rows(game, "How many items are there of each qual?") == [("rare", 2), ("common", 1)]


def test_which_rows_are_never_answered_with_a_total(game: Database) -> None:
    question = "Excluding Cy, which heroes have an armor above 2?"
    assert abstains(game, question) or rows(game, question) == [("Ada",), ("Bo",)]
