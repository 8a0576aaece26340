"""The group with the fewest rows may have none: "Which deck has the fewest cards?" counts
every deck, an empty one as 0, never only the decks the rows' join reaches."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, open_database, rows

SCHEMA = """
CREATE TABLE edition (code TEXT PRIMARY KEY, edition_name TEXT);
INSERT INTO edition VALUES ('AA', 'Alpha'), ('BB', 'Beta'), ('CC', 'Gamma');
CREATE TABLE gadget (id INTEGER PRIMARY KEY, gadget_name TEXT,
                     edition TEXT REFERENCES edition(code), rarity TEXT);
INSERT INTO gadget VALUES (1, 'Flux Lamp', 'AA', 'Rare'), (2, 'Iron Bell', 'AA', 'Common'),
    (3, 'Wind Vane', 'BB', 'Common'), (4, 'Sun Dial', 'BB', 'Common'),
    (5, 'Tin Drum', 'CC', 'Rare');
CREATE TABLE kit (kit_id INTEGER PRIMARY KEY, kit_name TEXT);
INSERT INTO kit VALUES (1, 'Starter'), (2, 'Expert'), (3, 'Spare');
CREATE TABLE kit_gadget (kit_id INTEGER REFERENCES kit(kit_id),
                         gadget_id INTEGER REFERENCES gadget(id), PRIMARY KEY (kit_id, gadget_id));
INSERT INTO kit_gadget VALUES (1, 1), (1, 2), (2, 3);
"""


@pytest.fixture
async def kits(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Which kit has the fewest gadgets?", [("Spare", 0)]),  # through a link table
        ("Which edition has the fewest Rare gadgets?", [("Beta", 0)]),  # rows filtered
    ],
)
async def test_a_group_without_rows_is_the_fewest(
    kits: Database, question: str, answer: list[object]
) -> None:
    assert rows(kits, question) == answer


async def test_the_most_and_a_group_of_rows_are_counted_as_before(kits: Database) -> None:
    assert rows(kits, "Which kit has the fewest gadgets?") == [("Spare", 0)]
    assert rows(kits, "Which kit has the most gadgets?") == [("Starter", 2)]
    assert rows(kits, "Which edition has the fewest gadgets?") == [("Gamma", 1)]
