"""The ``angband`` database: the rules of the roguelike Angband 3.5 as its edit files give
them — the monster templates and the 607 monsters (speed, hit points, armour class, the
dungeon depth they are found at, experience), their melee blows, flags and spells, the
object kinds and their item types (tval), the artifacts, the town's stores with their
owners and stock, and the player races and classes (stat modifiers, which race may be which
class, a class's titles and starting kit).

Debian's ``angband`` package (``apt-get download``, never installed) holds them under
``etc/angband/edit/``: ``monster_base.txt`` and ``monster.txt`` (``N:`` starts an entry,
each other line a ``code:field:field`` as the files' headers describe; the player's own
entry 0 is left out, and so are the flags and spells a template adds to its monsters),
``object_base.txt`` and ``object.txt`` (an object's numeric tval is given the name
``object_base.txt`` uses for it, the game's tvals in that file's order; gold, tval 100, has
no item type; entry 0's placeholders such as ``<pile>`` are left out; the ``&`` article,
``~`` plural mark and a book's brackets are dropped from names), ``artifact.txt`` (its
``tval:sval``, the sval a number or the kind's name, linked to the object kind; the quotes
around a name such as ``'Narya'`` dropped), ``store.txt`` (its items named by type and
name) and ``p_race.txt``/``p_class.txt``.  The twenty-ninth held-out database.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./etc/angband/edit/"
TABLES = (
    Table(name="monster_base", primary_key=("name",)),
    Table(name="monster", primary_key=("id",),
          foreign_keys=((("template",), "monster_base", ("name",)),)),
    Table(name="monster_blow", primary_key=("monster_id", "number"),
          foreign_keys=((("monster_id",), "monster", ("id",)),)),
    Table(name="monster_flag", primary_key=("monster_id", "flag"),
          foreign_keys=((("monster_id",), "monster", ("id",)),)),
    Table(name="monster_spell", primary_key=("monster_id", "spell"),
          foreign_keys=((("monster_id",), "monster", ("id",)),)),
    Table(name="object_base", primary_key=("tval",)),
    Table(name="object", primary_key=("id",),
          foreign_keys=((("tval",), "object_base", ("tval",)),)),
    Table(name="artifact", primary_key=("id",),
          foreign_keys=((("object_id",), "object", ("id",)),)),
    Table(name="store", primary_key=("id",)),
    Table(name="store_owner", primary_key=("store_id", "number"),
          foreign_keys=((("store_id",), "store", ("id",)),)),
    Table(name="store_item", primary_key=("store_id", "object_id"),
          foreign_keys=((("store_id",), "store", ("id",)), (("object_id",), "object", ("id",)))),
    Table(name="p_race", primary_key=("id",)),
    Table(name="p_class", primary_key=("id",)),
    Table(name="p_race_class", primary_key=("race_id", "class_id"),
          foreign_keys=((("race_id",), "p_race", ("id",)), (("class_id",), "p_class", ("id",)))),
    Table(name="p_class_title", primary_key=("class_id", "number"),
          foreign_keys=((("class_id",), "p_class", ("id",)),)),
    Table(name="p_class_item", primary_key=("class_id", "object_id"),
          foreign_keys=((("class_id",), "p_class", ("id",)), (("object_id",), "object", ("id",)))),
)  # fmt: skip
COLUMNS = {
    "monster_base": ["name", "glyph", "pain", "description"],
    "monster": ["id", "name", "template", "color", "speed", "hit_points", "vision",
                "armor_class", "alertness", "depth", "rarity", "experience",
                "spell_frequency", "plural", "description"],
    "monster_blow": ["monster_id", "number", "method", "effect", "damage"],
    "monster_flag": ["monster_id", "flag"],
    "monster_spell": ["monster_id", "spell"],
    "object_base": ["tval", "name", "breakage"],
    "object": ["id", "name", "tval", "sval", "glyph", "color", "depth", "weight", "cost",
               "armor_class", "damage", "description"],
    "artifact": ["id", "name", "object_id", "depth", "rarity", "weight", "cost",
                 "alloc_prob", "min_depth", "max_depth", "armor_class", "damage", "to_hit",
                 "to_dam", "to_ac", "effect", "description"],
    "store": ["id", "name", "turnover", "min_slots", "max_slots"],
    "store_owner": ["store_id", "number", "name", "max_purse"],
    "store_item": ["store_id", "object_id", "stocking"],
    "p_race": ["id", "name", "str", "int", "wis", "dex", "con", "hitdie", "expbase",
               "infra", "agebase", "agemod", "hgtmale", "hgtfemale", "wgtmale", "wgtfemale"],
    "p_class": ["id", "name", "str", "int", "wis", "dex", "con", "mhp", "exp",
                "max_attacks", "spell_book", "first_spell_level"],
    "p_race_class": ["race_id", "class_id"],
    "p_class_title": ["class_id", "number", "title"],
    "p_class_item": ["class_id", "object_id", "min", "max"],
}  # fmt: skip
# Angband 3.5's tval numbers, in the order object_base.txt names them (list-tvals.h).
_TVALS = (7, 16, 17, 18, 19, 20, 21, 22, 23, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 45,
          55, 65, 66, 70, 75, 77, 80, 90, 91)  # fmt: skip
Entry = list[tuple[str, list[str]]]  # one N: entry's lines: (code, fields)


def build_angband(archive: Path, target: Path) -> Path:
    """The SQLite file of Angband's monsters, objects, artifacts, stores, races, classes."""
    text = {name: deb_member_text(archive, f"{_FOLDER}{name}.txt") for name in (
        "monster_base", "monster", "object_base", "object", "artifact", "store", "p_race",
        "p_class")}  # fmt: skip
    bases = [_object_base(entry) for entry in entries(text["object_base"])]
    tvals = {number: base[0] for number, base in zip(_TVALS, bases, strict=True)}
    kinds = [entry for entry in entries(text["object"]) if _first(entry[1], "I", 1) != ["0"]]
    objects = [_object(entry, tvals) for entry in kinds]
    rows: dict[str, list[list[str]]] = {
        "monster_base": [_monster_base(entry) for entry in entries(text["monster_base"])],
        "object_base": bases,
        "object": objects,
        "artifact": [_artifact(entry, objects) for entry in entries(text["artifact"])],
    }
    rows.update(monster_rows(text["monster"]))
    rows.update(store_rows(text["store"], objects))
    rows.update(player_rows(text["p_race"], text["p_class"], objects))
    return write_tables(target, TABLES, COLUMNS, rows)


