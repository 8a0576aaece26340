"""A list request names the values of one column ("List the item categories": the
distinct categories), and a plural of a kind's value counts that kind ("How many cities":
the places of type 'City'); a plural that could mean another column's values, or several
columns, is declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, category TEXT, colour TEXT);
INSERT INTO item VALUES (1, 'Pen', 'Office', 'red'), (2, 'Ink', 'Office', 'blue'),
    (3, 'Ball', 'Toys', 'red'), (4, 'Kite', NULL, 'green');
CREATE TABLE store (id INTEGER PRIMARY KEY, name TEXT, manager TEXT, market_manager TEXT,
                    colour TEXT);
INSERT INTO store VALUES (1, 'North', 'Ann', 'Zed', 'red'), (2, 'South', 'Bob', 'Zed', 'blue');
CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT, kind TEXT);
INSERT INTO place VALUES (1, 'Oslo', 'City'), (2, 'Lyon', 'City'), (3, 'Norway', 'Country'),
    (4, 'Kent', 'County');
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("List the item categories.", [("Office",), ("Toys",)]),
        ("What are the item categories?", [("Office",), ("Toys",)]),
        ("List the categories.", [("Office",), ("Toys",)]),
        ("List the store managers.", [("Ann",), ("Bob",)]),
        ("List the categories in the database.", [("Office",), ("Toys",)]),
        ("How many cities are in the database?", [(2,)]),
        ("How many cities are there?", [(2,)]),
    ],
)
def test_a_list_names_one_columns_values(
    shop: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(shop, question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "List the colours.",  # item's and store's
        "List the categories of red items.",  # a condition the list would drop
        "List the item managers.",  # no such column
    ],
)
def test_an_unclear_list_is_declined(shop: Database, question: str) -> None:
    assert abstains(shop, question)


async def test_a_plural_value_that_also_names_a_column_is_declined(tmp_path: Path) -> None:
    """ "How many cities": the places of kind 'City', or the distinct cities customers
    live in?"""
    script = (
        SCHEMA
        + """
CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
INSERT INTO customer VALUES (1, 'Al', 'Oslo'), (2, 'Bo', 'Rome'), (3, 'Cy', 'Rome');
"""
    )
    database = await open_database(tmp_path, script)
    assert abstains(database, "How many cities are there?")
