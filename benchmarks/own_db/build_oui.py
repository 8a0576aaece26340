"""The ``oui`` database: the IEEE Registration Authority's public listing of the MAC address
blocks it has assigned — each block's registry (MA-L, the 24-bit OUI; MA-M; MA-S; the
retired IAB), its hexadecimal assignment and the organization it was assigned to, with the
organization's postal address and country.

Debian's ``ieee-data`` (``apt-get download``, never installed) holds them under
``usr/share/ieee-data/``: one ``.csv`` per registry (``oui``, ``mam``, ``oui36``, ``iab``;
columns Registry, Assignment, Organization Name, Organization Address) and the same
listing as ``.txt``, whose address ends with the country's two-letter code on a line of its
own: the country is read from there (none for the ``Private`` assignments, which have no
address).  An organization is one distinct name and address as the CSV writes them (the same
company under two spellings or addresses is two organizations).  A few early OUIs are listed
for several organizations, so a block is one assignment and organization.  A block's ``oui``
is its first six hexadecimal digits, the 24-bit OUI it lies in (an MA-L block's is itself;
the MA-L listing lacks a few of the OUIs that MA-M blocks lie in).  Column
names are the CSV's in snake_case.  The forty-ninth held-out database.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_DIR = "./usr/share/ieee-data/"
# registry: (file, name, prefix bits, hexadecimal digits of an assignment)
_REGISTRIES = {
    "MA-L": ("oui", "MAC Address Block Large", 24, 6),
    "MA-M": ("mam", "MAC Address Block Medium", 28, 7),
    "MA-S": ("oui36", "MAC Address Block Small", 36, 9),
    "IAB": ("iab", "Individual Address Block", 36, 9),
}
TABLES = (
    Table(name="registry", primary_key=("registry",)),
    Table(name="organization", primary_key=("organization_id",)),
    Table(name="assignment", primary_key=("assignment", "organization_id"),
          foreign_keys=((("registry",), "registry", ("registry",)),
                        (("organization_id",), "organization", ("organization_id",)))),
)  # fmt: skip
COLUMNS = {
    "registry": ["registry", "registry_name", "prefix_bits", "block_size", "file_name"],
    "organization": ["organization_id", "organization_name", "organization_address",
                     "country_code"],
    "assignment": ["assignment", "registry", "organization_id", "oui"],
}  # fmt: skip
# "70-B3-D5   (hex)\t\tName" then "F2F000-F2FFFF     (base 16)\t\tName" (or "002272 ...")
_HEX = re.compile(r"^([0-9A-F]{2})-([0-9A-F]{2})-([0-9A-F]{2})\s+\(hex\)")
_BASE16 = re.compile(r"^([0-9A-F]{6})(?:-[0-9A-F]{6})?\s+\(base 16\)")


def build_oui(archive: Path, target: Path) -> Path:
    """The SQLite file of ieee-data's registries, organizations and assigned blocks."""
    rows: dict[str, list[list[str]]] = {"registry": [], "organization": [], "assignment": []}
    organizations: dict[tuple[str, str], str] = {}
    listed: list[tuple[str, str, tuple[str, str]]] = []
    countries: dict[tuple[str, str], str] = {}
    for registry, (name, title, bits, digits) in _REGISTRIES.items():
        rows["registry"].append([registry, title, str(bits), str(2 ** (48 - bits)),
                                 f"{name}.csv"])  # fmt: skip
        countries.update(txt_countries(deb_member_text(archive, f"{_DIR}{name}.txt"), digits))
        text = deb_member_text(archive, f"{_DIR}{name}.csv")
        for record in csv.DictReader(io.StringIO(text)):
            key = (record["Organization Name"].strip(), record["Organization Address"].strip())
            listed.append((record["Assignment"], record["Registry"], key))
    for assignment, _registry, key in listed:
        if key not in organizations:
            organizations[key] = str(len(organizations) + 1)
            country = countries.get((assignment, key[0]), countries.get((assignment, ""), ""))
            rows["organization"].append([organizations[key], *key, country])
    for assignment, registry, key in sorted(listed):
        rows["assignment"].append([assignment, registry, organizations[key], assignment[:6]])
    return write_tables(target, TABLES, COLUMNS, rows)


def txt_countries(text: str, digits: int) -> dict[tuple[str, str], str]:
    """The country code of each assignment and organization name, the last line of its
    entry in a registry's .txt (and of each assignment with one entry, under no name)."""
    found = {}
    once: dict[str, str] = {}
    for entry in re.split(r"\r?\n\r?\n", text):
        lines = [line.strip() for line in entry.splitlines() if line.strip()]
        heads = [_HEX.match(line) for line in lines[:1]]
        heads += [_BASE16.match(line) for line in lines[1:2]]
        if len(lines) < 3 or not all(heads) or not re.fullmatch(r"[A-Z]{2}", lines[-1]):
            continue
        hexa, base16 = heads
        assert hexa is not None and base16 is not None
        assignment = ("".join(hexa.groups()) + base16.group(1))[:digits]
        found[assignment, lines[0].split("\t")[-1].strip()] = lines[-1]
        once[assignment] = "" if assignment in once else lines[-1]
    found.update(((assignment, ""), country) for assignment, country in once.items())
    return found
