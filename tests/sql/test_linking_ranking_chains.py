"""A ranking of parent rows by how many child rows refer to them: the child's own foreign
key to the parent, not a chain through another parent ("the shopper with the most
refunds": each refund's shopper, not its purchase's) nor through the child's own parent
row (a district's region); a group column is never also the measure it ranks by."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SHOP = """
CREATE TABLE shopper (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
INSERT INTO shopper VALUES (1, 'Ada', 'Byron'), (2, 'Alan', 'Turing'), (3, 'Kurt', 'Godel');
CREATE TABLE purchase (id INTEGER PRIMARY KEY, shopper_id INTEGER REFERENCES shopper(id),
    amount REAL);
INSERT INTO purchase VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30), (4, 3, 5);
CREATE TABLE refund (id INTEGER PRIMARY KEY, purchase_id INTEGER REFERENCES purchase(id),
    shopper_id INTEGER REFERENCES shopper(id), amount REAL);
INSERT INTO refund VALUES (1, 1, 2, 1), (2, 2, 2, 2), (3, 3, 2, 3), (4, 4, 3, 1);
"""
REGIONS = """
CREATE TABLE realm (code TEXT PRIMARY KEY, name TEXT);
INSERT INTO realm VALUES ('N', 'Northland'), ('S', 'Southland');
CREATE TABLE district (code TEXT PRIMARY KEY, name TEXT,
    realm_code TEXT REFERENCES realm(code), parent TEXT REFERENCES district(code));
INSERT INTO district VALUES ('N-1', 'Fjord', 'N', NULL), ('N-2', 'Tundra', 'N', 'N-1'),
    ('N-3', 'Glacier', 'N', 'N-1'), ('S-1', 'Dune', 'S', NULL), ('S-2', 'Oasis', 'S', 'S-1');
"""
RELEASES = """
CREATE TABLE picture (id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
INSERT INTO picture VALUES (1, 'Alpha', 1990), (2, 'Beta', 1990), (3, 'Gamma', 2000),
    (4, 'Delta', 1995), (5, 'Epsilon', 1990);
"""
TWO_DIRECT = """
CREATE TABLE shopper (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
INSERT INTO shopper VALUES (1, 'Ada', 'Byron'), (2, 'Alan', 'Turing');
CREATE TABLE refund (id INTEGER PRIMARY KEY, shopper_id INTEGER REFERENCES shopper(id),
    clerk_id INTEGER REFERENCES shopper(id));
INSERT INTO refund VALUES (1, 1, 2), (2, 1, 2), (3, 2, 2);
"""
CLIENTS = """
CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO client VALUES (1, 'Acme'), (2, 'Beta Ltd'), (3, 'Gamma');
CREATE TABLE deal (id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(id), value REAL);
INSERT INTO deal VALUES (1, 1, 10), (2, 2, 20), (3, 2, 30), (4, 3, 5), (5, 1, 15);
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SHOP)


def test_rows_counted_by_their_own_key_to_the_parent(shop: Database) -> None:
    """Alan made three refunds (of Ada's purchases, mostly): his, not hers."""
    assert rows(shop, "Which shopper made the most refunds?") == [("Alan Turing", 3)]


def test_the_other_parent_named_still_chooses_its_chain(shop: Database) -> None:
    """ "refunds of purchases": the purchases' shoppers, as the question says."""
    found = rows(shop, "Which shopper's purchases had the most refunds?")
    assert found == [("Ada Byron", 2)]


async def test_a_parent_row_of_the_same_table_is_no_other_chain(tmp_path: Path) -> None:
    database = await open_database(tmp_path, REGIONS)
    assert rows(database, "Which realm has the most districts?") == [("Northland (N)", 3)]


async def test_two_keys_to_the_parent_are_still_declined(tmp_path: Path) -> None:
    database = await open_database(tmp_path, TWO_DIRECT)
    assert abstains(database, "Which shopper made the most refunds?")


async def test_a_group_column_is_not_its_own_measure(tmp_path: Path) -> None:
    database = await open_database(tmp_path, RELEASES)
    assert rows(database, "Which year had the most pictures?") == [(1990, 3)]


async def test_who_are_the_top_rows_of_a_named_table(tmp_path: Path) -> None:
    """ "Who are our top 2 clients": the clients named, though no table holds people."""
    database = await open_database(tmp_path, CLIENTS)
    found = rows(database, "Who are our top 2 clients by value?")
    assert [name for name, _ in found] == ["Beta Ltd", "Acme"]
