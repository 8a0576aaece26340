"""The ``wesnoth`` database: the units of the turn-based strategy game Battle for Wesnoth
1.16 as its core WML files give them — the races, the movement types (a terrain's movement
cost and defense, a damage type's resistance), the 277 unit types (hit points, movement,
experience, level, alignment, cost), their attacks with the weapon specials, their
abilities, what each advances to, each unit's resistances, and the multiplayer factions of
the Default and Age of Heroes eras with the units they recruit and may be led by.

Debian's ``wesnoth-1.16-data`` package (``apt-get download``, never installed) holds them
under ``usr/share/games/wesnoth/1.16/data/``: ``core/units.cfg`` (its ``[race]`` and
``[movetype]`` tags), ``core/units/*/*.cfg`` (a ``[unit_type]`` each, or a few) and
``multiplayer/factions/*.cfg`` (a ``[multiplayer_side]`` each, its era named by the file's
``-default`` or ``-aoh``).  WML is read as far as these files need: a file's own
``#define`` macros are expanded, ``#ifdef`` blocks dropped, a ``[base_unit]`` gives its
unit what the unit does not say itself, an ability or weapon special is the name of its
``{ABILITY_...}`` or ``{WEAPON_SPECIAL_...}`` macro, lowercased; a unit's ``[variation]``,
``[female]`` and animation tags are left out, and so are a deprecated unit type (an alias
of another) and one the game never lists (``do_not_list``, the fog clearer).  The
``core/macros/movetypes.cfg`` macros are expanded in ``core/units.cfg``; a translatable
string's context (``race^``) is dropped.  A unit's resistances are its movement type's
with the unit's own ``[resistance]`` values in their place.  The forty-second held-out
database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DATA = "./usr/share/games/wesnoth/1.16/data/"
_FILES = ("core/units", "core/macros/movetypes", "multiplayer/factions/")
_ERAS = {"default": "Default", "aoh": "Age of Heroes"}
TABLES = (
    Table(name="race", primary_key=("id",)),
    Table(name="movetype", primary_key=("name",)),
    Table(name="movetype_terrain", primary_key=("movetype", "terrain"),
          foreign_keys=((("movetype",), "movetype", ("name",)),)),
    Table(name="movetype_resistance", primary_key=("movetype", "damage_type"),
          foreign_keys=((("movetype",), "movetype", ("name",)),)),
    Table(name="unit_type", primary_key=("id",),
          foreign_keys=((("race",), "race", ("id",)),
                        (("movement_type",), "movetype", ("name",)))),
    Table(name="unit_resistance", primary_key=("unit_type", "damage_type"),
          foreign_keys=((("unit_type",), "unit_type", ("id",)),)),
    Table(name="attack", primary_key=("id",),
          foreign_keys=((("unit_type",), "unit_type", ("id",)),)),
    Table(name="attack_special", primary_key=("attack_id", "special"),
          foreign_keys=((("attack_id",), "attack", ("id",)),)),
    Table(name="unit_ability", primary_key=("unit_type", "ability"),
          foreign_keys=((("unit_type",), "unit_type", ("id",)),)),
    Table(name="advancement", primary_key=("unit_type", "advances_to"),
          foreign_keys=((("unit_type",), "unit_type", ("id",)),
                        (("advances_to",), "unit_type", ("id",)))),
    Table(name="faction", primary_key=("id", "era")),
    Table(name="faction_recruit", primary_key=("faction", "era", "unit_type"),
          foreign_keys=((("faction", "era"), "faction", ("id", "era")),
                        (("unit_type",), "unit_type", ("id",)))),
    Table(name="faction_leader", primary_key=("faction", "era", "unit_type"),
          foreign_keys=((("faction", "era"), "faction", ("id", "era")),
                        (("unit_type",), "unit_type", ("id",)))),
)  # fmt: skip
_UNIT = ["id", "name", "race", "hitpoints", "movement_type", "movement", "vision",
         "experience", "level", "alignment", "cost", "usage", "gender", "undead_variation",
         "description"]  # fmt: skip
COLUMNS = {
    "race": ["id", "male_name", "female_name", "plural_name", "num_traits",
             "undead_variation", "description"],
    "movetype": ["name", "flies"],
    "movetype_terrain": ["movetype", "terrain", "movement_cost", "defense"],
    "movetype_resistance": ["movetype", "damage_type", "resistance"],
    "unit_type": _UNIT,
    "unit_resistance": ["unit_type", "damage_type", "resistance"],
    "attack": ["id", "unit_type", "name", "description", "type", "range", "damage", "number"],
    "attack_special": ["attack_id", "special"],
    "unit_ability": ["unit_type", "ability"],
    "advancement": ["unit_type", "advances_to"],
    "faction": ["id", "era", "name", "description"],
    "faction_recruit": ["faction", "era", "unit_type"],
    "faction_leader": ["faction", "era", "unit_type"],
}  # fmt: skip
Rows = dict[str, list[list[str]]]


@dataclass
class Tag:
    """One WML tag: its keys, its macro calls ({NAME ...}) and its child tags."""

    name: str
    keys: dict[str, str] = field(default_factory=dict)
    macros: list[str] = field(default_factory=list)
    children: list[Tag] = field(default_factory=list)

    def all(self, name: str) -> list[Tag]:
        return [child for child in self.children if child.name == name]


def build_wesnoth(archive: Path, target: Path) -> Path:
    """The SQLite file of Wesnoth's races, movement types, units, attacks and factions."""
    files = deb_texts(archive, _DATA)
    core = parse(files["core/macros/movetypes.cfg"] + files["core/units.cfg"])
    unit_files = [text for name, text in sorted(files.items()) if name.startswith("core/units/")]
    units = [unit for text in unit_files for unit in parse(text).all("unit_type")]
    rows: Rows = {name: [] for name in COLUMNS}
    for tag in _walk(core, "race"):
        rows["race"].append([tag.keys.get(column, "") for column in COLUMNS["race"]])
    movetypes = {tag.keys["name"]: tag for tag in _walk(core, "movetype")}
    for name, tag in movetypes.items():
        _movetype_rows(rows, name, tag)
    unit_rows(rows, units, movetypes)
    for name, text in sorted(files.items()):
        if name.startswith("multiplayer/factions/"):
            era = name.rsplit("-", 1)[1].removesuffix(".cfg")
            for side in parse(text).all("multiplayer_side"):
                _faction_rows(rows, side, era)
    return write_tables(target, TABLES, COLUMNS, rows)


