"""Three readings a plan must not skip, on a small market of its own (snake_case): a
measure word no column names ("total purchase value": never a count of purchases), a
measure or a count grouped by rows it reaches by two chains of foreign keys (a country's
buyers or its vendors: the question's words choose, else abstain), and a year on rows
without a date (buyers "signed up" in a year: not the year of their purchases)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.plan import parent_chains
from tests.sql.linking_schemas import Database, abstains, open_database, rows

MARKET = """
CREATE TABLE country (country_id INTEGER PRIMARY KEY, country_name TEXT);
CREATE TABLE buyer (buyer_id INTEGER PRIMARY KEY, buyer_name TEXT,
                    country_id INTEGER REFERENCES country (country_id));
CREATE TABLE vendor (vendor_id INTEGER PRIMARY KEY, vendor_name TEXT,
                     country_id INTEGER REFERENCES country (country_id));
CREATE TABLE purchase (purchase_id INTEGER PRIMARY KEY, placed_on DATE,
                       buyer_id INTEGER REFERENCES buyer (buyer_id));
CREATE TABLE purchase_line (line_id INTEGER PRIMARY KEY, revenue REAL, delivery_mode TEXT,
                            purchase_id INTEGER REFERENCES purchase (purchase_id),
                            vendor_id INTEGER REFERENCES vendor (vendor_id));
INSERT INTO country VALUES (1, 'Norway'), (2, 'Chile');
INSERT INTO buyer VALUES (1, 'Aker', 1), (2, 'Birk', 2);
INSERT INTO vendor VALUES (1, 'Vik', 2), (2, 'Lund', 1);
INSERT INTO purchase VALUES (1, '2023-02-01', 1), (2, '2023-03-01', 1), (3, '2024-01-05', 2);
INSERT INTO purchase_line VALUES (1, 100.0, 'DELIVERY', 1, 1), (2, 50.0, 'PICKUP', 2, 1),
  (3, 40.0, 'PICKUP', 3, 2);
"""
"""A purchase line's country: its buyer's (Aker, Norway: 150) or its vendor's (Vik,
Chile: 150) — two answers to one question."""


@pytest.fixture
async def market(tmp_path: Path) -> Database:
    return await open_database(tmp_path, MARKET)


async def test_a_measure_word_no_plan_reads_abstains(market: Database) -> None:
    assert abstains(market, "What are the top 2 buyers by total purchase value?")
    assert abstains(market, "Which buyer has the highest purchase amount?")
    assert rows(market, "Which buyer has the most purchases?") == [("Aker", 2)]


async def test_two_chains_to_the_groups_are_chosen_by_the_question(market: Database) -> None:
    catalog = market[0]
    assert sorted(parent_chains("purchase_line", "country", catalog)) == [
        ["purchase", "buyer", "country"],
        ["vendor", "country"],
    ]
    assert rows(market, "Which country's buyers generated the most revenue?") == [("Norway", 150.0)]
    assert rows(market, "Which country's vendors generated the most revenue?") == [("Chile", 150.0)]
    assert abstains(market, "Which country generated the most revenue?")
    assert abstains(market, "Which country has the most purchase lines?")
    assert rows(market, "Which country's buyers have the most purchase lines?") == [("Norway", 2)]
    assert rows(market, "How many purchase lines are there?") == [(3,)]


async def test_a_year_of_other_rows_needs_those_rows_named(market: Database) -> None:
    assert abstains(market, "How many buyers signed up in 2023?")
    assert abstains(market, "How many buyers joined in 2023?")
    assert rows(market, "How many buyers placed purchases in 2023?") == [(1,)]
    assert rows(market, "How many purchases were placed in 2023?") == [(2,)]


async def test_a_value_word_naming_a_column_with_the_next_is_the_column(market: Database) -> None:
    assert rows(market, "Which delivery mode is used for the most purchase lines?") == [
        ("PICKUP", 2)
    ]
    assert rows(market, "How many purchase lines are for delivery?") == [(1,)]
