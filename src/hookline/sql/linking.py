"""read_question: a question's QueryPlan, from the words it shares with the database — or
an Abstention saying what it did not understand.

The runtime reads what a small model gets wrong: which table a question is about, which
measure it ranks or adds up, which values it filters by (only values that occur in the
database: "Italy", "cancelled", a year, a name found in the value index), and what kind
of answer it wants.  Every name comes from the ``SqlCatalog`` of the database at hand
(and its ``DatabaseDocs``); the only fixed knowledge is English (``hookline.sql.words``).

A plan is built only when every content word of the question names something; otherwise the
answer is an ``Abstention`` ("I don't know what 'loyalty tier' means in this database — the
customers table has: ..."). Questions in another language, about the future or asking for free
text are declined the same way, and so is a plan that reads every word but still answers another
question (``hookline.sql.doubts``: a time no condition reads, a yes/no group, "how many" as a
sum of money, ...). A confident answer built from part of a question is a defect.

Example::

    plan = read_question("How many customers live in Italy?", catalog)
    compile_plan(plan, catalog)   # SELECT COUNT(*) AS customers FROM customers WHERE ...
    read_question("How many customers have a loyalty tier?", catalog).message
"""

from __future__ import annotations

import re
from dataclasses import replace

from hookline.sql.abstention import Abstention, not_understood
from hookline.sql.ages import age_order
from hookline.sql.answer_kinds import answer_kind, column_asked, thing_asked, values_count
from hookline.sql.attributes import attribute_plan, shape_words
from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.chains import named_tables_column, one_chain
from hookline.sql.conditions import ambiguous_values, conditions, find_phrase, value_filters
from hookline.sql.counted_nouns import documented_rows
from hookline.sql.counted_plurals import counted_plural
from hookline.sql.dimensions import row_noun, single_masked, thing_adjective
from hookline.sql.documentation import DatabaseDocs
from hookline.sql.documented_counts import own_total
from hookline.sql.documented_names import without_documented_modifiers
from hookline.sql.doubts import plan_doubts
from hookline.sql.firsts import first_row_plan
from hookline.sql.group_counts import counted_groups
from hookline.sql.groups import (
    BREAKDOWN_ROWS,
    aggregate_each,
    each_read,
    each_starts,
    elsewhere,
    key_column,
    labelled_parent,
    own_alike,
    own_breakdown,
    own_values,
    period_ranking,
    rows_table,
    table_column,
    twice,
    verb_counted,
)
from hookline.sql.key_labels import labelled_rows
from hookline.sql.measures import (
    counted_rows,
    first_table,
    named_measures,
    question_measure,
    single_measure,
    table_mentions,
    unsure_measure,
)
from hookline.sql.mentions import (
    ALIASES,
    Vocabulary,
    compound_head,
    unknown_words,
    unused_mentions,
)
from hookline.sql.near_columns import parent_alike
from hookline.sql.number_asks import number_of_rows, unasked_count
from hookline.sql.number_values import unnumbered
from hookline.sql.own_counts import ranked_by
from hookline.sql.plan import QueryPlan, compile_plan, reachable, through_children
from hookline.sql.plan_reading import PlanReading
from hookline.sql.ranking_subjects import answer_subject, group_column
from hookline.sql.rates import per_parent_average
from hookline.sql.refusals import pictured, refusal
from hookline.sql.roles import parent_ranking, role_words, step_roles, unread_roles
from hookline.sql.row_codes import row_code
from hookline.sql.row_nouns import without_row_noun
from hookline.sql.row_words import fits_row_words, row_verbs, row_words, without_words
from hookline.sql.sales import SALE_VERBS, sold_quantities
from hookline.sql.sub_rows import sub_rows
from hookline.sql.table_nouns import unsaid_measure
from hookline.sql.topic_words import whole_name, without_topic_words
from hookline.sql.units import documented_units, unread_units
from hookline.sql.unplanned import unplanned_words
from hookline.sql.value_glosses import without_glosses
from hookline.sql.value_kinds import without_value_kinds
from hookline.sql.value_lists import listed_column, own_rows
from hookline.sql.value_tables import value_groups
from hookline.sql.words import (
    FUNCTION_WORDS,
    KIND_NOUNS,
    MEASURE_WORDS,
    question_words,
    singular,
    value_key,
    word_set,
)

