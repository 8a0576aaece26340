"""The ``isocodes`` database: the ISO code lists that Debian's ``iso-codes`` package ships —
the world's 249 countries and territories (ISO 3166-1), their 5,127 subdivisions (ISO
3166-2: states, provinces, regions, departments..., some under a parent subdivision), the
31 country codes withdrawn since 1974 (ISO 3166-3, with their withdrawal dates), the 181
currencies (ISO 4217), the 7,910 languages (ISO 639-3) and the 182 writing systems (ISO
15924).

``apt-get download iso-codes`` (never installed); its ``usr/share/iso-codes/json/*.json``
files become tables named after them (``iso_3166-1.json`` -> ``iso_3166_1``), each under the
file's own keys (``alpha_2``, ``alpha_3``, ``official_name``, ``withdrawal_date``...).  Two
columns of ``iso_3166_2`` are the build's: ``country_code``, the country its code starts
with (``FR`` for ``FR-75``), and ``parent`` as a whole code (``LK-4``; the file mostly gives
only ``4``), so that both can be declared foreign keys.  Codes of digits (``numeric``) are
stored as integers.  Flags are kept.  The seventeenth held-out database.
"""

from __future__ import annotations

import json
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./usr/share/iso-codes/json"

TABLES = (
    Table(name="iso_3166_1", primary_key=("alpha_2",)),
    Table(name="iso_3166_2", primary_key=("code",), foreign_keys=(
        (("country_code",), "iso_3166_1", ("alpha_2",)),
        (("parent",), "iso_3166_2", ("code",)))),
    Table(name="iso_3166_3", primary_key=("alpha_4",)),
    Table(name="iso_4217", primary_key=("alpha_3",)),
    Table(name="iso_639_3", primary_key=("alpha_3",)),
    Table(name="iso_15924", primary_key=("alpha_4",)),
)  # fmt: skip
COLUMNS = {
    "iso_3166_1": ["alpha_2", "alpha_3", "numeric", "name", "official_name", "common_name",
                   "flag"],
    "iso_3166_2": ["code", "name", "type", "country_code", "parent"],
    "iso_3166_3": ["alpha_4", "alpha_3", "alpha_2", "numeric", "name", "withdrawal_date",
                   "comment"],
    "iso_4217": ["alpha_3", "numeric", "name"],
    "iso_639_3": ["alpha_3", "alpha_2", "bibliographic", "name", "inverted_name",
                  "common_name", "scope", "type"],
    "iso_15924": ["alpha_4", "numeric", "name"],
}  # fmt: skip


def build_isocodes(archive: Path, target: Path) -> Path:
    """The SQLite file of the ISO code lists, from the package's JSON files."""
    rows = {name: read_list(archive, name) for name in COLUMNS}
    return write_tables(target, TABLES, COLUMNS, rows)


def read_list(archive: Path, table: str) -> list[list[str]]:
    """The rows of one code list (text cells, ``""`` for missing), in the file's order."""
    standard = table.removeprefix("iso_").replace("_", "-")
    text = deb_member_text(archive, f"{_FOLDER}/iso_{standard}.json")
    entries: list[dict[str, str]] = json.loads(text)[standard]
    if table == "iso_3166_2":
        entries = [with_country(entry) for entry in entries]
    return [[entry.get(column, "") for column in COLUMNS[table]] for entry in entries]


def with_country(entry: dict[str, str]) -> dict[str, str]:
    """A subdivision with its country's code, and its parent's code made whole."""
    country = entry["code"].split("-")[0]
    whole = {**entry, "country_code": country}
    parent = entry.get("parent", "")
    if parent and not parent.startswith(f"{country}-"):  # Britain's are whole already
        whole["parent"] = f"{country}-{parent}"
    return whole
