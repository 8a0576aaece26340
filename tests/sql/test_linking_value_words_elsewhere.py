"""A word of one listed value ("image" of the icon 'image-x-generic') stands for it only
when no other column's values have that word too: "How many image types are there?" is
not the types whose icon is 'image-x-generic' when 'image/png', 'image/gif'... are types."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, open_database, rows

_KINDS = ("image", "text", "audio", "video", "font")
_TYPES = [(f"{kind}/x{n}", f"{kind if n % 3 else 'package'}-x-generic")
          for kind in _KINDS for n in range(10)]  # fmt: skip
SCHEMA = "CREATE TABLE file_types (type TEXT PRIMARY KEY, icon TEXT);\n" + "".join(
    f"INSERT INTO file_types VALUES ('{t}', '{i}');\n" for t, i in _TYPES
)


async def test_a_word_of_other_values_is_no_listed_values_word(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SCHEMA)
    question = "How many image file types are there?"
    assert abstains(database, question) or rows(database, question) == [(10,)]


async def test_a_word_of_one_listed_value_only_still_reads_it(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SCHEMA)
    assert rows(database, "How many file types have a package icon?") == [(20,)]