__all__ = ["MEASURE_WORDS", "Abstention", "asks_for_chart", "link_question", "read_question"]

_MOST = ("most", "highest", "largest", "biggest", "top", "greatest", "maximum", "best",
         "longest", "tallest", "heaviest", "oldest", "fastest", "northernmost",
         "easternmost")  # fmt: skip
_LEAST = ("least", "lowest", "smallest", "fewest", "cheapest", "minimum", "shortest",
          "lightest", "slowest", "southernmost", "westernmost", "youngest")  # fmt: skip
# a value ranked by its number of rows ("the most common surname")
_COMMON = re.compile(r" (?:most|least) (?:common|frequent|usual) ")
_AGGREGATE_WORDS = ("total", "sum", "average", "mean", "much", "altogether", "combined")
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}


_SMALL_TALK = word_set("""hello hi hey thanks thank you bye goodbye good morning evening
    afternoon ok okay cool great nice please help there""")


def read_question(
    question: str, catalog: SqlCatalog, *, docs: DatabaseDocs | None = None
) -> QueryPlan | Abstention:
    """The plan ``question`` asks for, or an ``Abstention`` (module doc); one declined
    is read again without the verbs every row did ("the people who died")."""
    if docs is not None and catalog.docs is not docs:
        catalog.docs, catalog.cache = docs, {}
    question = without_documented_modifiers(question, catalog)  # "file extensions": rows
    plan = _read_question(question, catalog)
    verbs = row_verbs(question_words(question), catalog) if isinstance(plan, Abstention) else None
    again = _rows_called(question, verbs, catalog) if verbs else plan
    return again if isinstance(again, QueryPlan) else plan


def _read_question(question: str, catalog: SqlCatalog) -> QueryPlan | Abstention:
    declined = refusal(question)
    if declined is not None:
        return Abstention(message=declined)
    first = first_row_plan(question, catalog)  # "Which was the first Zeta launch?"
    if first is not None:
        return first
    unknown = unknown_words(question, catalog)
    roles = [w for w in unknown if w in role_words(catalog)]  # "arriving": a key's role
    units = documented_units(question, catalog)  # "in cm": a column's documented unit
    read, unread = {w for unit in units for w in unit.split()}, unknown
    unknown = [w for w in unknown if w not in roles and w not in read]
    if rows_said := row_words(unknown, catalog):  # "the equipment sent to Kansas": rows
        return _rows_called(question, rows_said, catalog)
    words = question_words(question)
    if words and set(words) <= _SMALL_TALK:
        return Abstention(message="Hello! Ask me a question about the data.", small_talk=True)
    if unknown and not set(unknown) <= shape_words(words, catalog):
        return not_understood(question, unknown, catalog)
    plan = _plan(question, catalog, shaped=bool(unknown))
    if isinstance(plan, Abstention):
        return plan
    if plan is not None and (unasked := unasked_count(question, plan)):
        return unasked  # "the sigil number of X", "list the Xs": no count asked
    if plan is None:
        return Abstention(message=(
            "I could not answer that: I know the words of the question, but not how to "
            "combine them into one query. Please rephrase it, or ask a simpler question."
        ))  # fmt: skip
    plan = documented_rows(question, plan, catalog)  # "hair colour variations": documented rows
    plan = labelled_rows(plan, catalog)  # "which kits hold a torch": by the kit's name
    asked = without_row_noun(question, plan.table, catalog)  # "Acme launches": its rows
    reading = PlanReading(asked, plan, catalog)  # the plan compiled once, for every check
    ignored = unread_roles(roles, reading.sql, catalog)  # no key of it read
    ignored = ignored or unread_units(units, unread, plan, catalog)  # no column in that unit read
    ignored = ignored or unplanned_words(reading) or plan_doubts(reading)
    if ignored:
        said = ", ".join(f"'{w}'" for w in ignored)
        return Abstention(message=(
            f"I could not answer that: I don't know how to use {said} in a query on this "
            "database, and without it the answer would be another question's. Please "
            "rephrase it, or ask a simpler question."
        ), unknown=tuple(ignored))  # fmt: skip
    return own_total(plan, catalog)  # "how many screws has Rex": its documented count


