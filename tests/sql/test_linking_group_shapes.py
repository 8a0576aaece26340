"""Four question shapes on small databases of their own naming styles (snake_case,
PascalCase keys): a count or total "for each <group>" (one row per group, never the total
of all groups), "which <rows> cost more than N" (the rows, never a sum of them), a
quantity "sold" (an order line's, never a stock level of the rows ranked) and a grouped
column of the counted table itself (never joined into a child table).  Each answer is
right, or the linker abstains; never a confident wrong one."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import Database, abstains, open_database, rows

COURIER = """
CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, depot_name TEXT, town TEXT);
CREATE TABLE carrier (carrier_id INTEGER PRIMARY KEY, carrier_name TEXT);
CREATE TABLE client (client_id INTEGER PRIMARY KEY, client_name TEXT, town TEXT);
CREATE TABLE parcel (parcel_id INTEGER PRIMARY KEY, sent_on TEXT, postage REAL,
                     client_id INTEGER REFERENCES client (client_id),
                     carrier_id INTEGER REFERENCES carrier (carrier_id),
                     depot_id INTEGER REFERENCES depot (depot_id));
INSERT INTO depot VALUES (1, 'Central', 'Oslo'), (2, 'East', 'Bergen');
INSERT INTO carrier VALUES (1, 'Swiftpost'), (2, 'Fjord Freight'), (3, 'Polar Lines');
INSERT INTO client VALUES (1, 'Aker', 'Bergen'), (2, 'Birk', 'Bergen'), (3, 'Coda', 'Oslo'),
  (4, 'Dahl', 'Tromso');
INSERT INTO parcel VALUES (1, '2024-01-02', 12.0, 1, 1, 1), (2, '2024-01-03', 8.5, 2, 1, 1),
  (3, '2024-02-01', 20.0, 3, 1, 1), (4, '2024-02-05', 5.0, 1, 2, 1),
  (5, '2024-03-01', 7.5, 2, 2, 1), (6, '2024-03-09', 30.0, 3, 3, 2);
"""
"""snake_case: a town of the clients and of the depots their parcels leave from."""

SHOP = """
CREATE TABLE Maker (MakerKey INTEGER PRIMARY KEY, MakerName TEXT);
CREATE TABLE Gadget (GadgetKey INTEGER PRIMARY KEY, GadgetTitle TEXT, ListPrice REAL,
                     QtyInStock INTEGER, QtyOnOrder INTEGER, UnitsPerBasket INTEGER,
                     MakerKey INTEGER REFERENCES Maker (MakerKey));
CREATE TABLE Basket (BasketKey INTEGER PRIMARY KEY, PlacedOn TEXT, Fee REAL);
CREATE TABLE BasketLine (BasketLineKey INTEGER PRIMARY KEY, Qty INTEGER,
                         BasketKey INTEGER REFERENCES Basket (BasketKey),
                         GadgetKey INTEGER REFERENCES Gadget (GadgetKey));
INSERT INTO Maker VALUES (1, 'Tinkerworks'), (2, 'Brightforge');
INSERT INTO Gadget VALUES (1, 'Pocket Lamp', 19.0, 500, 5, 2, 1),
  (2, 'Desk Fan', 120.0, 3, 90, 1, 1), (3, 'Travel Kettle', 45.0, 40, 0, 1, 2),
  (4, 'Smart Scale', 150.0, 0, 10, 1, 2);
INSERT INTO Basket VALUES (1, '2024-05-01', 4.0), (2, '2024-05-02', 6.0),
  (3, '2024-06-11', 11.0);
INSERT INTO BasketLine VALUES (1, 4, 1, 3), (2, 1, 1, 2), (3, 6, 2, 3), (4, 2, 3, 1),
  (5, 1, 3, 4);
