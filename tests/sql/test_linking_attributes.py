"""One value of a row the question names ("What is the capital of Arland?", "Which land
is Bree in?", "Who leads the Apollo venture?", "When was Ada Byron born?"): the value
itself, a parent's label or a person's name — and the readings that are not one decline."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import read_question
from hookline.sql.plan import QueryPlan, compile_plan
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE land (code TEXT PRIMARY KEY, name TEXT, capital INTEGER REFERENCES town(id),
                   coin TEXT);
INSERT INTO land VALUES ('ARL', 'Arland', 2, 'Crown'), ('BOR', 'Borland', 3, 'Mark'),
    ('CEN', 'Cenland', 4, 'Crown');
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, land TEXT REFERENCES land(code),
                   population INTEGER);
INSERT INTO town VALUES (1, 'Bree', 'ARL', 500), (2, 'Dale', 'ARL', 900), (3, 'Esk', 'BOR', 300),
    (4, 'Fenn', 'CEN', 200);
CREATE TABLE role (id INTEGER PRIMARY KEY, role_title TEXT);
INSERT INTO role VALUES (1, 'Engineer'), (2, 'Pilot');
CREATE TABLE staff (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                    birth_date DATE, birth_city TEXT, role_id INTEGER REFERENCES role(id),
                    mentor INTEGER REFERENCES staff(id));
INSERT INTO staff VALUES (1, 'Ada', 'Byron', '1815-12-10', 'London', 1, NULL),
    (2, 'Bo', 'Diddley', '1928-12-30', 'McComb', 2, 1),
    (3, 'Bo', 'Diddley', '1930-01-01', 'Chicago', 1, 1),
    (4, 'Cy', 'Young', '1867-03-29', 'Gilmore', 2, 2);
CREATE TABLE venture (id INTEGER PRIMARY KEY, venture_name TEXT,
                      team_leader INTEGER REFERENCES staff(id),
                      sponsor INTEGER REFERENCES staff(id), budget INTEGER,
                      started_on DATE, summary TEXT);
INSERT INTO venture VALUES
    (1, 'Apollo', 1, 4, 10, '1961-05-25', 'Flies a crew to the moon and back home again.'),
    (2, 'Gemini', 4, 1, 20, '1961-12-07', 'Tests long flights and docking of two craft.'),
    (3, 'Mercury', 2, 2, 30, '1958-10-07', 'Puts one pilot into orbit around the earth.');
CREATE TABLE dept (id INTEGER PRIMARY KEY, dept_name TEXT, mgr INTEGER REFERENCES staff(id));
INSERT INTO dept VALUES (1, 'Sales', 4), (2, 'Research', 1);
CREATE TABLE nation (nation TEXT PRIMARY KEY, money TEXT);
INSERT INTO nation VALUES ('Japan', 'Yen'), ('Peru', 'Sol'), ('Chile', 'Peso'), ('Cuba', 'Peso');
CREATE TABLE client (id INTEGER PRIMARY KEY, client_name TEXT,
                     nation TEXT REFERENCES nation(nation));
INSERT INTO client VALUES (1, 'Acme', 'Japan'), (2, 'Zenith', 'Peru');
"""


@pytest.fixture
async def world(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the capital of Arland?", [("Dale",)]),
        ("What is the capital town of Borland?", [("Esk",)]),
        ("Which land is Bree in?", [("Arland",)]),
        ("What coin is used in Borland?", [("Mark",)]),
        ("What is the coin of Cenland?", [("Crown",)]),
        ("What is Arland's coin?", [("Crown",)]),
        ("What is Arland's capital?", [("Dale",)]),
        ("What coin is used in Bree?", [("Crown",)]),
        ("What is the role of Ada Byron?", [("Engineer",)]),
        ("What money is used in Japan?", [("Yen",)]),  # a client's nation is that row
        ("What is the role title of Ada Byron?", [("Engineer",)]),
        ("When was Cy Young born?", [("1867-03-29",)]),
        ("Where was Ada Byron born?", [("London",)]),
        ("When did the Gemini venture start?", [("1961-12-07",)]),
        ("What does Mercury do?", [("Puts one pilot into orbit around the earth.",)]),
    ],
)
async def test_a_value_of_a_named_row(world: Database, question: str, answer: list[object]) -> None:
    assert rows(world, question) == answer


async def test_who_a_foreign_key_named_after_the_verb_points_at(tmp_path: Path) -> None:
    script = SCHEMA.replace("sponsor INTEGER REFERENCES staff(id)", "sponsor INTEGER")
    database = await open_database(tmp_path, script)
    assert rows(database, "Who leads the Apollo venture?") == [("Ada Byron",)]
    assert rows(database, "Who leads Gemini?") == [("Cy Young",)]


async def test_who_a_key_documented_after_the_verb_points_at(tmp_path: Path) -> None:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    docs = parse_documentation("# dept\n- mgr: its manager (head, boss)\n")
    plan = read_question("Who manages the Sales department?", catalog, docs=docs)
    assert isinstance(plan, QueryPlan)
    assert connection.execute(compile_plan(plan, catalog)).fetchall() == [("Cy Young",)]


async def test_every_row_of_one_name_is_listed_never_one_picked(world: Database) -> None:
    assert rows(world, "Where was Bo Diddley born?") == [("Chicago",), ("McComb",)]


@pytest.mark.parametrize(
    "question",
    [
        "When was Ada born?",  # part of a name: which person, the words do not say
        "Who leads the Apollo venture?",  # two keys to the people: the join cannot tell
        "Who mentors Cy Young?",  # a key to the row's own table
        "Which town is Arland in?",  # its capital is a town: not one it is in
        "What is the town of Arland?",
        "What is the name of Arland?",  # only the value the question spells out
        "What is the colour of Arland?",  # no such column
        "When did the Gemini venture end?",  # no date of that verb
        "What does Ada Byron do?",  # no description of what a person does
        "Who funds the Sales department?",  # no key named after the verb
        "Which land did Bree beat in?",  # a verb of no known shape
        "What is the capital of Arland and Borland?",  # two rows named
    ],
)
async def test_what_is_not_one_reading_declines(world: Database, question: str) -> None:
    assert abstains(world, question)


FILMS = """
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, director TEXT, year INTEGER);
INSERT INTO film VALUES (1, 'Dawn', 'Ida Roe', 1990), (2, 'Dusk', 'Max Orr', 1995),
    (3, 'Noon', 'Ida Roe', 1999);
CREATE TABLE prize (id INTEGER PRIMARY KEY, name TEXT, presenter TEXT);
INSERT INTO prize VALUES (1, 'Gold Reel', 'Bo Kay');
"""


async def test_who_did_what_a_doer_column_names(tmp_path: Path) -> None:
    films = await open_database(tmp_path, FILMS)
    assert rows(films, "Who directed Dusk?") == [("Max Orr",)]
    assert rows(films, "Who presented Gold Reel?") == [("Bo Kay",)]
    assert abstains(films, "Who presented Dusk?")  # a film has no presenter
    assert abstains(films, "Who filmed Dusk?")  # no filmer column
