"""The ``pciids`` database: the PCI ID Repository's list of PCI hardware — its vendors
(``8086  Intel Corporation``), each vendor's devices, each device's subsystems (the board
maker's own numbers for a card built around the chip) and the PCI device classes with their
subclasses.

Debian's ``pci.ids`` package (``apt-get download``, never installed) holds it as
``usr/share/misc/pci.ids``, the text file ``lspci`` reads: a vendor per unindented line, its
devices indented by one tab, a device's subsystems by two; after them the classes
(``C 02  Network controller``), their subclasses by one tab and their programming interfaces
by two (left out).  The tables and columns take the names of the file's own syntax comments
(``vendor``, ``device_name``, ``subvendor``, ``subdevice``, ``subclass_name``...); ids stay
the file's lower-case hexadecimal text (``10de``).  The 42 subsystems whose subvendor is no
listed vendor (``0000`` and a few others) are left out, so every foreign key holds.  The
twenty-fourth held-out database.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FILE = "./usr/share/misc/pci.ids"
_VENDOR = "vendor", ("vendor",)
TABLES = (
    Table(name="vendor", primary_key=("vendor",)),
    Table(name="device", primary_key=("vendor", "device"),
          foreign_keys=((("vendor",), *_VENDOR),)),
    Table(name="subsystem", primary_key=("vendor", "device", "subvendor", "subdevice"),
          foreign_keys=((("vendor", "device"), "device", ("vendor", "device")),
                        (("subvendor",), *_VENDOR))),
    Table(name="class", primary_key=("class",)),
    Table(name="subclass", primary_key=("class", "subclass"),
          foreign_keys=((("class",), "class", ("class",)),)),
)  # fmt: skip
COLUMNS = {
    "vendor": ["vendor", "vendor_name"],
    "device": ["vendor", "device", "device_name"],
    "subsystem": ["vendor", "device", "subvendor", "subdevice", "subsystem_name"],
    "class": ["class", "class_name"],
    "subclass": ["class", "subclass", "subclass_name"],
}
_LINE = re.compile(r"^(\t{0,2})(C )?([0-9a-f]{2,4})(?: ([0-9a-f]{4}))?\s+(.*)$")


def build_pciids(archive: Path, target: Path) -> Path:
    """The SQLite file of pci.ids' vendors, devices, subsystems, classes and subclasses;
    the few subsystems whose subvendor is no listed vendor (``0000``...) are left out."""
    rows = parse_ids(deb_member_text(archive, _FILE))
    vendors = {row[0] for row in rows["vendor"]}
    rows["subsystem"] = [row for row in rows["subsystem"] if row[2] in vendors]
    return write_tables(target, TABLES, COLUMNS, rows)


def parse_ids(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows, read line by line: an entry's depth (its leading tabs) and whether
    the classes have begun tell its table; its parents are the last entries above it."""
    rows: dict[str, list[list[str]]] = {table: [] for table in COLUMNS}
    parents: list[str] = []
    classes = False
    for line in text.splitlines():
        entry = _LINE.match(line)
        if line.startswith("#") or entry is None:
            continue
        tabs, mark, first, second, name = entry.groups()
        classes = classes or bool(mark)
        depth = len(tabs)
        ids = [first] if second is None else [first, second]
        parents = parents[:depth] + ids
        table = (("class", "subclass", "") if classes
                 else ("vendor", "device", "subsystem"))[depth]  # fmt: skip
        if table:
            rows[table].append([*parents, name.strip()])
    return rows
