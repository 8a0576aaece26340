"""The ``softlists`` database: MAME's software lists — the cartridges, floppy disks,
cassettes, CD-ROMs and other media of hundreds of home computers, game consoles and
handhelds, each with its title, year, publisher, emulation status, parent (for a clone:
another release, region or revision of the same title), extra facts (serial, release date,
alternative title, developer...), and the parts, data areas and disk images it is made
of.

Debian's ``mame-data`` (``apt-get download``, never installed) holds them as
``usr/share/games/mame/hash/<list>.xml``, one ``<softwarelist>`` per file, the files MAME
reads to load software.  Each element becomes a table under its own name and attributes
(``softwarelist``, ``software``, ``info``, ``sharedfeat``, ``part``, ``feature``,
``dataarea``, ``disk``; a disk's ``<diskarea>``, one per disk, is a column of ``disk``);
the element it sits in is named by key columns (``softwarelist``, ``software``, ``part``):
a software is keyed by its list and short name.  An attribute the DTD gives a default
(``supported`` "yes", a data area's ``width`` 8 and ``endianness`` "little", a disk's
``status`` "good" and ``writeable`` "no") takes it when the file leaves it out; sizes
written in hex (``0x40000``) are stored as numbers.  Left out, to keep the file small: the
``<rom>`` entries of the data areas (file names and checksums of the dumps), the
``vgmplay`` list (video game music files, not software: 3,963 albums of 64,253 tracks),
the ``.hsi`` files, the 26 ``dipswitch`` settings and the one list's ``<notes>``
(``wswan``'s checklist of its cartridges).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DIR = "./usr/share/games/mame/hash/"
_LIST = (("softwarelist",), "softwarelist", ("name",))
_SOFTWARE = (("softwarelist", "software"), "software", ("softwarelist", "name"))
_PART = (("softwarelist", "software", "part"), "part", ("softwarelist", "software", "name"))
TABLES = (
    Table(name="softwarelist", primary_key=("name",)),
    Table(name="software", primary_key=("softwarelist", "name"),
          foreign_keys=(_LIST, (("softwarelist", "cloneof"), "software",
                                ("softwarelist", "name")))),
    Table(name="info", foreign_keys=(_SOFTWARE,)),
    Table(name="sharedfeat", foreign_keys=(_SOFTWARE,)),
    Table(name="part", primary_key=("softwarelist", "software", "name"),
          foreign_keys=(_SOFTWARE,)),
    Table(name="feature", foreign_keys=(_PART,)),
    Table(name="dataarea", foreign_keys=(_PART,)),
    Table(name="disk", foreign_keys=(_PART,)),
)  # fmt: skip
COLUMNS = {
    "softwarelist": ["name", "description"],
    "software": ["softwarelist", "name", "cloneof", "supported", "description", "year",
                 "publisher", "notes"],
    "info": ["softwarelist", "software", "name", "value"],
    "sharedfeat": ["softwarelist", "software", "name", "value"],
    "part": ["softwarelist", "software", "name", "interface"],
    "feature": ["softwarelist", "software", "part", "name", "value"],
    "dataarea": ["softwarelist", "software", "part", "name", "size", "width", "endianness"],
    "disk": ["softwarelist", "software", "part", "diskarea", "name", "sha1", "status",
             "writeable"],
}  # fmt: skip
_DEFAULTS = {"width": "8", "endianness": "little", "status": "good", "writeable": "no"}
_TEXT = {"name", "software", "part", "diskarea", "cloneof", "sha1", "value", "year"}
_LEFT_OUT = {"vgmplay"}
Rows = dict[str, list[list[str]]]


def build_softlists(archive: Path, target: Path) -> Path:
    """The SQLite file of mame-data's software lists and what each software is made of."""
    texts = deb_member_texts(archive, lambda path: path.startswith(_DIR) and path.endswith(".xml"))
    rows: Rows = {name: [] for name in COLUMNS}
    for text in texts.values():
        root = ET.fromstring(text)
        if root.get("name") not in _LEFT_OUT:
            add_list(rows, root)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=lambda c: c in _TEXT)


def add_list(rows: Rows, root: ET.Element) -> None:
    """One ``<softwarelist>``: its row and every software in it."""
    name = root.get("name", "")
    rows["softwarelist"].append([name, root.get("description", "")])
    for software in root.findall("software"):
        add_software(rows, name, software)


def add_software(rows: Rows, listed: str, software: ET.Element) -> None:
    """One ``<software>``: its row, its info and shared features, its parts."""
    key = [listed, software.get("name", "")]
    cells = [software.get("cloneof", ""), software.get("supported", "yes")]
    texts = [_text(software, tag) for tag in ("description", "year", "publisher", "notes")]
    rows["software"].append([*key, *cells, *texts])
    for tag in ("info", "sharedfeat"):
        for item in software.findall(tag):
            rows[tag].append([*key, item.get("name", ""), item.get("value", "")])
    for part in software.findall("part"):
        add_part(rows, [*key, part.get("name", "")], part)


def add_part(rows: Rows, key: list[str], part: ET.Element) -> None:
    """One ``<part>``: its row, features, data areas and disks."""
    rows["part"].append([*key, part.get("interface", "")])
    for feature in part.findall("feature"):
        rows["feature"].append([*key, feature.get("name", ""), feature.get("value", "")])
    for area in part.findall("dataarea"):
        cells = [_number(area.get("size", ""))] + [_attr(area, k) for k in ("width", "endianness")]
        rows["dataarea"].append([*key, area.get("name", ""), *cells])
    for area in part.findall("diskarea"):
        for disk in area.findall("disk"):
            values = [_attr(disk, k) for k in ("name", "sha1", "status", "writeable")]
            rows["disk"].append([*key, area.get("name", ""), *values])


def _attr(element: ET.Element, name: str) -> str:
    return element.get(name, _DEFAULTS.get(name, ""))


def _text(element: ET.Element, tag: str) -> str:
    child = element.find(tag)
    return (child.text or "").strip() if child is not None else ""


def _number(value: str) -> str:
    """A size as decimal digits (``0x40000`` -> ``262144``)."""
    return str(int(value, 16)) if value.lower().startswith("0x") else value
