"""A ranked table's own count of a thing, before a count of another table's rows.

"Which gadget has the most screws?" where the gadgets table has a ``screw_count`` column
and a child table of screw faults refers to each gadget: the gadget's own count of its
screws is what is asked, not how many fault rows it has.  The plural after the superlative,
in the singular, is the column's one word besides a counting word (count, number, total);
a singular there starts a longer name ("the most engine options": not the engines).
Two such columns (``screw_count`` and ``screw_total``): which one is not said, and the
ranking is declined rather than guessed.

Example::

    own_counts(["which", "gadget", "has", "the", "most", "screws"], "gadgets", catalog)
    # [Measure(name='screw_count', table='gadgets', ...)]
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.measures import rows_not_units
from hookline.sql.words import singular, word_set

__all__ = ["own_counts", "ranked_by"]

_SUPERLATIVES = word_set("most least fewest highest lowest largest smallest greatest")
_COUNT_WORDS = word_set("count counts number num nr no total n")


def ranked_by(
    words: list[str],
    named: str | CatalogColumn | None,
    measure: Measure | None,
    counted: str | None,
    catalog: SqlCatalog,
) -> tuple[Measure | None, str | None] | None:
    """The measure and the counted table a ranking of ``named`` reads: the rows of
    ``counted`` when every quantity word names them ("the most items"), the named
    table's own count of the thing ranked by ("the most screws": ``screw_count``), else
    as found; None when two own counts leave it open."""
    if measure is not None and counted and rows_not_units(words, measure, counted, catalog):
        return None, counted  # "the brand with the most items": the item rows
    if measure is not None or not isinstance(named, str) or counted in (None, named):
        return measure, counted
    own = own_counts(words, named, catalog)
    if len(own) > 1:
        return None
    return (own[0], None) if own else (measure, counted)


def own_counts(words: list[str], table: str, catalog: SqlCatalog) -> list[Measure]:
    """The measures of ``table`` that count the thing ``words`` rank by ("the most
    screws" -> ``screw_count``): one to rank by; two leave it open (module doc)."""
    after = [words[i + 1] for i, w in enumerate(words[:-1]) if w in _SUPERLATIVES]
    things = {singular(w) for w in after if singular(w) != w}  # "most engine options": no
    return [m for m in catalog.measures if m.table == table and _counts(m, things)]


def _counts(measure: Measure, things: set[str]) -> bool:
    """Whether ``measure`` is named by one of ``things`` and counting words only."""
    own = [w for w in measure.words if w not in _COUNT_WORDS]
    return len(own) == 1 and singular(own[0]) in things
