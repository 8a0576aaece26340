"""The ``mimeinfo`` database: freedesktop.org's shared MIME-info database, the file types
(MIME types) a Linux desktop recognises — each type's description and its translations, the
file name patterns (globs) and the magic byte patterns that identify it, its aliases, the
types it is a subclass of and the XML root elements that mark it.

Debian's ``shared-mime-info`` (``apt-get download``, never installed) ships it as
``usr/share/mime/packages/freedesktop.org.xml``, the file ``update-mime-database`` reads.
Each ``<mime-type>`` gives a row of ``mime_type`` (its untranslated comment, acronym,
expanded acronym and generic icon), each translated ``<comment xml:lang>`` a row of
``comment``, each ``<glob>``, ``<alias>``, ``<sub-class-of>`` and ``<root-XML>`` a row of
its table; each ``<magic>`` a row of ``magic`` and each ``<match>`` in it (matches nest: a
nested match must hold as well as its parent) a row of ``magic_match``.  The few
``<treemagic>`` rules (for mounted media) are left out.  Names are the file's own,
hyphenated names in snake_case (``sub-class-of`` -> ``sub_class_of``, ``namespaceURI`` ->
``namespace_uri``).  The forty-fourth held-out database.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes

_PATH = "./usr/share/mime/packages/freedesktop.org.xml"
_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_TYPE = (("type",), "mime_type", ("type",))
TABLES = (
    Table(name="mime_type", primary_key=("type",)),
    Table(name="comment", primary_key=("type", "lang"), foreign_keys=(_TYPE,)),
    Table(name="glob", primary_key=("type", "pattern"), foreign_keys=(_TYPE,)),
    Table(name="alias", primary_key=("alias",), foreign_keys=(_TYPE,)),
    Table(name="sub_class_of", primary_key=("type", "sub_class_of"),
          foreign_keys=(_TYPE, (("sub_class_of",), "mime_type", ("type",)))),
    Table(name="root_xml", primary_key=("type", "namespace_uri", "local_name"),
          foreign_keys=(_TYPE,)),
    Table(name="magic", primary_key=("magic_id",), foreign_keys=(_TYPE,)),
    Table(name="magic_match", primary_key=("match_id",),
          foreign_keys=((("magic_id",), "magic", ("magic_id",)),
                        (("parent_match_id",), "magic_match", ("match_id",)))),
)  # fmt: skip
COLUMNS = {
    "mime_type": ["type", "comment", "acronym", "expanded_acronym", "generic_icon"],
    "comment": ["type", "lang", "comment"],
    "glob": ["type", "pattern", "weight", "case_sensitive"],
    "alias": ["alias", "type"],
    "sub_class_of": ["type", "sub_class_of"],
    "root_xml": ["type", "namespace_uri", "local_name"],
    "magic": ["magic_id", "type", "priority"],
    "magic_match": ["match_id", "magic_id", "parent_match_id", "offset", "type", "value",
                    "mask"],
}  # fmt: skip


def build_mimeinfo(archive: Path, target: Path) -> Path:
    """The SQLite file of shared-mime-info's ``freedesktop.org.xml``."""
    root = ET.fromstring(deb_member_bytes(archive, _PATH))
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for element in root.iter(_NS + "mime-type"):
        mime_type(element, rows)
    return write_tables(target, TABLES, COLUMNS, rows)


def mime_type(element: ET.Element, rows: dict[str, list[list[str]]]) -> None:
    """The rows of one ``<mime-type>`` added to ``rows``."""
    name = element.get("type", "")
    own = {"comment": "", "acronym": "", "expanded-acronym": "", "generic-icon": ""}
    for child in element:
        tag = child.tag.removeprefix(_NS)
        if tag == "comment" and child.get(_LANG):
            rows["comment"].append([name, child.get(_LANG, ""), child.text or ""])
        elif tag in ("comment", "acronym", "expanded-acronym"):
            own[tag] = child.text or ""
        elif tag == "generic-icon":
            own[tag] = child.get("name", "")
        elif tag == "glob":
            rows["glob"].append([name, child.get("pattern", ""), child.get("weight", "50"),
                                 child.get("case-sensitive", "")])  # fmt: skip
        elif tag == "alias":
            rows["alias"].append([child.get("type", ""), name])
        elif tag == "sub-class-of":
            rows["sub_class_of"].append([name, child.get("type", "")])
        elif tag == "root-XML":
            rows["root_xml"].append([name, child.get("namespaceURI", ""),
                                     child.get("localName", "")])  # fmt: skip
        elif tag == "magic":
            magic_id = str(len(rows["magic"]) + 1)
            rows["magic"].append([magic_id, name, child.get("priority", "50")])
            for match in child:
                matches(match, magic_id, "", rows["magic_match"])
    rows["mime_type"].append([name, *own.values()])


def matches(element: ET.Element, magic_id: str, parent: str, rows: list[list[str]]) -> None:
    """A ``<match>`` and the matches nested in it, each a row of ``rows`` numbered in the
    file's order, pointing to the one it is nested in (none for a magic's own)."""
    match_id = str(len(rows) + 1)
    rows.append([match_id, magic_id, parent, element.get("offset", ""),
                 element.get("type", ""), element.get("value", ""),
                 element.get("mask", "")])  # fmt: skip
    for child in element:
        matches(child, magic_id, match_id, rows)
