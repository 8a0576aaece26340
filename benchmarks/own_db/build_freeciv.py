"""The ``freeciv`` database: the rules of Freeciv's ``civ2civ3`` game — its 87 advances
(technologies, each with the one or two advances it requires), its unit classes, its 56
units (each with its class, the advance that allows it, the unit that makes it obsolete,
its cost, attack, defense, hit points, firepower and moves) and its 73 buildings (city
improvements and wonders, with their cost and upkeep).

Debian's ``freeciv-data`` package (``apt-get download``, never installed) holds it as
``usr/share/games/freeciv/civ2civ3/techs.ruleset``, ``units.ruleset`` and
``buildings.ruleset``, the game's own INI-like rule files.  Each ``[advance_*]``,
``[unitclass_*]``, ``[unit_*]`` and ``[building_*]`` section becomes a row of the table of
that name, under the files' own keys (``req1``, ``tech_req``, ``obsolete_by``,
``build_cost``, ``move_rate``...); a list value (``flags``, ``roles``) is kept as its items
joined by ``", "``; a translated string ``_("?unitclass:Land")`` is kept as its text
(``Land``).  ``"None"`` (no advance required) is a missing cell.  Left out: help texts,
graphics and sounds, and the buildings' requirement tables (``reqs``, ``obsolete_by``),
which are nested lists.  The twenty-third held-out database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./usr/share/games/freeciv/civ2civ3/"
_ADVANCE = "advance", ("name",)
TABLES = (
    Table(name="advance", primary_key=("name",),
          foreign_keys=((("req1",), *_ADVANCE), (("req2",), *_ADVANCE))),
    Table(name="unitclass", primary_key=("name",)),
    Table(name="unit", primary_key=("name",), foreign_keys=(
        (("class",), "unitclass", ("name",)), (("tech_req",), *_ADVANCE),
        (("obsolete_by",), "unit", ("name",)))),
    Table(name="building", primary_key=("name",)),
)  # fmt: skip
COLUMNS = {
    "advance": ["name", "req1", "req2", "flags"],
    "unitclass": ["name", "min_speed", "hp_loss_pct", "flags"],
    "unit": ["name", "class", "tech_req", "obsolete_by", "build_cost", "pop_cost", "attack",
             "defense", "hitpoints", "firepower", "move_rate", "vision_radius_sq",
             "transport_cap", "fuel", "uk_happy", "uk_shield", "uk_food", "uk_gold", "flags",
             "roles"],
    "building": ["name", "genus", "build_cost", "upkeep", "sabotage", "flags"],
}  # fmt: skip
_FILES = {"advance": "techs", "unitclass": "units", "unit": "units", "building": "buildings"}
_SECTION = re.compile(r"^\[([a-z]+)_[a-z0-9_]+\]$")
_ENTRY = re.compile(r"^([a-z_0-9]+)\s*=\s*(.*)$")
_ITEM = re.compile(r'_\("(?:\?[a-z]+:)?((?:[^"\\]|\\.)*)"\)|"((?:[^"\\]|\\.)*)"|(-?\d+)')


def build_freeciv(archive: Path, target: Path) -> Path:
    """The SQLite file of civ2civ3's advances, unit classes, units and buildings."""
    texts = {stem: deb_member_text(archive, f"{_FOLDER}{stem}.ruleset")
             for stem in set(_FILES.values())}  # fmt: skip
    rows: dict[str, list[list[str]]] = {}
    for table, stem in _FILES.items():
        sections = [entries for kind, entries in parse_ruleset(texts[stem]) if kind == table]
        rows[table] = [[cell(entries.get(key, "")) for key in COLUMNS[table]]
                       for entries in sections]  # fmt: skip
    return write_tables(target, TABLES, COLUMNS, rows)


def cell(value: str) -> str:
    """A value's text: list items joined by ``", "``; ``None`` (no advance) is missing."""
    items = ["".join(parts) for parts in _ITEM.findall(value)]
    text = ", ".join(items)
    return "" if text == "None" else text


def parse_ruleset(text: str) -> list[tuple[str, dict[str, str]]]:
    """Each section's kind (``unit`` of ``[unit_warriors]``) and its one-line-or-list entries;
    nested tables (``{ ... }``) and multi-line strings are skipped."""
    sections: list[tuple[str, dict[str, str]]] = []
    lines = iter(text.splitlines())
    key = ""
    for raw in lines:
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line.startswith("{"):
            _skip_until(lines, lambda row: row.startswith("}"))
            key = ""
        elif section := _SECTION.match(line):
            sections.append((section.group(1), {}))
        elif (entry := _ENTRY.match(line)) and sections:
            key, value = entry.groups()
            if value.endswith("\\"):  # a multi-line string: left out
                _skip_until(lines, lambda row: row.endswith('")'))
                key = ""
                continue
            sections[-1][1][key] = value
        elif sections and key:  # the continuation of a list
            sections[-1][1][key] += " " + line
    return sections


def _skip_until(lines: Iterator[str], last: Callable[[str], bool]) -> None:
    """``lines`` read up to and including the first for which ``last`` holds (stripped)."""
    for raw in lines:
        if last(raw.strip()):
            return
