"""unplanned_words: the words of a question that change its answer but that no element of
the plan reads — the plan answers another question, so the planner abstains.

Function words ("first", "same", "average", "per") name no table or column, so the
unknown-word check lets them pass; most carry nothing, but these do, and a plan that
drops them is confidently wrong:

- "first", "last" (not a name's word, "first name"; not "first 5"): the planner has no
  first/last-of-each-group element ("their first order");
- "same": comparing two columns ("in the same month they signed up");
- "average", "mean" when the plan does not average ("How many items does an order have
  on average?");
- "per <table>" when the plan neither averages over nor groups by that table's rows
  ("the average number of items per order" read as the average of each order line);
- "sold", "spent", "earned" when the plan reads no measure ("How many films were sold?"
  counted as the films in the catalogue); so do "value", "amount", "worth" ("the top
  customers by total order value" ranked by their number of orders) and "expensive",
  "cheap" ("the most expensive unit to hire" ranked by its number of hirings);
- "not", "never", "without", "excluding", "except", "no", "only" when no condition of
  the plan is a negation ("How many parcels have not been delivered?" counted as every
  parcel; "How many people have no recorded events?", "only one type");
- "born", "died" when the plan reads no birth or death column or value ("people born in
  Lyon" counted as everyone with any event in Lyon);
- a verb that carries no column said after "can", "could", "may" ("How many tools can be
  bought?", "Which crafts can fly?"): an ability some rows have, never what every row
  did, so a plan that reads nothing of it counts every row;
- an order asked of the rows ("in the order they came out", ``order_asks``): no plan
  reads one.

Example::

    plan = _read(text, catalog)  # the linker's plan of "How many customers placed ..."
    unplanned_words(PlanReading("How many customers placed their first order ...", plan,
                                catalog))
    # ["first"]
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import ALIASES, VERBS, Vocabulary, known_positions, value_matches
from hookline.sql.order_asks import asked_order
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.verb_forms import verb_bases
from hookline.sql.words import question_words, word_set

__all__ = ["unplanned_words"]

_NUMBERS = word_set("one two three four five six seven eight nine ten")
_NEGATIONS = word_set("not never without excluding except n't no none nobody nothing only")
"""Words that negate a condition: a plan with no negated condition ignores them."""
_LIFE = word_set("born died dead")
"""Words of a birth or a death (``ALIASES``): a plan that reads neither answers another
question ("people born in Lyon" counted as everyone with any event there)."""
_MEASURE_VERBS = word_set("""sold spent spend earned value amount worth expensive costly pricey
    cheap""")
"""Measure words (verbs, and nouns of no column): a plan that reads no measure answers
another question."""


def unplanned_words(reading: PlanReading) -> list[str]:
    """The words of the question the plan of ``reading`` ignores though they change the
    answer."""
    plan, catalog = reading.plan, reading.catalog
    words = question_words(reading.question)
    known = known_positions(words, catalog)
    found = (
        [w for w in words if w in _NEGATIONS] if not any(f.negated for f in plan.filters) else []
    )
    values = _values(words, catalog)
    found = [w for i, w in enumerate(words) if w in found and i not in values]
    read = _read_text(reading)
    found += [w for w in words if w in _LIFE and ALIASES[w] not in read]
    found += asked_order(words)  # "in the order they came out": no plan reads an order
    for index, word in enumerate(words):
        if word in _MEASURE_VERBS and _no_measure(plan) and index not in values:
            found.append(word)  # "how many films were sold": a quantity, not the films
            continue
        if index in known:
            continue  # part of a name: "first name", a value "Last Chance"
        if _ability(words, index):
            found.append(word)
            continue
        nxt = words[index + 1] if index + 1 < len(words) else ""
        if _unplanned(word, nxt, words[index + 1 : index + 3], plan, catalog):
            found.append(word)
    return list(dict.fromkeys(found))


def _ability(words: list[str], index: int) -> bool:
    """Whether ``words[index]`` is a verb of no column said as what rows can do ("can be
    bought", "could not fly", "may be sold")."""
    if not any(base in VERBS for base in verb_bases(words[index])):
        return False
    before = [w for w in words[max(0, index - 3) : index] if w not in _BETWEEN]
    return bool(before) and before[-1] in _MODALS


_MODALS = word_set("can cannot could may might")
_BETWEEN = word_set("be not never also only still")
"""Words between a modal and its verb ("can not be bought", "can only fly")."""


def _read_text(reading: PlanReading) -> str:
    """What the plan reads: its SQL's names and values, lower case, and the words of the
    columns it reads (``dob`` -> birth)."""
    try:
        sql = reading.read_sql
    except (ValueError, KeyError):
        return ""
    read = [c for c in reading.catalog.columns if c.ref.replace('"', "").lower() in sql]
    return " ".join([sql, *(w for c in read for w in c.words)])


def _no_measure(plan: QueryPlan) -> bool:
    """Whether the plan reads no measure (a count of distinct values reads its column)."""
    return plan.measure is None and plan.kind != "count_distinct"


def _values(words: list[str], catalog: SqlCatalog) -> set[int]:
    return {i for start, end, _ in value_matches(words, catalog) for i in range(start, end)}


def _unplanned(
    word: str, nxt: str, following: list[str], plan: QueryPlan, catalog: SqlCatalog
) -> bool:
    if word in ("first", "last"):
        return not (nxt.isdigit() or nxt in _NUMBERS)  # "first 5": a limit
    if word == "same":
        return True
    if word in ("common", "frequent", "usual"):  # "the most common X": X's values ranked
        return plan.kind != "rank" or plan.column is None or plan.measure is not None
    if word in ("average", "mean"):
        return plan.kind != "avg" and plan.agg != "AVG"
    if word == "per":
        return _per_other_rows(following, plan, catalog)
    return False


def _per_other_rows(following: list[str], plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """ "per <table>": right only when the plan's rows are that table's, or it groups."""
    if plan.kind in ("rank", "list"):
        return False
    vocabulary = Vocabulary.of(catalog)
    for size in (2, 1):
        table = vocabulary.table_named(" ".join(following[:size]))
        if table is not None:
            return table != plan.table
    return False
