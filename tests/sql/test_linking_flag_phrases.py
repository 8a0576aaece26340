"""Yes/no columns against the question's words: a phrase the documentation says of one
flag is not two flags, and a flag the question names is not a value sharing its word."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, open_database, rows

LAMPS = """
CREATE TABLE lamps (id INTEGER PRIMARY KEY, model TEXT, Dial TEXT, Light TEXT);
INSERT INTO lamps VALUES (1, 'A', 'true', 'true'), (2, 'B', 'false', 'true'),
  (3, 'C', 'true', 'false'), (4, 'D', 'false', 'false');
"""
LAMP_DOCS = """
# lamps
- model: the lamp's model
- Dial: "true"/"false": it has a dial
- Light: "true"/"false": it has a dial light
"""

TESTS = """
CREATE TABLE lamps (id INTEGER PRIMARY KEY, model TEXT);
CREATE TABLE checks (id INTEGER PRIMARY KEY, lamp INTEGER REFERENCES lamps(id),
  Result TEXT, passed_test INTEGER);
INSERT INTO lamps VALUES (1, 'A'), (2, 'B'), (3, 'C');
INSERT INTO checks VALUES (1, 1, '1', 1), (2, 2, 'TEST', 0), (3, 3, 'TEST', 1),
  (4, 1, '2', 1), (5, 2, 'W', 0);
"""


async def test_a_phrase_of_one_flags_documentation_is_not_two_flags(tmp_path: Path) -> None:
    database = await open_database(tmp_path, LAMPS, LAMP_DOCS)
    assert abstains(database, "How many lamps have a dial light?")
    assert rows(database, "How many lamps have a dial?") == [(2,)]


async def test_a_flag_the_question_names_is_not_a_value_of_its_word(tmp_path: Path) -> None:
    database = await open_database(tmp_path, TESTS)
    assert abstains(database, "How many lamps passed the test?")
