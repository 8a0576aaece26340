"""The ``hearthstone`` database: the collectible cards of Blizzard's Hearthstone card game as
the client's own card list describes them (build 255790), with the card sets, classes,
rarities, card types, minion types (races), spell schools and keywords they name.

PyPI's ``hearthstone-data`` 255790.1 ships that list in its wheel as
``hearthstone_data/CardDefs.xml``: one ``Entity`` per card (its ``ID``, the card database
id, and ``CardID``) holding ``Tag`` elements: numbers (``COST``, ``ATK``, ``HEALTH``,
``CARD_SET``, ``CLASS``...) and texts in every locale (``CARDNAME``, ``CARDTEXT``,
``FLAVORTEXT``), of which the English (``enUS``) is kept.  Only the cards whose
``COLLECTIBLE`` tag is 1 (those a player can own) are kept.  The numbers that stand for a
set, class, rarity, type, race or spell school are named by the enums of PyPI's
``hearthstone`` 9.22.0 (``hearthstone/enums.py``, fetched beside it: ``EXPERT1`` for set 3)
and those names put in English by the wheel's ``Strings/enUS/GLOBAL.txt``
(``GLOBAL_CARD_SET_EXPERT1`` is ``Classic``; the newer sets' keys are the library's
``CARDSET_GLOBAL_STRING_MAP`` and, after it, their cards' ``CardID`` prefix).  A keyword is
a tag with a ``GLOBAL_KEYWORD_<tag>`` string there (``TAUNT``: ``Taunt``), but for a
``[WIP]`` one; a minion's types are its ``CARDRACE`` and the race whose flag tag (the
library's ``CARDRACE_TAG_MAP``) it sets.  A tag the file leaves out is 0 in the game:
``cost`` is then 0, and a minion's ``atk`` and ``health`` too; for other cards they stay
missing.  The thirtieth held-out database.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO
from xml.etree import ElementTree

from own_db.build import Table, write_tables

ENUMS_PACKAGE = "hearthstone==9.22.0"
_ENUMS_WHEEL = "hearthstone-9.22.0-py3-none-any.whl"
_CARDS = "hearthstone_data/CardDefs.xml"
_STRINGS = "hearthstone_data/Strings/enUS/GLOBAL.txt"
# card column -> (the tag it is read from, the enum naming its values, its table, the
# GLOBAL.txt prefix of those names)
LOOKUPS = {
    "card_set": ("CARD_SET", "CardSet", "card_set", "GLOBAL_CARD_SET_"),
    "class": ("CLASS", "CardClass", "card_class", "GLOBAL_CLASS_"),
    "rarity": ("RARITY", "Rarity", "rarity", "GLOBAL_RARITY_"),
    "cardtype": ("CARDTYPE", "CardType", "card_type", "GLOBAL_CARDTYPE_"),
    "spell_school": ("SPELL_SCHOOL", "SpellSchool", "spell_school", "GLOBAL_SPELL_SCHOOL_"),
}
_TEXTS = {"cardname": "CARDNAME", "cardtext": "CARDTEXT", "flavortext": "FLAVORTEXT"}
_NUMBERS = {"cost": "COST", "atk": "ATK", "health": "HEALTH", "armor": "ARMOR"}
_CARD_COLUMNS = ["dbf_id", "card_id", *_TEXTS, "artistname", *_NUMBERS, *LOOKUPS]
_LOOKUP_COLUMNS = ["id", "code", "name"]
_RACE = ("Race", "race", "GLOBAL_RACE_")
_TABLES = (
    *(Table(name=table, primary_key=("id",)) for _, _, table, _ in LOOKUPS.values()),
    Table(name="race", primary_key=("id",)),
    Table(name="keyword", primary_key=("enum_id",)),
    Table(name="card", primary_key=("dbf_id",), foreign_keys=tuple(
        ((column,), table, ("id",)) for column, (_, _, table, _) in LOOKUPS.items())),
    Table(name="card_keyword", primary_key=("dbf_id", "enum_id"), foreign_keys=(
        (("dbf_id",), "card", ("dbf_id",)), (("enum_id",), "keyword", ("enum_id",)))),
    Table(name="card_race", primary_key=("dbf_id", "race"), foreign_keys=(
        (("dbf_id",), "card", ("dbf_id",)), (("race",), "race", ("id",)))),
)  # fmt: skip
_COLUMNS = {
    **{table: _LOOKUP_COLUMNS for _, _, table, _ in LOOKUPS.values()},
    "race": _LOOKUP_COLUMNS,
    "keyword": ["enum_id", "tag", "name"],
    "card_race": ["dbf_id", "race"],
    "card": _CARD_COLUMNS,
    "card_keyword": ["dbf_id", "enum_id", "value"],
}
_MEMBER = re.compile(r"^\s+([A-Z][A-Z0-9_]*) = (-?\d+)\b", re.MULTILINE)
_RACE_TAG = re.compile(r"^\s+Race\.([A-Z0-9_]+): (\d+),", re.MULTILINE)
_SET_STRING = re.compile(r'^\s+CardSet\.([A-Z0-9_]+): "(GLOBAL_CARD_SET_[A-Z0-9_]+)"', re.MULTILINE)
# The sets after those ``CARDSET_GLOBAL_STRING_MAP`` lists whose string key is their cards'
# ``CardID`` prefix too (``TTN_`` cards: ``GLOBAL_CARD_SET_TTN``), not their enum name
_NEWER_SET_STRINGS = {
    "REVENDRETH": "REV", "RETURN_OF_THE_LICH_KING": "RLK", "PATH_OF_ARTHAS": "PA",
    "BATTLE_OF_THE_BANDS": "ETC", "TITANS": "TTN", "WONDERS": "WON",
    "WHIZBANGS_WORKSHOP": "TOY", "ISLAND_VACATION": "VAC", "SPACE": "GDB", "EVENT": "EVE",
    "EMERALD_DREAM": "EDR", "THE_LOST_CITY": "TLC", "TIME_TRAVEL": "TIME", "CATACLYSM": "CATA",
    "ESCAPEFROM_VIOLET_HOLD": "JAIL",
}  # fmt: skip
_MINION = "4"  # CardType.MINION


def build_hearthstone(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target`` from the card list and strings in the wheel."""
    enums_source, utils_source = _enums_wheel(wheel.parent)
    enums = read_enums(enums_source)
    with zipfile.ZipFile(wheel) as archive:
        strings = read_strings(archive.read(_STRINGS).decode("utf-8"))
        with archive.open(_CARDS) as cards:
            entities = [entity for entity in read_entities(cards) if entity.collectible]
    # a set whose string key is not GLOBAL_CARD_SET_<its name> is looked up as "@<name>"
    strings |= {f"@{code}": key for code, key in read_set_strings(utils_source).items()}
    race_tags = read_race_tags(utils_source, enums[_RACE[0]])
    rows: dict[str, list[list[str]]] = {"card": [], "card_keyword": [], "card_race": []}
    keywords: dict[str, list[str]] = {}
    for entity in entities:
        rows["card"].append(card_row(entity))
        rows["card_race"] += [[entity.dbf_id, race] for race in card_races(entity, race_tags)]
        for enum_id, tag, value in card_keywords(entity, strings):
            keywords.setdefault(enum_id, [enum_id, tag, strings[f"GLOBAL_KEYWORD_{tag}"]])
            rows["card_keyword"].append([entity.dbf_id, enum_id, value])
    rows["keyword"] = [keywords[key] for key in sorted(keywords, key=int)]
    used = {column: {row[_CARD_COLUMNS.index(column)] for row in rows["card"]} - {""}
            for column in LOOKUPS}  # fmt: skip
    for column, (_, enum, table, prefix) in LOOKUPS.items():
        rows[table] = _lookups(used[column], enums[enum], strings, prefix)
    races = {race for _, race in rows["card_race"]}
    rows["race"] = _lookups(races, enums[_RACE[0]], strings, _RACE[2])
    return write_tables(target, _TABLES, _COLUMNS, rows)


