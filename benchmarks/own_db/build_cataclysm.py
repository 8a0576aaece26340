"""The ``cataclysm`` database: the items and crafting recipes of the post-apocalyptic
survival game Cataclysm: Dark Days Ahead 0.F as its core JSON files give them — the
materials, the skills, some 5,700 items (clothing, food, tools, guns, ammunition, books...)
with their weight, volume, prices and the materials they are made of, the recipes that
craft them with the skill and time each takes, the components and tools each needs (one of
each group), and the books each recipe can be learned from.

Debian's ``cataclysm-dda-data`` package (``apt-get download``, never installed) holds them
under ``usr/share/games/cataclysm-dda/json/``: ``materials.json``, ``skills.json``,
``items/**/*.json``, ``recipes/**/*.json`` and ``requirements/*.json``.  An object's
``copy-from`` gives it what it does not say itself (with its ``relative`` and
``proportional`` changes to numbers); an ``abstract`` template, an object of an
``obsolete.json`` file and a recipe marked ``obsolete`` are left out, and so are the
basecamp blueprints (recipes of ``CC_BUILDING``, whose result is no item).  A recipe's
shared requirements (its ``using``, a ``LIST`` entry) are expanded into its component and
tool groups, their quantities multiplied.  Weights are grams, volumes millilitres, prices
US cents and times minutes.  The fifty-fifth held-out database.
"""

from __future__ import annotations

import io
import json
import re
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_DATA = "./usr/share/games/cataclysm-dda/json/"
_FOLDERS = ("items/", "recipes/", "requirements/", "materials.json", "skills.json")
_ITEM_TYPES = frozenset((
    "ARMOR", "COMESTIBLE", "GENERIC", "TOOL", "AMMO", "BOOK", "GUN", "MAGAZINE",
    "TOOL_ARMOR", "GUNMOD", "BIONIC_ITEM", "WHEEL", "ENGINE", "PET_ARMOR", "TOOLMOD",
    "BATTERY",
))  # fmt: skip
TABLES = (
    Table(name="material", primary_key=("id",)),
    Table(name="skill", primary_key=("id",)),
    Table(name="item", primary_key=("id",),
          foreign_keys=((("skill",), "skill", ("id",)),)),
    Table(name="item_material", primary_key=("item", "material"),
          foreign_keys=((("item",), "item", ("id",)), (("material",), "material", ("id",)))),
    Table(name="recipe", primary_key=("id",),
          foreign_keys=((("result",), "item", ("id",)), (("skill_used",), "skill", ("id",)))),
    Table(name="recipe_component", primary_key=("recipe", "group_no", "item"),
          foreign_keys=((("recipe",), "recipe", ("id",)), (("item",), "item", ("id",)))),
    Table(name="recipe_tool", primary_key=("recipe", "group_no", "tool"),
          foreign_keys=((("recipe",), "recipe", ("id",)), (("tool",), "item", ("id",)))),
    Table(name="recipe_book", primary_key=("recipe", "book"),
          foreign_keys=((("recipe",), "recipe", ("id",)), (("book",), "item", ("id",)))),
)  # fmt: skip
_ITEM = ["id", "type", "name", "description", "weight", "volume", "price", "price_postapoc",
         "symbol", "color", "to_hit", "bashing", "cutting", "comestible_type", "calories",
         "quench", "fun", "healthy", "skill", "max_level", "required_level"]  # fmt: skip
_RECIPE = ["id", "result", "id_suffix", "category", "subcategory", "skill_used", "difficulty",
           "time", "autolearn", "never_learn", "reversible", "activity_level"]  # fmt: skip
COLUMNS = {
    "material": ["id", "name", "density", "bash_resist", "cut_resist", "bullet_resist",
                 "acid_resist", "fire_resist", "elec_resist", "chip_resist", "soft",
                 "edible", "salvaged_into", "repaired_with"],
    "skill": ["id", "name", "description", "display_category"],
    "item": _ITEM,
    "item_material": ["item", "material"],
    "recipe": _RECIPE,
    "recipe_component": ["recipe", "group_no", "item", "quantity"],
    "recipe_tool": ["recipe", "group_no", "tool", "charges"],
    "recipe_book": ["recipe", "book", "level"],
}  # fmt: skip
Rows = dict[str, list[list[str]]]
Obj = dict[str, Any]
_UNITS = {"mg": 0.001, "g": 1, "kg": 1000, "ml": 1, "l": 1000, "cent": 1, "usd": 100,
          "kusd": 100000, "s": 1 / 60, "m": 1, "h": 60, "d": 1440}  # fmt: skip


