"""SqlCatalog: what question linking needs to know about a database, read from the database.

``describe()`` gives tables, columns and foreign keys; this adds what a question can name
directly: the words of every name (any naming style, ``hookline.sql.words``), the values
of low-cardinality text columns ("Italy", "cancelled", "Books"; NULL never counted), an
index of the values of the other text columns (``ValueIndex``), which columns hold dates,
which are numeric measures, which name a row of their table (the label: a text column
found by type and uniqueness), and derived measures (quantity x price is "revenue"
wherever a table has both).  JSON, array, binary and geometry columns are read but never
compared, grouped or listed.  ``DatabaseDocs`` add descriptions and synonyms.  Nothing here
is specific to a database.

Example::

    catalog = await SqlCatalog.load(SqliteRunner(ensure_sample_database()))
    catalog.column("customers", "country").values   # ["Australia", "Canada", ...]
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeVar, cast

from hookline.sql.documentation import DatabaseDocs
from hookline.sql.runner import (
    DatabaseSchema,
    ForeignKey,
    QueryResult,
    SqlExecutionError,
    SqlRunner,
    SqlTimeoutError,
    TableInfo,
)
from hookline.sql.value_index import ValueIndex
from hookline.sql.words import (
    column_prefix,
    identifier_words,
    measure_head,
    singular,
    word_set,
)

Derived = TypeVar("Derived")

__all__ = [
    "CatalogColumn",
    "Measure",
    "SqlCatalog",
    "documented_identifier",
    "is_opaque_type",
    "total_key",
]

logger = logging.getLogger(__name__)

MAX_VALUES = 40
"""A text column with at most this many distinct non-null values is linkable by value."""
LOAD_SECONDS = 300.0
"""Time budget of the catalog's reads (the tables' counts, the value lists of text columns,
the shared totals), a safety net, and the only time limit on them: each read may take the
time left of it (no read has a limit of its own), so only a load that runs out of it leaves
a count (the table's rows then unknown: 0), a column's values or a total out, logged.  It is
far above the few seconds the largest eval database takes (8 s on 2 cores), so a busy
machine reads the catalog an idle one does (with 10 s a value list, a heavily loaded machine
could stop the whole load).  The value index has its own (``value_index.BUILD_SECONDS``); a
runner may stop a statement sooner (``PostgresRunner``'s ``statement_timeout_s``)."""
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?")
_NUMERIC = ("INT", "REAL", "FLOAT", "DOUBLE", "NUMERIC", "DECIMAL", "MONEY")
_OPAQUE = ("JSON", "ARRAY", "[]", "BYTEA", "BLOB", "BINARY", "GEOMETRY", "GEOGRAPHY",
           "USER-DEFINED", "STRUCT", "MAP(", "UNION(", "XML", "TSVECTOR", "HSTORE")  # fmt: skip
_QUANTITY = ("quantity", "units")
_PRICE = ("price", "cost")


def is_opaque_type(sql_type: str) -> bool:
    """JSON, arrays, binary, geometry and other types that have no usable equality."""
    upper = sql_type.upper()
    return any(kind in upper for kind in _OPAQUE)


DateForm = Literal["year_first", "year_last", "other"]
"""How a date column's values are written (``CatalogColumn.date_form``)."""


@dataclass(kw_only=True)
class CatalogColumn:
    """One column with what linking uses: its words, its kind, its values."""

    table: str
    name: str
    numeric: bool = False
    date: bool = False
    key: bool = False
    opaque: bool = False
    text: bool = False
    distinct: int | None = None
    flag: bool = False
    """An integer column holding only 0 and 1 (a yes/no: ``retired``, ``is_active``)."""
    prose: bool = False
    """A text column of sentences (a description): long values, never a row's name."""
    values: list[str] = field(default_factory=list)
    width: tuple[int, int] | None = None
    """The lengths of a text column's shortest and longest values (None: not known)."""
    filled: int | None = None
    """A text column's non-null values (None: not known)."""
    coded: int = 0
    """A text column's values written as identifiers (``npc_hero_axe``: an underscore, no
    space): a code, not a name to show."""
    described: list[str] = field(default_factory=list)
    prefix: str = ""
    """The short prefix every column of the table starts with (``t_``), not a word."""
    date_form: DateForm = "year_first"
    """How a date column's values are written: its year first (ISO 8601, "2024-05-01",
    20240501: a prefix is a year or a month, and the text sorts as time), its year last
    ("01.05.2024", "5/1/2024": neither) or otherwise ("May 1, 2024")."""

    @property
    def ref(self) -> str:
        return f"{quote(self.table)}.{quote(self.name)}"

    @property
    def words(self) -> list[str]:
        """``unit_price`` / ``UnitPrice`` -> ["unit", "price"]."""
        return identifier_words(self.name, self.prefix)


@dataclass(kw_only=True)
class Measure:
    """Something to add up, average or rank by: a column or an expression of one table."""

    name: str
    table: str
    sql: str
    words: tuple[str, ...]

    @property
    def head(self) -> str:
        """The measure word its name ends in (``UnitPrice`` -> price, ``Qty`` -> quantity;
        ``hookline.sql.words.measure_head``)."""
        return measure_head(self.words)


@dataclass(kw_only=True)
class SqlCatalog:
    """The schema plus values, kinds, labels and measures; build it with ``load``."""

    schema: DatabaseSchema
    columns: list[CatalogColumn]
    measures: list[Measure]
    labels: dict[str, list[str]] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)
    index: ValueIndex = field(default_factory=ValueIndex)
    docs: DatabaseDocs | None = None
    totals: dict[str, float] = field(default_factory=dict)
    """The sum of each measure some other table has a column of the same words for
    (``"sale.amount"``: its total), to tell whether such tables record the same amounts."""
    cache: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    """What linking derives from the catalog once (its vocabulary)."""

    @classmethod
    async def load(cls, runner: SqlRunner, *, docs: DatabaseDocs | None = None) -> SqlCatalog:
        """Reads the schema, counts and short value lists (in ``LOAD_SECONDS``), and builds
        the value index."""
        schema = await runner.describe()
        columns: list[CatalogColumn] = []
        rows: dict[str, int] = {}
        deadline = time.monotonic() + LOAD_SECONDS
        for table in schema.tables:
            found, rows[table.name] = await _columns(runner, table, deadline)
            columns += found
        catalog = cls(schema=schema, columns=columns, measures=_measures(schema, columns, docs),
                      rows=rows, docs=docs)  # fmt: skip
        catalog.labels = {t.name: _label(t, catalog) for t in schema.tables}
        catalog.totals = await _shared_totals(runner, catalog.measures, deadline)
        indexed = [(c.table, c.name) for c in columns if _indexed(c)]
        catalog.index = await ValueIndex.build(runner, indexed, fingerprint=catalog.fingerprint())
        return catalog

    def cached(self, key: str, build: Callable[[SqlCatalog], Derived]) -> Derived:
        """``build(self)``, built once per catalog (and its documentation) under ``key``:
        what linking derives from the schema and docs (the vocabulary, row nouns, ...).

        Example::

            nouns = catalog.cached("row words", read_row_nouns)
        """
        if key not in self.cache:
            self.cache[key] = build(self)
        return cast(Derived, self.cache[key])

    def fingerprint(self) -> str:
        """A hash of the schema and the tables' row counts (the value index's cache key)."""
        text = repr(self.schema) + repr(sorted(self.rows.items()))
        return hashlib.sha256(text.encode()).hexdigest()

    def table(self, name: str) -> TableInfo:
        found = self.schema.table(name)
        if found is None:
            raise KeyError(name)
        return found

    def column(self, table: str, name: str) -> CatalogColumn:
        return next(c for c in self.columns if c.table == table and c.name == name)

    def table_columns(self, table: str) -> list[CatalogColumn]:
        return [c for c in self.columns if c.table == table]

    def keys_to(self, child: str, parent: str) -> list[ForeignKey]:
        """The foreign keys of ``child`` that reference ``parent`` (a link table may have two)."""
        return [fk for fk in self.table(child).foreign_keys if fk.ref_table == parent]

    def refers_to(self, child: str, parent: str) -> bool:
        """Whether ``child`` has a foreign key to ``parent``."""
        return any(fk.ref_table == parent for fk in self.table(child).foreign_keys)

    def label(self, table: str) -> list[str]:
        """The columns that name a row of ``table`` (see ``_label``)."""
        return self.labels.get(table) or list(self.table(table).primary_key[:1])


_RESERVED = word_set("""abort action add after all alter always analyse analyze and any array
    as asc asymmetric attach autoincrement before begin between both by cascade case cast check
    collate column commit conflict constraint create cross current current_catalog current_date
    current_role current_time current_timestamp current_user database default deferrable
    deferred delete desc detach distinct do drop each else end escape except exclude exclusive
    exists explain fail fetch filter first following for foreign from full generated glob grant
    group groups having if ignore immediate in index indexed initially inner insert instead
    intersect into is isnull join key last lateral leading left like limit localtime
    localtimestamp match materialized natural no not nothing notnull null nulls of offset on
    only or order others outer over partition placing plan pragma preceding primary query raise
    range recursive references regexp reindex release rename replace restrict returning right
    rollback row rows savepoint select session_user set some symmetric table temp temporary then
    ties to trailing transaction trigger unbounded union unique update user using vacuum values
    variadic view virtual when where window with without""")
"""SQLite's keywords and PostgreSQL's reserved words: a column named ``primary`` or ``group``
is quoted, or the query would not parse."""


def quote(name: str) -> str:
    """``name`` as a SQL identifier: bare when it is a plain lower-case word that is no
    keyword, else quoted (``primary`` -> ``"primary"``)."""
    if re.fullmatch(r"[a-z_][a-z0-9_]*", name) and name not in _RESERVED:
        return name
    return '"' + name.replace('"', '""') + '"'


async def _read(runner: SqlRunner, sql: str, deadline: float, *, max_rows: int) -> QueryResult:
    """``sql``'s rows in the time left of the load (``LOAD_SECONDS``, ending at the
    monotonic ``deadline``); none left is a timeout."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise SqlTimeoutError(f"not run: the catalog's {LOAD_SECONDS:g} s are spent")
    return await runner.run(sql, max_rows=max_rows, timeout_s=left)


async def _columns(
    runner: SqlRunner, table: TableInfo, deadline: float
) -> tuple[list[CatalogColumn], int]:
    keys = set(table.primary_key) | table.foreign_key_columns()
    found = []
    prefix = column_prefix([info.name for info in table.columns])
    for info in table.columns:
        opaque = is_opaque_type(info.type)
        numeric = not opaque and any(kind in info.type.upper() for kind in _NUMERIC)
        words = identifier_words(info.name, prefix)
        found.append(CatalogColumn(
            table=table.name, name=info.name, numeric=numeric, opaque=opaque,
            key=info.name in keys or (numeric and words[-1:] == ["id"]),
            text=not numeric and not opaque, prefix=prefix,
        ))  # fmt: skip
    integers = [c for c, info in zip(found, table.columns, strict=True)
                if c.numeric and not c.key and ("INT" in info.type.upper())]  # fmt: skip
    rows = await _count(runner, table.name, [c for c in found if c.text], integers, deadline)
    for column in found:
        if column.text:
            await _read_values(runner, column, deadline)
    return found, rows


async def _count(
    runner: SqlRunner,
    table: str,
    texts: list[CatalogColumn],
    integers: list[CatalogColumn],
    deadline: float,
) -> int:
    """The table's rows; sets each text column's count of distinct non-null values and
    ``width``, and which ``integers`` hold only 0 and 1 (``flag``).  When the database
    cannot count (an error, or ``LOAD_SECONDS`` spent), the counts stay unknown (0 rows)."""
    parts = ["COUNT(*)"] + [f"COUNT(DISTINCT {c.ref})" for c in texts]
    lengths = [f"LENGTH(CAST({c.ref} AS TEXT))" for c in texts]
    parts += [f"{f}({length})" for length in lengths for f in ("MIN", "MAX")]
    coded = "SUM(CASE WHEN {0} LIKE '%\\_%' ESCAPE '\\' AND {0} NOT LIKE '% %' THEN 1 ELSE 0 END)"
    parts += [f"COUNT({c.ref})" for c in texts] + [coded.format(c.ref) for c in texts]
    flags = "CASE WHEN MIN({0}) = 0 AND MAX({0}) = 1 THEN 1 ELSE 0 END"  # 0 and 1 only
    parts += [flags.format(c.ref) for c in integers]
    sql = f"SELECT {', '.join(parts)} FROM {quote(table)}"
    try:
        result = await _read(runner, sql, deadline, max_rows=1)
    except SqlExecutionError as error:
        logger.info("Catalog: %s not counted: %s", table, error)
        return 0
    row = list(result.rows[0]) if result.rows else [None] * len(parts)
    counts = [int(v or 0) for v in row]
    n = len(texts)
    for i, column in enumerate(texts):
        column.distinct = counts[1 + i]
        shortest, longest = row[1 + n + 2 * i : 3 + n + 2 * i]
        column.width = None if shortest is None else (int(shortest), int(longest or 0))
        column.filled, column.coded = counts[1 + 3 * n + i], counts[1 + 4 * n + i]
    for column, flag in zip(integers, counts[1 + 5 * n :], strict=False):
        column.flag = flag == 1
    return counts[0]


async def _shared_totals(
    runner: SqlRunner, measures: list[Measure], deadline: float
) -> dict[str, float]:
    """The total of each measure whose words another table's measure has too, one query
    per table (``total_key``); a table the database cannot add up (an error, or
    ``LOAD_SECONDS`` spent) is left out."""
    tables: dict[str, list[Measure]] = {}
    for measure in measures:
        if any(m.words == measure.words and m.table != measure.table for m in measures):
            tables.setdefault(measure.table, []).append(measure)
    totals: dict[str, float] = {}
    for table, shared in tables.items():
        parts = ", ".join(f"SUM({m.sql} * 1.0)" for m in shared)
        try:
            sql = f"SELECT {parts} FROM {quote(table)}"
            result = await _read(runner, sql, deadline, max_rows=1)
        except SqlExecutionError as error:
            logger.info("Catalog: %s not added up: %s", table, error)
            continue
        for measure, total in zip(shared, result.rows[0] if result.rows else (), strict=False):
            if total is not None:
                totals[total_key(measure)] = float(total)
    return totals


def total_key(measure: Measure) -> str:
    """The key of ``measure``'s total in ``SqlCatalog.totals``."""
    return f"{measure.table}.{measure.name}"


_OF_A_DATE = frozenset(("type", "kind", "format", "precision", "quality", "source", "flag"))
"""A column's last word that makes it a property of a date, not one (``date_type``)."""


async def _read_values(runner: SqlRunner, column: CatalogColumn, deadline: float) -> None:
    """Marks date columns; keeps the values of a low-cardinality text column (NULL-aware:
    the distinct non-null values are counted first).  A column the database cannot read
    (an error, or ``LOAD_SECONDS`` spent) has no values (logged); its name can still make
    it a date."""
    sql = (
        f"SELECT DISTINCT {column.ref} FROM {quote(column.table)} "
        f"WHERE {column.ref} IS NOT NULL LIMIT {MAX_VALUES + 1}"
    )
    try:
        rows = (await _read(runner, sql, deadline, max_rows=MAX_VALUES + 1)).rows
    except SqlExecutionError as error:
        logger.info("Catalog: %s.%s values not read: %s", column.table, column.name, error)
        rows = []
    values = [str(row[0]) for row in rows if row[0] is not None]
    column.prose = _prose(values)
    dated = "date" in column.words and column.words[-1] not in _OF_A_DATE
    if (values and all(_DATE.match(v) for v in values)) or dated:
        column.date = True
        column.date_form = date_form(values)
    elif len(values) <= MAX_VALUES and (column.distinct or 0) <= MAX_VALUES:
        column.values = values


def date_form(values: list[str]) -> DateForm:
    """How ``values`` of a date column are written (``CatalogColumn.date_form``); year
    first when none is known."""
    written = [v.strip() for v in values if v.strip()]
    if all(_YEAR_FIRST.match(v) for v in written):
        return "year_first"
    return "year_last" if all(_YEAR_LAST.match(v) for v in written) else "other"


_YEAR_FIRST = re.compile(r"^\d{4}(\D|\d{2,4}\b|$)")
_YEAR_LAST = re.compile(r"^\d{1,2}\D\d{1,2}\D\d{4}(\D|$)")


def _prose(values: list[str]) -> bool:
    """Whether ``values`` read as sentences: long on average, or most of them ending a
    sentence of several words ("Very powerful but makes user faint.")."""
    if not values:
        return False
    average = sum(len(v) for v in values) / len(values)
    sentences = sum(v.rstrip().endswith((".", "!", "?")) and v.count(" ") >= 3 for v in values)
    return average > _PROSE_LENGTH or sentences * 2 > len(values)


_PROSE_LENGTH = 60
"""Characters: a name or title is shorter on average; a description is longer."""


def _indexed(column: CatalogColumn) -> bool:
    """Text columns are indexed, short lists too ("Acme Tools" -> "Acme Tools Ltd.")."""
    return column.text and not column.date


def _label(table: TableInfo, catalog: SqlCatalog) -> list[str]:
    """The columns naming a row: a first and a last name; else the text column whose words
    say name or title (a text primary key too, when no other column does; ``_best_name``);
    else the one its documentation calls a name; else a primary key named as the table
    (``season.season``: "which season"); else the non-key text column with the most
    distinct values (at least half the rows; words before codes of one width; never
    sentences: a description) unless it is a code of one width; else the primary key."""
    texts = [c for c in catalog.table_columns(table.name) if c.text and not c.date]
    first = next((c.name for c in texts if _is_name(c, "first")), None)
    last = next((c.name for c in texts if _is_name(c, "last")), None)
    if first and last:
        return [first, last]
    named = [c for c in texts if _names_rows(c.words)]
    own = [c for c in named if not c.key] or [c for c in named if [c.name] == table.primary_key]
    rows = catalog.rows.get(table.name, 0)
    if own:
        return _shown_name(own, texts, rows, catalog.docs) or _best_name(own, texts, table, rows)
    documented = [c for c in _unique(texts, rows) if _documented_name(c, catalog.docs)]
    if len(documented) == 1:  # "caption: the team's English name"
        return [documented[0].name]
    if len(table.primary_key) == 1 and _same_words(table.primary_key[0], table.name):
        return list(table.primary_key)  # "which season": its number, not its host
    unique = _unique(texts, rows)
    if unique:
        best = max(unique, key=lambda c: (not _fixed_width(c), c.distinct or 0))
        return (_fixed_width(best) and _worded_key(table, texts)) or [best.name]
    return list(table.primary_key[:1])


_DOCUMENTED_NAME = re.compile(
    r"^(?:the |its |an? )?(?:([a-z-]+)'s? )?(?:[a-z-]+ )?(?:name|title)\b(?! of)", re.IGNORECASE
)


def _documented_name(column: CatalogColumn, docs: DatabaseDocs | None) -> bool:
    """Whether the documentation of ``column`` begins by calling it the row's name ("the
    team's English name", "its title"), not another's ("the name of its winner", "the
    winner's name")."""
    described = docs.described(column.table, column.name) if docs else ""
    said = _DOCUMENTED_NAME.match(described.strip())
    owner = said.group(1) if said else None
    return said is not None and (owner is None or _same_words(owner, column.table))


_DOCUMENTED_CODE = re.compile(
    r"^(?:the |its |an? )?(?:[a-z-]+'s? )?(?:[a-z-]+ )?"
    r"(?:identifier|id|code|key|abbreviation)\b(?! name)",
    re.IGNORECASE,
)


def documented_identifier(column: CatalogColumn, docs: DatabaseDocs | None) -> bool:
    """Whether the documentation of ``column`` begins by calling it an identifier, a code
    or a key ("the shelf's identifier", "its code"), not a name."""
    described = docs.described(column.table, column.name) if docs else ""
    return _DOCUMENTED_CODE.match(described.strip()) is not None


def _shown_name(
    own: list[CatalogColumn], texts: list[CatalogColumn], rows: int, docs: DatabaseDocs | None
) -> list[str]:
    """Name columns all documented as the row's identifier ("name: the shelf's identifier
    ("b7")") give way to the column documented as its name ("title: its display name"),
    else to a column of words with its own value in every row ("what the shelf holds":
    "Garden tools"), so rows read as a user names them; ``row_codes`` shows the identifier
    beside it ("Garden tools (b7)"). None of them: the identifier, which is not false."""
    if docs is None or not all(documented_identifier(c, docs) for c in own):
        return []
    others = [c for c in _unique(texts, rows) if c not in own and _whole(c, rows)]
    named = [c for c in others if _documented_name(c, docs)]
    if len(named) == 1:
        return [named[0].name]
    worded = [
        c for c in others if not c.coded and not _fixed_width(c) and c.distinct == c.filled == rows
        and not documented_identifier(c, docs)
    ]  # fmt: skip
    return [worded[0].name] if len(worded) == 1 and not named else []


def _names_rows(words: list[str]) -> bool:
    """Whether a column's words say a name or title: ``name``, ``shop_name``, or one in a
    language (``name_de``, ``title_en``; not ``name_id``)."""
    if words and words[-1] in ("name", "title"):
        return True
    qualified = len(words) == 2 and len(words[1]) <= 3 and words[1] not in _NOT_LANGUAGES
    return qualified and words[0] in ("name", "title")


_NOT_LANGUAGES = frozenset(("id", "key", "no", "num", "nr", "ref", "cd", "idx"))
"""Short words after ``name`` that make a reference to a name, not a name in a language."""


def _same_words(column: str, table: str) -> bool:
    """Whether a column is named as its table ("season" of seasons, ``TeamId`` is not)."""
    return [singular(w) for w in identifier_words(column)] == [
        singular(w) for w in identifier_words(table)
    ]


def _fixed_width(column: CatalogColumn) -> bool:
    """Whether every value of ``column`` has one short length: a code ("AUS"), not a name."""
    return column.width is not None and column.width[0] == column.width[1] <= 4


def _worded_key(table: TableInfo, texts: list[CatalogColumn]) -> list[str]:
    """A text primary key of names of varied length ("Australia"), the label before a column
    of fixed-width codes; none: the codes it is."""
    keys = [c for c in texts if [c.name] == table.primary_key and not _fixed_width(c)]
    return [keys[0].name] if keys else []


def _best_name(
    own: list[CatalogColumn], texts: list[CatalogColumn], table: TableInfo, rows: int
) -> list[str]:
    """Of the name columns ``own``, one with a value in (nearly) every row, written as words,
    with the most values; a name written as codes ("npc_axe") gives way to a column of
    words of as many values ("Axe"), a name with gaps to a column of words naming each row
    (a description), else to a text primary key."""
    best = max(own, key=lambda c: (_whole(c, rows), c.coded * 2 <= (c.filled or 0),
                                   c.distinct or 0))  # fmt: skip
    best = _plain_name(own, best, table, rows) or best
    worded = [c for c in _unique(texts, rows) if c not in own and not c.coded and _whole(c, rows)]
    if best.coded * 2 > (best.filled or 0) and worded:
        return [max(worded, key=lambda c: c.distinct or 0).name]
    if _whole(best, rows):
        return [best.name]
    described = [c for c in worded if not _fixed_width(c) and (c.distinct or 0) * 20 >= rows * 19]
    if described:  # "Bread, rye, toasted": one per row, not the number key
        return [max(described, key=lambda c: c.distinct or 0).name]
    keys = [c.name for c in texts if [c.name] == table.primary_key and c not in own]
    return keys or [best.name]


def _plain_name(
    own: list[CatalogColumn], best: CatalogColumn, table: TableInfo, rows: int
) -> CatalogColumn | None:
    """The column called just "name" (or the table's name and "name": ``shop_name``) when
    another name column (a "legal name", a "full name") has slightly more values: the rows
    are known by their plain name when it is as whole, as worded and about as unique (9
    in 10 of the other's values)."""
    own_words = [singular(w) for w in identifier_words(table.name)]
    plain = [c for c in own if c.words[-1:] == ["name"]
             and [singular(w) for w in c.words[:-1]] in ([], own_words)]  # fmt: skip
    if len(plain) != 1 or plain[0] is best:
        return None
    other, name = (best.distinct or 0, plain[0].distinct or 0)
    worded = all(c.coded * 2 <= (c.filled or 0) for c in (best, plain[0]))
    alike = worded and _whole(plain[0], rows) == _whole(best, rows)
    return plain[0] if alike and name * 10 >= other * 9 else None


def _unique(texts: list[CatalogColumn], rows: int) -> list[CatalogColumn]:
    """The text columns of no key and no sentences with a value for about every other row."""
    return [c for c in texts if not c.key and not c.prose and (c.distinct or 0) * 2 >= rows > 0]


def _whole(column: CatalogColumn, rows: int) -> bool:
    """Whether ``column`` has a value in nearly every row (19 in 20; unknown counts do)."""
    return column.filled is None or column.filled * 20 >= rows * 19


_IN_CENTS = re.compile(r"\bin cents\b", re.IGNORECASE)


def _in_units(column: CatalogColumn, docs: DatabaseDocs | None) -> str:
    """The column as a measure: an amount documented "in cents" counts in whole units
    (``price / 100.0``), so "the average price" is 5.60, never 560."""
    described = docs.described(column.table, column.name) if docs else ""
    return f"{column.ref} / 100.0" if _IN_CENTS.search(described) else column.ref


def _is_name(column: CatalogColumn, which: str) -> bool:
    return which in column.words and ("name" in column.words or column.words == [which])


def _measures(
    schema: DatabaseSchema, columns: list[CatalogColumn], docs: DatabaseDocs | None = None
) -> list[Measure]:
    measures = [
        Measure(name=c.name, table=c.table, sql=_in_units(c, docs), words=tuple(c.words))
        for c in columns
        if c.numeric and not c.key and not c.flag  # a yes/no is a condition, not a sum
    ]
    for table in schema.tables:
        numeric = [c for c in columns if c.table == table.name and c.numeric and not c.key]
        quantity = next((c for c in numeric if c.words[-1:][0] in _QUANTITY), None)
        price = next((c for c in numeric if measure_head(c.words) in _PRICE), None)
        if quantity and price:
            sql = f"{quantity.ref} * {price.ref}"
            measures.append(Measure(name="revenue", table=table.name, sql=sql, words=("revenue",)))
    return measures
