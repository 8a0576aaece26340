"""The ``lgeneral`` database: the data of LGeneral's ``kukgen`` campaign, a turn-based
strategy game in the style of Panzer General set on the First World War's fronts of
Austria-Hungary — its nations, unit classes and movement types, the unit library (each
unit's nation, class, attack and defence values, cost and years of service), its 22
scenarios with their players, the victory-flag hexes of each map and the units each
scenario deploys.

Debian's ``lgeneral-data`` (``apt-get download``, never installed) holds them under
``usr/share/games/lgeneral/``: ``nations/kukgen.ndb``, ``units/kukgen.udb`` and
``scenarios/kukgen/*`` (``.order`` gives the campaign's order), in LGeneral's own text
format (Latin-1: ``<block`` ... ``>``, ``key»value``, a list's items between ``°``).  Names
are the files' own: a unit's nested ``<attack`` values become ``attack_count``,
``attack_soft``..., a list (a unit's ``flags``, a player's ``nations``) is kept as its items
joined by commas, a ``trsp`` of ``none`` is NULL; of a unit id the library repeats,
the first is kept; a unit's ``nation`` of ``none`` and a flag's that is no nation
(``blueu``, ``swe``) are NULL.  The forty-ninth held-out database.
"""

from __future__ import annotations

from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes

_ROOT = "./usr/share/games/lgeneral/"
_SCENARIOS = "scenarios/kukgen/"
_NATION = (("nation",), "nations", ("nation",))
_SCENARIO = (("scenario",), "scenarios", ("scenario",))
TABLES = (
    Table(name="nations", primary_key=("nation",)),
    Table(name="unit_classes", primary_key=("class",)),
    Table(name="move_types", primary_key=("move_type",)),
    Table(name="unit_lib", primary_key=("id",),
          foreign_keys=(_NATION, (("class",), "unit_classes", ("class",)),
                        (("move_type",), "move_types", ("move_type",)))),
    Table(name="scenarios", primary_key=("scenario",)),
    Table(name="players", primary_key=("scenario", "player"), foreign_keys=(_SCENARIO,)),
    Table(name="flags", primary_key=("scenario", "x", "y"),
          foreign_keys=(_SCENARIO, _NATION)),
    Table(name="units", primary_key=("scenario", "unit_no"),
          foreign_keys=(_SCENARIO, (("id",), "unit_lib", ("id",)), _NATION,
                        (("trsp",), "unit_lib", ("id",)))),
)  # fmt: skip
_ATTACK = ["attack_count", "attack_soft", "attack_hard", "attack_air", "attack_naval"]
COLUMNS = {
    "nations": ["nation", "name", "icon_id"],
    "unit_classes": ["class", "name", "purchase"],
    "move_types": ["move_type", "name", "sound"],
    "unit_lib": ["id", "name", "nation", "class", "target_type", "initiative", "spotting",
                 "movement", "move_type", "fuel", "range", "ammo", *_ATTACK, "def_ground",
                 "def_air", "def_close", "flags", "icon_id", "cost", "start_year",
                 "start_month", "last_year"],
    "scenarios": ["scenario", "campaign_order", "name", "desc", "authors", "date", "turns",
                  "turns_per_day", "days_per_turn", "map", "weather"],
    "players": ["scenario", "player", "name", "nations", "allied_players", "unit_limit",
                "orientation", "control", "strategy"],
    "flags": ["scenario", "x", "y", "nation", "obj"],
    "units": ["scenario", "unit_no", "id", "nation", "x", "y", "str", "entr", "exp", "trsp"],
}  # fmt: skip

Block = dict[str, object]


