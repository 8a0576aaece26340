"""plan_doubts: a last look at a linked plan against its question, before it is answered.

The linker builds a plan from the words a question shares with the database; every word
can be accounted for and the plan still answer another question.  These are the shapes
of plan that read as an answer but are not one, each caught here (one place, after the
plan is read) and declined in the linker's words ("I don't know how to use 'week'"):

- a time the question names that no condition of the plan reads: a year ("signed up in
  1995") or a time relative to today ("this year", "last month", "yesterday") — the
  database cannot tell what "this year" is, and a count of every row is not an answer;
- a ranking grouped by a yes/no column the question does not name in full ("which day of
  the week": not the Y/N ``IsThisWeek`` flag), or a count of such a column's values;
- a sum, average or ranking of a text column ("the most state": a synonym of a column
  of names, not of an amount);
- "how many" answered with a sum of an amount that is not a count ("how many sales" is
  a number of sale rows, not the money they brought in);
- a ranking grouped by a column whose words name columns of two tables as near to the
  rows counted, when neither the question nor the documentation says which (the state
  of a refund's shop, or of its customer's home);
- a count of the rows a modifier names ("how many home sales" counted as the homes);
- a ranking whose groups its rows reach only by a row they share (a promotion's sales
  through its start day: up to the day, down to the day's sales), or whose group column
  is of a table reached through child rows when the rows' own side has a column of its
  words (the state of the shop a home bought from, for "which state has the most
  homes").  A bridge of child rows stays ("which category has the most orders": each
  order counted once per category);
- "which year had the most births" ranked by anything but a column of that time unit
  (a year, a month, a day: a date) — the births of each event type are no year;
- a count of the rows of a table keyed by a thing and another table's row (a supply
  and each product it goes into) whose name repeats: "how many supplies" is a number
  of supplies, not of their rows;
- a ranking of money paid out ("the payees paid the most") by an amount documented as
  negative for money out, no condition reading its sign: the top signed total is money in;
- rows named by the very column the question's value matched ("What types is Drake?"
  answered "drake"): the answer only echoes the question;
- a count of a table named only after a preposition, the noun counted naming nothing
  ("how many transfers between accounts" counted as the accounts);
- a value read in a column of the rows' own table that a table referring to it has in
  a column of the same words ("payees paid by debit card": a payee's default pay mode,
  or its payments'?), unless it is said of the rows ("realms are in Southmark");
- a condition on a table the rows reach by one of two keys to it, neither named after it
  (a flight's origin or destination airport): which one, the words do not say (of an
  entry's ``account`` and ``to_account``, the join takes ``account``).
- a comparison ("more than two splits", "at least 5 orders", "exactly one") no condition
  of the plan compares: without it, every row is counted;
- two values required of one column at once ("from X to Y" both read on the source):
  no row has both;
- "the largest single split" answered by anything but the extreme of one row's measure
  (the groups with the most splits are no single split);
- a number of the question no condition, limit or year of the plan reads ("route 110",
  "year 10": without it, every row is counted);
- a superlative in a question answered by a count, a total or an average, which orders
  nothing ("how many stops does the longest trip have": not the stops of every trip);
- "the most <rows of a table>" ranked by a measure of another table ("the most lessons
  per week" by a day's number): the rows named are to be counted;
- a measure whose words name an extreme the question does not ("the maximum salary" of
  a ``lowest_pay``);
- one of two columns of one measure word of a table "combined" ("the most combined
  goals" as the ``home_goals`` of ``home_goals`` and ``away_goals``);
- a total, average or extreme of another table's measure when a table the question names
  has a column of the measure's word ("the total budget of all units": the units' own
  ``budget``, not their plan lines' ``planned_budget``);
- a word written in capitals that, read in lower case, is a function word ("the US
  workers": not "us") no condition of the plan reads.

Example::

    plan = _read(text, catalog)  # "How many homes were there this year?" -> every home
    plan_doubts("How many homes were there this year?", plan, catalog)   # ["this year"]
"""

from __future__ import annotations

