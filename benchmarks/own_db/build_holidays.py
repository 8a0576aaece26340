"""The ``holidays`` database: the public holidays, bank holidays and observances of 207
countries and territories and of their states and regions, as the npm package
``date-holidays`` 3.37.0 ships them (the data CC BY-SA 3.0, from Wikipedia articles) — each
holiday's date rule, English name, type, whether it is a substitute day and its note, and its
name in the country's own languages.

The package's ``data/holidays.json`` (read from the archive, never installed) holds one
object a country, keyed by its ISO code, with its ``names``, ``dayoff``, ``states`` and
``regions`` (a state's own ``regions`` too) and the ``days`` of each: a date rule (``"01-01"``,
``"easter -2"``, ``"3rd monday in January"``) mapped to the holiday's ``name`` (or a
``_name`` looked up in the file's shared ``names``), ``type``, ``substitute`` and ``note``.
A country's rows make ``countries``; its states ``states``, its regions ``regions``; every
rule ``days`` (a state's or region's own days with its code), numbered ``id``; and each
day's name in each of its country's languages (English always) ``names``.  A subdivision's
``false`` days (a country holiday it does not keep), a country's ``_days`` (the days it
takes from another) and the rules' active periods are left out.  The forty-ninth held-out
database.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_MEMBER = "package/data/holidays.json"
_COUNTRY = (("country",), "countries", ("country",))
_STATE = (("country", "state"), "states", ("country", "state"))
_REGION = (("country", "state", "region"), "regions", ("country", "state", "region"))
TABLES = (
    Table(name="countries", primary_key=("country",)),
    Table(name="states", primary_key=("country", "state"), foreign_keys=(_COUNTRY,)),
    Table(
        name="regions", primary_key=("country", "state", "region"), foreign_keys=(_COUNTRY, _STATE)
    ),
    Table(name="days", primary_key=("id",), foreign_keys=(_COUNTRY, _STATE, _REGION)),
    Table(name="names", primary_key=("id", "lang"), foreign_keys=((("id",), "days", ("id",)),)),
)
COLUMNS = {
    "countries": ["country", "name", "dayoff"],
    "states": ["country", "state", "name"],
    "regions": ["country", "state", "region", "name"],
    "days": ["id", "country", "state", "region", "rule", "name", "type", "substitute", "note"],
    "names": ["id", "lang", "name"],
}
Rows = dict[str, list[list[str]]]


def build_holidays(archive: Path, target: Path) -> Path:
    """The SQLite file of the countries, their states and regions and their holidays."""
    data = read_data(archive)
    rows: Rows = {name: [] for name in COLUMNS}
    for code, country in data["holidays"].items():
        langs = _languages(country.get("langs", []))
        rows["countries"].append([code, _english(country), country.get("dayoff") or ""])
        where = (code, "", "")
        _add_days(rows, data["names"], where, country.get("days", {}), langs)
        for state_code, state in country.get("states", {}).items():
            rows["states"].append([code, state_code, _english(state)])
            state_langs = _languages(state.get("langs", []), langs)
            _add_days(rows, data["names"], (code, state_code, ""), state.get("days", {}),
                      state_langs)  # fmt: skip
            _add_regions(rows, data["names"], (code, state_code), state, state_langs)
        _add_regions(rows, data["names"], (code, ""), country, langs)
    return write_tables(target, TABLES, COLUMNS, rows)


def read_data(archive: Path) -> dict[str, Any]:
    """The package's holidays.json."""
    with tarfile.open(archive) as tar:
        stream = tar.extractfile(_MEMBER)
        assert stream is not None
        data: dict[str, Any] = json.load(stream)
    return data


def _add_regions(
    rows: Rows, shared: dict[str, Any], where: tuple[str, str], owner: dict[str, Any],
    langs: list[str],
) -> None:  # fmt: skip
    code, state_code = where
    for region_code, region in owner.get("regions", {}).items():
        rows["regions"].append([code, state_code, region_code, _english(region)])
        _add_days(rows, shared, (code, state_code, region_code), region.get("days", {}),
                  _languages(region.get("langs", []), langs))  # fmt: skip


def _add_days(
    rows: Rows, shared: dict[str, Any], where: tuple[str, str, str], days: dict[str, Any],
    langs: list[str],
) -> None:  # fmt: skip
    for rule, day in days.items():
        if not isinstance(day, dict):  # false: a holiday of the country not kept here
            continue
        names = day.get("name") or shared.get(day.get("_name", ""), {}).get("name", {})
        if isinstance(names, str):  # one name, in the place's own first language
            names = {langs[0]: names}
        day_id = str(len(rows["days"]) + 1)
        kind = day.get("type") or "public"
        substitute = "1" if day.get("substitute") else "0"
        english = names.get("en") or next(iter(names.values()), rule)
        rows["days"].append([day_id, *where, rule, english, kind, substitute,
                             day.get("note") or ""])  # fmt: skip
        kept = {lang: name for lang, name in names.items() if lang in langs}
        kept.setdefault("en", english)
        rows["names"].extend([day_id, lang, name] for lang, name in sorted(kept.items()))


def _english(place: dict[str, Any]) -> str:
    """A country's, state's or region's name: its ``name``, else its English ``names``."""
    if isinstance(place.get("name"), str):
        return str(place["name"])
    names: dict[str, str] = place.get("names", {})
    return names.get("en") or next(iter(names.values()), "")


def _languages(langs: list[str], outer: tuple[str, ...] | list[str] = ()) -> list[str]:
    """The languages a place's names are kept in, its first language first: its own (else
    those of the place it is in), their base languages, English."""
    own = list(langs) or list(outer)
    more = [*outer, *(lang.split("-")[0] for lang in own), "en"]
    return own + [lang for lang in dict.fromkeys(more) if lang not in own]
