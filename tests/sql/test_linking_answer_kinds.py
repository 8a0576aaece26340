"""The kind of answer a question asks for, kept (an atlas of its own, PascalCase):
"How many different X" counts distinct X — the named column's values, or the label of a
table whose rows repeat it — never the rows; "What is the smallest <thing> by <measure>"
names the thing, never only the smallest measure (a thing of another table: declined)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

ATLAS = """
CREATE TABLE Nation (Code TEXT PRIMARY KEY, Name TEXT, SurfaceArea REAL, Population INTEGER);
CREATE TABLE NationTongue (Nation TEXT REFERENCES Nation (Code), Tongue TEXT, Share REAL,
                           PRIMARY KEY (Nation, Tongue));
CREATE TABLE Ingredient (IngredientId TEXT, Name TEXT, Dish TEXT, Perishable INTEGER,
                         PRIMARY KEY (IngredientId, Dish));
INSERT INTO Nation VALUES ('AAA', 'Avalon', 120.5, 9000), ('BBB', 'Brigadoon', 0.4, 800),
  ('CCC', 'Camelot', 88.0, 12000);
INSERT INTO NationTongue VALUES ('AAA', 'Elvish', 60), ('AAA', 'Common', 40),
  ('BBB', 'Common', 100), ('CCC', 'Common', 70), ('CCC', 'Dwarvish', 30);
INSERT INTO Ingredient VALUES ('I1', 'bread', 'toastie', 1), ('I1', 'bread', 'sandwich', 1),
  ('I2', 'cheese', 'toastie', 1), ('I3', 'napkin', 'toastie', 0),
  ('I3', 'napkin', 'sandwich', 0), ('I3', 'napkin', 'soup', 0);
"""
"""Five tongue rows of three tongues; six ingredient rows of three ingredients."""


@pytest.fixture
async def atlas(tmp_path: Path) -> Database:
    return await open_database(tmp_path, ATLAS)


async def test_how_many_different_counts_distinct_values_never_rows(atlas: Database) -> None:
    for question in ("How many different tongues are there?",
                     "How many distinct tongues are there?"):  # fmt: skip
        assert rows(atlas, question) == [(3,)], question
    for question in ("How many different ingredients are there?",
                     "How many unique ingredients do we use?"):  # fmt: skip
        assert rows(atlas, question) == [(3,)], question


async def test_the_plain_count_of_a_table_is_still_its_rows(atlas: Database) -> None:
    assert rows(atlas, "How many nations are there?") == [(3,)]


async def test_the_smallest_thing_by_a_measure_names_the_thing(atlas: Database) -> None:
    for question, name in (
        ("What is the smallest nation by surface area?", "Brigadoon (BBB)"),
        ("Which is the largest nation by population?", "Camelot (CCC)"),
    ):
        assert rows(atlas, question)[0][0] == name, question  # the name, and its code


async def test_the_smallest_measure_alone_is_still_a_number(atlas: Database) -> None:
    assert rows(atlas, "What is the smallest surface area?") == [(0.4,)]


async def test_a_thing_of_another_table_than_the_measure_is_declined(atlas: Database) -> None:
    assert abstains(atlas, "What is the largest tongue by surface area?")
