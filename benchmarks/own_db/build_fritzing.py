"""The ``fritzing`` database: the parts library of Fritzing, the electronics design program
for breadboard prototypes, schematics and PCBs — each part (resistors, ICs, sensors,
microcontroller boards, connectors, displays...) with its family, author, date and
properties, its tags, its connectors (pins, pads, header sockets), and the bins (Fritzing's
part palettes: Core Parts, SparkFun-Sensors, Arduino...) that list it.

Debian's ``fritzing-parts`` (``apt-get download``, never installed) holds them as
``usr/share/fritzing/parts/<folder>/*.fzp`` (one XML file per part; the folders are
``core``, ``contrib``, ``user`` and ``obsolete``) and ``parts/bins/**/*.fzb`` (one XML file
per bin).  Names are the files' own: a part is keyed by its ``moduleId``; the ``<module>``
attributes and child elements (``fritzingVersion``, ``title``, ``label``, ``author``,
``date`` as written, in whatever format) become the parts columns, its ``family``
property too; its other ``<property name=...>`` elements become part_properties (the name as
written), its ``<tag>`` elements part_tags and its ``<connector>`` elements connectors (the
``id``, ``name``, ``type`` and ``<description>`` as written; a few parts list one id
twice).  A bin's ``<instance moduleIdRef=...>`` elements become bin_parts in order, each in
the section of the ``__spacer__`` instance before it; instances naming a part the package
does not hold (Core's generic ICs and headers, which Fritzing makes on the fly) are left
out.  An element that is missing or empty is NULL; a file that is not well-formed XML (one
obsolete part has an attribute twice) is left out.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DIR = "./usr/share/fritzing/parts/"
_PART = (("moduleId",), "parts", ("moduleId",))
TABLES = (
    Table(name="parts", primary_key=("moduleId",)),
    Table(name="part_properties", primary_key=("moduleId", "name"), foreign_keys=(_PART,)),
    Table(name="part_tags", primary_key=("moduleId", "tag"), foreign_keys=(_PART,)),
    Table(name="connectors", foreign_keys=(_PART,)),
    Table(name="bins", primary_key=("file",)),
    Table(name="bin_parts", primary_key=("bin", "position"),
          foreign_keys=((("bin",), "bins", ("file",)),
                        (("moduleIdRef",), "parts", ("moduleId",)))),
)  # fmt: skip
_ELEMENTS = ["title", "family", "label", "author", "date", "version", "url", "description"]
COLUMNS = {
    "parts": ["moduleId", "folder", "file", "fritzingVersion", *_ELEMENTS],
    "part_properties": ["moduleId", "name", "value"],
    "part_tags": ["moduleId", "tag"],
    "connectors": ["moduleId", "id", "name", "type", "description"],
    "bins": ["file", "title", "fritzingVersion"],
    "bin_parts": ["bin", "position", "moduleIdRef", "section"],
}
Rows = dict[str, list[list[str]]]


def build_fritzing(archive: Path, target: Path) -> Path:
    """The SQLite file of fritzing-parts' parts, properties, tags, connectors and bins."""
    texts = deb_member_texts(archive, _wanted)
    rows: Rows = {name: [] for name in COLUMNS}
    for path, text in texts.items():
        if path.endswith(".fzp"):
            add_part(rows, path.removeprefix(_DIR), text)
    known = {row[0] for row in rows["parts"]}
    for path, text in texts.items():
        if path.endswith(".fzb"):
            add_bin(rows, path.removeprefix(_DIR + "bins/"), text, known)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_is_text)


def _wanted(path: str) -> bool:
    if not path.startswith(_DIR) or "/svg/" in path:
        return False
    return path.endswith(".fzp") or (path.startswith(_DIR + "bins/") and path.endswith(".fzb"))


def add_part(rows: Rows, path: str, text: str) -> None:
    """One ``.fzp`` file's part, its properties, tags and connectors (none if malformed)."""
    try:
        module = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError:
        return
    module_id = module.get("moduleId", "")
    folder, file = path.split("/", 1)
    properties = {p.get("name", ""): _text(p) for p in module.iter("property")}
    elements = [properties.pop("family", "") if e == "family" else _text(module.find(e))
                for e in _ELEMENTS]  # fmt: skip
    rows["parts"].append([module_id, folder, file, module.get("fritzingVersion", ""),
                          *elements])  # fmt: skip
    for name, value in properties.items():
        rows["part_properties"].append([module_id, name, value])
    tags = [_text(tag) for tag in module.iterfind("tags/tag")]
    for tag in dict.fromkeys(t for t in tags if t):
        rows["part_tags"].append([module_id, tag])
    for connector in module.iterfind("connectors/connector"):
        rows["connectors"].append([module_id, connector.get("id", ""),
                                   connector.get("name", ""), connector.get("type", ""),
                                   _text(connector.find("description"))])  # fmt: skip


def add_bin(rows: Rows, file: str, text: str, known: set[str]) -> None:
    """One ``.fzb`` bin and the parts it lists, in order, with their sections."""
    module = ET.fromstring(text.encode("utf-8"))
    rows["bins"].append([file, _text(module.find("title")), module.get("fritzingVersion", "")])
    section = ""
    for position, instance in enumerate(module.iter("instance"), start=1):
        ref = instance.get("moduleIdRef", "")
        if ref == "__spacer__":
            section = instance.get("path", "")
        elif ref in known:
            rows["bin_parts"].append([file, str(position), ref, section])


def _text(element: ET.Element | None) -> str:
    """An element's text (its children's too), whitespace collapsed; empty if missing."""
    if element is None:
        return ""
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def _is_text(column: str) -> bool:
    return column in {"moduleId", "moduleIdRef", "value", "tag", "name", "id", "title",
                      "label", "date", "fritzingVersion"}  # fmt: skip
