"""Answers that read as answers and are not, on a small schema of creatures, spells,
events, herbs and places: a name the question gave echoed back, a spell named by its
description, a count of rows that repeat a named thing (a herb per potion it goes
into), a year answered with an event type, and a breakdown whose groups of more than
50 rows went missing.  Each answer is right, or the linker abstains."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.catalog import _prose
from hookline.sql.documentation import parse_documentation
from hookline.sql.doubts import plan_doubts
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.plan_reading import PlanReading
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE creature (name TEXT PRIMARY KEY, hp INTEGER);
CREATE TABLE creature_type (creature TEXT REFERENCES creature (name), slot INTEGER,
                            type TEXT, PRIMARY KEY (creature, slot));
CREATE TABLE spell (name TEXT PRIMARY KEY, power INTEGER, description TEXT);
CREATE TABLE event (id TEXT PRIMARY KEY, type TEXT, dateval TEXT);
CREATE TABLE place (id TEXT PRIMARY KEY, label TEXT, kind TEXT);
CREATE TABLE potion (sku TEXT PRIMARY KEY, potion_name TEXT);
CREATE TABLE herb (id TEXT, name TEXT, dried TEXT, sku TEXT REFERENCES potion (sku),
                   PRIMARY KEY (id, sku));
CREATE TABLE translation (sku TEXT REFERENCES potion (sku), lang TEXT, title TEXT,
                          PRIMARY KEY (sku, lang));
CREATE TABLE brew_line (brew INTEGER, line INTEGER, sku TEXT REFERENCES potion (sku),
                        PRIMARY KEY (brew, line));
INSERT INTO creature VALUES ('drake', 90), ('newt', 20), ('golem', 70), ('eel', 30),
  ('crab', 40), ('pebble', 10);
INSERT INTO creature_type VALUES ('drake', 1, 'water'), ('drake', 2, 'flying'),
  ('newt', 1, 'water'), ('golem', 1, 'rock'), ('eel', 1, 'water'), ('crab', 1, 'water'),
  ('pebble', 1, 'rock');
INSERT INTO spell VALUES ('blast', 250, 'Very powerful but makes the user faint.'),
  ('spark', 40, 'A small jolt that may leave the foe numb.'),
  ('gust', 40, 'Strikes the foe with a gust of wind.');
INSERT INTO event VALUES ('E1', 'Birth', '1950-02-01'), ('E2', 'Birth', '1950-07-09'),
  ('E3', 'Birth', '1961-01-01'), ('E4', 'Death', '2001-05-05');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO place SELECT 'P' || i, 'Town ' || i, 'City' FROM n;
INSERT INTO potion VALUES ('P1', 'Calm'), ('P2', 'Haste');
INSERT INTO herb VALUES ('H1', 'sage', 'True', 'P1'), ('H1', 'sage', 'True', 'P2'),
  ('H2', 'mint', 'False', 'P1'), ('H2', 'mint', 'False', 'P2'), ('H3', 'rue', 'True', 'P1'),
  ('H3', 'rue', 'True', 'P2');
INSERT INTO translation VALUES ('P1', 'en', 'Calm'), ('P1', 'fr', 'Calme'),
  ('P2', 'en', 'Haste'), ('P2', 'fr', 'Haste');
INSERT INTO brew_line VALUES (1, 1, 'P1'), (1, 2, 'P2'), (2, 1, 'P1');
INSERT INTO place VALUES ('Q1', 'Hill', 'Parish'), ('Q2', 'Dale', 'Parish'),
  ('Q3', 'Vale', 'Parish');
"""

DOCS = """
# creature_type
A creature's types: one row per type it has (one or two).
- creature: the creature's name
- type: the type (water, flying, rock)

# event
One row per event recorded.
- type: Birth or Death
- dateval: when it happened (1950-02-01)
"""


@pytest.fixture
async def shapes(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs, catalog.cache = parse_documentation(DOCS), {}
    return catalog, connection


async def test_what_x_answers_the_column_x_not_the_value_given(shapes: Database) -> None:
    # "type" is too general a word to name the table its documentation says is "one row
    # per type" (hookline.sql.mentions), so this one may be declined: never "drake"
    question = "What types is Drake?"
    assert abstains(shapes, question) or rows(shapes, question) == [("flying",), ("water",)]


async def test_an_answer_that_only_repeats_the_question_is_in_doubt(shapes: Database) -> None:
    catalog = shapes[0]
    given = Filter(column=catalog.column("creature_type", "creature"), value="drake")
    plan = QueryPlan(kind="rows", table="creature_type", filters=[given], limit=50)
    assert plan_doubts(PlanReading("What kinds is Drake?", plan, catalog)) == ["kinds"]
    plan.column = catalog.column("creature_type", "type")
    assert plan_doubts(PlanReading("What types is Drake?", plan, catalog)) == []


async def test_a_text_primary_key_called_name_is_the_label(shapes: Database) -> None:
    assert rows(shapes, "Which spell has the highest power?") == [("blast", 250)]


def test_sentences_are_prose_and_names_are_not() -> None:
    assert _prose(["Very powerful but makes the user faint.", "Strikes the foe hard."])
    assert not _prose(["Acme Tools Ltd.", "Northgate", "Lakeview Stores Inc."])
    assert not _prose([])


async def test_which_year_ranks_by_a_year_or_abstains(shapes: Database) -> None:
    assert abstains(shapes, "Which year had the most births?")  # not the Birth type
    assert abstains(shapes, "What month had the most births?")


async def test_a_breakdown_keeps_groups_larger_than_its_row_limit(shapes: Database) -> None:
    expected = [("City", 60), ("Parish", 3)]
    assert rows(shapes, "How many places of each kind are there?") == expected


async def test_rows_that_repeat_a_named_thing_are_no_count_of_it(shapes: Database) -> None:
    assert abstains(shapes, "How many herbs are dried?")  # 4 rows of 2 herbs
    assert abstains(shapes, "How many herbs are there?")
    assert rows(shapes, "How many brew lines are there?") == [(3,)]  # numbered, not named
    assert rows(shapes, "How many translations are there?") == [(4,)]  # a title repeated once
