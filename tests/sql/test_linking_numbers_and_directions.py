"""Spelled-out numbers, single rows and directions, on a small ledger and a route map:
"more than two splits" compares with 2 (a comparison no condition reads is declined);
"the largest single split" is one split's amount, never a number of splits (else
declined); "from X to Y" reads X in the source column and Y in the destination one, and
two values of one column at once are declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.catalog import CatalogColumn
from hookline.sql.doubts import plan_doubts
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.plan_reading import PlanReading
from tests.sql.linking_schemas import Database, abstains, open_database, rows

BOOKS = """
CREATE TABLE account (id INTEGER PRIMARY KEY, name TEXT, kind TEXT);
CREATE TABLE entry (id INTEGER PRIMARY KEY, memo TEXT);
CREATE TABLE split (id INTEGER PRIMARY KEY, entry INTEGER REFERENCES entry (id),
                    account INTEGER REFERENCES account (id), amount REAL);
INSERT INTO account VALUES (1, 'Rent', 'EXPENSE'), (2, 'Food', 'EXPENSE'), (3, 'Bank', 'ASSET');
INSERT INTO entry VALUES (1, 'rent'), (2, 'groceries'), (3, 'split bill'), (4, 'snacks');
INSERT INTO split VALUES (1, 1, 1, 900), (2, 1, 3, -900), (3, 2, 2, 40), (4, 2, 3, -40),
  (5, 3, 1, 10), (6, 3, 2, 20), (7, 3, 3, -30), (8, 4, 2, 5), (9, 4, 2, 6), (10, 4, 3, -11);
"""
"""Four entries of two or three splits; Food has the most splits, Rent the largest."""

ROUTES = """
CREATE TABLE carrier (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE leg (carrier INTEGER REFERENCES carrier (id), origin TEXT, destination TEXT);
INSERT INTO carrier VALUES (1, 'Skyway'), (2, 'Jetline'), (3, 'Aerora');
INSERT INTO leg VALUES (1, 'AAA', 'BBB'), (2, 'AAA', 'BBB'), (3, 'BBB', 'AAA'),
  (3, 'AAA', 'CCC');
"""
"""Legs between three ports: two carriers from AAA to BBB, one back."""


@pytest.fixture
async def books(tmp_path: Path) -> Database:
    return await open_database(tmp_path, BOOKS)


@pytest.fixture
async def routes(tmp_path: Path) -> Database:
    return await open_database(tmp_path, ROUTES)


async def test_a_spelled_number_is_compared(books: Database) -> None:
    assert rows(books, "How many entries have more than two splits?") == [(2,)]
    assert rows(books, "How many entries have more than 2 splits?") == [(2,)]
    assert rows(books, "How many entries have at least three splits?") == [(2,)]
    assert rows(books, "How many entries have fewer than three splits?") == [(2,)]


def test_a_comparison_no_condition_reads_is_doubted(books: Database) -> None:
    plan = QueryPlan(kind="count", table="entry")
    assert plan_doubts(PlanReading("How many entries have more than two splits?", plan, books[0]))
    assert plan_doubts(PlanReading("How many entries have at least 3 splits?", plan, books[0]))
    assert not plan_doubts(PlanReading("How many entries are there?", plan, books[0]))


async def test_the_largest_single_row_is_never_a_count_of_rows(books: Database) -> None:
    assert rows(books, "Which expense account got the largest single split?") == [("Rent", 900)]
    assert rows(books, "Which account had the smallest single split?") == [("Bank", -900)]
    assert rows(books, "Which account had the smallest single amount?") == [("Bank", -900)]
    assert rows(books, "Which account had the most splits?") == [("Bank", 4), ("Food", 4)]


async def test_the_largest_single_row_of_several_measures_is_declined(
    tmp_path: Path,
) -> None:
    two = await open_database(tmp_path, BOOKS + "ALTER TABLE split ADD COLUMN fee REAL;")
    assert abstains(two, "Which expense account got the largest single split?")
    plan = QueryPlan(kind="rank", table="split", group_table="account")
    assert plan_doubts(PlanReading("Which account got the largest single split?", plan, two[0]))


async def test_from_and_to_read_the_source_and_the_destination(routes: Database) -> None:
    assert rows(routes, "How many carriers fly from AAA to BBB?") == [(2,)]
    assert rows(routes, "How many carriers fly from BBB to AAA?") == [(1,)]
    assert rows(routes, "How many legs go to AAA?") == [(1,)]
    assert rows(routes, "How many legs leave from AAA?") == [(3,)]


def test_two_values_of_one_column_at_once_are_doubted(routes: Database) -> None:
    catalog = routes[0]
    origin = next(c for c in catalog.table_columns("leg") if c.name == "origin")
    both = [Filter(column=origin, value="AAA"), Filter(column=origin, value="BBB")]
    plan = QueryPlan(kind="count", table="leg", filters=both)
    assert plan_doubts(PlanReading("How many legs fly from AAA to BBB?", plan, catalog))
    assert isinstance(origin, CatalogColumn)
