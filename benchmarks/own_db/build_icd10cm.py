"""The ``icd10cm`` database: the ICD-10-CM tabular list (US diagnosis codes, April 2026) of
PyPI's ``simple-icd-10-cm`` 1.5.0, the XML file
``simple_icd_10_cm/data/icd10c-tabular-April-1-2026.xml`` in its wheel: read from the
archive, never installed.

Five tables under the XML's own element and attribute names.  ``chapter`` (its ``name``,
the chapter number, and ``desc``, the title with its code range), ``section`` (its ``id``,
such as "A00-A09", the ``first`` and ``last`` code of the chapter's section index and its
chapter), ``diag`` (every code of the tabular list, categories of three characters and the
subcategories and codes nested under them, with its ``parent`` code, NULL for a category,
its section and the ``sevenChrNote`` of the codes that need a 7th character),
``sevenChrDef`` (the 7th characters defined at a code: ``char`` and its ``extension``) and
``note`` (the instructional notes: one row per ``<note>`` under a chapter's, a section's or
a code's ``includes``, ``inclusionTerm``, ``excludes1``, ``excludes2``, ``codeFirst``,
``codeAlso``, ``useAdditionalCode`` or ``notes``, its ``noteType`` that element's name and
the owner in one of ``chapter``, ``sectionId`` or ``diagName``, the other two NULL).  The
visual impairment grid of H54 is left out.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_MEMBER = "simple_icd_10_cm/data/icd10c-tabular-April-1-2026.xml"
_NOTE_TYPES = ("includes", "inclusionTerm", "excludes1", "excludes2", "codeFirst",
               "codeAlso", "useAdditionalCode", "notes")  # fmt: skip
_COLUMNS = {
    "chapter": ["name", "desc"],
    "section": ["id", "desc", "first", "last", "chapter"],
    "diag": ["name", "desc", "parent", "sectionId", "sevenChrNote"],
    "sevenChrDef": ["diagName", "char", "extension"],
    "note": ["noteId", "noteType", "note", "chapter", "sectionId", "diagName"],
}
_TABLES = (
    Table(name="chapter", primary_key=("name",)),
    Table(
        name="section",
        primary_key=("id",),
        foreign_keys=((("chapter",), "chapter", ("name",)),),
    ),
    Table(
        name="diag",
        primary_key=("name",),
        foreign_keys=(
            (("parent",), "diag", ("name",)),
            (("sectionId",), "section", ("id",)),
        ),
    ),
    Table(
        name="sevenChrDef",
        primary_key=("diagName", "char"),
        foreign_keys=((("diagName",), "diag", ("name",)),),
    ),
    Table(
        name="note",
        primary_key=("noteId",),
        foreign_keys=(
            (("chapter",), "chapter", ("name",)),
            (("sectionId",), "section", ("id",)),
            (("diagName",), "diag", ("name",)),
        ),
    ),
)


def build_icd10cm(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's tabular list."""
    with zipfile.ZipFile(wheel) as archive:
        root = ET.fromstring(archive.read(_MEMBER))
    rows: dict[str, list[list[str]]] = {name: [] for name in _COLUMNS}
    for chapter in root.iter("chapter"):
        number = _text(chapter, "name")
        rows["chapter"].append([number, _text(chapter, "desc")])
        _notes(rows["note"], chapter, [number, "", ""])
        ranges = {ref.get("id"): ref for ref in chapter.iter("sectionRef")}
        for section in chapter.findall("section"):
            ident = section.get("id", "")
            ref = ranges.get(ident)
            first = ref.get("first", "") if ref is not None else ""
            last = ref.get("last", "") if ref is not None else ""
            rows["section"].append([ident, _text(section, "desc"), first, last, number])
            _notes(rows["note"], section, ["", ident, ""])
            for diag in section.findall("diag"):
                _diag(rows, diag, "", ident)
    return write_tables(target, _TABLES, _COLUMNS, rows, kept_as_text=_is_code)


def _diag(rows: dict[str, list[list[str]]], diag: ET.Element, parent: str, section: str) -> None:
    """The rows of ``diag`` and of the codes nested under it."""
    name = _text(diag, "name")
    seven = " ".join(_text(note, ".") for note in diag.findall("sevenChrNote/note"))
    rows["diag"].append([name, _text(diag, "desc"), parent, section, seven])
    for extension in diag.findall("sevenChrDef/extension"):
        rows["sevenChrDef"].append([name, extension.get("char", ""), _text(extension, ".")])
    _notes(rows["note"], diag, ["", "", name])
    for child in diag.findall("diag"):
        _diag(rows, child, name, section)


def _notes(notes: list[list[str]], owner: ET.Element, keys: list[str]) -> None:
    """One row per instructional note of ``owner``, numbered in the order read."""
    for kind in _NOTE_TYPES:
        for note in owner.findall(f"{kind}/note"):
            notes.append([str(len(notes) + 1), kind, _text(note, "."), *keys])


def _text(element: ET.Element, path: str) -> str:
    """The text of ``path`` under ``element`` (``.``: its own), blanks squeezed."""
    found = element if path == "." else element.find(path)
    text = "" if found is None else "".join(found.itertext())
    return re.sub(r"\s+", " ", text).strip()


def _is_code(column: str) -> bool:
    """A 7th character stays text ("1" as a character, not a number)."""
    return column == "char"