import itertools
import re

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.chains import named_tables
from hookline.sql.child_values import child_values
from hookline.sql.code_measures import summed_codes
from hookline.sql.counted_compounds import counted_compounds
from hookline.sql.counted_nouns import counted_nouns
from hookline.sql.flag_phrases import flag_phrases
from hookline.sql.groups import PERIODS
from hookline.sql.identifier_values import identifier_values
from hookline.sql.joined_kinds import joined_kinds, key_groups
from hookline.sql.key_labels import key_labels
from hookline.sql.kind_counts import kind_counts
from hookline.sql.leading_segments import leading_segments
from hookline.sql.link_paths import second_path_doubts
from hookline.sql.measure_columns import rival_columns
from hookline.sql.measures import documented_column, table_mentions, whole_measure
from hookline.sql.mentions import VERBS, Vocabulary
from hookline.sql.misreadings import misread_words
from hookline.sql.named_function_words import named_function_words
from hookline.sql.named_twice import named_twice
from hookline.sql.near_columns import far_values, parent_alike, parent_side
from hookline.sql.number_glosses import number_gloss_doubts
from hookline.sql.number_units import number_units
from hookline.sql.number_values import in_digits
from hookline.sql.owned_values import owned_values
from hookline.sql.plan import QueryPlan, join_path, own_key
from hookline.sql.referred_kinds import referred_kinds
from hookline.sql.repeated_measures import repeated_measures
from hookline.sql.rival_groups import rival_groups
from hookline.sql.single_counts import single_count_doubts
from hookline.sql.sized_rows import sized_rows, totals_counted
from hookline.sql.symbol_values import symbol_values
from hookline.sql.table_nouns import compound_groups, paired_counts
from hookline.sql.two_parts import second_questions, values_contained
from hookline.sql.units import unit_doubts
from hookline.sql.unread_tables import unread_tables
from hookline.sql.value_lookups import lookup_doubts, single_row_groups
from hookline.sql.value_verbs import value_verbs
from hookline.sql.word_values import plain_word_values
from hookline.sql.words import (
    FUNCTION_WORDS,
    NUMBER_WORDS,
    identifier_words,
    measure_head,
    question_words,
    singular,
)

__all__ = ["parent_alike", "plan_doubts", "shared_parent"]

_RELATIVE = re.compile(
    r" ((?:this|last|next|past|previous|coming|current) (?:year|month|week|quarter|decade)s?"
    r"|today|yesterday|tomorrow|tonight|recently|lately) "
)
_YEAR = re.compile(r" (1[89]\d\d|20\d\d) ")
_RANGE = re.compile(r" (?:since|until|till|through|thru|by|from|to) (?:1[89]\d\d|20\d\d) ")
_MONEY = re.compile(r" how many (?:dollars|euros|pounds|yen|francs|cents) ")
_TIME_ASKED = re.compile(
    r" (?:which|what) (year|month|day|date|decade|week|weekday|quarter|hour|century)s? "
)
_UNIT_WORDS = {"day": ("day", "date"), "date": ("day", "date"), "weekday": ("day", "weekday")}
_ASKED = re.compile(r" (?:which|what) ([a-z]+) ")
_PREPOSITION = re.compile(
    r" how many ([a-z]+) (?:between|among|across|of|from|in|on|at|with|to|for|into|by) "
)
_COMPARED = re.compile(
    r" ((?:more|fewer|less|greater) than|at least|at most|over|under|exactly) "
    r"(?:\$?\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r") "
)
_ORDERINGS = (">", "<", ">=", "<=")
_READ_COMPARISON = re.compile(r"(?:[<>]=?|\) =) *-?[\d.]+")
_SINGLE = re.compile(r" (?:largest|biggest|smallest|highest|lowest|most|least) single ([a-z]+) ")
_NUMBER = re.compile(
    r"(?<= )(?:the )?([a-z]+ )?(\d[\d,]*(?:\.\d+)?)(?= (million|billion|thousand)?)"
)
_SUPERLATIVES = frozenset(("most", "least", "highest", "lowest", "largest", "smallest",
                           "biggest", "longest", "shortest", "fewest", "greatest", "top",
                           "cheapest", "maximum", "minimum", "oldest", "newest", "latest",
                           "earliest"))  # fmt: skip
