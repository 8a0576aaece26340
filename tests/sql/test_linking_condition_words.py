"""Conditions a red team found dropped or read on the wrong column: a verb of no column
said as what rows can do ("Which crafts can be bought?", "can fly") is a condition, and a
plan that reads nothing of it declines rather than count every row; "ships that cost more
than 9 credits" compares the ships' own cost, never another table's column the unit word
names, nor a price of another table "cost" stands for; a sum of money said in dollars of
a price documented in cents declines; a name column of which a few values hold a comma
("Main Street, s/n") is no column of lists: "Main Street" is its own value, not a member
of those."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

FLEET = """
CREATE TABLE craft_class (code TEXT PRIMARY KEY, name TEXT, purchase TEXT);
INSERT INTO craft_class VALUES ('fig', 'Fighter', 'normal'), ('bom', 'Bomber', 'none'),
    ('sco', 'Scout', 'normal');
CREATE TABLE hull (name TEXT PRIMARY KEY, cost INTEGER, mass INTEGER);
INSERT INTO hull VALUES ('Skiff', 500, 10), ('Barge', 5000, 90), ('Lance', 20000, 40);
CREATE TABLE part (name TEXT PRIMARY KEY, cost INTEGER);
INSERT INTO part VALUES ('Laser', 900), ('Shield', 30000);
CREATE TABLE hull_part (hull TEXT REFERENCES hull(name), part TEXT REFERENCES part(name));
INSERT INTO hull_part VALUES ('Skiff', 'Laser'), ('Barge', 'Shield'), ('Lance', 'Laser');
CREATE TABLE market (port TEXT, good TEXT, price INTEGER);
INSERT INTO market VALUES ('Aden', 'Food', 300), ('Brill', 'Ore', 800);
"""

FLEET_DOC = """
# craft_class
- purchase: whether a player may buy crafts of the class: "normal" (yes) or "none"
# part
- cost: its price in credits
# hull
- cost: its price in credits
"""

ROADS = """
CREATE TABLE street (id INTEGER PRIMARY KEY, name TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO street SELECT i, 'Road ' || i FROM n;
INSERT INTO street VALUES (61, 'Main Street'), (62, 'Main Street, s/n');
CREATE TABLE address (id INTEGER PRIMARY KEY, street_id INTEGER REFERENCES street(id));
INSERT INTO address VALUES (1, 61), (2, 61), (3, 62), (4, 1);
"""

GOODS = """
CREATE TABLE good (id INTEGER PRIMARY KEY, name TEXT, price INTEGER);
INSERT INTO good VALUES (1, 'Lamp', 1500), (2, 'Rope', 90), (3, 'Tent', 25000);
"""

GOODS_DOC = """
# good
- price: its price in US cents (1500 is $15)
"""


async def _documented(tmp_path: Path, script: str, doc: str) -> Database:
    _catalog, connection = await open_database(tmp_path, script)
    runner = SqliteRunner(tmp_path / "shapes.db")
    return await SqlCatalog.load(runner, docs=parse_documentation(doc)), connection


@pytest.fixture
async def fleet(tmp_path: Path) -> Database:
    return await _documented(tmp_path, FLEET, FLEET_DOC)


@pytest.mark.parametrize(
    "question",
    [
        "How many craft classes can be bought?",
        "How many craft classes can be purchased?",
        "How many craft classes can fly?",
        "How many craft classes cannot be sold?",
    ],
)
async def test_what_rows_can_do_is_never_dropped(fleet: Database, question: str) -> None:
    assert abstains(fleet, question)


async def test_a_count_of_every_row_is_still_read(fleet: Database) -> None:
    assert rows(fleet, "How many craft classes are there?") == [(3,)]


async def test_a_cost_compared_is_the_rows_own(fleet: Database) -> None:
    assert rows(fleet, "How many hulls cost more than 1000?") == [(2,)]
    question = "How many hulls cost more than 1000 credits?"
    assert abstains(fleet, question) or rows(fleet, question) == [(2,)]


async def test_dollars_of_a_price_in_cents_decline(tmp_path: Path) -> None:
    goods = await _documented(tmp_path, GOODS, GOODS_DOC)
    assert abstains(goods, "How many goods cost more than 100 dollars?")
    assert rows(goods, "How many goods cost more than 1000?") == [(2,)]


async def test_a_few_values_with_a_comma_are_no_lists(tmp_path: Path) -> None:
    roads = await open_database(tmp_path, ROADS)
    assert rows(roads, "How many addresses are on Main Street?") == [(2,)]
