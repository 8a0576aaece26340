"""What a ranking's answer names: a column to group by ("which country", "the shipping
city"), or the rows of a table ("which studios", "who directed": the directors, or the
people), and the column a word names to group by.

Example::

    answer_subject("which country has the most customers".split(), catalog)
    # the customers' country column
    group_column("countries", catalog)   # the column of countries
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.groups import table_column
from hookline.sql.measures import documented_column
from hookline.sql.mentions import Vocabulary, people_table

__all__ = ["answer_subject", "group_column"]


def answer_subject(words: list[str], catalog: SqlCatalog) -> CatalogColumn | str | None:
    """What the answer names: a grouping column or the rows of a table (who -> people)."""
    vocabulary = Vocabulary.of(catalog)
    start = next((i for i, w in enumerate(words) if w in ("which", "who", "top")), 0)
    who = words[start : start + 1] == ["who"]
    named = _rows_named(words[start + 1 :], catalog) if who else None
    if named is not None:  # "who are our top 5 clients": the clients
        return named
    if who:  # "who directed": the director, or people
        doers = vocabulary.agent_columns(" ".join(words[start + 1 : start + 2]))
        return _referenced(doers[0], catalog) if doers else people_table(catalog)
    for index, word in enumerate(words[start:], start):
        pair = " ".join(words[index : index + 2]) if index + 1 < len(words) else ""
        found = (vocabulary.table_named(pair) or _grouped_by(pair, catalog)) if pair else None
        found = found or (table_column(pair, catalog) if pair else None)
        if found is not None:  # "shipping city", "account manager"
            return found
        table = vocabulary.table_named(word)
        specific = _is_more_specific(words, word, catalog)  # "product category"
        if table is not None and not specific:
            return table
        found = _grouped_by(word, catalog, keys=not specific)
        if found is not None:
            return found
    return people_table(catalog) if "who" in words else None


def _rows_named(words: list[str], catalog: SqlCatalog) -> str | None:
    """The one table "who are/is ..." names ("who are our top 5 clients"), else None."""
    if words[:1] not in (["are"], ["is"], ["were"], ["was"]):
        return None
    tables = {t for t in (Vocabulary.of(catalog).table_named(w) for w in words[1:]) if t}
    return tables.pop() if len(tables) == 1 else None


def _grouped_by(
    phrase: str, catalog: SqlCatalog, *, keys: bool = True
) -> CatalogColumn | str | None:
    """What ``phrase`` groups by: a column to group by, or (``keys``) the rows of a
    labelled table a key column refers to ("account manager" -> AccountManagerKey -> staff)."""
    column = group_column(phrase, catalog)
    if column is not None:
        return _referenced(column, catalog)
    named = Vocabulary.of(catalog).columns_named(phrase) if keys else []
    for key in (c for c in named if c.key):
        referenced = _referenced(key, catalog)
        if isinstance(referenced, str):
            return referenced
    return None


def group_column(word: str, catalog: SqlCatalog, *, any_text: bool = True) -> CatalogColumn | None:
    """A column to group by named by ``word`` (countries -> country, year -> SaleYear):
    one a synonym of the documentation names, then one with a short list of values, then
    any text or year column."""
    documented = documented_column(word, catalog)
    if documented is not None:
        return documented
    named = Vocabulary.of(catalog).columns_named(word)
    listed = [c for c in named if c.values]
    if listed:
        return listed[0]
    if not any_text:
        return None
    usable = [c for c in named if (c.text and not c.date) or "year" in c.words]
    return usable[0] if usable else None


def _referenced(column: CatalogColumn, catalog: SqlCatalog) -> CatalogColumn | str:
    """A key of a table whose rows have a label stands for those rows: its primary key
    ("supplier" -> suppliers), or a foreign key to it (unless the table has two foreign
    keys to it: then the column says which)."""
    table = catalog.table(column.table)
    if table.primary_key == [column.name] and catalog.label(table.name) != [column.name]:
        return table.name
    for fk in table.foreign_keys:
        twice = sum(other.ref_table == fk.ref_table for other in table.foreign_keys) > 1
        labelled = catalog.label(fk.ref_table) != fk.ref_columns
        if fk.columns == [column.name] and labelled and not twice:
            return fk.ref_table
    return column


def _is_more_specific(words: list[str], word: str, catalog: SqlCatalog) -> bool:
    """ "product category": the table word is followed by one of its grouping columns."""
    index = words.index(word)
    return index + 1 < len(words) and group_column(words[index + 1], catalog) is not None