def entries(text: str) -> Iterator[tuple[list[str], Entry]]:
    """Each ``N:`` entry of an edit file: its ``N:`` fields and its other lines."""
    head: list[str] | None = None
    lines: Entry = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        code, _, rest = line.partition(":")
        if code in ("N", "store"):
            if head is not None:
                yield head, lines
            head, lines = _fields(rest), []
        elif head is not None:
            lines.append((code, _fields(rest)))
    if head is not None:
        yield head, lines


def _fields(text: str) -> list[str]:
    return [field.strip() for field in text.split(":")]


def _first(lines: Entry, code: str, size: int) -> list[str]:
    found = [fields for key, fields in lines if key == code]
    return (found[0] + [""] * size)[:size] if found else [""] * size


def _joined(lines: Entry, code: str) -> list[str]:
    return [item.strip() for key, fields in lines if key == code
            for item in ":".join(fields).split("|") if item.strip()]  # fmt: skip


def _description(lines: Entry) -> str:
    text = " ".join(":".join(fields) for key, fields in lines if key == "D")
    return " ".join(text.split())


def _monster_base(entry: tuple[list[str], Entry]) -> list[str]:
    head, lines = entry
    return [head[0], *_first(lines, "G", 1), *_first(lines, "M", 1), _description(lines)]


def monster_rows(text: str) -> dict[str, list[list[str]]]:
    """The monsters (not the player's entry 0), their blows, flags and spells."""
    rows: dict[str, list[list[str]]] = {
        "monster": [],
        "monster_blow": [],
        "monster_flag": [],
        "monster_spell": [],
    }
    for (number, name), lines in entries(text):
        if number == "0":
            continue
        spells = _joined(lines, "S")
        frequency = [spell[5:] for spell in spells if spell.startswith("1_IN_")]
        depth, rarity, _, experience = _first(lines, "W", 4)
        rows["monster"].append([
            number, name, *_first(lines, "T", 1), *_first(lines, "C", 1),
            *_first(lines, "I", 5), depth, rarity, experience, *(frequency or [""]),
            *_first(lines, "plural", 1), _description(lines)])  # fmt: skip
        blows = [fields for key, fields in lines if key == "B"]
        rows["monster_blow"] += [[number, str(index), *[*blow, "", ""][:3]]
                                 for index, blow in enumerate(blows, 1)]  # fmt: skip
        flags = dict.fromkeys(_joined(lines, "F"))
        rows["monster_flag"] += [[number, flag] for flag in flags]
        named = dict.fromkeys(spell for spell in spells if not spell.startswith("1_IN_"))
        rows["monster_spell"] += [[number, spell] for spell in named]
    return rows


def _object_base(entry: tuple[list[str], Entry]) -> list[str]:
    (tval, name), lines = entry
    return [tval, _plain(name), *_first(lines, "B", 1)]


def _plain(name: str) -> str:
    """An object's name without its ``&`` article, ``~`` plural mark and a book's
    brackets."""
    return " ".join(name.replace("&", "").replace("~", "").strip("[]").split())


