"""A parent table reached two ways (a part's maker and its machine's maker) with a value
read on each declines, as does a count that never reads the tables the question names; a
code column is never added up nor ranked for "the most"; a phrase that only starts several
values ("Harbor Loop" of "Harbor Loop-A", "Harbor Loop-B", "Harbor Loop East") is no one
value. Their plain readings are
still answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from tests.sql.linking_schemas import Database, abstains, open_database, rows

DOCS = """
# network
One row per network of a carrier.
- zc: the zone code (310 for the north, 505 for the south)
- staff: the number of people running it
"""

SCHEMA = """
CREATE TABLE maker (maker TEXT PRIMARY KEY, maker_name TEXT);
INSERT INTO maker VALUES ('a1', 'Acme Works'), ('b2', 'Borealis Labs'), ('c3', 'Cobalt Inc'),
    ('b9', 'Borealis Labs.');
CREATE TABLE machine (maker TEXT REFERENCES maker(maker), machine TEXT,
                      machine_name TEXT, PRIMARY KEY (maker, machine));
INSERT INTO machine VALUES ('a1', 'm1', 'Lathe'), ('a1', 'm2', 'Press'), ('b2', 'm1', 'Drill');
CREATE TABLE part (maker TEXT, machine TEXT, partmaker TEXT REFERENCES maker(maker),
                   part TEXT, part_name TEXT,
                   PRIMARY KEY (maker, machine, partmaker, part),
                   FOREIGN KEY (maker, machine) REFERENCES machine(maker, machine));
INSERT INTO part VALUES ('a1', 'm1', 'b2', 'p1', 'Gear'), ('a1', 'm1', 'c3', 'p2', 'Belt'),
    ('a1', 'm2', 'b2', 'p3', 'Spring'), ('b2', 'm1', 'a1', 'p4', 'Chuck');
CREATE TABLE region (region_id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO region VALUES (1, 'North'), (2, 'South');
CREATE TABLE carrier (carrier_id INTEGER PRIMARY KEY, name TEXT,
                      region_id INTEGER REFERENCES region(region_id));
INSERT INTO carrier VALUES (1, 'Telo', 1), (2, 'Vox', 1), (3, 'Zed', 2);
CREATE TABLE network (network_id INTEGER PRIMARY KEY, zc INTEGER, staff INTEGER,
                      carrier_id INTEGER REFERENCES carrier(carrier_id));
INSERT INTO network VALUES (1, 310, 5, 1), (2, 310, 7, 2), (3, 311, 2, 3), (4, 505, 1, 3);
CREATE TABLE route (name TEXT PRIMARY KEY, length INTEGER);
INSERT INTO route VALUES ('Harbor Loop-A', 3), ('Harbor Loop-B', 4), ('Harbor Loop East', 5),
    ('Cape Road', 2);
CREATE TABLE stop (stop_id INTEGER PRIMARY KEY, route TEXT REFERENCES route(name));
INSERT INTO stop VALUES (1, 'Harbor Loop-A'), (2, 'Harbor Loop East'), (3, 'Cape Road');
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_two_makers_of_one_part_decline(shop: Database) -> None:
    assert abstains(shop, "How many parts of Acme Works machines are made by Borealis Labs?")


async def test_a_count_leaving_the_named_tables_out_declines(shop: Database) -> None:
    assert abstains(shop, "How many different makers make parts for Acme Works machines?")


@pytest.mark.parametrize(
    "question",
    ["Which region has the highest total zone code?",
     "Which zone code appears in the most networks?"],
)  # fmt: skip
async def test_a_documented_code_is_no_amount(shop: Database, question: str) -> None:
    plan = read_question(question, shop[0], docs=parse_documentation(DOCS))
    assert isinstance(plan, Abstention)


async def test_an_amount_is_still_added_up(shop: Database) -> None:
    assert rows(shop, "Which region has the most staff?") == [("North", 12)]


@pytest.mark.parametrize(
    "question", ["How many Harbor Loop routes are there?", "How many Harbor Loop stops are there?"]
)
async def test_a_phrase_starting_several_values_is_no_value(shop: Database, question: str) -> None:
    assert abstains(shop, question)


async def test_a_whole_value_is_still_read(shop: Database) -> None:
    assert rows(shop, "How many Cape Road stops are there?") == [(1,)]
    assert rows(shop, "How many routes are there?") == [(4,)]


async def test_one_value_on_each_side_is_still_read(shop: Database) -> None:
    assert rows(shop, "How many parts are there?") == [(4,)]
    assert rows(shop, "How many machines does Acme Works make?") == [(2,)]