def card_races(entity: Entity, race_tags: dict[str, str]) -> list[str]:
    """The card's minion types: its ``CARDRACE`` and, for a card of two types, the race
    whose flag tag (``CARDRACE_TAG_MAP``) it sets to 1."""
    races = [entity.number("CARDRACE")] if entity.number("CARDRACE") not in ("", "0") else []
    for enum_id, value in entity.numbers.values():
        race = race_tags.get(enum_id)
        if value == "1" and race is not None and race not in races:
            races.append(race)
    return races


def card_keywords(entity: Entity, strings: dict[str, str]) -> list[tuple[str, str, str]]:
    """The card's keyword tags set (not 0): enum id, tag, value."""
    return [(enum_id, tag, value) for tag, (enum_id, value) in sorted(entity.numbers.items())
            if value != "0" and _is_keyword(tag, strings)]  # fmt: skip


def read_race_tags(source: str, races: dict[str, list[str]]) -> dict[str, str]:
    """``utils/__init__.py``'s ``CARDRACE_TAG_MAP``: a flag tag's enum id -> its race's
    number."""
    numbers = {name: value for value, names in races.items() for name in names}
    return {tag: numbers[name] for name, tag in _RACE_TAG.findall(source)}


class Entity:
    """One card of CardDefs.xml: its ids, English texts and numeric tags."""

    def __init__(self, element: ElementTree.Element) -> None:
        self.dbf_id = element.get("ID", "")
        self.card_id = element.get("CardID", "")
        self.texts: dict[str, str] = {}
        self.numbers: dict[str, tuple[str, str]] = {}  # tag -> (its enum id, value)
        for tag in element.iter("Tag"):
            name, kind = tag.get("name", ""), tag.get("type", "")
            if kind == "LocString":
                self.texts[name] = tag.findtext("enUS") or ""
            elif kind == "String":
                self.texts[name] = tag.text or ""
            elif kind in ("Int", "Bool"):
                self.numbers[name] = (tag.get("enumID", ""), tag.get("value", ""))

    @property
    def collectible(self) -> bool:
        return self.number("COLLECTIBLE") == "1"

    def number(self, tag: str) -> str:
        return self.numbers.get(tag, ("", ""))[1]


