"""The ``mendeleev`` database: the periodic table of the elements as PyPI's ``mendeleev``
1.3.0 ships it, the SQLite file ``mendeleev/elements.db`` inside its wheel: read from the
archive, never installed.

Seven of its tables keep their names, keys and columns: ``elements`` (118, keyed by
``atomic_number``; 36 of its 87 columns — the many alternative radii, electronegativity
scales, colours and supply-risk figures are left out), ``groups`` (the 18 columns of the
table, ``group_id``), ``series`` (the ten chemical series: ``id``), ``isotopes`` (their
measured uncertainties left out), ``isotopedecaymodes`` (``isotope_id``), ``oxidationstates``
and ``phasetransitions`` (melting and boiling points, by allotrope).  Left out: ionization
energies, screening constants, scattering factors and the package's own metadata.  Empty
texts become NULL, as in every other build.  the sixteenth held-out database.
"""

from __future__ import annotations

import sqlite3
import tempfile
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_MEMBER = "mendeleev/elements.db"
_ELEMENT = (("atomic_number",), "elements", ("atomic_number",))
_TABLES = (
    Table(name="series", primary_key=("id",)),
    Table(name="groups", primary_key=("group_id",)),
    Table(
        name="elements",
        primary_key=("atomic_number",),
        foreign_keys=(
            (("group_id",), "groups", ("group_id",)),
            (("series_id",), "series", ("id",)),
        ),
    ),
    Table(name="isotopes", primary_key=("id",), foreign_keys=(_ELEMENT,)),
    Table(
        name="isotopedecaymodes",
        primary_key=("id",),
        foreign_keys=((("isotope_id",), "isotopes", ("id",)),),
    ),
    Table(name="oxidationstates", primary_key=("id",), foreign_keys=(_ELEMENT,)),
    Table(name="phasetransitions", primary_key=("id",), foreign_keys=(_ELEMENT,)),
)
_COLUMNS = {
    "series": ("id", "name", "color"),
    "groups": ("group_id", "symbol", "name"),
    "elements": (
        "atomic_number", "symbol", "name", "atomic_weight", "period", "group_id",
        "series_id", "block", "density", "atomic_radius", "covalent_radius_pyykko",
        "vdw_radius", "en_pauling", "electron_affinity", "electronic_configuration",
        "is_radioactive", "is_monoisotopic", "discoverers", "discovery_year",
        "discovery_location", "name_origin", "abundance_crust", "abundance_sea",
        "price_per_kg", "cas", "lattice_structure", "lattice_constant",
        "thermal_conductivity", "specific_heat_capacity", "fusion_heat", "evaporation_heat",
        "geochemical_class", "goldschmidt_class", "description", "sources", "uses",
    ),
    "isotopes": ("id", "atomic_number", "mass_number", "mass", "abundance",
                 "is_radioactive", "half_life", "half_life_unit", "spin", "parity",
                 "discovery_year"),
    "isotopedecaymodes": ("id", "isotope_id", "mode", "relation", "intensity",
                          "is_allowed_not_observed", "is_observed_intensity_unknown"),
    "oxidationstates": ("id", "atomic_number", "oxidation_state", "category"),
    "phasetransitions": ("id", "atomic_number", "boiling_point", "melting_point",
                         "critical_temperature", "critical_pressure",
                         "triple_point_temperature", "triple_point_pressure", "allotrope",
                         "is_sublimation_point", "is_transition"),
}  # fmt: skip


def build_mendeleev(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's own SQLite file (copied out, read)."""
    with tempfile.TemporaryDirectory() as folder:
        with zipfile.ZipFile(wheel) as archive:
            source_path = archive.extract(_MEMBER, folder)
        source = sqlite3.connect(source_path)
        rows = {table.name: _rows(source, table.name) for table in _TABLES}
        source.close()
    columns = {name: list(names) for name, names in _COLUMNS.items()}
    return write_tables(target, _TABLES, columns, rows)


def _rows(source: sqlite3.Connection, table: str) -> list[list[str]]:
    """``table``'s kept columns as text cells (NULL: empty), in its key's order."""
    columns = ", ".join(f'"{name}"' for name in _COLUMNS[table])
    query = f'SELECT {columns} FROM "{table}" ORDER BY 1'
    return [[_cell(value) for value in row] for row in source.execute(query)]


def _cell(value: object) -> str:
    if value is None:
        return ""
    return (repr(value) if isinstance(value, float) else str(value)).strip()
