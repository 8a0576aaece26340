"""Tables with no foreign-key path between them (lists of one thing kept side by side)
are unreachable from each other: the linker answers or declines, never fails."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.linking import read_question
from hookline.sql.near_columns import parent_side
from hookline.sql.plan import join_steps, reachable, through_children
from tests.sql.linking_schemas import open_database

TEAMS = """
CREATE TABLE teams (code TEXT PRIMARY KEY, name TEXT);
INSERT INTO teams VALUES ('a', 'Alpha'), ('b', 'Beta'), ('c', 'Gamma');
CREATE TABLE rosters (team TEXT REFERENCES teams(code), badge TEXT, nr TEXT);
INSERT INTO rosters VALUES ('a', 'K1', '1'), ('b', 'K1', '2'), ('c', 'K2', '3');
CREATE TABLE licences (badge TEXT PRIMARY KEY);
INSERT INTO licences VALUES ('K1'), ('K3');
CREATE TABLE permits (badge TEXT PRIMARY KEY);
INSERT INTO permits VALUES ('K2');
"""


async def test_unconnected_tables_are_unreachable(tmp_path: Path) -> None:
    catalog, _ = await open_database(tmp_path, TEAMS)
    assert join_steps("teams", "teams", catalog) == 0
    assert join_steps("rosters", "teams", catalog) == 1
    assert join_steps("teams", "licences", catalog) is None
    assert not reachable("teams", "licences", catalog)
    assert not through_children("teams", "licences", catalog)
    assert not parent_side("teams", "licences", catalog)


async def test_a_ranking_over_unconnected_tables_never_fails(tmp_path: Path) -> None:
    catalog, _ = await open_database(tmp_path, TEAMS)
    for question in (
        "Which badge belongs to the most teams?",
        "Which badge has the most teams?",
        "Which team has the most permits?",
    ):
        read_question(question, catalog)  # a plan or a decline, no ValueError
