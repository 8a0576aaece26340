"""Rows listed by a key referring to a table that names its rows are shown by that name:
the key ('kit-7') is no answer when the referred table has a name ("Climber's Kit"), and
the join takes the key the rows are listed by (the kit's, not the item's)."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import answer_rows, open_database

KITS = """
CREATE TABLE gear (code TEXT PRIMARY KEY, name TEXT, price REAL);
CREATE TABLE kit_contents (kit TEXT REFERENCES gear(code), item TEXT REFERENCES gear(code),
  quantity INTEGER, PRIMARY KEY (kit, item));
INSERT INTO gear VALUES ('kit-7', 'Climber''s Kit', 25), ('kit-9', 'Cook''s Kit', 12),
  ('kit-4', 'Scribe''s Kit', 9), ('torch', 'Torch', 1), ('rope', 'Rope', 2), ('pan', 'Pan', 3);
INSERT INTO kit_contents VALUES ('kit-7', 'torch', 2), ('kit-7', 'rope', 1),
  ('kit-9', 'pan', 1), ('kit-9', 'torch', 1), ('kit-4', 'rope', 1);
"""


async def test_rows_listed_by_a_key_show_the_referred_rows_name(tmp_path: Path) -> None:
    database = await open_database(tmp_path, KITS)
    found = answer_rows(database, "Which kits contain a torch?")
    assert found == [("Climber's Kit",), ("Cook's Kit",)]
