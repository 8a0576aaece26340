"""The ``unicode`` database: the Unicode Character Database 15.0 — its blocks, scripts and
general categories, every character ``UnicodeData.txt`` lists one by one (its name, general
category, bidirectional class, decomposition, numeric value, case mappings, with the script,
block and version of Unicode it came in from ``Scripts.txt``, ``Blocks.txt`` and
``DerivedAge.txt``) and the emoji of ``emoji/emoji-test.txt`` (with their group and
subgroup).

Debian's ``unicode-data`` package (``apt-get download``, never installed) holds the files
under ``usr/share/unicode/``.  A code point is kept as the files write it (``00E9``); the
scripts and general categories are the ``sc`` and ``gc`` rows of
``PropertyValueAliases.txt`` (the groupings of the categories, ``L``, ``LC``..., left
out).  The ranges ``UnicodeData.txt`` gives by their first and last code point (CJK
ideographs, Hangul syllables, Tangut, private use, surrogates) are left out: their
characters have no names of their own.  The twenty-fourth held-out database.
"""

from __future__ import annotations

import bisect
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./usr/share/unicode/"
TABLES = (
    Table(name="block", primary_key=("name",)),
    Table(name="script", primary_key=("name",)),
    Table(name="general_category", primary_key=("abbreviation",)),
    Table(name="character", primary_key=("code_point",), foreign_keys=(
        (("general_category",), "general_category", ("abbreviation",)),
        (("script",), "script", ("name",)), (("block",), "block", ("name",)))),
    Table(name="emoji"),
)  # fmt: skip
_CHARACTER = ["code_point", "name", "general_category", "canonical_combining_class",
              "bidi_class", "decomposition", "numeric_value", "bidi_mirrored",
              "unicode_1_name", "simple_uppercase_mapping", "simple_lowercase_mapping",
              "simple_titlecase_mapping"]  # fmt: skip
_FIELDS = (0, 1, 2, 3, 4, 5, 8, 9, 10, 12, 13, 14)  # UnicodeData.txt's fields, as above
COLUMNS = {
    "block": ["name", "first_code_point", "last_code_point"],
    "script": ["name", "code"],
    "general_category": ["abbreviation", "name"],
    "character": [*_CHARACTER, "script", "block", "age"],
    "emoji": ["code_points", "emoji", "name", "status", "version", "group", "subgroup"],
}
Ranges = list[tuple[int, int, str]]  # (first, last, value), sorted


def build_unicode(archive: Path, target: Path) -> Path:
    """The SQLite file of the UCD's blocks, scripts, categories, characters and emoji."""
    text = {stem: deb_member_text(archive, f"{_FOLDER}{stem}.txt") for stem in (
        "Blocks", "Scripts", "DerivedAge", "PropertyValueAliases", "UnicodeData",
        "emoji/emoji-test")}  # fmt: skip
    blocks = ranges(text["Blocks"])
    rows = {
        "block": [[name, f"{first:04X}", f"{last:04X}"] for first, last, name in blocks],
        "script": [[name, code] for code, name in aliases(text["PropertyValueAliases"], "sc")],
        "general_category": [[code, name] for code, name
                             in aliases(text["PropertyValueAliases"], "gc") if code[1:].islower()],
        "character": characters(text["UnicodeData"], ranges(text["Scripts"]), blocks,
                                ranges(text["DerivedAge"])),
        "emoji": emoji(text["emoji/emoji-test"]),
    }  # fmt: skip
    return write_tables(target, TABLES, COLUMNS, rows)


def _data_lines(text: str) -> list[list[str]]:
    """Each line's ``;``-separated fields, stripped, comments and blank lines left out."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [[field.strip() for field in line.split(";")] for line in lines if line]


def ranges(text: str) -> Ranges:
    """The ``first..last ; value`` lines (or ``point ; value``) as sorted ranges."""
    found: Ranges = []
    for points, value, *_ in _data_lines(text):
        first, _, last = points.partition("..")
        found.append((int(first, 16), int(last or first, 16), value))
    return sorted(found)


def aliases(text: str, prop: str) -> list[tuple[str, str]]:
    """The short and long names of ``prop``'s values in ``PropertyValueAliases.txt``."""
    return [(fields[1], fields[2]) for fields in _data_lines(text) if fields[0] == prop]


def value_at(found: Ranges, point: int) -> str:
    """The value of the range holding ``point`` (empty: none does)."""
    index = bisect.bisect_right(found, (point, 0x110000, "")) - 1
    if index >= 0 and found[index][0] <= point <= found[index][1]:
        return found[index][2]
    return ""


def characters(text: str, scripts: Ranges, blocks: Ranges, ages: Ranges) -> list[list[str]]:
    """``UnicodeData.txt``'s characters (not its ranges) with script, block and age."""
    rows = []
    for line in text.splitlines():
        fields = line.split(";")
        if fields[1].endswith((", First>", ", Last>")):
            continue
        point = int(fields[0], 16)
        own = [fields[i] for i in _FIELDS]
        extra = [value_at(found, point) for found in (scripts, blocks, ages)]
        rows.append(own + extra)
    return rows


def emoji(text: str) -> list[list[str]]:
    """``emoji-test.txt``'s emoji, each with the group and subgroup it is listed under."""
    rows = []
    group = subgroup = ""
    for line in text.splitlines():
        if line.startswith("# group:"):
            group = line.split(":", 1)[1].strip()
        elif line.startswith("# subgroup:"):
            subgroup = line.split(":", 1)[1].strip()
        elif line and not line.startswith("#"):
            data, comment = line.split("#", 1)
            points, status = (part.strip() for part in data.split(";"))
            shown, version, name = comment.strip().split(" ", 2)
            rows.append([points, shown, name, status, version.lstrip("E"), group, subgroup])
    return rows
