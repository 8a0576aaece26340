"""Tables a question names that its plan never reads: "How many vendors make parts for
Acme machines?" counted as the vendors named Acme leaves the parts out, and answers
another question; the plan is declined."""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.measures import table_mentions
from hookline.sql.mentions import value_matches

__all__ = ["unread_tables"]


def unread_tables(text: str, sql: str, catalog: SqlCatalog) -> list[str]:
    """The tables ``text`` names (outside the values it spells out) that ``sql`` neither
    reads rows from nor names as a column it reads."""
    words = text.split()
    for start, end, _ in sorted(value_matches(words, catalog), key=lambda m: -m[0]):
        words[start:end] = ["_"]
    read = sql.replace('"', "").lower()
    return [
        table
        for _, table in table_mentions(" " + " ".join(words) + " ", catalog)
        if not re.search(rf"\b(from|join) {re.escape(table.lower())}\b", read)
        and not re.search(rf"\.{re.escape(table.lower())}\b", read)
    ]
