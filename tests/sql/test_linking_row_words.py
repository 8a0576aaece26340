"""Rows called by the words the documentation gives them ("One row per line of gear
shipped ..." : "the gear sent to Texas"), or "records"; a US state said by its name for
the code of a state column; "received" that only says the rows happened — and the
near-misses that still decline (several tables' rows, a state through a join, money
received, "how many kinds of")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, _rows_called, read_question
from hookline.sql.plan import compile_plan
from hookline.sql.us_states import state_names
from tests.sql.linking_schemas import Database, open_database

SCHEMA = """
CREATE TABLE county_people (fips INTEGER PRIMARY KEY, name TEXT, population INTEGER);
INSERT INTO county_people VALUES (1, 'Tulsa County, OK', 600), (2, 'Kay County, OK', 40);
CREATE TABLE tx_deliveries (state TEXT, county TEXT, item TEXT, cost REAL, sent_on TEXT);
INSERT INTO tx_deliveries VALUES ('TX', 'HARRIS', 'ladder', 10, '2012-01-02'),
    ('TX', 'HARRIS', 'ladder', 5, '2013-03-01'), ('TX', 'BEXAR', 'rope', 2, '2012-05-01');
CREATE TABLE ok_deliveries (state TEXT, county TEXT, item TEXT, cost REAL, sent_on TEXT,
                            fips INTEGER REFERENCES county_people(fips));
INSERT INTO ok_deliveries VALUES ('OK', 'TULSA', 'ladder', 7, '2012-02-02', 1),
    ('OK', 'TULSA', 'rope', 1, '2013-01-01', 1);
"""
DOCS = """# tx_deliveries
One row per line of gear shipped to an agency in Texas (TX).
- county: the county of the agency that received it

# ok_deliveries
One row per line of gear shipped to an agency in Oklahoma (OK).
- county: the county of the agency that received it

# county_people
One row per county of Oklahoma: its population.
- population: its number of residents
"""
LEDGER = """
CREATE TABLE ledger (id INTEGER PRIMARY KEY, payee TEXT, amount REAL);
INSERT INTO ledger VALUES (1, 'Acme', -5), (2, 'Acme', 20), (3, 'Zeta', 7);
"""
LEDGER_DOCS = """# ledger
- amount: negative for a payment, positive for money received
"""


@pytest.fixture
async def gear(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def _read(database: Database, question: str, docs: str = DOCS) -> list[tuple[object, ...]] | None:
    catalog, connection = database
    plan = read_question(question, catalog, docs=parse_documentation(docs))
    if isinstance(plan, Abstention):
        return None
    return connection.execute(compile_plan(plan, catalog)).fetchall()


def test_state_names_are_read_only_for_a_column_of_codes() -> None:
    assert state_names(["KS", "NE"]) == {"kansas": "KS", "nebraska": "NE"}
    assert state_names(["NE", "NW"]) == {}  # compass points, not states


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many gear records are there for Texas?", [(3,)]),
        ("How many records are there for Oklahoma?", [(2,)]),
        ("What was the total cost of the gear sent to Oklahoma?", [(8.0,)]),
        ("What was the total cost of the gear Texas received in 2012?", [(12.0,)]),
    ],
    ids=["gear-records", "records", "gear-sent", "gear-received"],
)
async def test_rows_called_by_their_documented_noun(
    gear: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert _read(gear, question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "What was the total cost of all the gear?",  # whose: two tables' rows are gear
        "How many records are there?",  # of which table?
        "What is the total population of Oklahoma's counties?",  # a state through a join
        "How many different kinds of items were shipped to Texas?",  # not the rows
        "How many kinds of items did HARRIS get?",
    ],
    ids=["two-tables", "any-records", "joined-state", "different-kinds", "kinds"],
)
async def test_near_misses_decline(gear: Database, question: str) -> None:
    assert _read(gear, question) is None


async def test_money_received_is_a_condition_not_a_movement(tmp_path: Path) -> None:
    ledger = await open_database(tmp_path, LEDGER)
    assert _read(ledger, "How much was received in total?", LEDGER_DOCS) is None


QUAKE = """
CREATE TABLE quake_toll (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                         age INTEGER, death_date TEXT);
INSERT INTO quake_toll VALUES (1, 'Ada', 'Byron', 30, '1906-04-18'),
    (2, 'Bo', 'Diddley', 50, '1906-04-18'), (3, 'Cy', 'Young', 40, '1906-04-20');
CREATE TABLE fire (id INTEGER PRIMARY KEY, place TEXT, acres REAL);
INSERT INTO fire VALUES (1, 'Mission', 3.0);
"""
QUAKE_DOCS = """# quake_toll
One row per person who died in the 1906 San Francisco earthquake (victims, deaths).

# fire
One row per fire.
"""


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many people died in San Francisco?", [(3,)]),
        ("What was the average age of the people who died?", [(40.0,)]),
        ("How many quake victims were there?", [(3,)]),
    ],
    ids=["names-and-verb", "verb", "bracketed-noun"],
)
async def test_words_every_row_is_said_by(
    tmp_path: Path, question: str, expected: list[tuple[object, ...]]
) -> None:
    quake = await open_database(tmp_path, QUAKE)
    assert _read(quake, question, QUAKE_DOCS) == expected


async def test_words_of_another_tables_rows_decline(tmp_path: Path) -> None:
    quake = await open_database(tmp_path, QUAKE)
    assert _read(quake, "How many acres burned in San Francisco?", QUAKE_DOCS) is None


KEYBOARDS = """
CREATE TABLE models (name TEXT PRIMARY KEY, maker TEXT);
INSERT INTO models VALUES ('m1', 'Acme'), ('m2', 'Zeta');
CREATE TABLE layouts (name TEXT PRIMARY KEY, description TEXT);
INSERT INTO layouts VALUES ('l1', 'Front'), ('l2', 'Back'), ('l3', 'Side');
"""
KEYBOARD_DOCS = """# models
One row per physical keyboard model.

# layouts
One row per keyboard layout.
"""


async def test_rows_said_of_two_tables_are_named_in_plain_words(tmp_path: Path) -> None:
    catalog, _ = await open_database(tmp_path, KEYBOARDS)
    catalog.docs = parse_documentation(KEYBOARD_DOCS)
    answer = _rows_called("How many model layouts are there?", {"model"}, catalog)
    assert isinstance(answer, Abstention)  # a model's rows, but the plan reads layouts
    assert answer.message.startswith("I don't know what 'model' means in this database — ")
    assert answer.unknown == ("model",)
