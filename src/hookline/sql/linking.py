"""link_question: a question's QueryPlan, from the words it shares with the database.

The runtime reads what a small model gets wrong: which table a question is about, which
measure it ranks or adds up, which values it filters by (only values that literally occur
in the database: "Italy", "cancelled", a year), and what kind of answer it wants.  Every
name comes from the ``SqlCatalog`` of the database at hand; the only fixed knowledge is a
short list of English words (``MEASURE_WORDS``, the superlatives, the month names).  A
question it cannot read returns None and goes to the model as before.

Example::

    plan = link_question("How many customers live in Italy?", catalog)
    compile_plan(plan, catalog)   # SELECT COUNT(*) AS customers FROM customers WHERE ...
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.plan import Filter, QueryPlan, join_path

__all__ = ["MEASURE_WORDS", "link_question", "linked_tables"]

MEASURE_WORDS = {
    "revenue": ("revenue", "sales", "money", "spent", "spend", "earned", "income", "turnover"),
    "price": ("price", "prices", "expensive", "cheap", "cheapest", "cost", "costs", "priced"),
    "quantity": ("quantity", "units", "items", "sold"),
}
"""Words that name a measure, by the last word of the measure's name."""
BREAKDOWN_ROWS = 50
"""Rows of a breakdown ("revenue by category")."""
_MOST = ("most", "highest", "largest", "biggest", "top", "greatest", "maximum", "best")
_LEAST = ("least", "lowest", "smallest", "fewest", "cheapest", "minimum")
_PICTURES = ("chart", "plot", "graph", "visualize", "draw")
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}
_MONTHS = [
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
]  # fmt: skip


def link_question(question: str, catalog: SqlCatalog) -> QueryPlan | None:
    """The plan ``question`` asks for, or None when its words do not settle it."""
    text = " " + re.sub(r"[^a-z0-9' ]+", " ", question.lower()) + " "
    words = text.split()
    if any(w in words for w in _PICTURES):
        return None  # a chart is the model's (and visualize_data's) job
    filters = _value_filters(text, catalog)
    superlative = any(w in words for w in _MOST + _LEAST)
    ranking = (superlative and any(w in words for w in ("which", "who"))) or _limit(words) > 1
    ranking = ranking or "top" in words
    counting = " how many " in text or words[:1] == ["count"]
    if counting or (" number of " in text and not ranking):
        plan = _how_many(text, words, catalog)
    elif ranking:
        plan = _ranking(text, words, catalog)
    else:
        plan = _aggregate(text, words, catalog)
    if plan is None:
        return None
    plan.filters = filters + _date_filters(text, plan, catalog)
    return plan


def linked_tables(question: str, catalog: SqlCatalog) -> list[str]:
    """The tables a question is about: the ones it names, the ones holding values it
    spells out, and the tables joining them; empty when it names none."""
    text = " " + re.sub(r"[^a-z0-9' ]+", " ", question.lower()) + " "
    named = [table for _, table in _mentions(text, catalog)]
    named += [f.column.table for f in _value_filters(text, catalog)]
    named += [c.table for c in catalog.columns if c.values and f" {c.words[-1]} " in text]
    tables = list(dict.fromkeys(named))
    for other in tables[1:]:
        if _reachable(tables[0], other, catalog):
            tables += [t for t, _ in join_path(tables[0], other, catalog) if t not in tables]
    return tables


# -- the kinds of question -------------------------------------------------------------


def _how_many(text: str, words: list[str], catalog: SqlCatalog) -> QueryPlan | None:
    anchor = next((i for i, w in enumerate(words) if w in ("many", "count", "of")), 0)
    after = [w for w in words[anchor + 1 :] if w != "the"]
    nouns = [w for w in after if w not in ("different", "distinct", "product", "unique")]
    head = nouns[0] if nouns else ""
    measure = _measure(text, catalog, only=("quantity",))
    if measure is not None and head in MEASURE_WORDS["quantity"]:
        return QueryPlan(kind="sum", table=measure.table, measure=measure)
    column = _group_column(head, catalog)
    if column is not None:
        return QueryPlan(kind="count_distinct", table=column.table, column=column)
    table = _table_named(head, catalog) or _first_table(text, catalog)
    return QueryPlan(kind="count", table=table) if table else None


