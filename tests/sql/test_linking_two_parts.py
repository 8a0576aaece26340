"""Questions in two parts: a second question after "and" asks for a second thing a plan's
one answer does not give (declined), one that names nothing new refers back (answered);
a value said to be "in their <column>" asks for cells that contain it, which no plan's
condition reads (declined)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.two_parts import second_questions
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE towns (id INTEGER PRIMARY KEY, name TEXT, region TEXT);
INSERT INTO towns VALUES (1, 'Ashby', 'North'), (2, 'Brook', 'South'), (3, 'Crane', 'North'),
    (4, 'Dover', 'South'), (5, 'Elm', 'North'), (6, 'Fold', 'North');
CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT, price REAL, waste REAL,
    waste_desc TEXT, town_id INTEGER REFERENCES towns(id));
INSERT INTO shops VALUES (1, 'Alma Lamps', 5.0, 10, 'crates', 1),
    (2, 'Bree', 9.0, 20, 'straw', 1), (3, 'Cole Lamps', 1.0, 0, NULL, 2),
    (4, 'Dane', 2.0, 5, 'paper', 3), (5, 'Eve', 3.0, 0, NULL, 3), (6, 'Fenn', 4.0, 0, NULL, 3);
CREATE TABLE labels (id INTEGER PRIMARY KEY, tag TEXT, shop_id INTEGER REFERENCES shops(id));
INSERT INTO labels VALUES (1, 'lamps', 2), (2, 'brass', 4), (3, 'lamps', 5);
"""

DOCS = """
# shops
- waste: the percentage of the goods, as bought, that is waste
- waste_desc: the part of the goods that is waste, such as straw or crates
"""


@pytest.fixture
async def shops(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


def test_a_second_question_naming_another_measure_is_declined(shops: Database) -> None:
    """The old reading ranked the towns by the average price: "the most shops" unread."""
    assert abstains(shops, "Which town has the most shops, and what is their average price?")
    assert abstains(shops, "Which town has the most shops and what is its region?")
    assert rows(shops, "Which town has the most shops?") == [("Crane", 3)]


def test_a_second_question_answered_in_part_is_declined(shops: Database) -> None:
    """The old readings showed the waste's percentage only, not what the waste is, and
    the number of Ashby's shops, not which they are."""
    assert abstains(shops, "What percentage of Bree is waste, and what is the waste?")
    assert abstains(shops, "How many shops are in Ashby, and which are they?")
    assert rows(shops, "How many shops are in Ashby?") == [(2,)]


def test_a_second_question_referring_back_is_no_second_question(shops: Database) -> None:
    plan = QueryPlan(kind="rank", table="shops")

    def second(question: str) -> list[str]:
        return second_questions(PlanReading(question, plan, shops[0]))

    assert second("Which town has the most shops, and how many?") == []
    assert second("Which town has the most shops, and how long was it?") == []
    assert second("How many red and how many blue shops are there?") == []
    assert second("Which town has the most shops, and what does it do?") == ["do"]


def test_a_value_in_their_column_read_elsewhere_or_whole_is_declined(shops: Database) -> None:
    """The old readings counted the shops tagged 'lamps' (another table's column than the
    name said) and the shops whose waste is exactly 'straw': no name containing the word."""
    assert abstains(shops, "How many shops have lamps in their name?")
    assert abstains(shops, "How many shops have straw in their waste description?")
    assert rows(shops, "How many shops are tagged lamps?") == [(2,)]
    assert rows(shops, "How many shops have brass in their label?") == [(1,)]
    assert rows(shops, "How many towns have North in their region?") == [(4,)]
