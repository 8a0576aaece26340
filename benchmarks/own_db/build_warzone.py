"""The ``warzone`` database: the multiplayer rules of the real-time strategy game Warzone
2100 (4.3) — its 385 research topics with the topics each requires, the components and
structures each gives and the upgrades it makes; the unit components (117 weapons, 43
bodies, 11 propulsions with their 7 propulsion types, sensors, repair turrets, construction
turrets, ECM turrets, command brains); the 280 unit templates (a body, a propulsion and
their weapons) and the 160 structures with their weapons; and the damage modifiers of a
weapon effect against each propulsion type and structure strength.

Debian's ``warzone2100-data`` (``apt-get download``, never installed) holds them in
``usr/share/games/warzone2100/mp.wz`` (a zip) as ``stats/<name>.json``, each an object of
entries by id.  A table is a file under its own name, an entry a row under its own keys
(``researchPoints``, ``weaponSubClass``, ``armourKinetic``); an entry's key is its ``id``
(``body.json`` names one body ``B3bodyRKbuggy01-Ultimate`` but gives it the id of another:
the key is kept); ``true``/``false`` are 1 and 0.  A research topic's lists
``requiredResearch``, ``resultComponents`` and ``resultStructures`` are tables under those
names, one row an item, and its ``results`` (the upgrades) the table ``results``, one row
an upgrade under its own keys; a template's and a structure's ``weapons`` list is
``template_weapons`` and ``structure_weapons``, one row a weapon in its slot; the two
modifier files (a row a weapon effect, a column a propulsion type or structure strength)
are one row a pair.  The lists a program only draws or limits with (models, brain ranks,
``userLimits``, the components a topic makes obsolete) are left out.  The thirty-eighth
held-out database.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes

_ARCHIVE = "./usr/share/games/warzone2100/mp.wz"
_ENTRIES = ("research", "weapons", "body", "propulsion", "propulsiontype", "sensor",
            "repair", "construction", "ecm", "brain", "templates", "structure")  # fmt: skip
_RESEARCH = (("research",), "research", ("id",))
_WEAPON = (("weapon",), "weapons", ("id",))
_KEYS = {
    "propulsion": ((("type",), "propulsiontype", ("id",)),),
    "templates": (
        (("body",), "body", ("id",)), (("propulsion",), "propulsion", ("id",)),
        (("sensor",), "sensor", ("id",)), (("repair",), "repair", ("id",)),
        (("construct",), "construction", ("id",)), (("brain",), "brain", ("id",))),
    "structure": ((("sensorID",), "sensor", ("id",)), (("ecmID",), "ecm", ("id",))),
    "brain": ((("turret",), "weapons", ("id",)),),
}  # fmt: skip
TABLES = (
    *(Table(name=name, primary_key=("id",), foreign_keys=_KEYS.get(name, ()))
      for name in _ENTRIES),
    Table(name="requiredResearch", primary_key=("research", "requiredResearch"),
          foreign_keys=(_RESEARCH, (("requiredResearch",), "research", ("id",)))),
    Table(name="resultComponents", primary_key=("research", "resultComponents"),
          foreign_keys=(_RESEARCH,)),
    Table(name="resultStructures", primary_key=("research", "resultStructures"),
          foreign_keys=(_RESEARCH, (("resultStructures",), "structure", ("id",)))),
    Table(name="results", primary_key=("research", "number"), foreign_keys=(_RESEARCH,)),
    Table(name="template_weapons", primary_key=("template", "slot"),
          foreign_keys=((("template",), "templates", ("id",)), _WEAPON)),
    Table(name="structure_weapons", primary_key=("structure", "slot"),
          foreign_keys=((("structure",), "structure", ("id",)), _WEAPON)),
    Table(name="weaponmodifier", primary_key=("weaponEffect", "propulsionType"),
          foreign_keys=((("propulsionType",), "propulsiontype", ("id",)),)),
    Table(name="structuremodifier", primary_key=("weaponEffect", "strength")),
)  # fmt: skip
_RESULT = ["research", "number", "class", "parameter", "filterParameter", "filterValue", "value"]
_LISTS = {"requiredResearch": "research", "resultComponents": "research",
          "resultStructures": "research"}  # fmt: skip

Entries = dict[str, dict[str, Any]]


def build_warzone(archive: Path, target: Path) -> Path:
    """The SQLite file of Warzone 2100's multiplayer research, components, templates and
    structures."""
    with zipfile.ZipFile(io.BytesIO(deb_member_bytes(archive, _ARCHIVE))) as wz:
        stats = {name: _json(wz, name) for name in (*_ENTRIES, "weaponmodifier",
                                                    "structuremodifier")}  # fmt: skip
    columns: dict[str, list[str]] = {}
    rows: dict[str, list[list[str]]] = {}
    for name in _ENTRIES:
        columns[name], rows[name] = entry_rows(stats[name])
    for name, owner in _LISTS.items():
        columns[name] = [owner, name]
        rows[name] = [[key, item] for key, entry in stats["research"].items()
                      for item in entry.get(name, [])]  # fmt: skip
    columns["results"], rows["results"] = _RESULT, result_rows(stats["research"])
    for name, owner in (("template_weapons", "templates"), ("structure_weapons", "structure")):
        columns[name] = [owner.removesuffix("s"), "slot", "weapon"]
        rows[name] = weapon_rows(stats[owner])
    for name, column in (("weaponmodifier", "propulsionType"), ("structuremodifier", "strength")):
        columns[name] = ["weaponEffect", column, "modifier"]
        rows[name] = modifier_rows(stats[name])
    return write_tables(target, TABLES, columns, rows)


def entry_rows(entries: Entries) -> tuple[list[str], list[list[str]]]:
    """A stats file's columns (``id`` first, then its entries' other plain keys in order,
    a key told apart only by its case, one structure's ``Thermal``, read as the first
    spelling) and one row an entry, its key as its ``id``."""
    names = ["id"]
    for entry in entries.values():
        known = {name.lower() for name in names}
        names += [key for key, value in entry.items() if _plain(value) and key.lower() not in known]
    return names, [[key, *_cells(entry, names[1:])] for key, entry in entries.items()]


def _cells(entry: dict[str, Any], names: list[str]) -> list[str]:
    by_case = {key.lower(): value for key, value in entry.items()}
    return [_text(by_case.get(name.lower())) for name in names]


def result_rows(research: Entries) -> list[list[str]]:
    """One row an upgrade a research topic makes, numbered from 1 within its topic."""
    return [
        [key, str(number), *(_text(result.get(name)) for name in _RESULT[2:])]
        for key, entry in research.items()
        for number, result in enumerate(entry.get("results", []), start=1)
    ]


def weapon_rows(entries: Entries) -> list[list[str]]:
    """One row a weapon an entry carries, its slot numbered from 1."""
    return [
        [key, str(slot), weapon]
        for key, entry in entries.items()
        for slot, weapon in enumerate(entry.get("weapons", []), start=1)
    ]


def modifier_rows(modifiers: Entries) -> list[list[str]]:
    """A modifier file (a weapon effect's percentages by column) as one row a pair."""
    return [
        [effect, column, _text(value)]
        for effect, values in modifiers.items()
        for column, value in values.items()
    ]


def _plain(value: object) -> bool:
    return isinstance(value, str | int | float)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)


def _json(wz: zipfile.ZipFile, name: str) -> Entries:
    loaded: Entries = json.loads(wz.read(f"stats/{name}.json").decode("utf-8"))
    return loaded