def _rows_called(question: str, said: set[str], catalog: SqlCatalog) -> QueryPlan | Abstention:
    """``question`` read without the words ``said`` of rows, if its plan reads those rows."""
    plan = read_question(without_words(question, said), catalog)
    fits = isinstance(plan, Abstention) or fits_row_words(said, plan, catalog)
    return plan if fits else not_understood(question, sorted(said), catalog)


def link_question(question: str, catalog: SqlCatalog) -> QueryPlan | None:
    """The plan ``question`` asks for, or None when it abstains (``read_question``)."""
    plan = read_question(question, catalog)
    return plan if isinstance(plan, QueryPlan) else None


def asks_for_chart(question: str, catalog: SqlCatalog) -> bool:
    """Whether ``question`` asks for a picture ("Chart the categories", "plot orders by
    status"; a value that spells "plot" does not count, nor "what is the plot of ..."
    (``pictured``)): the model's and ``visualize_data``'s job, never a plan's."""
    return pictured(_masked(_text(question), catalog).split())


def _text(question: str) -> str:
    return " " + " ".join(question_words(question)) + " "


# -- the kinds of question -------------------------------------------------------------


def _plan(question: str, catalog: SqlCatalog, *, shaped: bool) -> QueryPlan | Abstention | None:
    plan = None if shaped else _read(_text(question), catalog)
    if plan is None or isinstance(plan, Abstention):
        return plan if plan is not None else attribute_plan(question, catalog)
    try:
        sql = compile_plan(plan, catalog)
    except (ValueError, KeyError):
        return attribute_plan(question, catalog)
    said = _text(without_row_noun(question, plan.table, catalog))
    text = single_masked(said, plan, catalog)  # "in a single season": its rows
    unused = [p for p in unused_mentions(text, sql, catalog) if not counted_plural(p, sql, catalog)]
    return attribute_plan(question, catalog) if unused else plan


def _masked(text: str, catalog: SqlCatalog) -> str:
    """``text`` with the values it spells out replaced ("Most Improved Seller" is a value,
    not a superlative; "generation 2" is no measure)."""
    text = unnumbered(text, catalog)
    for found in value_filters(text, catalog):
        value = f" {value_key(found.value)} "
        needle = find_phrase(text, value_key(found.value)) or value
        plural = "" if needle == value else needle.split()[-1] + " "  # "awards" counts rows
        text = text.replace(needle, " _ " + plural)
    return without_glosses(text, catalog)  # "regular season": 'REG'


