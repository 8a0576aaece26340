"""The ``gridiron`` database: eight NFL seasons (2009 to 2016, preseason, regular season and
playoffs) as PyPI's ``nflgame`` 1.2.20 ships them in its source distribution: the schedule
(``nflgame/schedule.json``), the players (``nflgame/players.json``), the teams (the
``teams`` list of ``nflgame/__init__.py``) and, from each game's GameCenter file
(``nflgame/gamecenter-json/<eid>.json.gz``), its final score and scoring plays: read from
the archive, never installed.

Tables and columns keep nflgame's names: ``teams`` (keyed by the ``team`` abbreviation),
``games`` (``eid``, GameCenter's game id; ``home`` and ``away`` teams, ``season``, which
nflgame calls ``year``), ``players`` (``gsis_id``; the ``team`` of a player on a roster
in September 2016, empty for the others) and ``scoring_plays`` (each touchdown, field goal,
safety... of a game, keyed by ``eid`` and GameCenter's ``play_id``).  ``JAX`` becomes
``JAC``, as nflgame reads it.  The 2016 regular season had not been played when the package
was made: its games have no scores.  Dates become ISO text.  The fifteenth held-out database.
"""

from __future__ import annotations

import ast
import gzip
import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_ROOT = "nflgame-1.2.20/nflgame/"
_TEAM = ("team",)
_WANTED = (".json", ".gz", "__init__.py")
_TABLES = (
    Table(name="teams", primary_key=_TEAM),
    Table(
        name="games",
        primary_key=("eid",),
        foreign_keys=((("home",), "teams", _TEAM), (("away",), "teams", _TEAM)),
    ),
    Table(name="players", primary_key=("gsis_id",), foreign_keys=((_TEAM, "teams", _TEAM),)),
    Table(
        name="scoring_plays",
        primary_key=("eid", "play_id"),
        foreign_keys=((("eid",), "games", ("eid",)), (_TEAM, "teams", _TEAM)),
    ),
)
_COLUMNS = {
    "teams": ("team", "city", "nickname", "full_name"),
    "games": ("eid", "gamekey", "season", "season_type", "week", "game_date", "wday",
              "kickoff", "home", "away", "home_score", "away_score"),
    "players": ("gsis_id", "full_name", "first_name", "last_name", "position", "team",
                "number", "status", "college", "height", "weight", "birthdate", "years_pro"),
    "scoring_plays": ("eid", "play_id", "qtr", "team", "type", "description"),
}  # fmt: skip


def build_gridiron(sdist: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the JSON files inside the source distribution."""
    with tarfile.open(sdist) as archive:
        files = {
            m.name[len(_ROOT) :]: _read(archive, m)
            for m in archive.getmembers()
            if m.isfile() and m.name.startswith(_ROOT) and m.name.endswith(_WANTED)
        }
    rows: dict[str, list[list[object]]] = {
        "teams": _teams(files["__init__.py"].decode()),
        "games": [],
        "players": [_player(p) for p in json.loads(files["players.json"]).values()],
        "scoring_plays": [],
    }
    for eid, game in json.loads(files["schedule.json"])["games"]:
        center = files.get(f"gamecenter-json/{eid}.json.gz")
        detail = json.loads(gzip.decompress(center))[eid] if center else None
        rows["games"].append(_game(eid, game, detail))
        for play_id, play in sorted((detail or {}).get("scrsummary", {}).items()):
            rows["scoring_plays"].append(
                [eid, play_id, play["qtr"], _abbr(play["team"]), play["type"], play["desc"]]
            )
    cells = {
        name: [["" if v is None else str(v) for v in row] for row in table_rows]
        for name, table_rows in rows.items()
    }
    columns = {name: list(names) for name, names in _COLUMNS.items()}
    return write_tables(target, _TABLES, columns, cells)


def _read(archive: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    data = archive.extractfile(member)
    assert data is not None
    return data.read()


def _teams(source: str) -> list[list[object]]:
    """nflgame's team list: abbreviation, city, nickname, full name (New York's two lack a
    city of their own)."""
    module = ast.parse(source)
    for node in module.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "teams":
            names: list[list[str]] = ast.literal_eval(node.value)
    rows: list[list[object]] = []
    for names_of in names:
        if names_of[0] in ("NYG", "NYJ"):
            rows.append([names_of[0], "New York", names_of[1], names_of[2]])
        else:
            rows.append(list(names_of[:4]))
    return rows


def _abbr(team: str) -> str:
    return "JAC" if team == "JAX" else team


def _game(eid: str, game: dict[str, Any], detail: dict[str, Any] | None) -> list[object]:
    kickoff = f"{game['time']} {game.get('meridiem') or ''}".strip()
    date = f"{eid[:4]}-{eid[4:6]}-{eid[6:8]}"
    scores = [detail[side]["score"]["T"] for side in ("home", "away")] if detail else [None] * 2
    return [eid, game["gamekey"], game["year"], game["season_type"], game["week"], date,
            game["wday"], kickoff, _abbr(game["home"]), _abbr(game["away"]), *scores]  # fmt: skip


def _player(player: dict[str, Any]) -> list[object]:
    born = player.get("birthdate") or ""
    parts = born.split("/")
    if len(parts) == 3 and all(part.isdigit() for part in parts):
        born = f"{parts[2]}-{int(parts[0]):02d}-{int(parts[1]):02d}"
    else:
        born = None  # a few are empty or malformed
    team = player.get("team")
    return [player["gsis_id"], player["full_name"], player["first_name"], player["last_name"],
            player.get("position"), _abbr(team) if team else None, player.get("number"),
            player.get("status"), player.get("college"), player.get("height"),
            player.get("weight"), born, player.get("years_pro")]  # fmt: skip
