"""A parent's documented count of its child rows is what "how many <children>" of it
means: the gadgets' ``total`` ("the number of screws the gadget lists: visible screws
only") answers how many screws a gadget has, the most, their average and a comparison,
not a count of the screw rows (which hold hidden screws too); screws counted under a
condition of their own are still the rows."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import answer_rows, open_database

GADGETS = """
CREATE TABLE gadgets (code TEXT PRIMARY KEY, name TEXT, total INTEGER, maker TEXT);
CREATE TABLE screws (gadget TEXT REFERENCES gadgets(code), name TEXT, length REAL,
  hidden INTEGER, PRIMARY KEY (gadget, name));
INSERT INTO gadgets VALUES ('rx', 'Rex', 2, 'Acme'), ('zt', 'Zeta', 3, 'Acme'),
  ('qb', 'Qube', 1, 'Brio');
INSERT INTO screws VALUES ('rx', 's1', 4, 0), ('rx', 's2', 5, 0), ('rx', 's3', 5, 1),
  ('rx', 's4', 6, 1), ('zt', 's1', 3, 0), ('zt', 's2', 3, 0), ('zt', 's3', 2, 0),
  ('qb', 's1', 9, 0);
"""
DOCS = """
# gadgets
One row per gadget.
- code: the gadget's key
- name: the gadget's name
- total: the number of screws the gadget lists as its own: visible screws only, so it can
  be lower than its rows in screws
- maker: who makes it

# screws
One row per screw of a gadget.
- gadget: the gadget (gadgets.code)
- name: the screw's name
- length: its length in mm
- hidden: 1 for a screw not shown, else 0
"""


async def test_a_documented_count_answers_how_many_children(tmp_path: Path) -> None:
    database = await open_database(tmp_path, GADGETS, DOCS)
    asked = answer_rows(database, "How many screws does Rex have?", DOCS)
    assert asked == [(2.0,)]
    assert answer_rows(database, "Which gadget has the most screws?", DOCS) == [("Zeta", 3)]
    average = answer_rows(database, "What is the average number of screws per gadget?", DOCS)
    assert average == [(2.0,)]
    assert answer_rows(database, "How many gadgets have more than 2 screws?", DOCS) == [(1,)]
    assert answer_rows(database, "How many hidden screws does Rex have?", DOCS) == [(2,)]