_UNORDERED = frozenset(("count", "count_distinct", "sum", "avg"))
_EXTREME_SENSES = {"min": "min", "minimum": "min", "lowest": "min", "smallest": "min",
                   "least": "min", "max": "max", "maximum": "max", "highest": "max",
                   "largest": "max", "biggest": "max", "most": "max"}  # fmt: skip
_COMBINED = re.compile(r" (?:combined|together|both|summed) ")
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")
_RAW_LIST = re.compile(r"([\w.\"]+) (?:IN \((.*)\)|= ('(?:[^']|'')*'))")
_QUOTED = re.compile(r"'((?:[^']|'')*)'")
_YES_NO = frozenset(("y", "yes", "true", "t", "1", "n", "no", "false", "f", "0", "na"))


def plan_doubts(question: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The words of ``question`` that ``plan`` answers as another question would (see
    the module doc); empty when nothing is in doubt."""
    text = " " + " ".join(question_words(question)) + " "
    found = _times(text, plan)
    found += _flag_groups(text, plan)
    found += _distinct_flags(plan)
    found += _text_measures(plan, catalog)
    found += _summed_counts(text, plan, catalog)
    found += _groups_through_children(plan, catalog)
    found += _modifiers_counted(text, plan, catalog)
    found += _groups_of_two_tables(text, plan, catalog)
    found += _time_groups(text, plan, catalog)
    found += _echoes(text, plan, catalog)
    found += _repeated_rows(plan, catalog)
    found += _signed_rankings(text, plan, catalog)
    found += _two_keys(plan, catalog)
    found += _counted_after_preposition(text, plan, catalog)
    found += child_values(text, plan, catalog)
    found += _unread_comparisons(text, plan)
    found += _one_column_two_values(plan)
    found += _single_rows_counted(text, plan)
    found += _unread_numbers(text, plan)
    found += _unread_superlatives(text, plan)
    found += _most_rows_measured(text, plan, catalog)
    found += _contrary_measures(text, plan)
    found += _one_of_combined(text, plan, catalog)
    found += _measures_of_another_table(text, plan, catalog)
    found += _capitalised_function_words(question, plan)
    found += single_count_doubts(text, plan, catalog)
    found += misread_words(text, plan, catalog)
    found += summed_codes(text, plan, catalog)
    found += unread_tables(text, plan, catalog) + lookup_doubts(plan, catalog)
    found += single_row_groups(plan, catalog)
    found += second_path_doubts(text, plan, catalog)
    found += rival_columns(text, plan, catalog)
    found += plain_word_values(question, plan) + symbol_values(question, plan)
    found += identifier_values(question, plan, catalog)
    found += unit_doubts(text, plan, catalog) + repeated_measures(plan, catalog)
    found += number_units(question, plan, catalog)
    found += named_function_words(question, plan, catalog)
    found += named_twice(text, plan, catalog) + referred_kinds(text, plan, catalog)
    found += sized_rows(text, plan, catalog)
    found += far_values(plan, catalog) + totals_counted(text, plan) + key_labels(plan, catalog)
    found += rival_groups(text, plan, catalog)
    found += joined_kinds(text, plan, catalog) + key_groups(text, plan, catalog)
    found += value_verbs(text, plan, catalog) + number_gloss_doubts(text, plan, catalog)
    found += second_questions(text, plan) + values_contained(text, plan, catalog)
    found += paired_counts(text, plan, catalog) + compound_groups(text, plan, catalog)
    found += counted_nouns(text, plan, catalog) + leading_segments(text, plan, catalog)
    found += counted_compounds(text, plan, catalog) + kind_counts(text, plan, catalog)
    found += owned_values(text, plan, catalog) + flag_phrases(text, plan, catalog)
    return list(dict.fromkeys(found))


def _times(text: str, plan: QueryPlan) -> list[str]:
    """Relative times, years no condition of the plan reads, and a year a range starts or
    ends at ("since 2023", "until 2023") that no comparison reads (not "in 2023")."""
    found = [m.group(1) for m in _RELATIVE.finditer(text)]
    read = _values_read(plan)
    found += [y for y in _YEAR.findall(text) if y not in read]
    compared = " ".join(f.raw or f.value for f in plan.filters if f.raw or f.op != "=")
    ranges = [m.group(0).strip() for m in _RANGE.finditer(text)]  # "until 2023": up to it
    return found + [r for r in ranges if r.split()[-1] not in compared]


def _values_read(plan: QueryPlan) -> str:
    """The values and raw conditions of the plan's filters, as one text to search."""
    return " ".join(f"{f.value} {f.raw or ''} {in_digits(f.value)}" for f in plan.filters)


def _flag_groups(text: str, plan: QueryPlan) -> list[str]:
    """The words of a yes/no column a ranking groups by, when the question does not say
    its whole name ("day of the week" is not ``IsThisWeek``)."""
    column = plan.column if plan.kind == "rank" else None
    if column is None or not _yes_no(column):
        return []
    if f" {' '.join(column.words)} " in text:
        return []
    said = [w for w in column.words if f" {w} " in text]
    return [" ".join(said or column.words)]


def _distinct_flags(plan: QueryPlan) -> list[str]:
    """A number of the distinct values of a yes/no column ("how many wins" as the kinds
    of ``div_win``, Y and N: 2): never a number of anything asked."""
    column = plan.column
    if plan.kind == "count_distinct" and column is not None and _yes_no(column):
        return [column.words[-1]]
    return []


def _yes_no(column: CatalogColumn) -> bool:
    values = {v.lower() for v in column.values}
    return column.flag or (bool(values) and values <= _YES_NO)


def _text_measures(plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """A measure that is one text column (a sum of names is no amount)."""
    column = _column_of(plan.measure, catalog) if plan.measure else None
    if column is None or column.numeric or plan.measure is None:
        return []
    return [" ".join(plan.measure.words)]


def _summed_counts(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "How many" answered by adding up an amount that is not a whole number (a quantity
    is a number of things whatever its type)."""
    measure = plan.measure
    if " how many " not in text or measure is None or plan.kind not in ("sum", "rank"):
        return []
    if measure.head == "quantity" or _MONEY.search(text):
        return []  # "how many dollars": an amount asked for
    return [] if whole_measure(measure, catalog) else [" ".join(measure.words)]


def _groups_through_children(plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """A ranking's groups (a column, or a table's rows) its counted (or measured) rows
    reach only by a row they share (up to a day, then down to the day's other rows), or
    a group column reached through child rows when the rows' own side has a column of its
    words (the state of the shop a home bought from, for the homes' state)."""
    if plan.kind != "rank" or (plan.column is None and plan.group_table is None):
        return []
    source = plan.measure.table if plan.measure else plan.table
    target = plan.column.table if plan.column else plan.group_table or source
    said = " ".join(plan.column.words) if plan.column else target
    if target != source and shared_parent(source, target, catalog):
        return [said]
    if plan.column is not None and parent_alike(plan.column, source, catalog) is not None:
        return [said]
    return []


def shared_parent(start: str, target: str, catalog: SqlCatalog) -> bool:
    """Whether the join from ``start`` to ``target`` goes up to a parent and then down to
    another of its children (a promotion and the sales of its start day)."""
    previous, up = start, False
    for table, _ in join_path(start, target, catalog):
        down = catalog.refers_to(table, previous)
        if down and up:
            return True
        up = up or not down
        previous = table
    return False


def _groups_of_two_tables(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """A ranking's group column when a column of the same words of another table is as
    near to the rows counted (the state of a refund's shop, or of its customer's home),
    or nearer, and neither the question nor the documentation says which."""
    column = plan.column if plan.kind == "rank" else None
    phrase = " ".join(column.words) if column is not None else ""
    if column is None or column.key or documented_column(phrase, catalog) is not None:
        return []
    source = plan.measure.table if plan.measure else plan.table
    alike = {c.table for c in catalog.columns if c.words == column.words and not c.key
             and parent_side(source, c.table, catalog)}  # fmt: skip
    chosen = alike & named_tables(text, catalog)
    if chosen or column.table not in alike:
        return [] if chosen <= {column.table} else [phrase]
    steps = {t: len(join_path(source, t, catalog)) if t != source else 0 for t in alike}
    nearest = [t for t, n in steps.items() if n == min(steps.values())]
    return [] if nearest == [column.table] else [phrase]


def _modifiers_counted(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "How many home sales": a count of the table the first noun names, when that noun
    only modifies the plural noun after it (the sales are counted, not the homes); so is a
    count of the distinct values of a column that is not the noun's ("how many different
    part classes" counted as the part codes)."""
    match = re.search(r" how many (?:different |distinct |unique )?([a-z]+) ([a-z]+) ", text)
    if plan.kind not in ("count", "count_distinct") or match is None:
        return []
    modifier, head = match.groups()
    if plan.column is not None and singular(head) in plan.column.words:
        return []  # "how many product categories": the column of categories
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(f"{modifier} {head}") or singular(modifier) != modifier:
        return []
    if vocabulary.table_named(modifier) != plan.table or singular(head) == head:
        return []
    return [] if head in FUNCTION_WORDS | VERBS else [head]


_OUTFLOW = re.compile(r" (paid|pay|pays|paying|spent|spend|spends|spending|cost|costs) ")
_NEGATIVE = re.compile(r"\bnegative\b", re.IGNORECASE)


def _signed_rankings(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """A ranking of money paid out ("the payees paid the most") by an amount its
    documentation says is negative for some rows (money out): the largest signed total is
    the most received, and mixed signs rank neither; a condition on the column stays."""
    found = _OUTFLOW.search(text)
    if found is None or plan.kind not in ("rank", "list") or plan.measure is None:
        return []
    column = _column_of(plan.measure, catalog)
    if column is None or catalog.docs is None:
        return []
    if not _NEGATIVE.search(catalog.docs.described(column.table, column.name)):
        return []
    read = " ".join(f.sql() for f in plan.filters)
    return [] if column.ref in read else [found.group(1)]


def _column_of(measure: Measure, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column a measure is, when it is one column (not an expression)."""
    sql = measure.sql.strip()
    return next((c for c in catalog.columns if sql in (c.ref, c.name, f'"{c.name}"')), None)


def _time_groups(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "Which year had the most births": a ranking (or rows ordered by a measure) must
    name a time of that unit, a column of its word (``year``, ``order_year``; a date for a
    day); grouped by another column (the event type) it answers another question."""
    asked = _TIME_ASKED.search(text)
    if asked is None or plan.kind not in ("rank", "list"):
        return []
    unit = asked.group(1)
    if plan.kind == "rank" and plan.period and plan.period == PERIODS.get(unit):
        return []  # the date cut to that unit
    if plan.kind == "rank":
        shown = [plan.column] if plan.column is not None else []
    else:
        shown = [catalog.column(plan.table, name) for name in catalog.label(plan.table)]
    words = _UNIT_WORDS.get(unit, (unit,))
    if any(set(words) & set(c.words) or (c.date and unit in ("day", "date")) for c in shown):
        return []
    return [unit]


def _echoes(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """Rows named by the columns the question's values select them by ("What types is
    Drake?" -> "drake"): the answer would only repeat the question."""
    if plan.kind != "rows" or not plan.filters:
        return []
    if plan.column is not None:
        shown = [(plan.column.table, plan.column.name)]
    else:
        named = plan.group_table or plan.table  # the rows shown: a parent's, when grouped
        shown = [(named, name) for name in catalog.label(named)]
    equal = [f.column for f in plan.filters if f.op == "=" and not f.prefix and f.raw is None]
    matched = {(c.table, c.name) for c in equal if c is not None}
    if not shown or not set(shown) <= matched:
        return []
    asked = _ASKED.search(text)
    return [asked.group(1) if asked else " ".join(catalog.column(*shown[0]).words)]


def _repeated_rows(plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """A count of a table whose key pairs a thing with another table's row (one row per
    supply and product) and whose rows' names repeat (two rows a name, or more): the
    rows are no count of things (a line of an order, numbered and never named, is one;
    a name per product and language, hardly ever repeated, too)."""
    if plan.kind != "count":
        return []
    table = catalog.table(plan.table)
    referring = table.foreign_key_columns()
    if len(table.primary_key) < 2 or not referring & set(table.primary_key):
        return []
    label = [catalog.column(plan.table, name) for name in catalog.label(plan.table)]
    rows = catalog.rows.get(plan.table, 0)
    named = [c for c in label if c.words[-1:] in (["name"], ["title"]) and not c.key]
    if not any(0 < (c.distinct or 0) * 2 <= rows for c in named):  # twice each, or more
        return []
    return identifier_words(plan.table)[-1:]


def _two_keys(plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The value of a condition the plan's rows reach through a table with two keys to
    the next one (or from it), neither named after it (``own_key``)."""
    source = plan.measure.table if plan.measure else plan.table
    for found in (f for f in plan.filters if f.table_name != source):
        try:
            path = join_path(source, found.table_name, catalog)
        except ValueError:
            continue
        steps = zip([source, *(t for t, _ in path)], (t for t, _ in path), strict=False)
        if any(_unnamed_keys(a, b, plan, catalog) or _unnamed_keys(b, a, plan, catalog)
               for a, b in steps):  # fmt: skip
            return [found.value or found.table_name]
    return []


def _unnamed_keys(child: str, parent: str, plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether ``child`` has several keys to ``parent``, none named after it nor of a
    role the question says (``plan.roles``)."""
    keys = catalog.keys_to(child, parent)
    chosen = any(own_key(fk.columns, parent) or fk in plan.roles for fk in keys)
    return len(keys) > 1 and not chosen


def _counted_after_preposition(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "How many transfers between accounts": the plural noun counted names no table, and
    the counted table is named only after the preposition that follows it."""
    match = _PREPOSITION.search(text)
    if plan.kind != "count" or match is None:
        return []
    head = match.group(1)
    if head in FUNCTION_WORDS | VERBS or singular(head) == head:
        return []
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(head) is not None:
        return []
    later = [t for position, t in table_mentions(text, catalog) if position >= match.end(1)]
    return [head] if plan.table in later else []


def _unread_comparisons(text: str, plan: QueryPlan) -> list[str]:
    """ "more than two splits", "at least 5 orders" that no condition of the plan compares:
    without it, the answer counts or lists every row."""
    match = _COMPARED.search(text)
    if match is None:
        return []
    for condition in plan.filters:
        compared = condition.op in _ORDERINGS or (condition.op == "=" and condition.number)
        if compared or _READ_COMPARISON.search(condition.raw or ""):
            return []
    return [match.group(0).strip()]


def _one_column_two_values(plan: QueryPlan) -> list[str]:
    """Two values the plan requires of one column at once ("from X to Y" both read on
    the source): no row has both, and the empty answer is no answer."""
    values: dict[str, list[set[str]]] = {}
    for condition in plan.filters:
        if condition.column is not None and condition.op == "=" and not condition.prefix:
            values.setdefault(condition.column.ref, []).append({condition.value.lower()})
        elif condition.raw and (listed := _RAW_LIST.fullmatch(condition.raw)):
            spellings = {
                v.replace("''", "'").lower() for v in _QUOTED.findall(listed[2] or listed[3])
            }
            values.setdefault(listed[1].replace('"', ""), []).append(spellings)
    return [" and ".join(sorted(set.union(*v))) for v in values.values() if _disjoint(v)]


def _disjoint(spellings: list[set[str]]) -> bool:
    """Whether two of the conditions' sets of spellings share none (no row has both)."""
    return any(not a & b for i, a in enumerate(spellings) for b in spellings[i + 1 :])


def _single_rows_counted(text: str, plan: QueryPlan) -> list[str]:
    """ "the largest single split" answered by the groups with the most splits: the
    extreme of one row's amount, not a number of rows."""
    match = _SINGLE.search(text)
    extreme = plan.kind in ("list", "max", "min") or plan.agg in ("MAX", "MIN")
    if match is None or (plan.measure is not None and extreme):
        return []
    return [match.group(0).strip()]


def _unread_numbers(text: str, plan: QueryPlan) -> list[str]:
    """A number of the question that no condition or limit of the plan reads ("How many
    trips does route 110 have?" counted as every trip); years are ``_times``'."""
    read = _values_read(plan).replace(",", "")
    found = []
    for match in _NUMBER.finditer(text):
        number, scale = match.group(2).replace(",", ""), match.group(3)
        limited = plan.kind in ("rank", "list") and number == str(plan.limit)  # "top 1"
        if scale or limited or number in read or _YEAR.match(f" {number} "):
            continue  # a year is _times' to read
        found.append(((match.group(1) or "") + match.group(2)).strip())
    return found


def _unread_superlatives(text: str, plan: QueryPlan) -> list[str]:
    """A superlative answered by a count, total or average, which orders nothing ("How
    many stops does the longest trip have?" counted as every stop); "at most" and "at
    least" are comparisons, read elsewhere."""
    if plan.kind not in _UNORDERED or any("ORDER BY" in (f.raw or "") for f in plan.filters):
        return []  # a sub-question's ranking ("the country with the most customers")
    valued = {w for f in plan.filters for w in f.value.lower().split()}  # "Most Valuable"
    words = text.split()
    return [
        w
        for at, w in enumerate(words)
        if w in _SUPERLATIVES and w not in valued and words[at - 1 : at] != ["at"]
    ]


def _most_rows_measured(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "Which subject has the most lessons per week?" ranked by a measure of a table other
    than the lessons' (a day's number): the most of a table's rows is their count."""
    if plan.kind != "rank" or plan.measure is None:
        return []
    words = text.split()
    vocabulary = Vocabulary.of(catalog)
    for before, word in itertools.pairwise(words):
        named = vocabulary.table_named(word) if before in ("most", "fewest", "least") else None
        if named is not None and named != plan.measure.table and singular(word) != word:
            return [word]
    return []


def _contrary_measures(text: str, plan: QueryPlan) -> list[str]:
    """ "What is the maximum salary?" answered from a ``lowest_pay``: a measure's words
    naming the extreme opposite the question's are another question's (a question naming
    no extreme leaves "min" to mean minutes, as in ``runtime_min``)."""
    if plan.measure is None:
        return []
    asked = {_EXTREME_SENSES[w] for w in text.split() if w in _EXTREME_SENSES}
    named = [w for w in plan.measure.words if w in _EXTREME_SENSES]
    return [w for w in named if asked and _EXTREME_SENSES[w] not in asked]


def _one_of_combined(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "The most combined goals" answered by one of a table's two columns of that
    measure word (``home_goals`` of ``home_goals`` and ``away_goals``): not combined."""
    found = _COMBINED.search(text)
    column = _column_of(plan.measure, catalog) if plan.measure is not None else None
    if found is None or column is None:
        return []
    head = measure_head(column.words)
    alike = [
        c
        for c in catalog.columns
        if c.table == column.table and c.numeric and not c.key and measure_head(c.words) == head
    ]
    return [found.group(0).strip()] if len(alike) > 1 else []


def _measures_of_another_table(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """ "The total budget of all units" summed from another table's ``planned_budget``
    when the units have a ``budget`` of their own: which one, the words do not say."""
    if plan.kind not in ("sum", "avg", "max", "min") or plan.measure is None:
        return []
    head = plan.measure.head
    own = [
        c
        for c in catalog.columns
        if c.table in named_tables(text, catalog) - {plan.measure.table}
        and c.numeric
        and not c.key
        and measure_head(c.words) == head
    ]
    return [head] if own else []


def _capitalised_function_words(question: str, plan: QueryPlan) -> list[str]:
    """ "The US workers" read as "the us workers", "us" dropped as a function word: a
    word in capitals is a name (a country, a code) that a condition must read."""
    valued = {w for f in plan.filters for w in re.findall(r"[a-z]+", f.value.lower())}
    return [
        w
        for w in _CAPITALS.findall(question)
        if w.lower() in FUNCTION_WORDS and w.lower() not in valued
    ]