def deb_texts(archive: Path, folder: str) -> dict[str, str]:
    """The unit and faction ``.cfg`` files under ``folder`` in the package ``archive``, by
    their path below it."""

    def wanted(path: str) -> bool:
        below = path.removeprefix(folder)
        return path.startswith(folder) and below.endswith(".cfg") and below.startswith(_FILES)

    texts = deb_member_texts(archive, wanted)
    return {path.removeprefix(folder): text for path, text in texts.items()}


def _walk(tag: Tag, name: str) -> Iterator[Tag]:
    for child in tag.children:
        if child.name == name:
            yield child
        yield from _walk(child, name)


def _movetype_rows(rows: Rows, name: str, tag: Tag) -> None:
    flies = any(tag.keys.get(key) in ("yes", "true") for key in ("flies", "flying"))
    rows["movetype"].append([name, "1" if flies else "0"])
    costs = _merged(tag, "movement_costs")
    defense = _merged(tag, "defense")
    rows["movetype_terrain"] += [[name, terrain, costs.get(terrain, ""), defense.get(terrain, "")]
                                 for terrain in dict.fromkeys([*costs, *defense])]  # fmt: skip
    resistance = _merged(tag, "resistance")
    rows["movetype_resistance"] += [[name, kind, value] for kind, value in resistance.items()]


