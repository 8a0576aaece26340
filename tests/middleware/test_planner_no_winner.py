"""A planned ranking whose first row has none of its measure (every group at 0) names no
winner, and a total of no rows is no number: the planner declines instead of calling one
row "the most" or saying "None"."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hookline import Agent, AgentConfig, MemoryConversationStore, ToolRegistry
from hookline.llm.scripted import ScriptedLlmService
from hookline.middleware.sql_planner import SqlPlannerMiddleware
from hookline.sql import SqliteRunner
from hookline.tools.builtin import RunSqlTool
from hookline.users.models import User

USER = User(id="ada", username="ada")
LEAGUE = """
CREATE TABLE team (team_id INTEGER PRIMARY KEY, team_name TEXT);
CREATE TABLE game (game_id INTEGER PRIMARY KEY, points INTEGER, played_on TEXT,
                   team_id INTEGER REFERENCES team (team_id));
INSERT INTO team VALUES (1, 'Otters'), (2, 'Herons');
INSERT INTO game VALUES (1, {a}, '2024-05-01', 1), (2, 0, '2024-05-02', 2),
  (3, 0, '2024-05-03', 1);
"""


def league(tmp_path: Path, points: int) -> Agent:
    path = tmp_path / f"league{points}.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(LEAGUE.format(a=points))
    runner = SqliteRunner(path)
    return Agent(
        ScriptedLlmService([]),
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=False),
        middleware=[SqlPlannerMiddleware(runner)],
    )


async def test_a_ranking_with_nothing_at_the_top_is_declined(tmp_path: Path) -> None:
    result = await league(tmp_path, 0).run("Which team scored the most points?", user=USER)
    assert result.text.startswith("I could not answer that: the largest points found is 0")


async def test_a_ranking_with_a_winner_names_it(tmp_path: Path) -> None:
    result = await league(tmp_path, 3).run("Which team scored the most points?", user=USER)
    assert result.text == "**Otters**, with points 3."


async def test_a_total_of_no_rows_is_declined(tmp_path: Path) -> None:
    result = await league(tmp_path, 3).run("What were the total points in 1990?", user=USER)
    assert result.text.startswith("I could not answer that: no rows matched"), result.text


async def test_a_list_of_no_rows_on_the_questions_conditions_is_declined(tmp_path: Path) -> None:
    # "none" would be stated as fact, though a condition read wrongly finds nothing too
    result = await league(tmp_path, 3).run("Which games were played in 1990?", user=USER)
    assert result.text.startswith("I could not answer that: no rows matched the conditions")
    assert "either there are none or I misread one of them" in result.text
