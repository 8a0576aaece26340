"""A planned ranking whose first row has none of its measure (every group at 0) names no
winner: the planner declines instead of calling one row "the most"."""

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
CREATE TABLE game (game_id INTEGER PRIMARY KEY, points INTEGER,
                   team_id INTEGER REFERENCES team (team_id));
INSERT INTO team VALUES (1, 'Otters'), (2, 'Herons');
INSERT INTO game VALUES (1, {a}, 1), (2, 0, 2), (3, 0, 1);
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