def _merged(tag: Tag, name: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for child in tag.all(name):
        merged.update(child.keys)
    return merged


def unit_rows(rows: Rows, units: list[Tag], movetypes: dict[str, Tag]) -> None:
    """The unit types (a ``[base_unit]``'s keys, attacks and abilities where the unit has
    none of its own), their resistances, attacks, specials, abilities and advancements."""
    by_id = {unit.keys["id"]: unit for unit in units}
    for unit in units:
        for base in unit.all("base_unit"):
            parent = by_id[base.keys["id"]]
            unit.keys = {**parent.keys, **unit.keys}
            for name in ("attack", "abilities", "resistance"):
                if not unit.all(name):
                    unit.children += parent.all(name)
        keys = unit.keys
        if keys.get("do_not_list") == "yes" or any("DEPRECATED_UNIT" in m for m in unit.macros):
            continue
        uid = keys["id"]
        rows["unit_type"].append([keys.get(column, "") for column in _UNIT])
        resistance = _merged(movetypes[keys["movement_type"]], "resistance")
        resistance.update(_merged(unit, "resistance"))
        rows["unit_resistance"] += [[uid, kind, value] for kind, value in resistance.items()]
        for attack in unit.all("attack"):
            number = str(len(rows["attack"]) + 1)
            rows["attack"].append([number, uid, *[attack.keys.get(column, "") for column in
                                                  COLUMNS["attack"][2:]]])  # fmt: skip
            specials = [_macro(call, "WEAPON_SPECIAL_") for tag in attack.all("specials")
                        for call in tag.macros]  # fmt: skip
            named = dict.fromkeys(special for special in specials if special)
            rows["attack_special"] += [[number, special] for special in named]
        abilities = [_macro(call, "ABILITY_") for tag in unit.all("abilities")
                     for call in tag.macros]  # fmt: skip
        rows["unit_ability"] += [[uid, ability] for ability in dict.fromkeys(abilities)
                                 if ability]  # fmt: skip
        targets = [name.strip() for name in keys.get("advances_to", "").split(",")]
        rows["advancement"] += [[uid, name] for name in targets if name and name != "null"]


def _macro(call: str, prefix: str) -> str:
    """``{WEAPON_SPECIAL_ABSORB 0.6}`` as ``absorb``; not a call with ``prefix``: empty."""
    name = call.strip("{}").split()[0]
    return name.removeprefix(prefix).lower() if name.startswith(prefix) else ""


def _faction_rows(rows: Rows, side: Tag, era: str) -> None:
    keys = side.keys
    if keys.get("id", "Random") == "Random":
        return
    faction = [keys["id"], _ERAS[era]]
    rows["faction"].append([*faction, keys.get("name", ""), keys.get("description", "")])
    for column, table in (("recruit", "faction_recruit"), ("leader", "faction_leader")):
        names = dict.fromkeys(name.strip() for name in keys.get(column, "").split(","))
        rows[table] += [[*faction, name] for name in names if name]


_DEFINE = re.compile(r"#define\s+(\w+)([^\n]*)\n(.*?)#enddef", re.S)
_CALL = re.compile(r"\{(\w+)((?:[^{}]|\{[^{}]*\})*)\}")
_ARG = re.compile(r'\([^()]*\)|\{[^{}]*\}|_?\s*"[^"]*"|[^\s]+')


def parse(text: str) -> Tag:
    """The root tag of a WML file (its own macros expanded, ``#ifdef`` blocks dropped)."""
    text = _expand(text)
    root = Tag("")
    stack = [root]
    for line in _logical_lines(text):
        if line.startswith("[/"):
            if len(stack) > 1:
                stack.pop()
        elif line.startswith("[") and line.endswith("]"):
            tag = Tag(line[1:-1].lstrip("+"))
            stack[-1].children.append(tag)
            stack.append(tag)
        elif line.startswith("{"):
            stack[-1].macros.append(line)
        elif "=" in line:
            key, _, value = line.partition("=")
            stack[-1].keys[key.strip()] = _value(value)
    return root


def _expand(text: str) -> str:
    text = re.sub(r"^\s*#ifn?def\b.*?^\s*#endif[^\n]*$", "", text, flags=re.S | re.M)
    defines = {m.group(1): (m.group(2).split(), m.group(3)) for m in _DEFINE.finditer(text)}
    text = _DEFINE.sub("", text)

    def call(match: re.Match[str]) -> str:
        if match.group(1) not in defines:
            return match.group(0)
        names, body = defines[match.group(1)]
        values = [_unparen(arg) for arg in _ARG.findall(match.group(2))]
        for name, value in zip(names, values, strict=False):
            body = body.replace("{" + name + "}", value)
        return body

    for _ in range(3):
        text = _CALL.sub(call, text)
    return text


def _unparen(arg: str) -> str:
    return arg[1:-1].strip() if arg.startswith("(") else arg


def _logical_lines(text: str) -> Iterator[str]:
    """The file's lines without comments, a quoted value spanning lines joined."""
    pending = ""
    for raw in text.splitlines():
        line = raw if pending else raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        pending = f"{pending}\n{line}" if pending else line
        if pending.count('"') % 2 == 0:
            yield _uncomment(pending)
            pending = ""


def _uncomment(line: str) -> str:
    """``line`` without a trailing ``# comment`` outside quotes."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:index].strip()
    return line.strip()


def _value(value: str) -> str:
    """A WML value: its quoted parts joined (``_`` marks for translation dropped), or the
    bare text."""
    parts = re.findall(r'"((?:[^"]|"")*)"', value)
    if not parts:
        return value.strip()
    text = "".join(part.replace('""', '"') for part in parts)
    return re.sub(r"^[\w+]+\^", "", text).strip()
