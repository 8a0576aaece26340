"""sold_quantities: the quantity a question means by "units sold" — one on the sales side.

"The top 5 gadgets by quantity sold" ranks gadgets by a quantity of the rows that
record a sale or an order of them (an order line), never by a stock level of the gadgets
themselves: "sold", "ordered", "shipped", "bought" qualify the quantity.  A quantity is on
the sales side when its own name has the question's verb (``qtyOrdered`` for "ordered";
not "units on order"), or when it is a column of another table that refers to the ranked
rows (or to rows that do) and that is named for sales, or that no table refers to and has
two parents at least (an order line of an order and a gadget).  With none, or several to
choose from, the caller abstains.

Example::

    sold_quantities(quantities, "Gadget", {"sold"}, catalog)   # [BasketLine.Qty]
"""

from __future__ import annotations

from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.words import identifier_words, word_set

__all__ = ["SALE_VERBS", "sold_quantities"]

SALE_VERBS = word_set("sold sell sells selling ordered shipped bought purchased delivered")
"""Verbs that make a quantity one of sales or orders."""
_SALE_WORDS = word_set("sale sales sold invoice invoices")
"""Words of a table's name that make its rows sales (not "order": orders may be purchases)."""


def sold_quantities(
    quantities: list[Measure], ranked: str | None, verbs: set[str], catalog: SqlCatalog
) -> list[Measure]:
    """The ``quantities`` on the sales side of the rows of ``ranked`` (see the module doc):
    the ones named by one of the question's ``verbs`` first, else the ones of a table
    recording sales of them."""
    named = [m for m in quantities if set(m.words) & verbs & SALE_VERBS]  # not "on order"
    if named:
        return named
    return [m for m in quantities if m.table != ranked and _records_sales(m.table, ranked, catalog)]


def _records_sales(table: str, ranked: str | None, catalog: SqlCatalog) -> bool:
    """An order line or a sale: a table of the sale word's name, or one no table refers to
    that refers to a sale (or order) and to what was sold — two parents at least."""
    parents = {fk.ref_table for fk in catalog.table(table).foreign_keys}
    if ranked is not None and ranked not in parents and not _via(parents, ranked, catalog):
        return False
    if set(identifier_words(table)) & _SALE_WORDS:
        return bool(parents)
    referenced = any(
        fk.ref_table == table for other in catalog.schema.tables for fk in other.foreign_keys
    )
    return not referenced and len(parents) >= 2


def _via(parents: set[str], ranked: str, catalog: SqlCatalog) -> bool:
    """Whether one of ``parents`` refers to ``ranked`` (a basket line's gadget's maker)."""
    return any(fk.ref_table == ranked for p in parents for fk in catalog.table(p).foreign_keys)