def _read(full: str, catalog: SqlCatalog) -> QueryPlan | Abstention | None:
    text = _masked(full, catalog)
    words = text.split()
    values = value_filters(full, catalog)
    prefer = values[0].table_name if values else None  # "sales of Acme Ltd": its table
    if pictured(words):
        return None  # a chart is the model's (and visualize_data's) job
    if whole := counted_groups(words, catalog) or sub_rows(words, values, catalog):
        return whole  # "which countries have over 5 cities", "the subcategories of Bills"
    superlative = _said(words, _MOST + _LEAST)
    ranking = (superlative and any(w in words for w in ("which", "who"))) or _limit(words) > 1
    ranking = ranking or "top" in words or _COMMON.search(text) is not None
    counting = " how many " in text or words[:1] == ["count"]
    numbered = number_of_rows(words) and not ranking and "average" not in words
    if counting or numbered:
        plan = _how_many(text, words, catalog, prefer)
    elif ranking:
        plan = _ranking(text, words, catalog, prefer)
    else:
        plan = _aggregate(text, words, catalog, prefer) or _rows(words, catalog, prefer)
    plan = _per_group(words, plan, catalog) or per_parent_average(words, catalog)
    plan = value_groups(text, plan, catalog)  # "the genre with the most films": its value
    unsure = unsure_measure(text, catalog, prefer) if plan is None or not plan.measure else None
    if unsure is not None:  # "the average price": of the books or of the lamps?
        return Abstention(message=unsure)
    if plan is None or not one_chain(text, plan, catalog):
        return None
    found = conditions(full, plan, catalog)
    if found is None:
        return _ambiguous(full, plan, catalog)
    found = without_topic_words(full, plan, found, catalog)  # "brass lamps": every lamp
    if plan.kind == "rows" and not own_rows(text, plan, found, catalog):
        return None
    if any(f.negated and through_children(plan.table, f.table_name, catalog) for f in found):
        return None  # "players not inducted": no inducted row, or a row not inducted?
    plan.filters = found
    plan.roles = plan.roles or step_roles(words, plan, catalog)  # "routes leaving Denver"
    counted = answer_kind(text, plan, catalog)  # "how many times was Acme paid", "the cost of X"
    return column_asked(words, counted, catalog) if counted else None


def _per_group(words: list[str], plan: QueryPlan | None, catalog: SqlCatalog) -> QueryPlan | None:
    """ "How many parcels did each carrier take?": a count or total per group, one row each
    (never the total of all groups); None when the group cannot be read."""
    starts = each_starts(words, catalog) if plan is not None else []
    if plan is None or not starts:
        return plan
    if plan.kind in ("avg", "max", "min"):
        group = _group_after(words[starts[0] :], catalog)
        if isinstance(group, CatalogColumn) and plan.measure is not None:
            group = _same_column(group, plan.measure.table, catalog)
        return aggregate_each(words, starts[0], plan, group, catalog)
    if plan.kind not in ("count", "sum"):  # "the top stock each year": never one row
        return plan if each_read(_group_after(words[starts[0] :], catalog), plan) else None
    measure = plan.measure
    group = _group_after(words[starts[0] :], catalog)
    own = own_breakdown(words, starts[0], plan.table, catalog) if measure is None else None
    own = own or own_values(plan, group, catalog)
    if group in (None, plan.table) or (own and elsewhere(group, plan.table, catalog)):
        return own
    if group is None or group == plan.table:
        return None
    if isinstance(group, CatalogColumn):
        column = _same_column(group, measure.table if measure else plan.table, catalog)
        alike = own_alike(column, plan.table, catalog) if measure is None else column
        if alike is None:  # "beasts of each kind": their own, not their spells' kinds
            return None
        return QueryPlan(kind="rank", table=plan.table, column=alike, measure=measure,
                         limit=BREAKDOWN_ROWS)  # fmt: skip
    if not catalog.labels.get(group) or not reachable(plan.table, group, catalog):
        return None
    if twice(plan.table, group, catalog, own=True):
        return None  # "flights per airport": from it, or to it?
    return QueryPlan(kind="rank", table=plan.table, group_table=group, measure=measure,
                     limit=BREAKDOWN_ROWS)  # fmt: skip


def _group_after(words: list[str], catalog: SqlCatalog) -> CatalogColumn | str | None:
    """The table or grouping column the words after "each" / "per" name."""
    for size in (2, 1):
        phrase = " ".join(words[:size])
        found = _table_named(phrase, catalog) or group_column(phrase, catalog)
        found = found or (table_column(phrase, catalog) if size == 2 else None)
        if found is not None and len(words) >= size:
            return found
    return None


