"""Plans that read every word of a question in another sense than it says (a list as a
total, rows as a column's values, an adjective nothing reads, another table's values)
decline; a value spelled several ways in one column selects the rows of every spelling;
"types of <table>" counts that table's types."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.value_index import ValueIndex
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE element (atomic_number INTEGER PRIMARY KEY, name TEXT, discoverers TEXT,
                      weight REAL);
INSERT INTO element VALUES (1, 'Iron', 'Known to the ancients.', 55.8),
    (2, 'Gold', 'Known to the ancients', 197.0), (3, 'Neon', 'Ramsay', 20.2),
    (4, 'Tin', 'Known to the ancients.', 118.7), (5, 'Argon', 'Rayleigh', 39.9);
CREATE TABLE oxidationstates (id INTEGER PRIMARY KEY, oxidation_state INTEGER, category TEXT,
                              atomic_number INTEGER REFERENCES element(atomic_number));
INSERT INTO oxidationstates VALUES (1, 2, 'main', 1), (2, 3, 'main', 1), (3, 6, 'extended', 1),
    (4, 1, 'main', 2), (5, 3, 'main', 2), (6, 5, 'extended', 2), (7, -1, 'extended', 2),
    (8, 2, 'main', 4), (9, 4, 'main', 4);
CREATE TABLE language (code TEXT PRIMARY KEY, name TEXT, type TEXT);
INSERT INTO language VALUES ('eng', 'English', 'L'), ('lat', 'Latin', 'E'),
    ('got', 'Gothic', 'E'), ('fra', 'French', 'L');
CREATE TABLE subdivision (code TEXT PRIMARY KEY, name TEXT, type TEXT);
INSERT INTO subdivision VALUES ('FR-A', 'Alsace', 'Region'), ('US-TX', 'Texas', 'State'),
    ('CA-ON', 'Ontario', 'Province'), ('US-UT', 'Utah', 'State');
"""


@pytest.fixture
async def shelf(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_a_value_spelled_two_ways_selects_the_rows_of_both(shelf: Database) -> None:
    assert rows(shelf, "How many elements were known to the ancients?") == [(3,)]
    named = rows(shelf, "Which elements were known to the ancients?")
    assert sorted(named) == [("Gold",), ("Iron",), ("Tin",)]


async def test_a_value_spelled_two_ways_is_not_negated_by_one_spelling(shelf: Database) -> None:
    assert abstains(shelf, "How many elements were not known to the ancients?")


@pytest.mark.parametrize(
    "question",
    ["List the main oxidation states of iron.", "What are the main oxidation states of iron?",
     "Show the oxidation states of iron."],
)  # fmt: skip
async def test_values_asked_for_are_never_their_total(shelf: Database, question: str) -> None:
    assert abstains(shelf, question)


async def test_one_value_and_a_total_are_still_answered(shelf: Database) -> None:
    assert rows(shelf, "What is the weight of iron?") == [(55.8,)]
    assert rows(shelf, "What is the total weight of the elements?") == [(431.6,)]


@pytest.mark.parametrize(
    "question",
    ["Which element has the most oxidation states?",
     "Which two elements have the most oxidation states?"],
)  # fmt: skip
async def test_rows_named_like_their_column_are_not_its_values(
    shelf: Database, question: str
) -> None:
    assert abstains(shelf, question)  # counted: the states; summed or compared: their values


async def test_more_than_n_rows_named_like_their_column_counts_them(shelf: Database) -> None:
    assert rows(shelf, "How many elements have more than 2 oxidation states?") == [(2,)]


@pytest.mark.parametrize(
    "question",
    ["What is the oxidation state of iron?", "What is the oxidation state of gold?"],
)
async def test_such_a_column_is_never_added_up_for_one_row(shelf: Database, question: str) -> None:
    assert abstains(shelf, question)  # each row's state is what it is: not an amount


async def test_the_highest_value_of_such_a_column_is_still_read(shelf: Database) -> None:
    assert rows(shelf, "What is the highest oxidation state?") == [(6,)]
    assert rows(shelf, "What is the highest oxidation state of iron?") == [(6,)]


async def test_a_verb_as_an_adjective_of_the_rows_counted_is_read(shelf: Database) -> None:
    assert abstains(shelf, "How many living languages are there?")
    assert rows(shelf, "How many languages are there?") == [(4,)]


async def test_types_of_a_named_table_are_that_tables(shelf: Database) -> None:
    assert rows(shelf, "How many different types of subdivision are there?") == [(3,)]
    assert rows(shelf, "How many different types of language are there?") == [(2,)]


async def test_types_of_no_named_table_among_two_decline(shelf: Database) -> None:
    assert abstains(shelf, "How many different types are there?")


def test_the_spellings_of_a_value_are_the_same_words_in_the_same_column() -> None:
    index = ValueIndex()
    for table, column, value in [("shop", "name", "Acme Ltd"), ("shop", "name", "Acme Ltd."),
                                 ("shop", "name", "ACME LTD"), ("shop", "name", "Acme Ltd Two"),
                                 ("firm", "name", "Acme Ltd.")]:  # fmt: skip
        index.add(table, column, value)
    assert index.spellings("shop", "name", "Acme Ltd") == ["Acme Ltd", "Acme Ltd.", "ACME LTD"]
