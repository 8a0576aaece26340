"""The ``minecraft`` database: the game data of Minecraft: Java Edition 1.21.11 that
PrismarineJS's ``minecraft-data`` npm package ships for bots and tools — its items, blocks
(hardness, blast resistance, light, the items they drop and the tools that harvest them),
foods, crafting recipes and their ingredients, biomes, entities, enchantments (and the ones
each excludes) and status effects.

The package's ``data/pc/1.21.11/`` JSON files, under their own names and fields:
``items.json`` (its ``repairWith`` list becomes ``repair_with``; the enchantment
categories are left out), ``blocks.json`` (``drops`` becomes ``block_drops``,
``harvestTools`` ``block_harvest_tools``; the block states are left out), ``foods.json``,
``recipes.json`` (one row a recipe, numbered in the file's order, with its result and how
many it makes; a shaped recipe's grid and a shapeless one's list become
``recipe_ingredients``, how many of each item it takes), ``biomes.json``,
``entities.json`` (without the metadata keys), ``enchantments.json`` (the ``minCost`` and
``maxCost`` formulas split into ``_a`` and ``_b``, ``exclude`` becomes
``enchantment_exclusions``) and ``effects.json``.  Booleans are 1 and 0.  The
thirty-sixth held-out database.
"""

from __future__ import annotations

import json
import tarfile
from collections import Counter
from pathlib import Path
from typing import Any

from own_db.build import Table, json_cell, write_tables

_FOLDER = "package/minecraft-data/data/pc/1.21.11/"
_ITEM = "items", ("id",)
TABLES = (
    Table(name="items", primary_key=("id",)),
    Table(name="repair_with", primary_key=("item_id", "repair_item_id"),
          foreign_keys=((("item_id",), *_ITEM), (("repair_item_id",), *_ITEM))),
    Table(name="blocks", primary_key=("id",)),
    Table(name="block_drops", primary_key=("block_id", "item_id"),
          foreign_keys=((("block_id",), "blocks", ("id",)), (("item_id",), *_ITEM))),
    Table(name="block_harvest_tools", primary_key=("block_id", "item_id"),
          foreign_keys=((("block_id",), "blocks", ("id",)), (("item_id",), *_ITEM))),
    Table(name="foods", primary_key=("id",), foreign_keys=((("id",), *_ITEM),)),
    Table(name="recipes", primary_key=("id",), foreign_keys=((("result_id",), *_ITEM),)),
    Table(name="recipe_ingredients", primary_key=("recipe_id", "item_id"),
          foreign_keys=((("recipe_id",), "recipes", ("id",)), (("item_id",), *_ITEM))),
    Table(name="biomes", primary_key=("id",)),
    Table(name="entities", primary_key=("id",)),
    Table(name="enchantments", primary_key=("id",)),
    Table(name="enchantment_exclusions", primary_key=("enchantment_id", "excluded_id"),
          foreign_keys=((("enchantment_id",), "enchantments", ("id",)),
                        (("excluded_id",), "enchantments", ("id",)))),
    Table(name="effects", primary_key=("id",)),
)  # fmt: skip
_FIELDS = {
    "items": ["id", "name", "displayName", "stackSize", "maxDurability"],
    "blocks": ["id", "name", "displayName", "hardness", "resistance", "stackSize", "diggable",
               "material", "transparent", "emitLight", "filterLight", "defaultState",
               "minStateId", "maxStateId", "boundingBox"],
    "foods": ["id", "name", "displayName", "stackSize", "foodPoints", "saturation",
              "effectiveQuality", "saturationRatio"],
    "biomes": ["id", "name", "displayName", "category", "temperature", "has_precipitation",
               "dimension", "color"],
    "entities": ["id", "internalId", "name", "displayName", "width", "height", "type",
                 "category"],
    "enchantments": ["id", "name", "displayName", "maxLevel", "minCost_a", "minCost_b",
                     "maxCost_a", "maxCost_b", "treasureOnly", "curse", "category", "weight",
                     "tradeable", "discoverable"],
    "effects": ["id", "name", "displayName", "type"],
}  # fmt: skip
COLUMNS = {
    **_FIELDS,
    "repair_with": ["item_id", "repair_item_id"],
    "block_drops": ["block_id", "item_id"],
    "block_harvest_tools": ["block_id", "item_id"],
    "recipes": ["id", "result_id", "result_count", "shapeless"],
    "recipe_ingredients": ["recipe_id", "item_id", "count"],
    "enchantment_exclusions": ["enchantment_id", "excluded_id"],
}
_PLAIN = ("items", "blocks", "foods", "biomes", "entities", "effects")


