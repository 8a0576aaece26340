"""links: two tables paired by a link table, a table of nothing but one foreign key to
each ("show_performer": which performer appears in which show).  The rows of one are
selected by a row of the other ("Which shows does Ada appear in?") or counted per row
("performers who appear in more than 4 shows") through it — only when it is the one
table pairing them and they do not refer to each other.

Example::

    link_table("show", "performer", catalog)   # "show_performer"
    linked_count("performer", "show", catalog) # "(SELECT COUNT(...) FROM show_performer ...)"
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog, quote
from hookline.sql.plan import join_path
from hookline.sql.runner import ForeignKey

__all__ = ["link_table", "linked_count"]


def link_table(rows: str, table: str, catalog: SqlCatalog) -> str | None:
    """The one link table pairing ``rows`` with ``table`` (and the join from one to the
    other goes through it), else None."""
    if rows == table or catalog.refers_to(rows, table) or catalog.refers_to(table, rows):
        return None
    links = [t.name for t in catalog.schema.tables if _pairs(t.name, rows, table, catalog)]
    if len(links) != 1:
        return None
    path = [t for t, _ in join_path(rows, table, catalog)]
    return links[0] if path == [links[0], table] else None


def linked_count(
    parent: str, thing: str, catalog: SqlCatalog, *, distinct: bool = False
) -> str | None:
    """How many rows of ``thing`` the link table pairs with a row of ``parent``, as a
    sub-query of ``parent``'s row: the pairs as the link table lists them, counted in it
    (never through ``thing``, which would drop a pair whose key it does not list, or a
    pair listed twice; ``thing`` only joined to them); ``distinct``: each key of
    ``thing`` once, however often the link table pairs it with the row ("in more than one
    show": a performer listed twice in one show is in one show); None without one link
    table of single-column keys."""
    link = link_table(parent, thing, catalog)
    if link is None:
        return None
    to_parent, to_thing = (_key_to(link, t, catalog) for t in (parent, thing))
    if to_parent is None or to_thing is None:
        return None
    own = f"{quote(parent)}.{quote(to_parent.ref_columns[0])}"
    paired = f"{quote(link)}.{quote(to_thing.columns[0])}"
    joined = f"{quote(thing)} ON {quote(thing)}.{quote(to_thing.ref_columns[0])} = {paired}"
    counted = f"DISTINCT {paired}" if distinct else paired
    return (
        f"(SELECT COUNT({counted}) FROM {quote(link)} LEFT JOIN {joined}"
        f" WHERE {quote(link)}.{quote(to_parent.columns[0])} = {own})"
    )


def _key_to(link: str, table: str, catalog: SqlCatalog) -> ForeignKey | None:
    """The single-column foreign key of ``link`` to ``table``."""
    keys = catalog.keys_to(link, table)
    return keys[0] if len(keys) == 1 and len(keys[0].columns) == 1 else None


def _pairs(link: str, one: str, other: str, catalog: SqlCatalog) -> bool:
    """Whether ``link`` refers once to ``one``, once to ``other`` and to nothing else."""
    targets = [fk.ref_table for fk in catalog.table(link).foreign_keys]
    return link not in (one, other) and sorted(targets) == sorted([one, other])
