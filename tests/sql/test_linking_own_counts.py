"""'The most <things>' ranks a table by its own count of those things (a column named by
the word and a counting word) rather than by the rows of a child table the word names;
two such columns leave it open, and the ranking is declined."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, open_database, rows

GADGETS = """
CREATE TABLE gadgets (id INTEGER PRIMARY KEY, label TEXT, screw_count INTEGER);
INSERT INTO gadgets VALUES (1, 'Lamp', 12), (2, 'Clock', 30), (3, 'Fan', 4);
CREATE TABLE screw_faults (gadget INTEGER REFERENCES gadgets(id), value INTEGER);
INSERT INTO screw_faults VALUES (3, 5), (3, 6), (1, 11);
CREATE TABLE bolts (gadget INTEGER REFERENCES gadgets(id), size INTEGER);
INSERT INTO bolts VALUES (1, 2), (1, 3), (2, 4);
"""


async def test_the_most_things_ranks_by_the_rows_own_count(tmp_path: Path) -> None:
    database = await open_database(tmp_path, GADGETS)
    assert rows(database, "Which gadget has the most screws?") == [("Clock", 30)]
    assert rows(database, "Which gadget has the fewest screws?") == [("Fan", 4)]
    assert rows(database, "Which gadget has the most bolts?") == [("Lamp", 2)]
    assert rows(database, "Which gadget has the most screw faults?") == [("Fan", 2)]


async def test_two_own_counts_of_the_word_are_declined(tmp_path: Path) -> None:
    script = GADGETS.replace("screw_count INTEGER)", "screw_count INTEGER, screw_total INTEGER)")
    for before, after in (("12)", "12, 1)"), ("30)", "30, 2)"), ("4)", "4, 3)")):
        script = script.replace(f"', {before}", f"', {after}")
    database = await open_database(tmp_path, script)
    assert abstains(database, "Which gadget has the most screws?")