def _rows(words: list[str], catalog: SqlCatalog, prefer: str | None) -> QueryPlan | None:
    """ "Who is the <value>", "Which <table> are from <value>": the rows the values select,
    by their label; "who" is the people table that holds the value (or the only one)."""
    if words[:1] == ["who"] and words[1:2] in (["is"], ["are"], ["was"], ["were"]):
        people = [t.name for t in catalog.schema.tables if len(catalog.label(t.name)) == 2]
        table = prefer if prefer in people else people[0] if len(people) == 1 else None
    else:
        subject = answer_subject(words, catalog) if _asks_rows(words, catalog) else None
        table = subject if isinstance(subject, str) else None
    plan = QueryPlan(kind="rows", table=table, limit=BREAKDOWN_ROWS) if table else None
    return plan or listed_column(words, catalog)  # "list the book genres": values


def _ambiguous(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Abstention | None:
    """The honest answer to a question whose value names rows of several tables."""
    found = ambiguous_values(text, plan, catalog)
    if not found:
        return None
    value, columns = found[0]
    others = [c.split(".")[0] for c in columns if c.split(".")[0] != plan.table]
    if len({c.split(".")[0] for c in columns}) == 1 < len(columns):  # a maker, a seller
        others = [catalog.column(*c.split(".")).words[-1] for c in columns]
    if not others:  # only the counted table's own label: rows named so, one or two each
        return Abstention(message=(
            f"I could not answer that: '{value}' is in {columns[0]}, the name of single "
            f"{plan.table} rows. To count the rows of that name, say 'named {value}'."
        ), unknown=(value,))  # fmt: skip
    return Abstention(message=(
        f"I could not answer that: '{value}' is in {', '.join(columns)}, and I cannot tell "
        f"which one the question means. Please say which, e.g. 'the {others[0]} {value}'."
    ), unknown=(value,))  # fmt: skip


def _how_many(
    text: str, words: list[str], catalog: SqlCatalog, prefer: str | None = None
) -> QueryPlan | None:
    anchor = next((i for i, w in enumerate(words) if w in ("many", "count", "of")), 0)
    after = [w for w in words[anchor + 1 :] if w != "the"]
    nouns = [w for w in after if w not in ("different", "distinct", "product", "unique")]
    head = nouns[0] if nouns else ""
    if head in MEASURE_WORDS["quantity"]:  # "how many items were sold": never a price
        named = _table_named(head, catalog)  # "how many items are there": an items table's
        if any(m.head == "quantity" for m in catalog.measures) and (
            named is None or set(words) & SALE_VERBS
        ):
            return _quantity_sum(text, catalog)
        table = named or rows_table(head, catalog)  # an "items" table
        return QueryPlan(kind="count", table=table) if table else None
    distinct = any(w in words[anchor:] for w in ("different", "distinct", "unique"))
    table = whole_name(nouns[:3], catalog)  # "gizmo tone bands": not the tones
    table = table or _table_named(" ".join(nouns[:2]), catalog) or compound_head(nouns[:2], catalog)
    table = table or _table_named(head, catalog)
    counted = values_count(head, table, catalog, distinct=distinct) if table else None
    if counted is not None:  # "how many different languages", "how many genres": not rows
        return counted
    column = group_column(head, catalog, any_text=distinct) if table is None else None
    column = named_tables_column(column, text, catalog)  # "types of store"
    if column is not None and singular(head) in {value_key(v) for v in column.values}:
        return None  # "how many cities": the rows of the value 'City', not the kinds
    if column is not None and (distinct or singular(head) != head):
        return QueryPlan(kind="count_distinct", table=column.table, column=column)
    phrase = " " + " ".join(after[:3]) + " "
    summed = question_measure(phrase, catalog, table=prefer, named=True) if table is None else None
    if summed is not None and counted_rows(head, summed, catalog):
        return QueryPlan(kind="count", table=summed.table)  # "how many sales": the sale rows
    if summed is not None:  # "how many goals": a sum of a measure
        return QueryPlan(kind="sum", table=summed.table, measure=summed)
    if table is None and (distinct or head in KIND_NOUNS):
        return None  # "how many different kinds of items ...": no rows of a table named
    table = table or first_table(text, catalog) or _filtered_table(text, catalog) or prefer
    return QueryPlan(kind="count", table=table) if table else None


def _quantity_sum(text: str, catalog: SqlCatalog) -> QueryPlan | None:
    """The sum of the one quantity column ("items", "units" sold or ordered): the one whose
    other words the question says ("ordered" -> QtyOrdered, not UnitsInStock), else of a
    table it names, else the only one; None when there are several to choose from."""
    quantities = [m for m in catalog.measures if m.head == "quantity"]
    if set(text.split()) & SALE_VERBS:  # "units sold": an order line's, not the stock
        quantities = sold_quantities(quantities, None, set(text.split()), catalog)
    rest = [w for w in text.split() if w not in MEASURE_WORDS["quantity"]]  # not "items"
    found = [m for m in quantities if (set(rest) - FUNCTION_WORDS) & set(m.words)]
    named = {table for _, table in table_mentions(" " + " ".join(rest) + " ", catalog)}
    found = found or [m for m in quantities if m.table in named] or quantities
    if len(found) != 1:
        return None
    return QueryPlan(kind="sum", table=found[0].table, measure=found[0])


def _filtered_table(text: str, catalog: SqlCatalog) -> str | None:
    """The table of the first condition ("how many key accounts ..." -> its synonym's)."""
    for synonym in Vocabulary.of(catalog).synonyms:
        if synonym.filter and synonym.table and find_phrase(text, synonym.phrase):
            return synonym.table
    found = value_filters(text, catalog)
    return found[0].table_name if found else None


def _ranking(
    text: str, words: list[str], catalog: SqlCatalog, prefer: str | None = None
) -> QueryPlan | None:
    """Which/who ... most, the top N: group, order by a measure or a count."""
    limit, ascending = _limit(words), _said(words, _LEAST)
    timed = period_ranking(words, _counted_table(words, catalog, None), catalog)
    if timed is not None and not question_measure(text, catalog):
        return replace(timed, limit=limit, ascending=ascending)
    subject = named = answer_subject(without_value_kinds(words, catalog), catalog)
    if isinstance(subject, CatalogColumn) and thing_adjective(words):
        return None  # "which Electric-type creature is the fastest": a thing, not a group
    if isinstance(subject, CatalogColumn):
        subject = _life_column(subject, words, catalog)
    if isinstance(subject, str) and not catalog.labels.get(subject):
        subject = labelled_parent(subject, catalog)  # "borrower": a person, by their rows
    measure = question_measure(text, catalog, table=named if isinstance(named, str) else prefer)
    measure = unsaid_measure(words, named, measure, catalog)  # "which movement type ..."
    counted = _counted_table(words, catalog, named if isinstance(named, str) else None)
    if (read := ranked_by(words, named, measure, counted, catalog)) is None:
        return None  # "the most screws", two counts of screws: which one is not said
    measure, counted = read  # "the most items": the item rows; "the most screws": a count
    grouped = (named.table, named.name) if isinstance(named, CatalogColumn) else None
    if measure is not None and grouped == (measure.table, measure.name):
        measure = None  # "the year with the most releases": the year groups, never adds up
    if isinstance(subject, str) and measure is not None and measure.table == subject:
        ascending = age_order(words, measure, ascending, catalog)  # "the oldest": born first
        return QueryPlan(
            kind="list", table=subject, measure=measure, limit=limit, ascending=ascending
        )
    single = "MIN" if ascending else "MAX"  # "the smallest single split": its own amount
    agg = "AVG" if "average" in words else single if " single " in text else "SUM"
    if agg == single and measure is None and counted:
        measure = single_measure(counted, catalog)  # none, or several: doubted
    if isinstance(subject, CatalogColumn) and measure is not None:
        subject = _same_column(subject, measure.table, catalog)
    elif isinstance(subject, CatalogColumn) and counted:  # "town" of the clients counted
        subject = _same_column(subject, counted, catalog)
        subject = own_alike(subject, counted, catalog)  # "the type with the most Xs"
    if isinstance(subject, CatalogColumn):
        table = counted or subject.table
        return QueryPlan(kind="rank", table=table, column=subject, measure=measure, agg=agg,
                         limit=limit, ascending=ascending)  # fmt: skip
    if isinstance(subject, str) and measure is None and counted:
        subject = key_column(subject, counted, catalog) or subject
    if isinstance(subject, CatalogColumn):
        return QueryPlan(kind="rank", table=subject.table, column=subject, agg=agg,
                         limit=limit, ascending=ascending)  # fmt: skip
    if isinstance(subject, str):
        plan = parent_ranking(subject, measure, counted, words, catalog)
        return replace(plan, agg=agg, limit=limit, ascending=ascending) if plan else None
    return None


def _aggregate(
    text: str, words: list[str], catalog: SqlCatalog, prefer: str | None = None
) -> QueryPlan | None:
    """What is the total / average / highest <measure> (of <table>)."""
    measure = question_measure(text, catalog, table=first_table(text, catalog) or prefer)
    if measure is None or row_noun(words, measure, catalog) or _asks_rows(words, catalog):
        return None
    least, most = _said(words, _LEAST), _said(words, _MOST)
    by = words.index("by") if "by" in words[:-1] else None
    group = group_column(words[by + 1], catalog) if by is not None else None
    if group is not None:  # "revenue by category": every group, largest first
        agg = "AVG" if "average" in words else "SUM"
        return QueryPlan(kind="rank", table=group.table, column=group, measure=measure,
                         agg=agg, limit=BREAKDOWN_ROWS)  # fmt: skip
    if "average" in words or "mean" in words:
        return QueryPlan(kind="avg", table=measure.table, measure=measure)
    if (least or most) and not _names_measure(words, measure, catalog):  # "the cheapest"
        return QueryPlan(kind="list", table=measure.table, measure=measure, ascending=least)
    thing = thing_asked(words, (*_LEAST, *_MOST), measure, catalog) if least or most else None
    if thing is not None:  # "the smallest nation by area": a nation, never only an area
        if thing != measure.table:
            return None
        return QueryPlan(kind="list", table=thing, measure=measure, ascending=least)
    if least or most:
        return QueryPlan(kind="min" if least else "max", table=measure.table, measure=measure)
    return QueryPlan(kind="sum", table=measure.table, measure=measure)


# -- words to schema -------------------------------------------------------------------


def _table_named(word: str, catalog: SqlCatalog) -> str | None:
    return Vocabulary.of(catalog).table_named(word)


def _same_column(column: CatalogColumn, table: str, catalog: SqlCatalog) -> CatalogColumn:
    """``table``'s column of the same name, if it has one ("year" of the measure's rows),
    else of the same words (``c_town`` for ``d_town``: each table's own prefix), else the
    one of a parent when ``column``'s table is reached only through child rows."""
    same = [c for c in catalog.table_columns(table) if c.name == column.name]
    same = same or [c for c in catalog.table_columns(table) if c.words == column.words]
    return same[0] if same else parent_alike(column, table, catalog) or column


def _life_column(column: CatalogColumn, words: list[str], catalog: SqlCatalog) -> CatalogColumn:
    """The column of a birth or a death the question says ("the country most players were
    born in" -> BirthCountry, not DeathCountry), when the database has one such."""
    said = {ALIASES[w] for w in words if w in ("born", "died", "dead")}
    alike = [c for c in catalog.columns
             if c.words[-1:] == column.words[-1:] and said & set(c.words)]  # fmt: skip
    return alike[0] if len(alike) == 1 else column


def _counted_table(words: list[str], catalog: SqlCatalog, subject: str | None) -> str | None:
    """The table whose rows a ranking counts: named after "number of" ("top 5 studios by
    number of films"), else after the superlative ("the most films"); never the table
    of the rows ranked ("top 5 studios")."""
    starts = [i + 2 for i, w in enumerate(words[:-2]) if f"{w} {words[i + 1]}" == "number of"]
    starts += [i + 1 for i, w in enumerate(words) if w in _MOST + _LEAST]
    for start in starts:
        for index, later in enumerate(words[start:], start):
            pair = " ".join(words[index : index + 2])  # "order lines": not the orders
            table = _table_named(pair, catalog) or _table_named(later, catalog)
            if table is not None and table != subject:
                return table
    return verb_counted(words, subject, catalog)  # "which member reviewed the most"


def _asks_rows(words: list[str], catalog: SqlCatalog) -> bool:
    """ "Which gadgets cost more than $100?", "What gadgets ...", "List the gadgets ...":
    rows to name, never a total of them."""
    if set(words) & set(_AGGREGATE_WORDS):
        return False
    if words[:1] in (["which"], ["who"]):
        return True
    if words[:1] not in (["what"], ["list"], ["show"], ["name"]):
        return False
    rest = [w for w in words[1:4] if w not in ("are", "were", "the", "me", "all", "_")]
    plural = bool(rest) and singular(rest[0]) != rest[0]
    table = _table_named(rest[0], catalog) if plural else None
    if table is not None and "_" in words[1:4] and _coded_rows(table, catalog):
        return False  # "list the _ units" of rows with a code beside their name: which one
    return table is not None


def _coded_rows(table: str, catalog: SqlCatalog) -> bool:
    """Whether ``table``'s rows have a code beside their name: a short one (``row_code``)
    or a text primary key that is not their label."""
    key = catalog.table(table).primary_key
    texts = {c.name for c in catalog.table_columns(table) if c.text}
    keyed = len(key) == 1 and key[0] in texts and key[0] not in catalog.label(table)
    return keyed or row_code(table, catalog) is not None


def _names_measure(words: list[str], measure: Measure, catalog: SqlCatalog) -> bool:
    """ "highest unit price" names the measure; "most expensive", "longest film": rows."""
    if measure.head in words:
        return True
    after = [words[i + 1] for i, w in enumerate(words[:-1]) if w in _MOST + _LEAST]
    if any(_table_named(w, catalog) for w in after):
        return False
    return (
        bool(named_measures(" " + " ".join(words) + " ", catalog))
        and not any(w in words for w in ("which", "who"))
        and " the most " not in " ".join(words)
    )


def _said(words: list[str], superlatives: tuple[str, ...]) -> bool:
    """Whether ``words`` say one of ``superlatives`` as one: "at least 5", "at most 5"
    compare a number (``conditions``), they rank nothing."""
    return any(w in superlatives and words[i - 1 : i] != ["at"] for i, w in enumerate(words))


def _limit(words: list[str]) -> int:
    """How many rows a ranking names: "top 5", "which 3", "the 2 most", "list the 3"."""
    listed = words[:2] in (["list", "the"], ["show", "the"], ["name", "the"])
    for index, word in enumerate(words):
        leads = word in ("top", "first", "which", "what") or (index == 1 and listed)
        leads = leads and index + 1 < len(words)  # "... launched first": no number after
        if leads or (index + 1 < len(words) and words[index + 1] in _MOST + _LEAST):
            number = words[index + 1] if leads else word
            if number.isdigit():
                return int(number)
            if number in _NUMBERS:
                return _NUMBERS[number]
    return 1
