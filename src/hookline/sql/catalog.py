"""SqlCatalog: what question linking needs to know about a database, read from the database.

``describe()`` gives tables, columns and foreign keys; this adds what a question can name
directly: the values of low-cardinality text columns ("Italy", "cancelled", "Books"),
which columns hold dates, which are numeric measures, which name an entity (``name``,
``first_name`` + ``last_name``), and derived measures (``quantity * unit_price`` is
"revenue" wherever a table has both).  Nothing here is specific to the sample database.

Example::

    catalog = await SqlCatalog.load(SqliteRunner(ensure_sample_database()))
    catalog.column("customers", "country").values   # ["Australia", "Canada", ...]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hookline.sql.runner import DatabaseSchema, SqlRunner, TableInfo

__all__ = ["CatalogColumn", "Measure", "SqlCatalog"]

MAX_VALUES = 40
"""A text column with at most this many distinct values is linkable by value."""
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?")
_NUMERIC = ("INT", "REAL", "FLOAT", "DOUBLE", "NUMERIC", "DECIMAL", "MONEY")
_QUANTITY = ("quantity", "qty", "units", "amount")
_PRICE = ("unit_price", "price", "cost")


@dataclass(kw_only=True)
class CatalogColumn:
    """One column with what linking uses: its words, its kind, its values."""

    table: str
    name: str
    numeric: bool = False
    date: bool = False
    key: bool = False
    values: list[str] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return f"{self.table}.{self.name}"

    @property
    def words(self) -> list[str]:
        """``unit_price`` -> ["unit", "price"]."""
        return [w for w in self.name.lower().split("_") if w]


@dataclass(kw_only=True)
class Measure:
    """Something to add up, average or rank by: a column or an expression of one table."""

    name: str
    table: str
    sql: str
    words: tuple[str, ...]


@dataclass(kw_only=True)
class SqlCatalog:
    """The schema plus values, kinds and measures; build it with ``SqlCatalog.load``."""

    schema: DatabaseSchema
    columns: list[CatalogColumn]
    measures: list[Measure]

    @classmethod
    async def load(cls, runner: SqlRunner) -> SqlCatalog:
        schema = await runner.describe()
        columns = [column for table in schema.tables for column in await _columns(runner, table)]
        return cls(schema=schema, columns=columns, measures=_measures(schema, columns))

    def table(self, name: str) -> TableInfo:
        found = self.schema.table(name)
        if found is None:
            raise KeyError(name)
        return found

    def column(self, table: str, name: str) -> CatalogColumn:
        return next(c for c in self.columns if c.table == table and c.name == name)

    def label(self, table: str) -> list[str]:
        """The columns that name a row of ``table``: ``name``, or first and last name."""
        names = [c.name for c in self.table(table).columns]
        if "name" in names:
            return ["name"]
        if "first_name" in names and "last_name" in names:
            return ["first_name", "last_name"]
        return list(self.table(table).primary_key[:1])


async def _columns(runner: SqlRunner, table: TableInfo) -> list[CatalogColumn]:
    keys = set(table.primary_key) | {c for fk in table.foreign_keys for c in fk.columns}
    found = []
    for info in table.columns:
        numeric = any(kind in info.type.upper() for kind in _NUMERIC)
        column = CatalogColumn(
            table=table.name,
            name=info.name,
            numeric=numeric,
            key=info.name in keys or info.name.lower().endswith("_id"),
        )
        if not numeric and not column.key:
            await _read_values(runner, column)
        found.append(column)
    return found


async def _read_values(runner: SqlRunner, column: CatalogColumn) -> None:
    """Marks date columns; keeps the values of a low-cardinality text column."""
    quoted = f'"{column.table}"."{column.name}"'
    sample = await runner.run(
        f'SELECT DISTINCT {quoted} FROM "{column.table}" LIMIT {MAX_VALUES + 1}',
        max_rows=MAX_VALUES + 1,
        timeout_s=10.0,
    )
    values = [str(row[0]) for row in sample.rows if row[0] is not None]
    if (values and all(_DATE.match(v) for v in values)) or "date" in column.words:
        column.date = True
    elif len(values) <= MAX_VALUES:
        column.values = values


def _measures(schema: DatabaseSchema, columns: list[CatalogColumn]) -> list[Measure]:
    measures = [
        Measure(name=c.name, table=c.table, sql=f"{c.table}.{c.name}", words=tuple(c.words))
        for c in columns
        if c.numeric and not c.key
    ]
    for table in schema.tables:
        names = {c.name.lower(): c.name for c in table.columns}
        quantity = next((names[n] for n in _QUANTITY if n in names), None)
        price = next((names[n] for n in _PRICE if n in names), None)
        if quantity and price:
            sql = f"{table.name}.{quantity} * {table.name}.{price}"
            measures.append(Measure(name="revenue", table=table.name, sql=sql, words=("revenue",)))
    return measures
