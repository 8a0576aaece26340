"""The ``distroinfo`` database: every release of Debian (Buzz, 1996, to Duke, still to come)
and of Ubuntu (Warty Warthog, 2004, to Stonking Stingray) — its version number, code name,
series, the day its development began, the day it was (or is planned to be) released and the
days its support ends: regular, long-term and extended for Debian; regular, server,
extended security maintenance and legacy for Ubuntu.

Debian's ``distro-info-data`` package (``apt-get download``, never installed) holds it as
``usr/share/distro-info/debian.csv`` and ``ubuntu.csv``, the tables the ``distro-info``
programs read.  Each file becomes a table of its name (``debian``, ``ubuntu``) under the
files' own column names (``eol-lts``, ``eol-esm``, with their hyphens); a row shorter than
the header (a release whose later dates are not set) is padded with missing cells.  Each
series (``bookworm``, ``jammy``) is its table's key; the two tables share no key.  The
twenty-first held-out database.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./usr/share/distro-info/"
TABLES = (
    Table(name="debian", primary_key=("series",)),
    Table(name="ubuntu", primary_key=("series",)),
)


def build_distroinfo(archive: Path, target: Path) -> Path:
    """The SQLite file of Debian's and Ubuntu's releases, from the package's two CSV files."""
    columns: dict[str, list[str]] = {}
    rows: dict[str, list[list[str]]] = {}
    for table in TABLES:
        text = deb_member_text(archive, f"{_FOLDER}{table.name}.csv")
        columns[table.name], rows[table.name] = read_csv(text)
    return write_tables(target, TABLES, columns, rows)


def read_csv(text: str) -> tuple[list[str], list[list[str]]]:
    """A distro-info CSV's header and rows, each row padded with ``""`` to the header's width."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    rows = [[cell.strip() for cell in row] for row in reader if row]
    return header, [row + [""] * (len(header) - len(row)) for row in rows]
