"""The ``dota`` database: the game constants of Dota 2 that OpenDota's ``dotaconstants`` npm
package ships — its 127 heroes (primary attribute, attack type, base stats and gains per
level), their roles, the 3,168 abilities and talents (behavior, damage type, mana cost,
cooldown, description), which abilities and talents each hero has, the 522 items (cost,
quality, cooldown, mana cost) and the items each is built from, and the game's 62 patches
with their dates.

The package's ``build/`` JSON files, under their own names: ``heroes.json`` (one object a
hero; its ``roles`` list becomes ``hero_roles``, its image paths and nicknames are left
out), ``abilities.json`` (one object an ability, keyed by its internal name; a list value
such as a cooldown per level joined as ``10 / 9 / 8``, a list of behaviors or targets as
``Point Target, AOE``), ``hero_abilities.json`` (each hero's ``abilities``, in slot order,
without the ``generic_hidden`` placeholders of empty slots, and its ``talents`` with their
tier), ``items.json`` (one object an item; a ``false`` mana cost, cooldown, health cost or
charge count is missing, ``components`` becomes ``item_components`` with how many of each)
and ``patch.json``.  Booleans are 1 and 0.  The thirty-fourth held-out database.
"""

from __future__ import annotations

import json
import sqlite3
import tarfile
from collections import Counter
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_FOLDER = "package/build/"
_HERO = (("hero_id",), "heroes", ("id",))
TABLES = (
    Table(name="heroes", primary_key=("id",)),
    Table(name="hero_roles", primary_key=("hero_id", "role"), foreign_keys=(_HERO,)),
    Table(name="abilities", primary_key=("name",)),
    Table(name="hero_abilities", primary_key=("hero_id", "slot"),
          foreign_keys=(_HERO, (("ability",), "abilities", ("name",)))),
    Table(name="hero_talents", primary_key=("hero_id", "ability"),
          foreign_keys=(_HERO, (("ability",), "abilities", ("name",)))),
    Table(name="items", primary_key=("id",)),
    Table(name="item_components", primary_key=("item_id", "component_id"),
          foreign_keys=((("item_id",), "items", ("id",)),
                        (("component_id",), "items", ("id",)))),
)  # fmt: skip
_HERO_FIELDS = [
    "id", "name", "localized_name", "primary_attr", "attack_type", "base_health",
    "base_health_regen", "base_mana", "base_mana_regen", "base_armor", "base_mr",
    "base_attack_min", "base_attack_max", "base_str", "base_agi", "base_int", "str_gain",
    "agi_gain", "int_gain", "attack_range", "projectile_speed", "attack_rate",
    "base_attack_time", "attack_point", "move_speed", "turn_rate", "cm_enabled", "legs",
    "day_vision", "night_vision",
]  # fmt: skip
_ABILITY_FIELDS = ["dname", "behavior", "dmg_type", "bkbpierce", "dispellable", "target_team",
                   "target_type", "mc", "cd", "desc", "lore", "is_innate"]  # fmt: skip
_ITEM_FIELDS = ["id", "dname", "qual", "cost", "behavior", "mc", "hc", "cd", "charges",
                "created", "notes", "lore"]  # fmt: skip
_PER_LEVEL = {"mc", "cd"}  # a list of them is one value a level
_MISSING_WHEN_FALSE = {"mc", "hc", "cd", "charges", "behavior"}
COLUMNS = {
    "heroes": _HERO_FIELDS,
    "hero_roles": ["hero_id", "role"],
    "abilities": ["name", *_ABILITY_FIELDS],
    "hero_abilities": ["hero_id", "slot", "ability"],
    "hero_talents": ["hero_id", "ability", "level"],
    "items": ["id", "name", *_ITEM_FIELDS[1:]],
    "item_components": ["item_id", "component_id", "quantity"],
}
# Written apart: typed from its values, "7.40" would be the number 7.4.
_PATCH = 'CREATE TABLE "patch" ("id" INTEGER, "name" TEXT, "date" TEXT, PRIMARY KEY ("id"))'
_EMPTY_SLOT = "generic_hidden"


def build_dota(archive: Path, target: Path) -> Path:
    """The SQLite file of dotaconstants' heroes, abilities, items and patches."""
    data = _files(archive, ("heroes", "abilities", "hero_abilities", "items", "patch"))
    heroes = list(data["heroes"].values())
    hero_ids = {hero["name"]: hero["id"] for hero in heroes}
    rows = {
        "heroes": [[cell(hero.get(field), field) for field in _HERO_FIELDS] for hero in heroes],
        "hero_roles": [[str(hero["id"]), role] for hero in heroes for role in hero["roles"]],
        "abilities": [[name, *(cell(ability.get(field), field) for field in _ABILITY_FIELDS)]
                      for name, ability in data["abilities"].items()],
    }  # fmt: skip
    rows["hero_abilities"], rows["hero_talents"] = hero_links(data["hero_abilities"], hero_ids)
    rows["items"], rows["item_components"] = items(data["items"])
    staged = write_tables(target.with_suffix(".staged"), TABLES, COLUMNS, rows)
    patches = [(p["id"], p["name"], p["date"]) for p in data["patch"]]
    with sqlite3.connect(staged) as connection:
        connection.execute(_PATCH)
        connection.executemany('INSERT INTO "patch" VALUES (?, ?, ?)', patches)
    connection.close()
    return staged.rename(target)  # whole, or not there


def hero_links(
    links: dict[str, dict[str, list[Any]]], hero_ids: dict[str, int]
) -> tuple[list[list[str]], list[list[str]]]:
    """Each hero's abilities by slot (empty slots left out) and its talents by tier."""
    abilities, talents = [], []
    for hero, link in links.items():
        hero_id = str(hero_ids[hero])
        for slot, ability in enumerate(link["abilities"], start=1):
            if ability != _EMPTY_SLOT:
                abilities.append([hero_id, str(slot), str(ability)])
        for talent in link["talents"]:
            talents.append([hero_id, talent["name"], str(talent["level"])])
    return abilities, talents


def items(data: dict[str, dict[str, Any]]) -> tuple[list[list[str]], list[list[str]]]:
    """The items, and each item's components with how many of each it takes."""
    ids = {name: str(item["id"]) for name, item in data.items()}
    rows, components = [], []
    for name, item in data.items():
        rows.append([ids[name], name, *(cell(item.get(f), f) for f in _ITEM_FIELDS[1:])])
        counts = Counter(part for part in item.get("components") or [] if part)
        components += [[ids[name], ids[part], str(n)] for part, n in counts.items()]
    return rows, components


def cell(value: object, field: str) -> str:
    """A JSON value as the table's text: missing as empty, booleans as 1 and 0, a list of
    values per level joined with `` / ``, any other list with ``, ``."""
    if value is None or value == [] or (value is False and field in _MISSING_WHEN_FALSE):
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, list):
        return (" / " if field in _PER_LEVEL else ", ").join(str(v) for v in value)
    return str(value)


def _files(archive: Path, names: tuple[str, ...]) -> dict[str, Any]:
    with tarfile.open(archive) as tar:
        return {name: _json(tar, f"{_FOLDER}{name}.json") for name in names}


def _json(tar: tarfile.TarFile, member: str) -> Any:
    stream = tar.extractfile(member)
    assert stream is not None
    return json.load(stream)
