"""A table of pairs ("one row per kennel and owner") says what it pairs, not what its rows
are: "kennels" are the rows of the table that is the kennels' own ("One row per breeding
kennel", "The 5 dog-breeding kennels, one row each"), never the pairs; a hyphenated
modifier ("dog-breeding") keeps the noun after it as the rows' noun."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import answer_rows, open_database

SCHEMA = """
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, region TEXT);
INSERT INTO items VALUES (1, 'Hollow Oak', 'North'), (2, 'Red Barn', 'North'),
  (3, 'Mill Lane', 'North'), (4, 'Sea View', 'South'), (5, 'Far Field', 'South');
CREATE TABLE owner (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO owner VALUES (1, 'Ada'), (2, 'Ben'), (3, 'Cy'), (4, 'Di');
CREATE TABLE item_owner (item INTEGER REFERENCES items(id), owner INTEGER REFERENCES owner(id));
INSERT INTO item_owner VALUES (1, 1), (2, 2), (3, 3), (4, 1), (4, 2), (4, 3), (4, 4),
  (5, 1), (5, 2), (5, 3);
"""
PAIRS = """# owner
One row per owner.
# item_owner
Which owners run a kennel: one row per kennel and owner.
"""
OWN = "# items\nOne row per breeding kennel.\n" + PAIRS
HYPHENATED = "# items\nThe 5 dog-breeding kennels, one row each.\n" + PAIRS


async def test_the_pairs_never_name_a_noun_another_table_owns(tmp_path: Path) -> None:
    kennels = await open_database(tmp_path, SCHEMA, docs=OWN)
    assert answer_rows(kennels, "How many kennels are there?", OWN) == [(5,)]
    region = answer_rows(kennels, "Which region has the most kennels?", OWN)
    assert region is None or region[0][0] == "North"


async def test_a_hyphenated_modifier_keeps_its_noun(tmp_path: Path) -> None:
    kennels = await open_database(tmp_path, SCHEMA, docs=HYPHENATED)
    assert answer_rows(kennels, "How many kennels are there?", HYPHENATED) == [(5,)]
    assert answer_rows(kennels, "How many dog-breeding kennels are there?", HYPHENATED) == [(5,)]
    region = answer_rows(kennels, "Which region has the most kennels?", HYPHENATED)
    assert region is None or region[0][0] == "North"


async def test_a_noun_no_other_table_owns_is_still_the_pairs(tmp_path: Path) -> None:
    docs = "# items\nOne row per farm.\n" + PAIRS
    kennels = await open_database(tmp_path, SCHEMA, docs=docs)
    assert answer_rows(kennels, "How many farms are there?", docs) == [(5,)]
