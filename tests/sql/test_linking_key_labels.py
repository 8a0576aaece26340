"""Rows listed by a key referring to a table that names its rows are declined: the key
('kit-7') is no answer when the referred table has a name."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, open_database

KITS = """
CREATE TABLE gear (code TEXT PRIMARY KEY, name TEXT, price REAL);
CREATE TABLE kit_contents (kit TEXT REFERENCES gear(code), item TEXT REFERENCES gear(code),
  quantity INTEGER, PRIMARY KEY (kit, item));
INSERT INTO gear VALUES ('kit-7', 'Climber''s Kit', 25), ('kit-9', 'Cook''s Kit', 12),
  ('torch', 'Torch', 1), ('rope', 'Rope', 2), ('pan', 'Pan', 3);
INSERT INTO kit_contents VALUES ('kit-7', 'torch', 2), ('kit-7', 'rope', 1),
  ('kit-9', 'pan', 1), ('kit-9', 'torch', 1);
"""


async def test_rows_listed_by_a_key_to_a_named_table_are_declined(tmp_path: Path) -> None:
    database = await open_database(tmp_path, KITS)
    assert abstains(database, "Which kits contain a torch?")