def _ranking(text: str, words: list[str], catalog: SqlCatalog) -> QueryPlan | None:
    """Which/who ... most, the top N: group, order by a measure or a count."""
    limit, ascending = _limit(words), any(w in words for w in _LEAST)
    subject = _subject(words, catalog)
    measure = _measure(text, catalog)
    counted = _table_after_superlative(words, catalog)
    if isinstance(subject, str) and measure is not None and measure.table == subject:
        return QueryPlan(
            kind="list", table=subject, measure=measure, limit=limit, ascending=ascending
        )
    agg = "AVG" if "average" in words else "SUM"
    if isinstance(subject, CatalogColumn):
        table = counted or subject.table
        return QueryPlan(kind="rank", table=table, column=subject, measure=measure, agg=agg,
                         limit=limit, ascending=ascending)  # fmt: skip
    if isinstance(subject, str):
        table = counted if measure is None and counted else subject
        return QueryPlan(kind="rank", table=table, group_table=subject, measure=measure,
                         agg=agg, limit=limit, ascending=ascending)  # fmt: skip
    return None


def _aggregate(text: str, words: list[str], catalog: SqlCatalog) -> QueryPlan | None:
    """What is the total / average / highest <measure> (of <table>)."""
    measure = _measure(text, catalog, table=_first_table(text, catalog))
    if measure is None:
        return None
    least, most = any(w in words for w in _LEAST), any(w in words for w in _MOST)
    by = words.index("by") if "by" in words[:-1] else None
    group = _group_column(words[by + 1], catalog) if by is not None else None
    if group is not None:  # "revenue by category": every group, largest first
        agg = "AVG" if "average" in words else "SUM"
        return QueryPlan(kind="rank", table=group.table, column=group, measure=measure,
                         agg=agg, limit=BREAKDOWN_ROWS)  # fmt: skip
    if "average" in words or "mean" in words:
        return QueryPlan(kind="avg", table=measure.table, measure=measure)
    if (least or most) and not _names_measure(words, measure):  # "the cheapest product"
        return QueryPlan(kind="list", table=measure.table, measure=measure, ascending=least)
    if least or most:
        return QueryPlan(kind="min" if least else "max", table=measure.table, measure=measure)
    return QueryPlan(kind="sum", table=measure.table, measure=measure)


# -- words to schema -------------------------------------------------------------------


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("'s"):
        return word[:-2]
    plural = word.endswith("s") and not word.endswith(("ss", "us"))
    return word[:-1] if plural else word


def _table_named(word: str, catalog: SqlCatalog) -> str | None:
    for table in catalog.schema.tables:
        if _singular(word) == _singular(table.name.lower()):
            return table.name
    return None


def _mentions(text: str, catalog: SqlCatalog) -> list[tuple[int, str]]:
    found = []
    for table in catalog.schema.tables:
        singular = _singular(table.name.lower()).replace("_", " ")
        match = re.search(rf" {re.escape(singular)}(s|es|'s)? ", text)
        if match:
            found.append((match.start(), table.name))
    return sorted(found)


def _first_table(text: str, catalog: SqlCatalog) -> str | None:
    mentions = _mentions(text, catalog)
    return mentions[0][1] if mentions else None


