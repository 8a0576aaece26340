"""An order asked of the rows ("in the order they came out") is read by no plan: such a
question is declined, never answered in the order of the rows' names."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.order_asks import asked_order
from tests.sql.linking_schemas import abstains, open_database, rows

TOWNS = """
CREATE TABLE towns (id INTEGER PRIMARY KEY, name TEXT, country TEXT, founded INTEGER);
INSERT INTO towns VALUES (1, 'Arlen', 'Norway', 1200), (2, 'Brisk', 'Norway', 1100),
    (3, 'Cove', 'Spain', 900);
"""


def test_the_words_that_ask_for_an_order() -> None:
    assert asked_order(["list", "the", "glyphs", "in", "the", "order", "they", "came", "out"])
    assert asked_order(["list", "the", "glyphs", "sorted", "by", "name"]) == ["sorted"]
    assert asked_order(["which", "glyphs", "are", "in", "the", "order", "runes"]) == []


async def test_an_order_asked_is_declined(tmp_path: Path) -> None:
    database = await open_database(tmp_path, TOWNS)
    assert rows(database, "Which towns are in Norway?") == [("Arlen",), ("Brisk",)]
    assert abstains(database, "List the towns in Norway in the order they came out.")
    assert abstains(database, "Which towns are in Norway, in the order they came out?")
