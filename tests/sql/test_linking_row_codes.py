"""A group of a ranking named by its rows' name and, when they carry a short unique code
beside it, that code too ("Alpha Field (ALF)"); a table with two codes alike, or with a
few rows each of another value by chance (two crews of two nations), shows the name alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, open_database, rows

SCHEMA = """
CREATE TABLE field (id INTEGER PRIMARY KEY, name TEXT, code TEXT, town TEXT);
INSERT INTO field VALUES (1, 'Alpha Field', 'ALF', 'Ayr'), (2, 'Beta Field', 'BEF', 'Ayr'),
    (3, 'Gamma Field', NULL, 'Oban'), (4, 'Delta Field', 'DEF', 'Wick'),
    (5, 'Eps Field', 'EPF', 'Ayr'), (6, 'Zeta Field', 'ZEF', 'Oban'),
    (7, 'Eta Field', 'ETF', 'Ayr'), (8, 'Theta Field', 'THF', 'Ayr'),
    (9, 'Iota Field', 'IOF', 'Oban'), (10, 'Kappa Field', 'KAF', 'Ayr');
CREATE TABLE hop (id INTEGER PRIMARY KEY, field_id INTEGER REFERENCES field(id), km REAL);
INSERT INTO hop VALUES (1, 1, 10), (2, 1, 20), (3, 1, 5), (4, 2, 7), (5, 3, 9), (6, 3, 4);
CREATE TABLE club (id INTEGER PRIMARY KEY, name TEXT, short TEXT, tag TEXT);
INSERT INTO club VALUES (1, 'Rovers', 'ROV', 'RV1'), (2, 'United', 'UTD', 'UN1'),
    (3, 'Athletic', 'ATH', 'AT1'), (4, 'Wanderers', 'WAN', 'WA1'), (5, 'Rangers', 'RAN', 'RA1'),
    (6, 'Albion', 'ALB', 'AL1'), (7, 'Villa', 'VIL', 'VI1'), (8, 'County', 'COU', 'CO1'),
    (9, 'Town', 'TOW', 'TO1'), (10, 'City', 'CIT', 'CI1');
CREATE TABLE player (id INTEGER PRIMARY KEY, club_id INTEGER REFERENCES club(id));
INSERT INTO player VALUES (1, 1), (2, 1), (3, 2);
CREATE TABLE crew (id INTEGER PRIMARY KEY, name TEXT, nation TEXT);
INSERT INTO crew VALUES (1, 'Red Crew', 'NO'), (2, 'Blue Crew', 'SE');
CREATE TABLE sailor (id INTEGER PRIMARY KEY, crew_id INTEGER REFERENCES crew(id));
INSERT INTO sailor VALUES (1, 1), (2, 2), (3, 2);
"""


@pytest.fixture
async def fields(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def test_a_group_is_named_with_its_code(fields: Database) -> None:
    assert rows(fields, "Which field has the most hops?") == [("Alpha Field (ALF)", 3)]
    top = rows(fields, "What are the top 2 fields by number of hops?")
    assert top == [("Alpha Field (ALF)", 3), ("Gamma Field", 2)]  # no code: the name


def test_two_codes_alike_show_the_name_alone(fields: Database) -> None:
    assert rows(fields, "Which club has the most players?") == [("Rovers", 2)]


def test_a_few_rows_unique_by_chance_show_the_name_alone(fields: Database) -> None:
    assert rows(fields, "Which crew has the most sailors?") == [("Blue Crew", 2)]