def _group_column(word: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """A column with a short list of values named by ``word`` (countries -> country)."""
    wanted = _singular(word)
    for column in catalog.columns:
        if column.values and column.words and column.words[-1] == wanted:
            return column
    return None


def _subject(words: list[str], catalog: SqlCatalog) -> CatalogColumn | str | None:
    """What the answer names: a grouping column or the rows of a table (who -> people)."""
    start = next((i for i, w in enumerate(words) if w in ("which", "who", "top")), 0)
    for word in words[start:]:
        column = _group_column(word, catalog)
        if column is not None:
            return column
        table = _table_named(word, catalog)
        if table is not None and not _is_more_specific(words, word, catalog):
            return table
    if "who" in words:
        return next((t.name for t in catalog.schema.tables if catalog.label(t.name)[0] ==
                     "first_name"), None)  # fmt: skip
    return None


def _is_more_specific(words: list[str], word: str, catalog: SqlCatalog) -> bool:
    """ "product category": the table word is followed by one of its grouping columns."""
    index = words.index(word)
    return index + 1 < len(words) and _group_column(words[index + 1], catalog) is not None


def _table_after_superlative(words: list[str], catalog: SqlCatalog) -> str | None:
    for index, word in enumerate(words):
        if word in _MOST + _LEAST:
            for later in words[index + 1 :]:
                table = _table_named(later, catalog)
                if table is not None:
                    return table
    return None


def _measure(
    text: str,
    catalog: SqlCatalog,
    *,
    table: str | None = None,
    only: tuple[str, ...] | None = None,
) -> Measure | None:
    """The measure the question names; among equals, the one of ``table`` (or the first
    table mentioned)."""
    words = set(text.split())
    heads = [h for h, synonyms in MEASURE_WORDS.items() if words & set(synonyms)]
    heads += [m.name for m in catalog.measures if m.name in words and m.name not in heads]
    heads = [h for h in heads if only is None or h in only]
    if "average" in words and "price" in heads:
        heads = ["price"]  # "highest average price": a price, whatever is sold
    if not heads:
        return None
    candidates = [m for m in catalog.measures if m.name.split("_")[-1] == heads[0]]
    preferred = table or _first_table(text, catalog)
    return next((m for m in candidates if m.table == preferred), None) or (
        _nearest(candidates, preferred, catalog) if candidates else None
    )


def _nearest(candidates: list[Measure], table: str | None, catalog: SqlCatalog) -> Measure:
    if table is None:
        return candidates[0]
    return min(candidates, key=lambda m: len(join_path(table, m.table, catalog)))


def _names_measure(words: list[str], measure: Measure) -> bool:
    """ "highest unit price" names the measure; "most expensive" only describes rows."""
    return measure.name.split("_")[-1] in words


def _limit(words: list[str]) -> int:
    for index, word in enumerate(words):
        if word in ("top", "first") or (
            index + 1 < len(words) and words[index + 1] in _MOST + _LEAST
        ):
            number = words[index + 1] if word in ("top", "first") else word
            if number.isdigit():
                return int(number)
            if number in _NUMBERS:
                return _NUMBERS[number]
    return 1


# -- filters ---------------------------------------------------------------------------


def _value_filters(text: str, catalog: SqlCatalog) -> list[Filter]:
    """``column = value`` for each known value the question spells out (longest first)."""
    filters: list[Filter] = []
    taken = text
    values = [(v, c) for c in catalog.columns for v in c.values]
    for value, column in sorted(values, key=lambda vc: -len(vc[0])):
        needle = f" {value.lower()} "
        if needle in taken:
            filters.append(Filter(column=column, value=value))
            taken = taken.replace(needle, " _ ")
    return filters


def _date_filters(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[Filter]:
    year = re.search(r" (19|20)(\d\d) ", text)
    column = _date_column(text, plan, catalog) if year else None
    if year is None or column is None:
        return []
    value = year.group(1) + year.group(2)
    month = next((i for i, m in enumerate(_MONTHS, 1) if f" {m} " in text), None)
    if month is not None:
        value += f"-{month:02d}"
    return [Filter(column=column, value=value, prefix=True)]


def _date_column(text: str, plan: QueryPlan, catalog: SqlCatalog) -> CatalogColumn | None:
    """The date column the question means: one it names ("signed up" -> signup_date),
    else the nearest to the plan's own table along foreign keys."""
    dates = [c for c in catalog.columns if c.date]
    squeezed = text.replace(" ", "")
    named = [c for c in dates if any(w in squeezed for w in c.words if w != "date")]
    if named:
        return named[0]
    reachable = [c for c in dates if _reachable(plan.table, c.table, catalog)]
    if not reachable:
        return None
    return min(reachable, key=lambda c: len(join_path(plan.table, c.table, catalog)))


def _reachable(start: str, target: str, catalog: SqlCatalog) -> bool:
    try:
        join_path(start, target, catalog)
    except ValueError:
        return False
    return True