def build_minecraft(archive: Path, target: Path) -> Path:
    """The SQLite file of minecraft-data's Java Edition 1.21.11 game data."""
    data = _files(archive, (*_PLAIN, "recipes", "enchantments"))
    rows = {name: [[json_cell(row.get(f)) for f in _FIELDS[name]] for row in data[name]]
            for name in _PLAIN}  # fmt: skip
    item_ids = {item["name"]: item["id"] for item in data["items"]}
    rows["repair_with"] = [
        [str(item["id"]), str(item_ids[part])]
        for item in data["items"]
        for part in item.get("repairWith", [])
    ]
    rows["block_drops"], rows["block_harvest_tools"] = block_links(data["blocks"])
    rows["recipes"], rows["recipe_ingredients"] = recipes(data["recipes"])
    rows["enchantments"], rows["enchantment_exclusions"] = enchantments(data["enchantments"])
    return write_tables(target, TABLES, COLUMNS, rows)


def block_links(blocks: list[dict[str, Any]]) -> tuple[list[list[str]], list[list[str]]]:
    """The items each block drops, and the tools that harvest it."""
    drops, tools = [], []
    for block in blocks:
        block_id = str(block["id"])
        drops += [[block_id, str(item)] for item in dict.fromkeys(block["drops"])]
        tools += [[block_id, tool] for tool in block.get("harvestTools", {})]
    return drops, tools


def recipes(data: dict[str, list[dict[str, Any]]]) -> tuple[list[list[str]], list[list[str]]]:
    """The recipes numbered in the file's order, and how many of each item each one takes."""
    rows, ingredients = [], []
    recipe_list = [recipe for variants in data.values() for recipe in variants]
    for number, recipe in enumerate(recipe_list, start=1):
        result = recipe["result"]
        shapeless = "ingredients" in recipe
        rows.append([str(number), str(result["id"]), str(result["count"]), json_cell(shapeless)])
        cells = recipe.get("ingredients") or [c for row in recipe["inShape"] for c in row]
        counts = Counter(c for c in cells if c is not None)
        ingredients += [[str(number), str(item), str(n)] for item, n in counts.items()]
    return rows, ingredients


def enchantments(data: list[dict[str, Any]]) -> tuple[list[list[str]], list[list[str]]]:
    """The enchantments with their cost formulas split, and the ones each excludes."""
    ids = {enchantment["name"]: str(enchantment["id"]) for enchantment in data}
    rows, exclusions = [], []
    for enchantment in data:
        flat = {**enchantment, **_cost(enchantment, "minCost"), **_cost(enchantment, "maxCost")}
        rows.append([json_cell(flat.get(f)) for f in _FIELDS["enchantments"]])
        exclusions += [[ids[enchantment["name"]], ids[name]] for name in enchantment["exclude"]]
    return rows, exclusions


def _cost(enchantment: dict[str, Any], field: str) -> dict[str, Any]:
    return {f"{field}_{part}": value for part, value in enchantment[field].items()}


def _files(archive: Path, names: tuple[str, ...]) -> dict[str, Any]:
    with tarfile.open(archive) as tar:
        return {name: _json(tar, f"{_FOLDER}{name}.json") for name in names}


def _json(tar: tarfile.TarFile, member: str) -> Any:
    stream = tar.extractfile(member)
    assert stream is not None
    return json.load(stream)
