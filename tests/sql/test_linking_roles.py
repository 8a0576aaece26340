"""Of two foreign keys from one table to one parent, told apart by their columns' roles
(a route's ``src_airport_id`` and ``dst_airport_id``, a message's ``sender_id`` and
``recipient_id``, a match's ``home_id`` and ``away_id``), the one a question's verb or
role word says is the one read: "departing routes" by the source, "messages received" by
the recipient. A question that says no role, or both, is still declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE airports (airport_id INTEGER PRIMARY KEY, name TEXT, kind TEXT);
INSERT INTO airports VALUES (1, 'Harbor Field', 'large'), (2, 'Ridge Strip', 'small'),
    (3, 'Lake Port', 'large');
CREATE TABLE routes (route_id INTEGER PRIMARY KEY,
                     src_airport_id INTEGER REFERENCES airports(airport_id),
                     dst_airport_id INTEGER REFERENCES airports(airport_id), miles INTEGER);
INSERT INTO routes VALUES (1, 1, 2, 100), (2, 1, 3, 200), (3, 1, 2, 150), (4, 2, 3, 50),
    (5, 3, 2, 80), (6, 3, 2, 90);
CREATE TABLE people (person_id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO people VALUES (1, 'Ada Moss'), (2, 'Bo Kern'), (3, 'Cy Lund');
CREATE TABLE messages (message_id INTEGER PRIMARY KEY,
                       sender_id INTEGER REFERENCES people(person_id),
                       recipient_id INTEGER REFERENCES people(person_id), body TEXT);
INSERT INTO messages VALUES (1, 1, 2, 'hi'), (2, 1, 3, 'yo'), (3, 2, 3, 'ok'),
    (4, 3, 2, 'no'), (5, 1, 2, 'so');
CREATE TABLE clubs (club_id INTEGER PRIMARY KEY, club_name TEXT);
INSERT INTO clubs VALUES (1, 'Reds'), (2, 'Blues');
CREATE TABLE matches (match_id INTEGER PRIMARY KEY,
                      home_id INTEGER REFERENCES clubs(club_id),
                      away_id INTEGER REFERENCES clubs(club_id), crowd INTEGER);
INSERT INTO matches VALUES (1, 1, 2, 900), (2, 1, 2, 800), (3, 2, 1, 700);
"""


@pytest.fixture
async def network(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "expected"),
    [("Which airport has the most departing routes?", [("Harbor Field", 3)]),
     ("Which airport has the most arriving routes?", [("Ridge Strip", 4)]),
     ("Which airport is the destination of the most routes?", [("Ridge Strip", 4)]),
     ("Which person sent the most messages?", [("Ada Moss", 3)]),
     ("Which person received the most messages?", [("Bo Kern", 3)]),
     ("Which club played the most matches at home?", [("Reds", 2)])],
)  # fmt: skip
async def test_a_ranking_takes_the_key_of_the_role_said(
    network: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(network, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [("How many routes leave Harbor Field?", 3),
     ("How many routes arrive at Lake Port?", 2),
     ("How many routes depart from large airports?", 5),
     ("How many messages did Bo Kern receive?", 3),
     ("How many messages did Bo Kern send?", 1),
     ("How many airports have more than 2 departing routes?", 1),
     ("How many large airports have more than 1 arriving route?", 1)],
)  # fmt: skip
async def test_a_condition_takes_the_key_of_the_role_said(
    network: Database, question: str, expected: int
) -> None:
    assert rows(network, question) == [(expected,)]


@pytest.mark.parametrize(
    "question",
    ["Which airport has the most routes?",
     "How many routes does Harbor Field have?",
     "Which person has the most messages?",
     "Which airport has the most routes departing to Lake Port?",
     "Which club played the most matches?",
     "How many arriving routes are there?",
     "How many airports have more than 2 routes?"],
)  # fmt: skip
async def test_no_role_or_both_roles_still_decline(network: Database, question: str) -> None:
    assert abstains(network, question)


async def test_a_question_of_no_parent_still_counts_every_row(network: Database) -> None:
    assert rows(network, "How many routes are there?") == [(6,)]
    assert rows(network, "How many messages are there?") == [(5,)]