"""
"""PascalCase keys: a stock level and a quantity on order on the gadgets, the quantity sold
on the basket lines (a table no other refers to, with two parents)."""

STOCKROOM = """
CREATE TABLE shelf_item (item_id INTEGER PRIMARY KEY, item_name TEXT, qty_in_stock INTEGER);
INSERT INTO shelf_item VALUES (1, 'Rope', 12), (2, 'Chain', 4);
"""
"""A stock level and no sales at all: "sold" has nothing to read."""


@pytest.fixture
async def courier(tmp_path: Path) -> Database:
    return await open_database(tmp_path, COURIER)


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SHOP)


@pytest.fixture
async def stockroom(tmp_path: Path) -> Database:
    return await open_database(tmp_path, STOCKROOM)


# -- "for each <group>": one row per group, never the total ---------------------------


async def test_a_count_for_each_group_has_a_row_per_group(courier: Database) -> None:
    expected = [("Swiftpost", 3), ("Fjord Freight", 2), ("Polar Lines", 1)]
    assert rows(courier, "How many parcels did each carrier take?") == expected
    assert rows(courier, "How many parcels are there per carrier?") == expected
    assert rows(courier, "How many parcels for every carrier?") == expected
    assert rows(courier, "How many clients are there in each town?")[0] == ("Bergen", 2)


async def test_a_total_for_each_group_has_a_row_per_group(courier: Database) -> None:
    totals = rows(courier, "What is the total postage for each carrier?")
    assert totals == [("Swiftpost", 40.5), ("Polar Lines", 30.0), ("Fjord Freight", 12.5)]


async def test_each_of_an_unread_group_abstains(courier: Database) -> None:
    assert abstains(courier, "How many parcels did each of them take?")


# -- "which <rows> cost more than N": the rows -----------------------------------------


async def test_rows_over_a_price_are_listed_not_summed(shop: Database) -> None:
    expected = [("Desk Fan",), ("Smart Scale",)]
    assert rows(shop, "Which gadgets cost more than $100?") == expected
    assert rows(shop, "Which gadgets cost over 100?") == expected
    assert rows(shop, "What gadgets cost more than $100?") == expected
    assert rows(shop, "List the gadgets that cost more than 100.") == expected
    assert rows(shop, "What are the gadgets that cost more than 100?") == expected
    assert rows(shop, "What is the total list price of the gadgets?") == [(334.0,)]


# -- a quantity "sold": an order line's, never a stock level ---------------------------


async def test_a_quantity_sold_is_the_order_lines(shop: Database) -> None:
    top = rows(shop, "What are the top 2 gadgets by quantity sold?")
    assert top == [("Travel Kettle", 10.0), ("Pocket Lamp", 2.0)]
    assert rows(shop, "Which maker's gadgets sold the most units?")[0] == ("Brightforge", 11.0)
    assert rows(shop, "How many units of Travel Kettle were sold?") == [(10.0,)]
    assert rows(shop, "What are the top 2 gadgets by quantity in stock?")[0][0] == "Pocket Lamp"


async def test_a_quantity_sold_without_sales_abstains(
    stockroom: Database, courier: Database
) -> None:
    assert abstains(stockroom, "What are the top 2 shelf items by quantity sold?")
    assert abstains(stockroom, "How many items were sold?")


# -- a grouped column of the counted table itself --------------------------------------


async def test_a_column_of_the_counted_table_groups_its_own_rows(courier: Database) -> None:
    assert rows(courier, "Which town has the most clients?") == [("Bergen", 2)]
    assert rows(courier, "Which town has the most depots?")[0][1] == 1


# -- "not <verb>ed (yet)": the date of that verb is empty; a negation unread abstains ---


async def test_not_yet_done_is_an_empty_date_of_that_verb(courier: Database) -> None:
    connection = courier[1]
    connection.execute("ALTER TABLE parcel ADD COLUMN delivered_on TEXT")
    connection.execute("UPDATE parcel SET delivered_on = '2024-04-01' WHERE parcel_id < 5")
    connection.commit()
    database = (await SqlCatalog.load(SqliteRunner(_path(connection))), connection)
    assert rows(database, "How many parcels have not been delivered yet?") == [(2,)]
    assert rows(database, "How many parcels have not been delivered?") == [(2,)]
    assert rows(database, "How many parcels have been delivered?") == [(4,)]
    assert abstains(database, "How many parcels were not delivered in 2024?")  # which date?


async def test_a_negation_no_condition_reads_abstains(courier: Database) -> None:
    assert rows(courier, "How many parcels have not been sent?") == [(0,)]  # sent_on
    assert abstains(courier, "How many parcels were not taken by a carrier?")
    assert abstains(courier, "How many parcels have not been paid?")


def _path(connection: sqlite3.Connection) -> Path:
    return Path(connection.execute("PRAGMA database_list").fetchone()[2])


# -- rows chosen by their child rows; an average "per <its own rows>" ------------------


async def test_rows_chosen_by_a_count_or_absence_of_child_rows(courier: Database) -> None:
    assert rows(courier, "Which carriers took more than 1 parcel?") == [
        ("Fjord Freight",),
        ("Swiftpost",),
    ]
    assert rows(courier, "Which clients have never sent a parcel?") == [("Dahl",)]
    assert abstains(courier, "Which clients sent more than 1 parcel in 2023?")


async def test_an_average_per_its_own_rows_is_the_plain_average(
    courier: Database, shop: Database
) -> None:
    assert rows(courier, "What is the average postage per parcel?") == [(13.833333,)]
    assert abstains(courier, "What is the average postage per carrier?")
    assert rows(shop, "What is the average fee per basket?") == [(7.0,)]


# -- a 0/1 integer column is a yes/no; "out of <word>" is that quantity at 0 ----------

WAREHOUSE = """
CREATE TABLE PART (PART_ID INTEGER PRIMARY KEY, PART_LABEL TEXT, IS_RETIRED INTEGER,
                  ON_HAND_QTY INTEGER, LOT_SIZE INTEGER);
