"""Which rows a count's noun names, where the linker's table is another's:

- "how many pieces" counted as the rows of a table that pairs rows of two others and is
  named after one of them and the noun (``kit_piece``: one row per kit and part): the
  pairs are no number of pieces, nor are the distinct parts surely all of them; unless
  the question says the table's whole name ("kit pieces"), the count is declined;
- "how many hair colour variations" read as a table named by the phrase's first words
  (``hair_colours``) when the documentation calls another table's rows by the whole
  phrase ("One row per hair colour variation"): the documented rows are meant, and a
  plan that does not read that table is declined.

Example::

    # kit(id), part(id), kit_piece(kit -> kit, part -> part, PRIMARY KEY (kit, part))
    counted_nouns(" how many parts are there ", plan, catalog)  # [] (the part table)
    counted_nouns(" how many pieces are there ", kit_piece_plan, catalog)  # ["piece"]
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.row_nouns import row_phrase_of
from hookline.sql.words import identifier_words, singular

__all__ = ["counted_nouns"]


def counted_nouns(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The noun of ``text`` (a question's words, space-padded) whose rows ``plan`` does
    not count (see the module doc); empty when none."""
    said = f" {' '.join(singular(w) for w in text.split())} "
    return _link_tails(said, plan, catalog) + _documented_phrases(said, plan, catalog)


def _link_tails(said: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The last word of the name of a pairing table counted whole, said without the
    words before it, those naming a table the pairs refer to."""
    if plan.kind != "count" or plan.filters or plan.measure is not None:
        return []
    table = catalog.table(plan.table)
    if len(table.foreign_key_columns() & set(table.primary_key)) < 2:
        return []
    name = [singular(w) for w in identifier_words(plan.table)]
    head, modifiers = name[-1], name[:-1]
    referred = {
        tuple(singular(w) for w in identifier_words(fk.ref_table)) for fk in table.foreign_keys
    }
    if not modifiers or tuple(modifiers) not in referred or f" {' '.join(name)} " in said:
        return []
    return [head] if f" {head} " in said else []


def _documented_phrases(said: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """A phrase of two words or more the documentation calls a table's rows by, said in
    the question, of a table no part of the plan reads."""
    if plan.kind not in ("count", "rank"):
        return []
    read = {plan.table, plan.group_table, *plan.via, *(f.table_name for f in plan.filters)}
    read |= {c.table for c in (plan.column, plan.measure) if c is not None}
    raw = " ".join(f.raw for f in plan.filters if f.raw)  # "no known X": a sub-question's
    for table in catalog.schema.tables:
        phrase = " ".join(row_phrase_of(table.name, catalog))
        unread = table.name not in read and table.name not in raw
        if len(phrase.split()) > 1 and unread and f" {phrase} " in said:
            return [phrase]
    return []
