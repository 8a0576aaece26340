"""Which rows a count's noun names, where the linker's table is another's:

- "how many pieces" counted as the rows of a table that pairs rows of two others and is
  named after one of them and the noun (``kit_piece``: one row per kit and part): the
  pairs are no number of pieces, nor are the distinct parts surely all of them; unless
  the question says the table's whole name ("kit pieces"), the count is declined;
- "how many hair colour variations" read as a table named by the phrase's first words
  (``hair_colours``) when the documentation calls another table's rows by the whole
  phrase ("One row per hair colour variation"): the documented rows are meant, and a
  plan that does not read that table is declined; a count of the rows of a table the
  phrase's first words name, each row a part of a documented row (a variation's colours),
  counts the documented rows instead (``documented_rows``).

Example::

    # kit(id), part(id), kit_piece(kit -> kit, part -> part, PRIMARY KEY (kit, part))
    counted_nouns(PlanReading("How many parts are there?", plan, catalog))  # [] (the parts)
    counted_nouns(PlanReading("How many pieces are there?", kit_piece_plan, catalog))
    # ["piece"]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.row_nouns import row_phrase_of
from hookline.sql.words import identifier_words, question_words, singular

__all__ = ["counted_nouns", "documented_rows"]


def counted_nouns(reading: PlanReading) -> list[str]:
    """The noun of the question whose rows the plan does not count (see the module doc);
    empty when none."""
    said, plan, catalog = _singular_text(reading.words), reading.plan, reading.catalog
    return _link_tails(said, plan, catalog) + _documented_phrases(said, plan, catalog)


def documented_rows(question: str, plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan:
    """``plan`` counting, instead of its table's rows, the rows of the table they refer to
    when the question says that table's documented row phrase, whose first words name the
    counted table ("hair colour variations": the variations, not their hair colours)."""
    if plan.kind not in ("count", "rank") or plan.measure is not None or plan.table is None:
        return plan
    said = _singular_text(question_words(question))
    own = [singular(w) for w in identifier_words(plan.table)]
    for fk in catalog.table(plan.table).foreign_keys:
        phrase = row_phrase_of(fk.ref_table, catalog)
        named = len(phrase) > len(own) and phrase[: len(own)] == own
        rest = said.replace(f" {' '.join(phrase)} ", " | ")
        if named and rest != said and f" {' '.join(own)} " not in rest:  # not "most Xs"
            return replace(plan, table=fk.ref_table)
    return plan


def _singular_text(words: Iterable[str]) -> str:
    """The singular of each of ``words``, space-joined and space-padded."""
    return f" {' '.join(singular(w) for w in words)} "


def _referred(plan: QueryPlan, catalog: SqlCatalog) -> set[str]:
    """The tables the plan's group and condition columns refer to (a beast's
    ``kind`` column, a key to the kinds: "which beast kind" reads the kinds)."""
    columns = [plan.column, *(f.column for f in plan.filters)]
    return {
        fk.ref_table
        for c in columns if c is not None
        for fk in catalog.table(c.table).foreign_keys if c.name in fk.columns
    }  # fmt: skip


def _link_tails(said: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The last word of the name of a pairing table counted whole, said without the
    words before it, those naming a table the pairs refer to."""
    if plan.kind != "count" or plan.filters or plan.measure is not None:
        return []
    table = catalog.table(plan.table)
    if len(table.paired_key_columns()) < 2:
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
    read = {*plan.tables(), *plan.via} | _referred(plan, catalog)
    raw = " ".join(f.raw for f in plan.filters if f.raw)  # "no known X": a sub-question's
    for table in catalog.schema.tables:
        phrase = " ".join(row_phrase_of(table.name, catalog))
        unread = table.name not in read and table.name not in raw
        if len(phrase.split()) > 1 and unread and f" {phrase} " in said:
            return [phrase]
    return []