def read_entities(source: IO[bytes]) -> Iterator[Entity]:
    """Each ``Entity`` of a CardDefs.xml stream, read one at a time."""
    for _, element in ElementTree.iterparse(source):
        if element.tag == "Entity":
            yield Entity(element)
            element.clear()


def card_row(entity: Entity) -> list[str]:
    """A card's row: a tag the file leaves out is 0 for ``cost`` (and a minion's ``atk`` and
    ``health``), else missing."""
    minion = entity.number("CARDTYPE") == _MINION
    numbers = [entity.number(tag) for tag in _NUMBERS.values()]
    numbers[0] = numbers[0] or "0"
    if minion:
        numbers[1], numbers[2] = numbers[1] or "0", numbers[2] or "0"
    texts = [_clean(entity.texts.get(tag, "")) for tag in _TEXTS.values()]
    lookups = [entity.number(tag) for tag, _, _, _ in LOOKUPS.values()]
    artist = entity.texts.get("ARTISTNAME", "").strip()
    return [entity.dbf_id, entity.card_id, *texts, artist, *numbers, *lookups]


def read_enums(source: str) -> dict[str, dict[str, list[str]]]:
    """``enums.py``'s ``IntEnum`` classes: class -> value -> its member names (the first is
    the enum's own)."""
    enums: dict[str, dict[str, list[str]]] = {}
    for block in re.split(r"^class ", source, flags=re.MULTILINE)[1:]:
        name = block.split("(", 1)[0]
        members: dict[str, list[str]] = {}
        for member, value in _MEMBER.findall(block):
            members.setdefault(value, []).append(member)
        enums[name] = members
    return enums


def read_set_strings(source: str) -> dict[str, str]:
    """``utils/__init__.py``'s ``CARDSET_GLOBAL_STRING_MAP``: the newer sets' string keys
    (``DRAGONS``: ``GLOBAL_CARD_SET_DRG``)."""
    newer = {code: f"GLOBAL_CARD_SET_{key}" for code, key in _NEWER_SET_STRINGS.items()}
    return newer | dict(_SET_STRING.findall(source))


def read_strings(text: str) -> dict[str, str]:
    """GLOBAL.txt's ``TAG<tab>TEXT`` lines as a dictionary."""
    strings = {}
    for line in text.splitlines()[1:]:
        cells = line.split("\t")
        if len(cells) >= 2:
            strings[cells[0]] = cells[1]
    return strings


def _lookups(
    values: set[str], members: dict[str, list[str]], strings: dict[str, str], prefix: str
) -> list[list[str]]:
    return [_lookup(value, members, strings, prefix) for value in sorted(values, key=int)]


def _lookup(
    value: str, members: dict[str, list[str]], strings: dict[str, str], prefix: str
) -> list[str]:
    """A set's, class's... row: its number, enum name and the first English name found for
    it or an alias (``Race.PET`` for ``BEAST``)."""
    codes = members.get(value, [""])
    keys = [strings.get(f"@{code}", prefix + code) for code in codes]
    return [value, codes[0], next((strings[key] for key in keys if key in strings), "")]


def _is_keyword(tag: str, strings: dict[str, str]) -> bool:
    """Whether the tag is a keyword: it has a name, not a work-in-progress note."""
    return not strings.get(f"GLOBAL_KEYWORD_{tag}", "[WIP]").startswith("[WIP]")


def _clean(text: str) -> str:
    """A card text without its markup (``<b>Taunt</b>``, ``[x]``, ``$5``'s ``$``)."""
    text = re.sub(r"</?[a-z]+>|\[x\]", "", text)
    return re.sub(r"[$#](\d)", r"\1", text).replace("\n", " ").strip()


def _enums_wheel(folder: Path) -> tuple[str, str]:
    """``hearthstone/enums.py`` and ``utils/__init__.py`` from the ``hearthstone`` wheel
    (fetched once into ``folder``)."""
    wheel = folder / _ENUMS_WHEEL
    if not wheel.exists():
        command = [sys.executable, "-m", "pip", "download", ENUMS_PACKAGE, "--no-deps", "-d",
                   str(folder)]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True)
    with zipfile.ZipFile(wheel) as archive:
        enums, utils = ("hearthstone/enums.py", "hearthstone/utils/__init__.py")
        return archive.read(enums).decode("utf-8"), archive.read(utils).decode("utf-8")
