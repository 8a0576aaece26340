"""never: "customers who never placed an order" — no row of the child table the question
names after "never" (or "have not", "did not"), by a noun ("an order") or by its verb
("never ordered", "never tweeted": the table of orders, of tweets); "members who never
sailed a boat" — no row of the one link table pairing the rows with boats, when the verb
names its key to the rows (a sailor's id).  A table of two keys to the rows (from it, or
to it?), a child that a third table pairs with the rows too (its leader, or its
members?) unless the verb names the child's key, or a verb naming no table or two, leaves
the question unread."""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog, quote
from hookline.sql.links import link_table
from hookline.sql.mentions import NEVER, Vocabulary
from hookline.sql.plan import Filter, QueryPlan, join_path, reachable
from hookline.sql.roles import role_key
from hookline.sql.verb_forms import agent_nouns, verb_bases
from hookline.sql.words import FUNCTION_WORDS, identifier_words

__all__ = ["child_key", "never_filters"]


def never_filters(
    text: str, plan: QueryPlan, filters: list[Filter], catalog: SqlCatalog
) -> list[Filter] | None:
    """``filters`` with "never ..." read as no row of a child (or link) table (the
    filters of that table inside the sub-query); None when it cannot be read."""
    said = NEVER.search(text)
    if said is None:
        return filters
    if plan.kind not in ("count", "rows"):
        return None
    later = text[said.end() :].split()
    vocabulary = Vocabulary.of(catalog)
    named = [t for w in later if (t := vocabulary.table_named(w)) and t != plan.table]
    verb = [w for w in later if w not in FUNCTION_WORDS][:1]  # "never (been) returned"
    child = named[0] if named else _verb_table(verb, plan.table, vocabulary, catalog)
    key = child_key(plan.table, child, catalog) if child else None
    if child is not None and key is None:
        child, key = _link(later, plan.table, child, catalog)
    elif child is not None and named and not _direct(verb, plan.table, child, catalog):
        return None  # "employees never assigned to a project": its leader, or a member?
    if child is None or key is None:
        return None
    inner = [f for f in filters if f.table_name == child]
    where = " AND ".join([key, *(f.sql() for f in inner)])
    outer = [f for f in filters if f.table_name != child]
    if any(_through(child, f.table_name, plan.table, catalog) for f in outer):
        return None  # "features Acme never supported": Acme's rows are the child's
    return [*outer, Filter(raw=f"NOT EXISTS (SELECT 1 FROM {quote(child)} WHERE {where})",
                           table=plan.table)]  # fmt: skip


def _through(child: str, table: str, start: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` is joined to ``start`` through ``child`` (its condition belongs
    inside the sub-query that says there is no such row)."""
    if table == start or not reachable(start, table, catalog):
        return False
    return any(t == child for t, _ in join_path(start, table, catalog))


def _verb_table(
    words: list[str], table: str, vocabulary: Vocabulary, catalog: SqlCatalog
) -> str | None:
    """The one child table of ``table`` the verb right after "never" names ("ordered"
    -> orders, "tweeted" -> tweets)."""
    found = {t for w in words for base in verb_bases(w) if (t := vocabulary.table_named(base))}
    children = [t for t in found if t != table and child_key(table, t, catalog)]
    return children[0] if len(found) == 1 and children else None


def _link(
    words: list[str], table: str, thing: str, catalog: SqlCatalog
) -> tuple[str | None, str | None]:
    """(the link table, its key to ``table``) pairing ``table``'s rows with ``thing``'s,
    when a verb of ``words`` names its key to ``table`` ("sailed" -> a sailor's id)."""
    link = link_table(table, thing, catalog)
    if link is None:
        return None, None
    keys = catalog.keys_to(link, table)
    own = [w for fk in keys for c in fk.columns for w in identifier_words(c)]
    bases = {base for w in words for base in [*verb_bases(w), *agent_nouns(w)]}
    if len(keys) != 1 or not bases & set(own) - {"id"}:
        return None, None
    return link, child_key(table, link, catalog)


def _direct(words: list[str], table: str, child: str, catalog: SqlCatalog) -> bool:
    """Whether ``child``'s own key to ``table`` is the relation meant: no third table
    pairs their rows too, or the verb names that key ("never led a project" ->
    ``leader_id``, though a table of members pairs people with projects)."""
    both = {table, child}
    pairing = [t for t in catalog.schema.tables if t.name not in both
               and both <= {fk.ref_table for fk in t.foreign_keys}]  # fmt: skip
    if not pairing:
        return True
    keys = catalog.keys_to(child, table)
    own = {w for fk in keys for c in fk.columns for w in identifier_words(c)} - {"id"}
    return bool(own & {n for w in words for n in [*verb_bases(w), *agent_nouns(w)]})


def child_key(parent: str, child: str, catalog: SqlCatalog, text: str = "") -> str | None:
    """``child.fk = parent.pk`` when ``child`` has a foreign key to ``parent``; of two,
    the one whose role ``text`` says ("departing flights" of an airport), else None
    ("flights" of an airport: from it, or to it?)."""
    keys = catalog.keys_to(child, parent)
    role = role_key(text.split(), child, parent, catalog) if len(keys) > 1 else None
    fk = role or (keys[0] if len(keys) == 1 else None)
    if fk is None:
        return None
    pairs = zip(fk.columns, fk.ref_columns, strict=False)
    return " AND ".join(f"{quote(child)}.{quote(a)} = {quote(parent)}.{quote(b)}" for a, b in pairs)
