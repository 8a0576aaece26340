"""Counts per group read from the counted table itself: "of each type" (its own
``ledger_type``), "each month" / "which day had the most" (its one date, cut to that
unit), "the most common <table> <column>" — and the readings that stay declined: two
columns of that last word, two dates no verb tells apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import QueryPlan, compile_plan
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE ledger (id INTEGER PRIMARY KEY, name TEXT, ledger_type TEXT);
INSERT INTO ledger VALUES (1, 'Cash', 'ASSET'), (2, 'Bank', 'ASSET'), (3, 'Rent', 'EXPENSE');
CREATE TABLE parcel (id INTEGER PRIMARY KEY, sent_on TEXT, weight REAL, type TEXT,
                     destination TEXT);
INSERT INTO parcel VALUES (1, '2024-01-05', 1.0, 'box', 'Oslo'),
    (2, '2024-01-20', 2.0, 'box', 'Oslo'), (3, '2024-02-02', 3.0, 'tube', 'Lyon'),
    (4, '2023-12-31', 1.5, 'box', 'Oslo');
CREATE TABLE entry (id INTEGER PRIMARY KEY, post_date TEXT, enter_date TEXT, memo TEXT);
INSERT INTO entry VALUES (1, '2024-01-05', '2024-02-01', 'a'), (2, '2024-01-06', '2024-02-01', 'b'),
    (3, '2024-03-01', '2024-03-02', 'c');
CREATE TABLE gadget (id INTEGER PRIMARY KEY, name TEXT, body_type TEXT, power_type TEXT);
INSERT INTO gadget VALUES (1, 'x', 'round', 'mains'), (2, 'y', 'flat', 'battery');
CREATE TABLE scan (id INTEGER PRIMARY KEY, parcel_id TEXT, place TEXT);
CREATE TABLE pet (name TEXT PRIMARY KEY);
INSERT INTO pet VALUES ('rex'), ('tom'), ('kit');
CREATE TABLE skin (pet TEXT REFERENCES pet(name), slot INTEGER, colour TEXT,
                   PRIMARY KEY (pet, slot));
INSERT INTO skin VALUES ('rex', 1, 'black'), ('tom', 1, 'black'), ('kit', 1, 'white');
CREATE TABLE eye (pet TEXT REFERENCES pet(name), side TEXT, colour TEXT,
                  PRIMARY KEY (pet, side));
INSERT INTO eye VALUES ('rex', 'left', 'blue'), ('tom', 'left', 'green');
CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO member VALUES (1, 'Ann'), (2, 'Ben'), (3, 'Cid');
CREATE TABLE review (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(id),
                     reviewed_at TEXT, body TEXT);
INSERT INTO review VALUES (1, 1, '2024-01-01', 'hi'), (2, 1, '2024-01-02', 'yo'),
    (3, 2, '2024-01-03', 'ok'), (4, 3, '2024-01-04', 'no'), (5, 1, '2024-01-05', 'so');
CREATE TABLE booking (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(id),
                      booked_at TEXT, fee REAL);
INSERT INTO booking VALUES (1, 2, '2024-01-01', 10.0), (2, 2, '2024-01-01', 5.0),
    (3, 1, '2024-01-02', 50.0);
CREATE TABLE product (sku TEXT PRIMARY KEY, name TEXT, type TEXT);
INSERT INTO product VALUES ('a', 'tea', 'drink'), ('b', 'cake', 'food'), ('c', 'pie', 'food');
CREATE TABLE line (id INTEGER PRIMARY KEY, sku TEXT REFERENCES product(sku));
INSERT INTO line VALUES (1, 'a'), (2, 'a'), (3, 'b'), (4, 'c'), (5, 'a');
INSERT INTO scan VALUES (1, 'p1', 'Oslo'), (2, 'p2', 'Oslo'), (3, 'p3', 'Rome');
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_counts_of_each_own_column(shop: Database) -> None:
    assert rows(shop, "How many ledgers of each type are there?") == [
        ("ASSET", 2),
        ("EXPENSE", 1),
    ]
    assert rows(shop, "How many parcels does each parcel type have?") == [("box", 3), ("tube", 1)]


async def test_counts_each_month_of_the_one_date(shop: Database) -> None:
    assert rows(shop, "How many parcels were sent each month?") == [
        ("2024-01", 2),
        ("2023-12", 1),
        ("2024-02", 1),
    ]
    assert rows(shop, "How many parcels were sent each month in 2024?") == [
        ("2024-01", 2),
        ("2024-02", 1),
    ]


async def test_which_period_has_the_most_rows(shop: Database) -> None:
    assert rows(shop, "Which month had the most parcels?") == [("2024-01", 2)]
    assert rows(shop, "Which year had the most parcels?") == [("2024", 3)]


async def test_two_dates_need_a_verb_naming_one(shop: Database) -> None:
    assert rows(shop, "How many entries were posted each month?") == [
        ("2024-01", 2),
        ("2024-03", 1),
    ]
    assert abstains(shop, "How many entries were there each month?")
    assert abstains(shop, "Which day had the most entries?")


async def test_two_columns_of_the_word_decline(shop: Database) -> None:
    assert abstains(shop, "How many gadgets of each type are there?")


async def test_most_common_table_column(shop: Database) -> None:
    assert rows(shop, "What is the most common parcel destination?") == [("Oslo", 3)]


async def test_two_attribute_tables_of_the_word_decline(shop: Database) -> None:
    assert abstains(shop, "Which colour has the most pets?")  # the skin's, or the eyes'?


async def test_the_verb_names_the_counted_rows(shop: Database) -> None:
    catalog, connection = shop
    docs = parse_documentation(
        "# review\n- member_id: the member who reviewed\n"
        "# booking\n- member_id: the member who booked\n"
    )
    plan = read_question("Which member reviewed the most?", catalog, docs=docs)
    assert isinstance(plan, QueryPlan)
    assert connection.execute(compile_plan(plan, catalog)).fetchall() == [("Ann", 3)]
    booked = read_question("Which member booked the most?", catalog, docs=docs)
    assert isinstance(booked, Abstention)  # bookings, or the most fees?


async def test_list_the_n_rows_with_the_most(shop: Database) -> None:
    assert rows(shop, "List the 2 members with the most reviews.") == [
        ("Ann", 3),
        ("Ben", 1),
        ("Cid", 1),
    ]


async def test_rows_of_each_parent_column(shop: Database) -> None:
    assert rows(shop, "How many lines of each product type are there?") == [
        ("drink", 3),
        ("food", 2),
    ]