def build_lgeneral(archive: Path, target: Path) -> Path:
    """The SQLite file of lgeneral-data's kukgen nations, units and scenarios."""
    nations = parse(_text(archive, "nations/kukgen.ndb"))
    library = parse(_text(archive, "units/kukgen.udb"))
    rows: dict[str, list[list[str]]] = {
        "nations": _entries(nations["nations"], COLUMNS["nations"]),
        "unit_classes": _entries(library["unit_classes"], COLUMNS["unit_classes"]),
        "move_types": _entries(library["move_types"], COLUMNS["move_types"]),
        "unit_lib": _first(_entries(library["unit_lib"], COLUMNS["unit_lib"])),
    }
    order = _text(archive, _SCENARIOS + ".order").split()
    for name in COLUMNS:
        rows.setdefault(name, [])
    for position, scenario in enumerate(order, start=1):
        add_scenario(rows, scenario, position, parse(_text(archive, _SCENARIOS + scenario)))
    return write_tables(target, TABLES, COLUMNS, rows)


def add_scenario(rows: dict[str, list[list[str]]], scenario: str, position: int,
                 block: Block) -> None:  # fmt: skip
    """A scenario's row and those of its players, flags and units."""
    head = [str(block.get(c, "")) for c in COLUMNS["scenarios"][2:]]
    rows["scenarios"].append([scenario, str(position), *head])
    for player, body in _children(block["players"]):
        cells = [str(body.get(c, "")) for c in COLUMNS["players"][2:]]
        rows["players"].append([scenario, player, *cells])
    for _, flag in _children(block["flags"]):
        cells = [str(flag[c]) for c in COLUMNS["flags"][1:]]
        rows["flags"].append([scenario, *cells[:2], _nation(cells[2]), cells[3]])
    for number, (_, unit) in enumerate(_children(block["units"]), start=1):
        cells = [str(unit[c]) for c in COLUMNS["units"][2:]]
        rows["units"].append([scenario, str(number), *(("" if c == "none" else c) for c in cells)])


def parse(text: str) -> Block:
    """LGeneral's text format as nested blocks: ``<name`` opens a block, ``>`` closes it,
    ``key»value`` is an entry (a list's items, between ``°``, joined by commas).  A block's
    children are kept in order under ``"<children>"``, as (name, block) pairs."""
    root: Block = {"<children>": []}
    stack = [root]
    for line in text.splitlines():
        if line.startswith("<"):
            child: Block = {"<children>": []}
            _pairs(stack[-1]).append((line[1:].strip(), child))
            stack[-1].setdefault(line[1:].strip(), child)
            stack.append(child)
        elif line.strip() == ">":
            stack.pop()
        elif "»" in line:
            key, value = line.split("»", 1)
            stack[-1][key.strip()] = ",".join(v.strip() for v in value.split("°") if v.strip())
    return root


def _pairs(block: Block) -> list[tuple[str, Block]]:
    children = block["<children>"]
    assert isinstance(children, list)
    return children


def _children(block: object) -> list[tuple[str, Block]]:
    assert isinstance(block, dict)
    return _pairs(block)


def _entries(block: object, columns: list[str]) -> list[list[str]]:
    """One row per child block: its name, then its values (``attack_x`` from its
    ``<attack`` block's ``x``)."""
    rows = []
    for name, child in _children(block):
        attack = child.get("attack", {})
        assert isinstance(attack, dict)
        values = {**child, **{f"attack_{k}": v for k, v in attack.items()}}
        rows.append([name, *(str(values.get(c, "")) for c in columns[1:])])
    return rows


def _nation(nation: str) -> str:
    """A flag's nation, empty (NULL) where it is none of nations.ndb (two typos)."""
    return "" if nation in ("blueu", "swe") else nation


def _first(rows: list[list[str]]) -> list[list[str]]:
    """The rows with the first of each id (the library repeats two: 445, twice alike, and
    461, a 10cm then a 9cm gun), a ``nation`` of ``none`` NULL."""
    kept: dict[str, list[str]] = {}
    for row in rows:
        row[2] = "" if row[2] == "none" else row[2]
        kept.setdefault(row[0], row)
    return list(kept.values())


def _text(archive: Path, path: str) -> str:
    return deb_member_bytes(archive, _ROOT + path).decode("latin-1")