def build_cataclysm(archive: Path, target: Path) -> Path:
    """The SQLite file of Cataclysm: DDA's materials, skills, items and recipes."""
    objects = _objects(archive)
    rows: Rows = {name: [] for name in COLUMNS}
    for obj in _resolved(objects, "material", "id"):
        rows["material"].append([_cell(obj.get(column)) for column in COLUMNS["material"]])
    for obj in _resolved(objects, "skill", "id"):
        rows["skill"].append([_cell(obj.get(column)) for column in COLUMNS["skill"]])
    items = {obj["id"]: obj for obj in _resolved(objects, _ITEM_TYPES, "id")}
    for uid, obj in items.items():
        rows["item"].append(_item_row(obj))
        materials = obj.get("material", [])
        materials = [materials] if isinstance(materials, str) else materials
        rows["item_material"] += [[uid, name] for name in dict.fromkeys(materials)]
    requirements = {o["id"]: o for o in objects if o.get("type") == "requirement"}
    for obj in _resolved(objects, "recipe", "recipe"):
        if obj.get("category") != "CC_BUILDING" and obj["result"] in items:
            _recipe_rows(rows, obj, requirements, items)
    return write_tables(target, TABLES, COLUMNS, rows)


def _objects(archive: Path) -> list[Obj]:
    """Every JSON object of the files this database reads, each with its file's path."""
    data = archive.read_bytes()
    offset = 8  # after "!<arch>\n"
    while offset < len(data):
        header = data[offset : offset + 60]
        size = int(header[48:58].decode().strip())
        offset += 60
        if header[:16].decode().startswith("data.tar"):
            with tarfile.open(fileobj=io.BytesIO(data[offset : offset + size])) as tar:
                return [obj for member in tar for obj in _file_objects(tar, member)]
        offset += size + size % 2
    raise ValueError(f"{archive}: no data.tar member")


def _file_objects(tar: tarfile.TarFile, member: tarfile.TarInfo) -> list[Obj]:
    name = member.name.removeprefix(_DATA)
    if name == member.name or not name.endswith(".json") or not name.startswith(_FOLDERS):
        return []
    handle = tar.extractfile(member)
    loaded = json.loads(handle.read().decode("utf-8")) if handle else []
    loaded = [loaded] if isinstance(loaded, dict) else loaded
    obsolete = name.endswith("obsolete.json")
    return [{**obj, "_obsolete": obsolete} for obj in loaded if isinstance(obj, dict)]


def _key(obj: Obj, key: str) -> str:
    if key == "recipe":  # a recipe is known by its result and id_suffix
        suffix = obj.get("id_suffix")
        return f"{obj['result']}_{suffix}" if suffix else str(obj["result"])
    return str(obj.get("id") or obj.get("abstract"))


def _resolved(objects: list[Obj], kinds: str | frozenset[str], key: str) -> list[Obj]:
    """The objects of ``kinds`` with their ``copy-from`` applied, templates and obsolete
    ones left out, each once (the last definition of an id wins)."""
    wanted = {kinds} if isinstance(kinds, str) else kinds
    by_key = {_key(obj, key): obj for obj in objects if obj.get("type") in wanted}
    done: dict[str, Obj] = {}

    def resolve(name: str, depth: int = 0) -> Obj:
        if name not in done:
            obj = by_key[name]
            parent = obj.get("copy-from")
            base = dict(resolve(parent, depth + 1)) if parent in by_key and depth < 20 else {}
            base.pop("abstract", None)
            done[name] = _inherit(base, obj)
        return done[name]

    kept = [name for name, obj in by_key.items() if not _left_out(obj)]
    return [{**resolve(name), "_key": name} for name in kept]


def _left_out(obj: Obj) -> bool:
    return "abstract" in obj or obj["_obsolete"] or bool(obj.get("obsolete"))


def _inherit(base: Obj, obj: Obj) -> Obj:
    """``obj`` over what it copies from, its ``relative`` and ``proportional`` applied."""
    merged = {**base, **{k: v for k, v in obj.items() if k not in ("relative", "proportional")}}
    for field, change in obj.get("relative", {}).items():
        if field in merged and isinstance(change, int | float | str):
            merged[field] = _number(merged[field]) + _number(change)
    for field, factor in obj.get("proportional", {}).items():
        if field in merged and isinstance(factor, int | float):
            merged[field] = _number(merged[field]) * factor
    return merged


