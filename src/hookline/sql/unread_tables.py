"""Tables a question names that its plan never reads: "How many vendors make parts for
Acme machines?" counted as the vendors named Acme leaves the parts out, and "How many
planets have a dock?" or "How many files come in folders?" counted as every planet or
file, answer another question; the plan is declined."""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.documented_counts import documented_count
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading

__all__ = ["unread_tables"]


def unread_tables(reading: PlanReading) -> list[str]:
    """The tables the question names in the plural (outside the values it spells out, and not
    as a word of a longer table name: "order" of "order item") that a count of some rows'
    ``plan`` neither reads rows from nor reads a column or a key of; a table its rows are
    said to have one of ("with a dock"), for a plan of any kind ("the planets with a dock
    of each galaxy" ranked by all planets)."""
    plan, catalog = reading.plan, reading.catalog
    counted = plan.kind in ("count", "count_distinct", "rows")
    if plan.kind == "rows" and (plan.column is None or not plan.filters):
        return []  # a lookup of one column: "the population of the towns of X"
    words = list(reading.words)
    for start, end, _ in sorted(reading.value_matches, key=lambda m: -m[0]):
        words[start:end] = ["_"]
    said = " " + " ".join(words) + " "
    named = _named_tables(said, catalog) if counted else []
    if not plan.filters:  # "tweets customers posted": every tweet has its customer
        named = [table for table in named if not catalog.refers_to(plan.table, table)]
    had = _had_tables(said, catalog)  # "How many planets have a dock?": one with a dock
    if not named and not had:
        return []
    read = reading.read_sql
    named += [table for table, phrase in had if "_".join(phrase.split()) not in read]
    return [table for table in dict.fromkeys(named) if not _read(table, read, catalog)]


_HAD = re.compile(r" (?:have|has|had|with) (?:an?|any|one) ([a-z]+)(?= ([a-z]+))?")


def _had_tables(text: str, catalog: SqlCatalog) -> list[tuple[str, str]]:
    """(table, phrase) of each table ``text`` says its rows have one of ("have a dock",
    "with an outfitter"); a flag column of the phrase (``has_dock``) reads it too."""
    vocabulary = Vocabulary.of(catalog)
    found = []
    for match in _HAD.finditer(text):
        pair = f"{match.group(1)} {match.group(2)}" if match.group(2) else ""
        for phrase in (pair, match.group(1)) if pair else (match.group(1),):
            if table := vocabulary.table_named(phrase):
                found.append((table, phrase))
                break
    return found


def _read(table: str, sql: str, catalog: SqlCatalog) -> bool:
    """Whether ``sql`` (lower case, unquoted) reads rows, a column or a key of ``table``,
    or its parent's documented count of them (``documented_count``)."""
    name = re.escape(table.lower())
    if re.search(rf"\b(from|join) {name}\b|\.{name}\b", sql):
        return True
    keys = [
        f"{child.name}.{column}".lower()
        for child in catalog.schema.tables
        for key in child.foreign_keys
        if key.ref_table == table
        for column in key.columns
    ]
    parents = {key.ref_table for key in catalog.table(table).foreign_keys}
    counts = [documented_count(parent, table, catalog) for parent in parents]
    keys += [f"{m.table}.{m.name}".lower() for m in counts if m is not None]  # their count
    return any(re.search(rf"\b{re.escape(key)}\b", sql) for key in keys)


def _named_tables(text: str, catalog: SqlCatalog) -> list[str]:
    """The tables whose plural names ``text`` holds (a singular may be a verb: "teams
    play in"), each mention inside a longer one left out."""
    spans: list[tuple[int, int, str]] = []
    for phrase, table in Vocabulary.of(catalog).tables.items():
        pattern = rf" ({re.escape(phrase)}(s|es)|{re.escape(phrase[:-1])}ies) "
        spans += [(m.start(1), m.end(1), table) for m in re.finditer(pattern, text)]
    return list(
        dict.fromkeys(
            table
            for start, end, table in spans
            if not any(s <= start and end <= e and e - s > end - start for s, e, _ in spans)
        )
    )
