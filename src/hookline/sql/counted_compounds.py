"""A two-noun compound counted as its first noun's rows: "the most name readings" with a
``tag_name`` table ("name" its last word) and a ``reading`` table reads the counted rows
from "name" alone, though the phrase's head is "readings" and what the compound names
(readings of one sort) is neither table's rows. Declined, unless the phrase names a table
or a column itself ("order lines"); the head's rows counted ("customer orders") are not
in doubt.

Example::

    # shop: label_name(item, value), reading(item, value)
    counted_compounds(PlanReading("Which item has the most name readings?", plan, catalog))
    # ["name readings"] when the plan counts label_name rows
"""

from __future__ import annotations

import re

from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import singular

__all__ = ["counted_compounds"]

_COUNTED = re.compile(r" (?:most|fewest|least|number of|how many) (?=([a-z]+) ([a-z]+) )")


def counted_compounds(reading: PlanReading) -> list[str]:
    """The compound after "most", "number of" or "how many" (a singular noun, then a
    plural one) whose first noun names the table the plan counts and whose second names
    another table."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind not in ("rank", "count") or plan.measure is not None:
        return []
    vocabulary = Vocabulary.of(catalog)
    for match in _COUNTED.finditer(reading.text):
        modifier, head = match.groups()
        if singular(modifier) != modifier or singular(head) == head:
            continue  # "how many teams play": no compound, a plural and its verb
        phrase = " ".join(match.groups())
        if vocabulary.table_named(phrase) is not None or vocabulary.columns_named(phrase):
            continue
        first, second = (vocabulary.table_named(w) for w in match.groups())
        if first == plan.table and second not in (None, first):
            return [phrase]
    return []