def _number(value: object) -> float:
    """``"250 g"``, ``"1 L"``, ``"5 USD"``, ``"1 h 30 m"`` in grams, millilitres, cents or
    minutes (a bare number as it is)."""
    if isinstance(value, int | float):
        return value
    parts = re.findall(r"(-?[\d.]+)\s*([A-Za-z]+)", str(value))
    if not parts:
        return float(value)  # type: ignore[arg-type]
    return sum(float(amount) * _UNITS[unit.lower()] for amount, unit in parts)


def _cell(value: object) -> str:
    if value is None or isinstance(value, dict | list):
        return _name(value) if isinstance(value, dict) else ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:g}" if value != int(value) else str(int(value))
    return str(value)


def _name(value: object) -> str:
    if isinstance(value, dict):
        return str(value.get("str") or value.get("str_sp") or "")
    return "" if value is None else str(value)


def _item_row(obj: Obj) -> list[str]:
    row = []
    for column in _ITEM:
        value = obj.get(column)
        if column in ("weight", "volume", "price", "price_postapoc") and value is not None:
            value = round(_number(value), 3)
        row.append(_name(value) if column in ("name", "description") else _cell(value))
    if row[_ITEM.index("type")] != "BOOK":  # a gun's skill is no book's; max_level too
        row[_ITEM.index("max_level")] = row[_ITEM.index("required_level")] = ""
    return row


def _recipe_rows(rows: Rows, obj: Obj, requirements: dict[str, Obj], items: dict[str, Obj]) -> None:
    rid = obj["_key"]
    time = obj.get("time")
    minutes = time / 6000 if isinstance(time, int) else _number(time) if time else None
    autolearn = obj.get("autolearn")
    values = {**obj, "id": rid, "difficulty": obj.get("difficulty", 0),
              "time": round(minutes, 3) if minutes is not None else None,
              "autolearn": bool(autolearn), "reversible": bool(obj.get("reversible")),
              "never_learn": bool(obj.get("never_learn"))}  # fmt: skip
    rows["recipe"].append([_cell(values.get(column)) for column in _RECIPE])
    components, tools = _expanded(obj, requirements)
    for table, groups in (("recipe_component", components), ("recipe_tool", tools)):
        number = 0
        for group in groups:
            kept = {name: amount for name, amount in group if name in items}
            if kept:
                number += 1
                rows[table] += [
                    [rid, str(number), name, str(amount)] for name, amount in kept.items()
                ]
    books = obj.get("book_learn", [])
    level_of = values["difficulty"]  # a book without a level teaches at the difficulty
    pairs = books.items() if isinstance(books, dict) else [(b[0], b[1:]) for b in books]
    for book, given in dict(pairs).items():
        level = given.get("skill_level", level_of) if isinstance(given, dict) else level_of
        level = given[0] if isinstance(given, list) and given else level
        if book in items:
            rows["recipe_book"].append([rid, book, str(level)])


Group = list[tuple[str, int]]


def _expanded(obj: Obj, requirements: dict[str, Obj]) -> tuple[list[Group], list[Group]]:
    """The recipe's component and tool groups, its ``using`` requirements added and each
    ``LIST`` entry replaced by its requirement's alternatives."""
    components = [_group(g, requirements, "components", 1) for g in obj.get("components", [])]
    tools = [_group(g, requirements, "tools", 1) for g in obj.get("tools", [])]
    for name, times in obj.get("using", []):
        required = requirements.get(name, {})
        components += [_group(g, requirements, "components", times)
                       for g in required.get("components", [])]  # fmt: skip
        tools += [_group(g, requirements, "tools", times) for g in required.get("tools", [])]
    return components, tools


def _group(group: list[Any], requirements: dict[str, Obj], kind: str, times: int) -> Group:
    expanded: Group = []
    for entry in group:
        if isinstance(entry, str):
            entry = [entry, -1 if kind == "tools" else 1]
        name, amount = entry[0], entry[1]
        if len(entry) > 2 and entry[2] == "LIST":
            for inner in requirements.get(name, {}).get(kind, []):
                expanded += _group(inner, requirements, kind, amount * times)
        else:
            expanded.append((name, amount * times if amount > 0 else amount))
    return list(dict(expanded).items())
