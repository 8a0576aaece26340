"""A number of a row the question names by its label ("What is the cost of Fire Imp?")
is each such row's value — a thing listed once per edition has several — never their
sum; a total is read only when the question says one."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import read_question
from hookline.sql.plan import QueryPlan, compile_plan
from tests.sql.linking_schemas import Database, open_database, rows

SCHEMA = """
CREATE TABLE edition (code TEXT PRIMARY KEY, edition_name TEXT);
INSERT INTO edition VALUES ('AA', 'Alpha'), ('BB', 'Beta');
CREATE TABLE gadget (id INTEGER PRIMARY KEY, gadget_name TEXT,
                     edition TEXT REFERENCES edition(code), cost INTEGER, weight REAL);
INSERT INTO gadget VALUES (1, 'Flux Lamp', 'AA', 2, 1.5), (2, 'Flux Lamp', 'BB', 3, 1.5),
    (3, 'Iron Bell', 'AA', 5, 4.0), (4, 'Wind Vane', 'BB', 1, 0.5);
CREATE TABLE payment (id INTEGER PRIMARY KEY, payee TEXT, amount INTEGER);
INSERT INTO payment VALUES (1, 'Acme', 10), (2, 'Acme', 20), (3, 'Acme', 5),
    (4, 'Zenith', 7), (5, 'Zenith', 1), (6, 'Zenith', 2);
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the cost of Flux Lamp?", [(2,), (3,)]),
        ("How much does Flux Lamp cost?", [(2,), (3,)]),
        ("What is Flux Lamp's cost?", [(2,), (3,)]),
        ("What is the weight of Flux Lamp?", [(1.5,)]),  # one value, said once
    ],
    ids=["of", "how-much", "possessive", "same-value"],
)
async def test_a_number_of_named_rows_is_each_rows_never_their_sum(
    shop: Database, question: str, answer: list[object]
) -> None:
    assert rows(shop, question) == answer


async def test_only_a_total_said_or_a_value_many_rows_share_adds_up(shop: Database) -> None:
    assert rows(shop, "What is the cost of Iron Bell?") == [(5,)]  # its own, not 5.0
    assert rows(shop, "What is the total cost of Flux Lamp?") == [(5.0,)]
    assert rows(shop, "What is the amount of Acme?") == [(35.0,)]  # payee: no row's name


async def test_a_computed_measure_lists_each_named_row_with_its_value(tmp_path: Path) -> None:
    script = SCHEMA.replace("cost INTEGER", "price INTEGER")
    connection = (await open_database(tmp_path, script))[1]
    docs = parse_documentation("# gadget\n- price: its price in cents\n")
    catalog = await SqlCatalog.load(SqliteRunner(tmp_path / "shapes.db"), docs=docs)
    plan = read_question("What is the price of Flux Lamp?", catalog, docs=docs)
    assert isinstance(plan, QueryPlan)
    found = connection.execute(compile_plan(plan, catalog)).fetchall()
    assert found == [("Flux Lamp", 0.03), ("Flux Lamp", 0.02)]
