"""A value spelled like an English word ("Common", a rarity) written with a capital is a
name a condition must read: never dropped as a function word (every row counted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE gadget (id INTEGER PRIMARY KEY, gadget_name TEXT, rarity TEXT);
INSERT INTO gadget VALUES (1, 'Flux Lamp', 'Rare'), (2, 'Iron Bell', 'Common'),
    (3, 'Wind Vane', 'Common'), (4, 'Sun Dial', 'Common'), (5, 'Tin Drum', 'Rare');
"""


@pytest.fixture
async def gadgets(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    "question", ["How many Common gadgets are there?", "How many gadgets are Common?"]
)
async def test_a_capitalised_value_no_condition_reads_declines(
    gadgets: Database, question: str
) -> None:
    assert abstains(gadgets, question)


async def test_other_values_and_the_function_word_read_as_before(gadgets: Database) -> None:
    assert abstains(gadgets, "How many Common gadgets are there?")
    assert rows(gadgets, "How many Rare gadgets are there?") == [(2,)]
    assert rows(gadgets, "What is the most common rarity?") == [("Common", 3)]
