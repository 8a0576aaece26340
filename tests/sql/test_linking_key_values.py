"""A value found only in a key that refers to another table's column (that column's
values too many to index) is read in the referred column when the question names the
referred table: "kits with a part called 'bolt'" are the kits with such a part, not the
kits with a bolt filed in a bin."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql import value_index
from tests.sql.linking_schemas import answer_rows, open_database

_OTHERS = ", ".join(f"('k{k}', 'gear-{n}', 1.5)" for k in range(1, 5) for n in range(8))
KITS = f"""
CREATE TABLE kits (code TEXT PRIMARY KEY, name TEXT);
CREATE TABLE parts (kit TEXT REFERENCES kits(code), name TEXT, weight REAL,
  PRIMARY KEY (kit, name));
CREATE TABLE bins (kit TEXT REFERENCES kits(code), bin TEXT, part TEXT,
  PRIMARY KEY (kit, bin, part), FOREIGN KEY (kit, part) REFERENCES parts(kit, name));
INSERT INTO kits VALUES ('k1', 'Alpha'), ('k2', 'Beta'), ('k3', 'Gamma'), ('k4', 'Delta');
INSERT INTO parts VALUES {_OTHERS};
INSERT INTO parts VALUES ('k1', 'bolt', 2), ('k2', 'bolt', 2), ('k3', 'bolt', 2),
  ('k4', 'nut', 1);
INSERT INTO bins VALUES ('k1', 'A', 'bolt'), ('k2', 'B', 'gear-1');
"""


async def test_a_value_of_a_key_is_read_in_the_referred_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(value_index, "MAX_PER_COLUMN", 5)  # the part names: not all indexed
    database = await open_database(tmp_path, KITS)
    assert answer_rows(database, "How many kits have a part called 'bolt'?") == [(3,)]