INSERT INTO PART VALUES (1, 'Bolt', 0, 10, 1), (2, 'Nut', 1, 0, 2), (3, 'Gear', 0, 0, 1),
  (4, 'Cog', 1, 5, 2), (5, 'Pin', 0, 7, 1);
"""
"""UPPER_SNAKE: a 0/1 retired flag, an on-hand quantity, and a lot size of 1 and 2."""


@pytest.fixture
async def warehouse(tmp_path: Path) -> Database:
    return await open_database(tmp_path, WAREHOUSE)


async def test_a_zero_one_column_is_a_yes_no(warehouse: Database) -> None:
    assert rows(warehouse, "How many parts are retired?") == [(2,)]
    assert rows(warehouse, "How many parts are there, excluding retired ones?") == [(3,)]
    assert rows(warehouse, "How many parts are not retired?") == [(3,)]
    assert rows(warehouse, "What is the total lot size?") == [(7.0,)]  # 1 and 2: a number


async def test_out_of_a_quantity_is_zero_of_it(shop: Database) -> None:
    assert rows(shop, "How many gadgets are out of stock?") == [(1,)]
    assert abstains(shop, "How many gadgets are out of fashion?")


# -- two foreign keys to one table: which one, cannot be told --------------------------

FIXTURES = """
CREATE TABLE squad (squad_id INTEGER PRIMARY KEY, squad_name TEXT);
CREATE TABLE fixture (fixture_id INTEGER PRIMARY KEY, played_on TEXT,
                      home_squad_id INTEGER REFERENCES squad (squad_id),
                      away_squad_id INTEGER REFERENCES squad (squad_id));
INSERT INTO squad VALUES (1, 'Rovers'), (2, 'United'), (3, 'Albion');
INSERT INTO fixture VALUES (1, '2024-01-01', 1, 2), (2, '2024-01-08', 1, 3),
  (3, '2024-01-15', 2, 1);
"""
"""snake_case: a fixture refers to its home squad and its away squad."""


async def test_rows_counted_through_two_keys_abstain(tmp_path: Path) -> None:
    fixtures = await open_database(tmp_path, FIXTURES)
    assert abstains(fixtures, "How many fixtures per squad?")
    assert abstains(fixtures, "Which squad has the most fixtures?")
    assert abstains(fixtures, "Which squads have never had a fixture?")
    assert abstains(fixtures, "Which squads had more than 1 fixture?")


# -- a negated condition on a child table: no such row, or a row that is not? ----------

BALLOTS = """
CREATE TABLE Nominee (NomineeId INTEGER PRIMARY KEY, NomineeName TEXT, Country TEXT);
CREATE TABLE Ballot (BallotId INTEGER PRIMARY KEY, BallotYear INTEGER, Elected TEXT,
                     NomineeId INTEGER REFERENCES Nominee (NomineeId));
INSERT INTO Nominee VALUES (1, 'Ada', 'NO'), (2, 'Bo', 'SE'), (3, 'Cy', 'NO');
INSERT INTO Ballot VALUES (1, 2020, 'N', 1), (2, 2021, 'Y', 1), (3, 2021, 'N', 2);
"""
"""PascalCase: a nominee elected on a second ballot has a ballot that is not elected."""


async def test_a_negation_on_a_child_table_abstains(tmp_path: Path) -> None:
    ballots = await open_database(tmp_path, BALLOTS)
    assert rows(ballots, "How many nominees have been elected?") == [(1,)]
    assert abstains(ballots, "How many nominees have not been elected?")
    assert rows(ballots, "How many nominees are not from SE?") == [(2,)]


async def test_a_documented_column_of_other_rows_is_not_compared_on_these(
    courier: Database,
) -> None:
    catalog, connection = courier
    docs = parse_documentation("synonyms:\n  stamps: postage\n")
    plan = read_question("Which clients paid more than 15 stamps?", catalog, docs=docs)
    assert isinstance(plan, Abstention)  # per parcel, or all their parcels together?
    plan = read_question("How many parcels cost more than 15 stamps?", catalog, docs=docs)
    assert not isinstance(plan, Abstention)
    assert connection.execute(compile_plan(plan, catalog)).fetchall() == [(2,)]
