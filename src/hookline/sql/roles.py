"""roles: of several foreign keys from one table to one parent (a route's ``source_id``
and ``destination_id`` to its airports, a message's ``sender`` and ``recipient`` to its
people), the one a question's verb or role word picks: "the airport with the most
departing routes" groups by the source, "how many messages did Ada receive" reads the
recipient. A key takes a role when its column's words carry one of the role's names; the
question says the role by a verb or a noun of it. No role said, two roles said, or a role
no key (or every key) carries: no key, and the question stays unread.

Example::

    role_key(["which", "airport", "has", "the", "most", "departing", "routes"],
             "routes", "airports", catalog)   # the key of src_airport_id
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hookline.sql.catalog import Measure, SqlCatalog, quote
from hookline.sql.groups import twice
from hookline.sql.plan import QueryPlan, joined_path, reachable
from hookline.sql.runner import ForeignKey
from hookline.sql.words import identifier_words, word_set

__all__ = ["parent_ranking", "role_key", "role_words", "step_roles", "unread_roles"]


@dataclass(frozen=True, kw_only=True)
class _Role:
    """A role a row's key plays: the words a question says it by (``said``), the words
    of the columns that carry it (``named``)."""

    said: frozenset[str]
    named: frozenset[str]


_ROLES = (
    _Role(said=word_set("""depart departs departed departing departure departures leave
                 leaves leaving outbound origin origins source sources from"""),
          named=word_set("source src origin orig from departure")),
    _Role(said=word_set("""arrive arrives arrived arriving arrival arrivals land lands
                 landed landing inbound destination destinations to into"""),
          named=word_set("destination dest dst to arrival target")),
    _Role(said=word_set("send sends sent sending sender senders"),
          named=word_set("sender from source author")),
    _Role(said=word_set("""receive receives received receiving recipient recipients
                 receiver receivers"""),
          named=word_set("recipient receiver to target addressee")),
    _Role(said=word_set("home host hosts hosted hosting"), named=word_set("home host")),
    _Role(said=word_set("away visiting visitor visitors"),
          named=word_set("away visitor visiting guest")),
    _Role(said=word_set("win wins won winning winner winners"),
          named=word_set("winner winning")),
    _Role(said=word_set("lose loses lost losing loser losers"),
          named=word_set("loser losing")),
    _Role(said=word_set("buy buys bought buying buyer buyers purchaser purchasers"),
          named=word_set("buyer purchaser")),
    _Role(said=word_set("sell sells sold selling seller sellers vendor vendors"),
          named=word_set("seller vendor")),
)  # fmt: skip
"""The roles, each the opposite of its neighbour (English; no database's names)."""


def role_key(words: list[str], child: str, parent: str, catalog: SqlCatalog) -> ForeignKey | None:
    """The one foreign key of ``child`` to ``parent`` whose role ``words`` say, when
    ``child`` has several to it and the words say one of their roles only ("won at
    home": a game's home team; winning is no key's role); else None."""
    keys = catalog.keys_to(child, parent)
    played = [role for role in _ROLES if any(_plays(fk, role) for fk in keys)]
    said = [role for role in played if role.said & set(words)]
    if len(keys) < 2 or len(said) != 1:
        return None
    chosen = [fk for fk in keys if _plays(fk, said[0])]
    return chosen[0] if len(chosen) == 1 else None


def _plays(key: ForeignKey, role: _Role) -> bool:
    """Whether ``key``'s one column carries ``role`` in its words (``src_airport_id``)."""
    return len(key.columns) == 1 and bool(role.named & set(identifier_words(key.columns[0])))


def step_roles(words: list[str], plan: QueryPlan, catalog: SqlCatalog) -> tuple[ForeignKey, ...]:
    """The keys of the roles ``words`` say on the joins from the plan's rows to its
    conditions' tables, at each step where a table has several keys to the next ("routes
    leaving Denver": by the source airport)."""
    source = plan.measure.table if plan.measure else plan.table
    found: list[ForeignKey] = []
    tables = (f.table_name for f in plan.filters if f.table_name != source)
    for table in dict.fromkeys(tables):
        path = [t for t, _ in joined_path(source, table, catalog) or []]
        for child, parent in zip([source, *path], path, strict=False):
            key = role_key(words, child, parent, catalog) or role_key(words, parent, child, catalog)
            found += [key] if key is not None and key not in found else []
    return tuple(found)


def role_words(catalog: SqlCatalog) -> frozenset[str]:
    """The words that say a role some table's keys to one parent play, of several keys
    ("arriving": a route's ``dst_airport_id``); a question saying one must read its key."""
    return frozenset(w for role, _ in _played(catalog) for w in role.said)


def unread_roles(said: list[str], sql: str, catalog: SqlCatalog) -> list[str]:
    """The words of ``said`` whose role's keys ``sql`` reads none of ("arriving routes"
    counted all)."""
    played = _played(catalog)
    return [
        word for word in said
        if not any(word in role.said and re.search(rf"\.{re.escape(quote(column))}(?!\w)", sql)
                   for role, column in played)
    ]  # fmt: skip


def _played(catalog: SqlCatalog) -> list[tuple[_Role, str]]:
    """(role, key column) of every key playing a role among several keys of a table to
    one parent."""
    found = []
    for table in catalog.schema.tables:
        for parent in {fk.ref_table for fk in table.foreign_keys}:
            keys = [fk for fk in table.foreign_keys if fk.ref_table == parent]
            found += [(role, key.columns[0]) for role in _ROLES for key in keys
                      if len(keys) > 1 and _plays(key, role)]  # fmt: skip
    return found


def parent_ranking(
    parent: str,
    measure: Measure | None,
    counted: str | None,
    words: list[str],
    catalog: SqlCatalog,
) -> QueryPlan | None:
    """The rows of ``parent`` ranked by ``measure``, or by how many ``counted`` rows
    refer to each (by the key whose role the words say, of several: ``role_key``)."""
    table = counted if measure is None and counted else parent
    if measure is not None and not reachable(parent, measure.table, catalog):
        return None
    if measure is None and table == parent:
        return None  # a table's rows counted by themselves: one each
    role = role_key(words, table, parent, catalog)
    if twice(table, parent, catalog) and role is None:
        return None  # "the airport with the most flights": from it, or to it?
    return QueryPlan(kind="rank", table=table, group_table=parent, measure=measure,
                     roles=(role,) if role else ())  # fmt: skip
