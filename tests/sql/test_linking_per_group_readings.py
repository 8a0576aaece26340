"""A count or average "in each <group>" has one reading when a single column or relation
fits: a foreign key named after the group beside another one, a direct key beside a step
through the table itself, a number or code column of the counted rows; two candidates
are still declined. "The average number of <rows> per <parent>" counts a parent without
rows as none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE wallet (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO wallet VALUES (1, 'Home'), (2, 'Travel');
CREATE TABLE entry (id INTEGER PRIMARY KEY, amount REAL,
                    wallet INTEGER REFERENCES wallet(id),
                    dst_wallet INTEGER REFERENCES wallet(id));
INSERT INTO entry VALUES (1, 5, 1, 2), (2, 7, 1, NULL), (3, 9, 2, 1);
CREATE TABLE hop (id INTEGER PRIMARY KEY, from_wallet INTEGER REFERENCES wallet(id),
                  to_wallet INTEGER REFERENCES wallet(id));
INSERT INTO hop VALUES (1, 1, 2), (2, 2, 1), (3, 2, 1);
CREATE TABLE rack (name TEXT PRIMARY KEY);
INSERT INTO rack VALUES ('North'), ('South'), ('East');
CREATE TABLE gadget (name TEXT PRIMARY KEY, power INTEGER,
                     rack TEXT REFERENCES rack(name), replaced_by TEXT REFERENCES gadget(name));
INSERT INTO gadget VALUES ('a', 2, 'North', 'b'), ('b', 4, 'North', NULL),
    ('c', 9, 'South', 'a');
CREATE TABLE ride (id INTEGER PRIMARY KEY, season INTEGER, lane_id INTEGER,
                   lap INTEGER, lap_id INTEGER, note TEXT);
INSERT INTO ride VALUES (1, 2020, 0, 1, 1, 'x'), (2, 2020, 1, 1, 1, 'y'),
    (3, 2021, 1, 2, 2, 'z');
CREATE TABLE visit (id INTEGER PRIMARY KEY, visit_date TEXT, note TEXT);
INSERT INTO visit VALUES (1, '2021-03-01', 'a'), (2, '2021-03-01', 'b'), (3, '2021-03-02', 'c');
CREATE TABLE shop (id INTEGER PRIMARY KEY, name TEXT, employees INTEGER);
INSERT INTO shop VALUES (1, 'Corner', 4), (2, 'Market', 11);
"""


@pytest.fixture
async def books(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def test_the_key_named_after_the_group_is_the_rows_own(books: Database) -> None:
    assert set(rows(books, "How many entries were there in each wallet?")) == {
        ("Home", 2),
        ("Travel", 1),
    }


def test_two_keys_named_otherwise_are_still_declined(books: Database) -> None:
    assert abstains(books, "How many hops were there in each wallet?")


def test_a_step_through_the_table_itself_is_no_second_reading(books: Database) -> None:
    assert set(rows(books, "What is the average power of the gadgets in each rack?")) == {
        ("North", 3.0),
        ("South", 9.0),
    }


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many rides are there in each season?", {(2020, 2), (2021, 1)}),
        ("How many rides go in each lane?", {(0, 1), (1, 2)}),
        ("How many visits were there on each date?", {("2021-03-01", 2), ("2021-03-02", 1)}),
    ],
)
def test_a_number_or_code_of_the_counted_rows_groups_them(
    books: Database, question: str, expected: set[tuple[object, ...]]
) -> None:
    assert set(rows(books, question)) == expected


def test_two_columns_of_the_group_word_are_declined(books: Database) -> None:
    assert abstains(books, "How many rides are there in each lap?")  # lap, or lap_id?


def test_a_number_of_each_row_is_read_row_by_row(books: Database) -> None:
    assert set(rows(books, "How many employees does each shop have?")) == {
        ("Corner", 4),
        ("Market", 11),
    }


def test_an_average_number_per_parent_counts_each_parent(books: Database) -> None:
    assert rows(books, "What is the average number of gadgets per rack?") == [(1.0,)]


def test_an_average_number_per_parent_of_two_keys_is_declined(books: Database) -> None:
    assert abstains(books, "What is the average number of hops per wallet?")


LINKED = """
CREATE TABLE journey (id INTEGER PRIMARY KEY, label TEXT);
INSERT INTO journey VALUES (1, 'J1'), (2, 'J2'), (3, 'J3');
CREATE TABLE halt (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO halt VALUES (1, 'Ayr'), (2, 'Bath'), (3, 'Cork');
CREATE TABLE call (journey_id INTEGER REFERENCES journey(id),
                   halt_id INTEGER REFERENCES halt(id), seq INTEGER,
                   PRIMARY KEY (journey_id, seq));
INSERT INTO call VALUES (1, 1, 1), (1, 2, 2), (1, 3, 3), (2, 1, 1), (2, 2, 2);
"""


@pytest.fixture
async def calls(tmp_path: Path) -> Database:
    return await open_database(tmp_path, LINKED)


def test_an_average_number_per_parent_through_a_link_table(calls: Database) -> None:
    assert rows(calls, "What is the average number of halts per journey?") == [(1.666667,)]


def test_an_average_number_per_parent_that_has_any_leaves_the_others_out(
    books: Database,
) -> None:
    assert rows(books, "What is the average number of gadgets per rack that has any?") == [(1.5,)]
    assert rows(books, "What is the average number of gadgets per rack with any?") == [(1.5,)]


GENRES = """
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, genre TEXT, status TEXT);
INSERT INTO film VALUES (1, 'Dawn', 'Drama', 'released'), (2, 'Dusk', 'Drama', 'released'),
    (3, 'Noon', 'Drama', 'planned'), (4, 'Eve', 'Comedy', 'released'),
    (5, 'Mist', NULL, 'released'), (6, 'Haze', 'Horror', 'planned');
"""


@pytest.fixture
async def films(tmp_path: Path) -> Database:
    return await open_database(tmp_path, GENRES)


def test_an_average_number_per_value_of_a_column_counts_each_value(films: Database) -> None:
    assert rows(films, "What is the average number of films per genre?") == [(1.67,)]
    assert rows(films, "What is the average number of released films per genre?") == [(1.5,)]


def test_an_average_number_per_unknown_group_is_declined(films: Database) -> None:
    assert abstains(films, "What is the average number of films per director?")
