"""An average, maximum or minimum "of each <group>" / "per <group>" is one row per group
— never the one aggregate of all rows; a group with no single reading is declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE quote (ticker TEXT, day TEXT, price REAL, PRIMARY KEY (ticker, day));
INSERT INTO quote VALUES ('AA', '2020-01-01', 10), ('AA', '2020-01-02', 20),
    ('BB', '2020-01-01', 5), ('BB', '2020-01-02', 7), ('BB', '2020-01-03', 9);
CREATE TABLE shipper (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO shipper VALUES (1, 'Swift'), (2, 'Slow');
CREATE TABLE parcel (id INTEGER PRIMARY KEY, weight REAL, size TEXT,
                     shipper_id INTEGER REFERENCES shipper(id));
INSERT INTO parcel VALUES (1, 2.0, 'small', 1), (2, 4.0, 'large', 1), (3, 9.0, 'large', 2),
    (4, 1.0, 'small', 2), (5, 5.0, 'small', 2);
CREATE TABLE car (name TEXT PRIMARY KEY, miles_per_gallon REAL, origin TEXT);
INSERT INTO car VALUES ('a', 20, 'Japan'), ('b', 30, 'Japan'), ('c', 10, 'USA');
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What was the average price of each quote?", {("AA", 15.0), ("BB", 7.0)}),
        ("What is the highest price per quote?", {("AA", 20.0), ("BB", 9.0)}),
        ("What is the lowest price of every quote?", {("AA", 10.0), ("BB", 5.0)}),
        ("What is the average weight of the parcels of each shipper?",
         {("Swift", 3.0), ("Slow", 5.0)}),
        ("What is the highest weight per shipper?", {("Swift", 4.0), ("Slow", 9.0)}),
        ("What is the average weight of each size?", {("small", 2.67), ("large", 6.5)}),
    ],
)  # fmt: skip
def test_an_aggregate_of_each_group_is_one_row_per_group(
    shop: Database, question: str, expected: set[tuple[object, ...]]
) -> None:
    assert set(rows(shop, question)) == expected


def test_per_the_counted_rows_is_the_plain_average(shop: Database) -> None:
    assert rows(shop, "What is the average weight per parcel?") == [(4.2,)]


def test_per_inside_a_column_name_groups_nothing(shop: Database) -> None:
    assert rows(shop, "What is the average miles per gallon of the cars from Japan?") == [(25.0,)]


@pytest.mark.parametrize(
    "question",
    [
        "What is the average weight of each parcel?",  # one row each: its weight, or all?
        "What is the highest weight per parcel?",
    ],
)
def test_each_row_of_its_own_table_is_declined(shop: Database, question: str) -> None:
    assert abstains(shop, question)


def test_an_average_number_per_group_is_a_rate_not_group_averages(shop: Database) -> None:
    assert rows(shop, "What is the average number of parcels per size?") == [(2.5,)]


def test_an_average_per_another_table_is_declined(shop: Database) -> None:
    assert abstains(shop, "What is the average weight per shipper?")  # of their totals?


@pytest.mark.parametrize(
    "question",
    ["Which quote had the highest price each day?", "Which parcel is the heaviest per size?"],
)
def test_a_top_row_of_each_group_is_declined(shop: Database, question: str) -> None:
    assert abstains(shop, question)  # one top row of all would drop "each"
