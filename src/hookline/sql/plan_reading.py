"""PlanReading: a linked plan read once against its question, for the checks of ``doubts``.

Every check of ``doubts.DOUBTS`` takes one reading and returns the words of the question
it doubts the plan answers.  What several checks need of the same plan — the question's
words and the values they name, the plan's SQL, the values its conditions read, the
tables the question names — is worked out here once, on first use, instead of by each
check again.

Example::

    reading = PlanReading("How many homes were there this year?", plan, catalog)
    reading.text    # " how many homes were there this year "
    reading.words   # ("how", "many", "homes", "were", "there", "this", "year")
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from hookline.sql.catalog import SqlCatalog
from hookline.sql.chains import named_tables
from hookline.sql.measures import table_mentions
from hookline.sql.mentions import value_matches
from hookline.sql.number_values import in_digits
from hookline.sql.plan import QueryPlan, compile_plan
from hookline.sql.value_index import ValueMatch
from hookline.sql.words import question_words, singular

__all__ = ["PlanReading"]


@dataclass(frozen=True, eq=False)
class PlanReading:
    """``plan`` linked for ``question`` on ``catalog``, and what the checks read of it."""

    question: str
    plan: QueryPlan
    catalog: SqlCatalog

    @cached_property
    def text(self) -> str:
        """The question's words (``question_words``), space-joined and space-padded, so a
        check finds a whole word as " word "."""
        return " " + " ".join(question_words(self.question)) + " "

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The question's words, in order."""
        return tuple(self.text.split())

    @cached_property
    def singulars(self) -> frozenset[str]:
        """The singular of each of the question's words."""
        return frozenset(singular(w) for w in self.words)

    @cached_property
    def value_matches(self) -> tuple[tuple[int, int, ValueMatch], ...]:
        """(start, end, match) of each run of the question's words naming an indexed value
        (``mentions.value_matches``)."""
        return tuple(value_matches(list(self.words), self.catalog))

    @cached_property
    def value_positions(self) -> frozenset[int]:
        """The positions of the question's words inside a run naming a value."""
        return frozenset(i for start, end, _ in self.value_matches for i in range(start, end))

    @cached_property
    def source(self) -> str:
        """The table of the rows the plan counts or measures: its measure's, else its own."""
        return self.plan.measure.table if self.plan.measure else self.plan.table

    @cached_property
    def sql(self) -> str:
        """The plan's SQL (``compile_plan``: its errors raised, and raised again each time)."""
        return compile_plan(self.plan, self.catalog)

    @cached_property
    def read_sql(self) -> str:
        """The plan's SQL as the checks read it, names unquoted and lower case: "select
        count(*) as orders from orders where orders.status = 'open'" (``sql``'s errors
        raised)."""
        return self.sql.replace('"', "").lower()

    @cached_property
    def values_read(self) -> str:
        """The values and raw conditions of the plan's filters (a number also in digits),
        as one text to search."""
        filters = self.plan.filters
        return " ".join(f"{f.value} {f.raw or ''} {in_digits(f.value)}" for f in filters)

    @cached_property
    def named_tables(self) -> frozenset[str]:
        """The tables the question names (``chains.named_tables``)."""
        return frozenset(named_tables(self.text, self.catalog))

    @cached_property
    def table_mentions(self) -> tuple[tuple[int, str], ...]:
        """(position in ``text``, table) of each table the question names, first mention
        first (``measures.table_mentions``)."""
        return tuple(table_mentions(self.text, self.catalog))
