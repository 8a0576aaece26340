"""ValueIndex: the distinct values of high-cardinality text columns, found by the words of
a question ("parcels to Lyon", "members born in Peru", "Acme Tools").

Built once per database from ``SELECT DISTINCT`` over each indexed column, capped in size
(``MAX_PER_COLUMN``, ``MAX_VALUES``) and in build time by one budget (``BUILD_SECONDS``,
of which each read has the time left), and cached in
memory under the catalog's fingerprint (schema and row counts), so a second catalog of the
same database reuses it.  A lookup matches a phrase of the question to a value exactly
(case-insensitive) or, for a value of several words, to most of its words ("Acme
Tools" -> "Acme Tools Ltd.").

Example::

    index = await ValueIndex.build(runner, [("parcels", "city")], fingerprint="...")
    index.lookup(["lyon"])  # [ValueMatch(table="parcels", column="city", value="Lyon", ...)]
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field

from hookline.sql.runner import SqlExecutionError, SqlRunner
from hookline.sql.words import value_key

__all__ = ["ValueIndex", "ValueMatch"]

logger = logging.getLogger(__name__)

MAX_PER_COLUMN = 50_000
"""Distinct values read from one column (the rest are not linkable)."""
MAX_VALUES = 250_000
"""Values kept over all columns."""
BUILD_SECONDS = 120.0
"""Time budget of a build, a safety net, and the only time limit on it: each column's read
may take the time left of it (no read has a limit of its own), so only a build that runs
out of it leaves columns out (the one then read and those after it, logged).  The size caps
above decide what is indexed; this one is far above the few seconds the largest eval
database takes (176,000 values: 5 s on 2 cores), so a busy machine indexes the same values
as an idle one and a question is read the same way on both (with 10 s a read, a heavily
loaded machine left a column out: its values were then unknown words).  A runner may stop a
statement sooner (``PostgresRunner``'s ``statement_timeout_s``)."""
MAX_VALUE_CHARS = 60
"""Longer values are free text, not names: not indexed."""
_CACHE: dict[str, ValueIndex] = {}
_LISTS = 20
"""A column is of lists when at least one of this many of its values has a comma."""


@dataclass(frozen=True, kw_only=True)
class ValueMatch:
    """A column value a phrase names; ``exact`` when the phrase is the whole value."""

    table: str
    column: str
    value: str
    exact: bool


@dataclass
class ValueIndex:
    """Values by their lower-case text, and by each of their words."""

    values: list[tuple[str, str, str]] = field(default_factory=list)
    exact: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    words: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    cells: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(list))
    """Per (table, column): its values indexed, and those of them with a comma."""

    @classmethod
    async def build(
        cls, runner: SqlRunner, columns: list[tuple[str, str]], *, fingerprint: str
    ) -> ValueIndex:
        """The index of ``columns`` ((table, column) pairs), from the cache when built."""
        cached = _CACHE.get(fingerprint)
        if cached is not None:
            return cached
        index, deadline = cls(), time.monotonic() + BUILD_SECONDS
        for table, column in columns:
            left = deadline - time.monotonic()  # each read has the time left (BUILD_SECONDS)
            if left <= 0 or len(index.values) >= MAX_VALUES:
                logger.info("Value index: %s.%s and later columns left out", table, column)
                break
            await index._read(runner, table, column, timeout_s=left)
        _CACHE[fingerprint] = index
        return index

    async def _read(self, runner: SqlRunner, table: str, column: str, *, timeout_s: float) -> None:
        quoted = f'"{table}"."{column}"'
        sql = (
            f'SELECT DISTINCT {quoted} FROM "{table}" WHERE {quoted} IS NOT NULL '
            f"LIMIT {MAX_PER_COLUMN}"
        )
        try:
            result = await runner.run(sql, max_rows=MAX_PER_COLUMN, timeout_s=timeout_s)
        except SqlExecutionError as error:
            logger.info("Value index: %s.%s not read: %s", table, column, error)
            return
        for (value,) in result.rows:
            self.add(table, column, str(value))

    def add(self, table: str, column: str, value: str) -> None:
        """Index one value (skipped when it is long free text)."""
        if not value.strip() or len(value) > MAX_VALUE_CHARS:
            return
        position = len(self.values)
        self.values.append((table, column, value))
        self.exact[value_key(value)].append(position)  # "São Paulo": "sao paulo" too
        for word in set(_value_words(value)):
            self.words[word].append(position)
        counts = self.cells[(table, column)] or [0, 0]
        self.cells[(table, column)] = [counts[0] + 1, counts[1] + ("," in value)]

    def lookup(self, phrase: list[str]) -> list[ValueMatch]:
        """The values ``phrase`` (lower-case words) names: exact ones when there are any,
        else values of several words of which the phrase holds most (in order)."""
        text = " ".join(phrase)
        exact = self.exact.get(text, [])
        if exact:
            return [self._match(i, exact=True) for i in exact]
        if len(phrase) < 2 or not all(w in self.words for w in phrase):
            return []
        common = set(self.words[phrase[0]]).intersection(*(self.words[w] for w in phrase[1:]))
        found = []
        for position in sorted(common):
            words = _value_words(self.values[position][2])
            if len(phrase) * 3 >= len(words) * 2 and _in_order(phrase, words):
                found.append(self._match(position, exact=False))
        families = {(m.table, m.column) for m in found}  # each column's family read once
        kept = {key for key in families if not self._family(text, *key)}
        return [m for m in found if (m.table, m.column) in kept]

    def _family(self, text: str, table: str, column: str) -> bool:
        """Whether several values of the column start with ``text`` ("Route 9" of
        "Route 9 North" and "Route 9-A") and none is spelled by its words alone: the
        start of a family of values, none of them."""
        phrase = text.split()
        starting = [
            _value_words(value)
            for t, c, value in (self.values[p] for p in self.words.get(phrase[0], []))
            if (t, c) == (table, column) and value_key(value).startswith(text)
        ]
        return len(starting) > 1 and phrase not in starting

    def holds(self, table: str, column: str, value: str) -> bool:
        """Whether the column has ``value`` (as written) among its indexed values."""
        found = (self.values[p] for p in self.exact.get(value_key(value), ()))
        return (table, column, value) in found

    def in_lists(self, table: str, column: str, value: str) -> bool:
        """Whether ``value`` is also a member of comma-separated lists in the column
        ("Acme" in "Acme, Zenith Ltd"): a list-like column, where the whole cell is not
        all its rows. A column of few values with a comma is no list ("Main Street, s/n"
        is a name, not Main Street and another)."""
        words = _value_words(value)
        indexed, listed = self.cells.get((table, column)) or [0, 0]
        if not words or listed * _LISTS < indexed:
            return False
        key = value_key(value)
        for position in self.words.get(words[0], []):
            t, c, other = self.values[position]
            if (t, c) == (table, column) and value_key(other) != key:
                members = [value_key(m) for m in other.split(",")]
                if key in (m.strip() for m in members):
                    return True
        return False

    def spellings(self, table: str, column: str, value: str, *, plural: bool = False) -> list[str]:
        """The values of the column spelling the same words as ``value`` ("Acme Ltd" and
        "Acme Ltd."), ``value`` first: one thing, every row of which the question means;
        with ``plural`` (a short list of values, not a dictionary of words) also a last
        word of five letters or more with an "s" added ("monday" and "mondays")."""
        form = _one_form if plural else list
        words = form(_value_words(value))
        rarest = min(words, key=lambda w: len(self.words.get(w, ())), default="")
        found = [value]
        added = self.words.get(rarest + "s", []) if plural else []
        for position in self.words.get(rarest, []) + added:
            t, c, other = self.values[position]
            same = form(_value_words(other)) == words
            if (t, c) == (table, column) and other != value and same and other not in found:
                found.append(other)
        return found

    def _match(self, position: int, *, exact: bool) -> ValueMatch:
        table, column, value = self.values[position]
        return ValueMatch(table=table, column=column, value=value, exact=exact)


def _one_form(words: list[str]) -> list[str]:
    """``words`` with the closing "s" of a last word of six letters or more cut
    ("mondays" -> monday; "news", "glass" kept)."""
    last = words[-1] if words else ""
    if len(last) >= 6 and last.endswith("s") and not last.endswith("ss"):
        return [*words[:-1], last[:-1]]
    return words


def _value_words(value: str) -> list[str]:
    return [w.strip(".,'()") for w in value_key(value).split() if w.strip(".,'()")]


def _in_order(phrase: list[str], words: list[str]) -> bool:
    """``phrase`` is a run of consecutive ``words`` starting at their start."""
    return words[: len(phrase)] == phrase