def _object(entry: tuple[list[str], Entry], tvals: dict[int, str]) -> list[str]:
    """An object kind; gold's tval (100) is no item type's."""
    (number, name), lines = entry
    tval, sval = _first(lines, "I", 2)
    depth, _, weight, cost = _first(lines, "W", 4)
    power = _first(lines, "P", 2)
    return [
        number,
        _plain(name),
        tvals.get(int(tval), ""),
        sval,
        *_first(lines, "G", 2),
        depth,
        weight,
        cost,
        *power,
        _description(lines),
    ]


def _kind(objects: list[list[str]], tval: str, sval: str) -> str:
    """The object kind an artifact is: its sval as a number or as the kind's name."""
    if not sval.isdigit():
        return _named(objects, tval, sval)
    tval = tval.replace("armour", "armor")
    return next(row[0] for row in objects if row[2] == tval and row[3] == sval)


def _artifact(entry: tuple[list[str], Entry], objects: list[list[str]]) -> list[str]:
    (number, name), lines = entry
    tval, sval = _first(lines, "I", 2)
    depth, rarity, weight, cost = _first(lines, "W", 4)
    return [
        number,
        name.strip("'"),
        _kind(objects, tval, sval),
        depth,
        rarity,
        weight,
        cost,
        *_allocation(_first(lines, "A", 2)),
        *_first(lines, "P", 5),
        *_first(lines, "E", 1),
        _description(lines),
    ]


def _allocation(fields: list[str]) -> list[str]:
    """``A:40:5 to 100`` as its probability, minimum and maximum depth."""
    low, _, high = fields[1].partition(" to ")
    return [fields[0], low, high]


def _named(objects: list[list[str]], tval: str, name: str) -> str:
    tval, name = tval.replace("armour", "armor"), _plain(name).lower()
    return next(row[0] for row in objects if row[2] == tval and row[1].lower() == name)


def store_rows(text: str, objects: list[list[str]]) -> dict[str, list[list[str]]]:
    """The stores (``store:`` starts one), their owners and the objects they stock."""
    rows: dict[str, list[list[str]]] = {"store": [], "store_owner": [], "store_item": []}
    for (number, name), lines in entries(text):
        slots = _first(lines, "slots", 2)
        rows["store"].append([number, name, *_first(lines, "turnover", 1), *slots])
        owners = [fields for key, fields in lines if key == "owner"]
        rows["store_owner"] += [[number, str(rank), owner, purse]
                                for rank, (purse, owner) in enumerate(owners, 1)]  # fmt: skip
        stocked = [(key, fields) for key, fields in lines if key in ("always", "normal")]
        stock = {_named(objects, tval, item): key for key, (tval, item) in stocked}
        rows["store_item"] += [[number, kind, key] for kind, key in stock.items()]
    return rows


def player_rows(races: str, classes: str, objects: list[list[str]]) -> dict[str, list[list[str]]]:
    """The races, the classes, which race may take which class, titles, starting kit."""
    rows: dict[str, list[list[str]]] = {name: [] for name in (
        "p_race", "p_class", "p_race_class", "p_class_title", "p_class_item")}  # fmt: skip
    for (number, name), lines in entries(races):
        rows["p_race"].append([number, name, *_race(lines)])
        choices = "|".join(fields[0] for key, fields in lines if key == "C").split("|")
        rows["p_race_class"] += [[number, choice] for choice in choices if choice]
    for (number, name), lines in entries(classes):
        rows["p_class"].append([number, name, *_class(lines)])
        titles = [fields[0] for key, fields in lines if key == "T"]
        rows["p_class_title"] += [[number, str(rank), title]
                                  for rank, title in enumerate(titles, 1)]  # fmt: skip
        kit = [fields for key, fields in lines if key == "E"]
        rows["p_class_item"] += [[number, _named(objects, tval, item), low, high]
                                 for tval, item, low, high in kit]  # fmt: skip
    return rows


def _race(lines: Entry) -> list[str]:
    """Stat modifiers, hit die, experience, infravision, age, male and female height and
    weight."""
    height, weight = _first(lines, "H", 4), _first(lines, "W", 4)
    return [*_first(lines, "S", 5), *_first(lines, "X", 3), *_first(lines, "I", 3)[1:],
            height[0], height[2], weight[0], weight[2]]  # fmt: skip


def _class(lines: Entry) -> list[str]:
    """Stat modifiers, hit points and experience, blows, spell book and first spell level."""
    info, magic = _first(lines, "I", 2), _first(lines, "M", 3)
    book = {"90": "magic book", "91": "prayer book"}.get(magic[0], "")
    return [*_first(lines, "S", 5), *info, *_first(lines, "A", 1), book,
            magic[2] if book else ""]  # fmt: skip
