"""The ``usbids`` database: the USB ID Repository's list of USB hardware — its vendors
(``046d  Logitech, Inc.``) and each vendor's devices, the USB device classes with their
subclasses, the languages of USB string descriptors with their dialects, and the HID usage
pages with their usages.

Debian's ``usb.ids`` package (``apt-get download``, never installed) holds it as
``var/lib/usbutils/usb.ids``, the text file ``lsusb`` reads: a vendor per unindented line,
its devices indented by one tab; after them the other lists, each line opening with its
list's mark (``C 03  Human Interface Device``, ``L 0007  German``, ``HUT 01  Generic
Desktop Controls``) and its children indented by one tab.  The tables and columns take the
names of the file's own syntax comments (``vendor_name``, ``device_name``,
``subclass_name``, ``language_id``, ``dialect_name``, ``hid_usage_page_name``,
``hid_usage``...); ids stay the file's lower-case hexadecimal text (``046d``).  The classes'
protocols (two tabs) and the small lists of audio and video terminal types, HID descriptor
and item types, physical descriptor types and HID country codes are left out.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FILE = "./var/lib/usbutils/usb.ids"
TABLES = (
    Table(name="vendor", primary_key=("vendor",)),
    Table(name="device", primary_key=("vendor", "device"),
          foreign_keys=((("vendor",), "vendor", ("vendor",)),)),
    Table(name="class", primary_key=("class",)),
    Table(name="subclass", primary_key=("class", "subclass"),
          foreign_keys=((("class",), "class", ("class",)),)),
    Table(name="language", primary_key=("language_id",)),
    Table(name="dialect", primary_key=("language_id", "dialect_id"),
          foreign_keys=((("language_id",), "language", ("language_id",)),)),
    Table(name="hid_usage_page", primary_key=("hid_usage_page",)),
    Table(name="hid_usage", primary_key=("hid_usage_page", "hid_usage"),
          foreign_keys=((("hid_usage_page",), "hid_usage_page", ("hid_usage_page",)),)),
)  # fmt: skip
COLUMNS = {
    "vendor": ["vendor", "vendor_name"],
    "device": ["vendor", "device", "device_name"],
    "class": ["class", "class_name"],
    "subclass": ["class", "subclass", "subclass_name"],
    "language": ["language_id", "language_name"],
    "dialect": ["language_id", "dialect_id", "dialect_name"],
    "hid_usage_page": ["hid_usage_page", "hid_usage_page_name"],
    "hid_usage": ["hid_usage_page", "hid_usage", "hid_usage_name"],
}
_IDS = {"vendor", "device", "class", "subclass", "language_id", "dialect_id",
        "hid_usage_page", "hid_usage"}  # fmt: skip
# A list's mark -> its table and its children's table ("" for a vendor's unmarked line).
_LISTS = {
    "": ("vendor", "device"),
    "C": ("class", "subclass"),
    "L": ("language", "dialect"),
    "HUT": ("hid_usage_page", "hid_usage"),
}
_LINE = re.compile(r"^(\t{0,2})(?:([A-Z]+) )?([0-9a-fA-F]{1,4})\s+(.*)$")


def build_usbids(archive: Path, target: Path) -> Path:
    """The SQLite file of usb.ids' vendors, devices, classes, subclasses, languages,
    dialects, HID usage pages and HID usages."""
    rows = parse_ids(deb_member_text(archive, _FILE))
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=lambda c: c in _IDS)


def parse_ids(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows, read line by line: the last mark seen tells the list, an entry's
    leading tabs its depth; a parent's id is the last entry above it.  Lines of the lists
    left out, and two-tab lines, are skipped; an id repeated within its parent is kept once
    (the first)."""
    rows: dict[str, list[list[str]]] = {table: [] for table in COLUMNS}
    seen: set[tuple[str, ...]] = set()
    tables: tuple[str, str] | None = _LISTS[""]
    parent = ""
    for line in text.splitlines():
        entry = _LINE.match(line)
        if line.startswith("#") or entry is None:
            continue
        tabs, mark, code, name = entry.groups()
        if not tabs:
            tables = _LISTS.get(mark or "")
            parent = code.lower()
        if tables is None or len(tabs) > 1:
            continue
        table = tables[len(tabs)]
        ids = [code.lower()] if not tabs else [parent, code.lower()]
        if (table, *ids) not in seen:
            seen.add((table, *ids))
            rows[table].append([*ids, name.strip()])
    return rows
