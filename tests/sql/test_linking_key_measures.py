"""A number that names a row — a column named or documented as an id or a code — is
never added up nor averaged: "What is the system id of Acme Tel?" lists Acme's ids,
never their sum."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import read_question
from hookline.sql.plan import QueryPlan, compile_plan
from tests.sql.linking_schemas import Database, open_database

SCHEMA = """
CREATE TABLE provider (id INTEGER PRIMARY KEY, name TEXT, country TEXT);
INSERT INTO provider VALUES (1, 'Acme Tel', 'Arland'), (2, 'Zed Mobile', 'Borland'),
    (3, 'Quiet Net', 'Arland');
CREATE TABLE sid (provider_id INTEGER REFERENCES provider(id), value INTEGER);
INSERT INTO sid VALUES (1, 4100), (1, 4102), (2, 77), (2, 79), (2, 81);
CREATE TABLE plan (id INTEGER PRIMARY KEY, provider_id INTEGER REFERENCES provider(id),
                   plan_code INTEGER, fee INTEGER);
INSERT INTO plan VALUES (1, 1, 501, 10), (2, 1, 502, 20), (3, 2, 601, 15);
"""

DOCS = """
# sid
One row per system id a provider uses.
- provider_id: the provider (provider.id)
- value: the system id (a number)
"""


@pytest.fixture
async def providers(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def _sql(database: Database, question: str) -> str | None:
    """The compiled SQL of ``question`` read with ``DOCS``, None when declined."""
    catalog = database[0]
    plan = read_question(question, catalog, docs=parse_documentation(DOCS))
    return compile_plan(plan, catalog) if isinstance(plan, QueryPlan) else None


@pytest.mark.parametrize(
    "question",
    [
        "What is the system id of Acme Tel?",  # documented an id: Acme's two
        "What system id does Acme Tel use?",
        "What is the system id of the providers in Arland?",
        "What was the system id in Arland?",
    ],
)
async def test_an_identifier_is_never_added_up(providers: Database, question: str) -> None:
    sql = _sql(providers, question)
    assert sql is None or not any(f in sql for f in ("SUM(", "AVG(")), sql


async def test_the_ids_are_listed_and_an_amount_beside_them_adds_up(providers: Database) -> None:
    connection = providers[1]
    listed = _sql(providers, "What is the system id of Acme Tel?")
    assert listed is not None and connection.execute(listed).fetchall() == [(4100,), (4102,)]
    sql = _sql(providers, "What is the total fee of Acme Tel?")
    assert sql is not None and 'SUM("plan".fee)' in sql
