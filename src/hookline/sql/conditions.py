"""conditions: the WHERE part of a question — values it spells out, comparisons ("more than
100 euros", "before 2020", "exactly one order"), years and months, the documentation's
filter synonyms, "never" (no row of a child table), "excluding" and a sub-question ("the
country with the most customers"), yes/no columns (text, or integers of 0 and 1), "not
<verb>ed (yet)" (an empty date column of that verb) and "out of <word>" (that quantity at 0).

``conditions`` returns None when the question asks for a condition it cannot build: the
planner then abstains rather than answer a different question.

Example::

    conditions(" how many orders were placed excluding cancelled ones ", plan, catalog)
    # [Filter(column=orders.status, value="cancelled", op="!=")]
"""

from __future__ import annotations

import re
from functools import partial
from itertools import pairwise

from hookline.sql.absent_values import absent_values
from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog, quote
from hookline.sql.compared_counts import compared
from hookline.sql.counted_plurals import one_counted, said_plural
from hookline.sql.dimensions import COMPARATIVES, dimension_compared, measured
from hookline.sql.key_values import referred_value
from hookline.sql.links import linked_count
from hookline.sql.mentions import (
    Vocabulary,
    find_phrase,
    names_another_column,
    table_mentioned,
    value_matches,
)
from hookline.sql.never import child_key, never_filters
from hookline.sql.plan import Filter, QueryPlan, filter_on_value, join_path, reachable
from hookline.sql.roles import role_words
from hookline.sql.time_conditions import (
    ALIASES,
    DATE_WORDS,
    date_filters,
    year_column,
    year_filter,
)
from hookline.sql.us_states import state_names
from hookline.sql.value_glosses import gloss_phrases, glossed, withheld
from hookline.sql.value_words import twin_kinds, value_words
from hookline.sql.words import (
    DIRECTION_WORDS,
    FUNCTION_WORDS,
    MEASURE_WORDS,
    NUMBER_WORDS,
    singular,
    value_forms,
    value_key,
)

__all__ = ["ambiguous_values", "conditions", "find_phrase", "value_filters"]

_NEGATIONS = ("excluding", "except", "not", "without", "other")
_JOINERS = frozenset(("and", "or", "nor", ",", "&"))
"""The words between two values of one list."""
_COMPARISON = re.compile(
    rf" (?:(more|greater|fewer|less|{'|'.join(COMPARATIVES)}) than|(over|under|above|below"
    r"|before|after|since|exactly)|at (least|most))"
    r" (\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r") "
)
_OPS = {
    "more": ">", "greater": ">", "over": ">", "above": ">", "after": ">", "fewer": "<",
    "less": "<", "under": "<", "below": "<", "before": "<", "least": ">=", "most": "<=",
    "since": ">=", "exactly": "=",
} | COMPARATIVES  # fmt: skip
_UNITS = ("minutes", "minute", "hours", "hours", "dollars", "miles", "feet", "inches",
          "pounds", "percent", "days", "units", "times")  # fmt: skip
_SUBQUESTION = re.compile(
    r" the ([a-z' ]+?) with the (most|fewest|highest|lowest|least) ([a-z ]+?) "
)
_UNSET = re.compile(r" (?:not|never)(?: yet)?(?: been)? ([a-z]+)(?: yet)? ")
_SET = re.compile(r" (?:have been|has been|were|was) ([a-z]+) (?:yet |so far )?$")


def conditions(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[Filter] | None:
    """Every condition of ``text`` (a question's words, space-padded) for ``plan``."""
    filters: list[Filter] = []
    steps = (_subquestion, _synonym_filters, _comparisons, measured, _flags, _unset, absent_values)
    for step in (*steps, _out_of):
        found = step(text, plan, catalog)
        if found is None:
            return None
        text, more = found
        filters += more
    values = _value_filters(text, catalog, plan.table, counted=plan.kind == "count")
    if None in values:
        return None  # a value that names rows of several tables: which, cannot be told
    filters += [found for found in values if found is not None]
    dated = date_filters(text, plan, catalog)
    if dated is None:
        return None
    final = never_filters(text, plan, [*filters, *dated], catalog)
    if final is None or not all(_joined(plan.table, f.table_name, catalog) for f in final):
        return None
    return final


def value_filters(text: str, catalog: SqlCatalog, table: str | None = None) -> list[Filter]:
    """``column = value`` for each known value the question spells out (longest first);
    ``!=`` after "excluding", "except", "not".  A value found in several columns is read
    in the one the question says (``_closest``)."""
    chosen = _value_filters(text, catalog, table)
    return [found for found in chosen if found is not None]


Candidates = list[tuple[CatalogColumn, str]]
"""The (column, value) pairs a phrase of a question may name."""


def ambiguous_values(
    text: str, plan: QueryPlan, catalog: SqlCatalog
) -> list[tuple[str, list[str]]]:
    """(value, its columns as ``table.column``) of each value of ``text`` whose column
    cannot be told for ``plan`` (``_closest``): the planner says so instead of guessing."""
    found = []
    for before, candidates, _, _ in _spelled_values(text, catalog):
        counted = plan.kind == "count"
        if _closest(candidates, plan.table, catalog, text, before=before, counted=counted):
            continue
        columns = list(dict.fromkeys(f"{c.table}.{c.name}" for c, _ in candidates))
        found.append((candidates[0][1], columns))
    return found


def _value_filters(
    text: str, catalog: SqlCatalog, table: str | None, *, counted: bool = False
) -> list[Filter | None]:
    """``value_filters``, with None for a value whose column cannot be told (``_closest``)."""
    filters: list[Filter | None] = []
    glossed_words = gloss_phrases(catalog)  # a code's words, never a row's name
    for before, candidates, negated, phrase in _spelled_values(text, catalog):
        named = counted and phrase not in glossed_words
        chosen = _closest(candidates, table, catalog, text, before=before, counted=named)
        if chosen is not None and _state_of_other_table(chosen[0], table):
            chosen = None
        if withheld(phrase, table, catalog):
            chosen = None  # "van" glossed by two columns of the rows' own table
        chosen = chosen and referred_value(chosen, text, catalog)  # a key's: its table's
        op = "!=" if negated else "="
        filters.append(None if chosen is None else filter_on_value(chosen, op, catalog))
    return filters


def _state_of_other_table(column: CatalogColumn, table: str | None) -> bool:
    """Whether ``column`` holds US state codes and is not of ``table``: a state is read
    only in the rows' own state column, never through a join ("the population of
    Nebraska's counties" is no sum over the rows of another table that say 'NE')."""
    return (
        table is not None and column.table != table and "state" in column.words
        and bool(state_names(column.values))
    )  # fmt: skip


def _spelled_values(text: str, catalog: SqlCatalog) -> list[tuple[str, Candidates, bool, str]]:
    """(the word before it, its candidates, negated, its words) of each value the question
    spells out: listed values first (longest first), then the value index's."""
    found: list[tuple[str, Candidates, bool, str]] = []
    spans_of: list[tuple[int, int]] = []  # the words of each value, in ``text``
    taken = text
    listed: dict[str, Candidates] = {}
    for column in catalog.columns:
        for value in column.values:
            forms = value_forms(column.words, value) + glossed(column, value, catalog)
            for form in forms if _linkable(value) else forms[1:]:  # 'F': also "women"
                if any(ch.isalnum() for ch in form):  # '_' is no word
                    listed.setdefault(form, []).append((column, value))
    vocabulary = Vocabulary.of(catalog)
    longer = _whole_values(text, catalog)
    for lowered in sorted(listed, key=len, reverse=True):
        needle = find_phrase(taken, lowered) if len(lowered) > 3 else _exact(taken, lowered)
        if needle is None or vocabulary.table_named(lowered):  # plural: "support agents"
            continue
        if any(needle in phrase and needle != phrase for phrase in longer):
            continue  # "Rock" inside the title "Let It Rock": the longer value
        if _column_word(taken, needle, vocabulary):
            continue  # "which ship mode": a column's name, not the value 'ship'
        exact = [m for m in catalog.index.lookup(lowered.split()) if m.exact]
        mine = [x for x, _ in listed[lowered]]
        candidates = listed[lowered] + [
            (c, m.value) for m in exact if (c := catalog.column(m.table, m.column)) not in mine
        ]
        preceding = taken[: taken.index(needle)].split()
        negated = any(w in _NEGATIONS for w in preceding[-3:])
        found.append((preceding[-1] if preceding else "", candidates, negated, lowered))
        spans_of.append((len(preceding), len(preceding) + len(needle.split())))
        taken = taken.replace(needle, " _" * len(needle.split()) + " ")
    words = _table_phrases_masked(taken, vocabulary).split()
    spans: dict[tuple[int, int], Candidates] = {}
    for start, end, match in value_matches(words, catalog):
        if not any(ch.isalnum() for ch in match.value):
            continue  # '_' is no word (and marks a value read above)
        pair = (catalog.column(match.table, match.column), match.value)
        spans.setdefault((start, end), []).append(pair)
    other = partial(names_another_column, catalog=catalog)
    spans.update(value_words(words, set(spans), catalog, other))  # "big" boats: big_boat
    for (start, end), candidates in sorted(spans.items()):
        negated = any(w in _NEGATIONS for w in words[max(0, start - 3) : start])
        found.append((words[start - 1] if start else "", candidates, negated, ""))
        spans_of.append((start, end))
    return _listed_negations(found, spans_of, words)


def _listed_negations(
    found: list[tuple[str, Candidates, bool, str]], spans: list[tuple[int, int]], words: list[str]
) -> list[tuple[str, Candidates, bool, str]]:
    """``found`` with each value listed after a negated one negated too: "excluding Abc and
    Xyz", "not in Abc, Def or Xyz" exclude every value of the list, not the first alone."""
    order = sorted(range(len(found)), key=lambda i: spans[i])
    for previous, current in pairwise(order):
        between = words[spans[previous][1] : spans[current][0]]
        if found[previous][2] and between and set(between) <= _JOINERS:
            before, candidates, _, phrase = found[current]
            found[current] = (before, candidates, True, phrase)
    return found


def _table_phrases_masked(text: str, vocabulary: Vocabulary) -> str:
    """``text`` with each table name of several words it says ("sales regions") as
    ``_`` words: no word of it is a value of the index ("regions" of a place name)."""
    for phrase in sorted((p for p in vocabulary.tables if " " in p), key=len, reverse=True):
        needle = find_phrase(text, phrase)
        if needle is not None:
            text = text.replace(needle, " _" * len(needle.split()) + " ")
    return text


def _column_word(text: str, needle: str, vocabulary: Vocabulary) -> bool:
    """Whether a one-word value is a word of a column's name with the word after or
    before it ("ship mode", "order priority")."""
    value = needle.split()
    if len(value) != 1:
        return False
    before, after = text[: text.index(needle)].split(), text[text.index(needle) + len(needle) :]
    pairs = [f"{value[0]} {w}" for w in after.split()[:1]]
    pairs += [f"{w} {value[0]}" for w in before[-1:]]
    return any(vocabulary.columns_named(p) for p in pairs)


def _whole_values(text: str, catalog: SqlCatalog) -> list[str]:
    """The phrases of ``text`` (space-padded) that are a whole indexed value of several
    words."""
    words = text.split()
    return [
        " " + " ".join(words[start:end]) + " "
        for start, end, match in value_matches(words, catalog)
        if match.exact and end - start > 1
    ]


def _closest(
    candidates: Candidates,
    table: str | None,
    catalog: SqlCatalog,
    text: str = "",
    *,
    before: str = "",
    counted: bool = False,
) -> tuple[CatalogColumn, str] | None:
    """The column a value is read in: one whose other words the question says ("born in
    Peru" -> BirthPlace, not ShipCountry), or whose table's name comes right before it
    ("the film Abc"); when ``counted`` (the rows of ``table`` are counted) not ``table``'s
    own label (``_not_own_label``); else one of a table the question names, else the one
    of ``table``, else the nearest.  None when that cannot be told (as near in several
    columns: "Abc films" with Abc a director and an actor; ``twin_kinds``)."""
    vocabulary = Vocabulary.of(catalog)  # "directed": also the words of a director column
    words = {ALIASES.get(w, w) for w in text.split()} | vocabulary.doer_words(text.split())
    named = [c for c in candidates if set(c[0].words) & (words - {value_key(c[1])})]
    introduced = [c for c in candidates if before and vocabulary.table_named(before) == c[0].table
                  and c[0].name in catalog.label(c[0].table)]  # fmt: skip
    way = DIRECTION_WORDS.get(before, frozenset())
    directed = [c for c in candidates if set(c[0].words) & way]  # "from X": the source
    candidates = named or introduced or directed or candidates
    said = bool(named or introduced or directed)
    if table is not None and not said and _value_or_named_row(candidates, table, catalog, text):
        return None  # "tracks AC/DC recorded": by the artist, or the composer 'AC/DC'?
    if counted and table is not None and not (named or introduced):
        kept = _not_own_label(candidates, table, catalog, text)
        if kept is None:
            return None
        candidates = kept
    mentioned = [
        c for c in candidates if c[0].table != table and table_mentioned(c[0].table, text, catalog)
    ]
    candidates = mentioned or candidates
    if table is None or len(candidates) == 1:
        return candidates[0]
    reachable = [c for c in candidates if _joined(table, c[0].table, catalog)]
    if not reachable:
        return candidates[0]
    distances = {c[0].table: _distance(table, c[0].table, catalog) for c in reachable}
    tied = [c for c in reachable if distances[c[0].table] == min(distances.values())]
    return None if len({c.table for c, _ in tied}) > 1 or twin_kinds(tied, catalog) else tied[0]


_NAMING = ("named", "called", "titled", "name", "title")
_AGENT = ("did", "does", "do", "has", "have", "had", "by")


def _not_own_label(
    candidates: Candidates, table: str, catalog: SqlCatalog, text: str
) -> Candidates | None:
    """ "How many songs did Abc record": a value in the label of the counted table that
    is also a label or value of a related table means the related rows (counting the
    rows that are themselves named Abc is not the question, unless it says "named").
    Several related tables: the one owning the others when the value is the question's
    subject ("did Abc", "by Abc"), else None (it cannot be told); only the counted
    table's own label, which names few rows each: None as well.  A related table's value
    beats a text of the counted rows' own that equals it (a card's rules text "Taunt", where
    a keyword is named Taunt); another table's plain value never does ("customers in
    Paris": their own city, not the city their orders were shipped to)."""
    if any(f" {w} " in text for w in _NAMING):
        return candidates
    texts = [c for c in candidates if c[0].table == table and _free_text(c[0], catalog)]
    if texts and any(_other_label(c[0], table, catalog) for c in candidates):  # 'Taunt'
        candidates = [c for c in candidates if c not in texts]
    own = [
        c for c in candidates if c[0].table == table and c[0].name in catalog.labels.get(table, [])
    ]
    others = [c for c in candidates if c not in own]
    if not own:
        return candidates
    if not others:
        return None if not own[0][0].values else candidates
    tables = list(dict.fromkeys(c[0].table for c in others))
    if len(tables) == 1:
        return others
    value = value_key(others[0][1])
    if any(f" {w} {value} " in text for w in _AGENT):
        owner = _owner(tables, catalog)
        return [c for c in others if c[0].table == owner] if owner else None
    return None


def _value_or_named_row(candidates: Candidates, table: str, catalog: SqlCatalog, text: str) -> bool:
    """Whether a value is both in a plain text column of ``table``'s rows (its key too; no
    label, no reference, no text of its own per row: ``_free_text``) and the name of a row
    of a table joined to them (its label, no reference either), spelled alike and not in
    the plural ("Westerns": a kind): two readings, and no word of the question tells which.
    The rows' own name or a reference of theirs holding it (declared, or every value of the
    column one of the other table's names) is the one reading."""
    info = catalog.table(table)
    own = set(catalog.label(table)) | info.foreign_key_columns()
    if any(c.table == table and c.name in own for c, _ in candidates):
        return False  # "releases of Firefox": their browser
    labels = [c for c, _ in candidates if _other_label(c, table, catalog)
              and _joined(table, c.table, catalog)
              and c.name not in catalog.table(c.table).foreign_key_columns()]  # fmt: skip
    plain = {value_key(v) for c, v in candidates if c.table == table
             and not _free_text(c, catalog) and not _holds_names(c, labels)}  # fmt: skip
    named = {value_key(v) for c, v in candidates if c in labels}
    return any(f" {value} " in text and f" {value}s " not in text for value in plain & named)


def _holds_names(column: CatalogColumn, labels: list[CatalogColumn]) -> bool:
    """Whether every known value of ``column`` is a value of one of ``labels``: a reference
    to their rows that no foreign key declares."""
    return bool(column.values) and any(set(column.values) <= set(label.values) for label in labels)


def _other_label(column: CatalogColumn, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is the label of a table other than ``table`` (a named row: the
    keyword Taunt), which a text of ``table``'s rows that equals it gives way to; another
    table's city never does (the customers' own city is no free text to drop)."""
    return column.table != table and column.name in catalog.labels.get(column.table, [])


def _free_text(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is a text of its own per row (a rules text, an address): no label,
    no key, no short list, about as many values as rows."""
    rows = catalog.rows.get(column.table, 0)
    own = column.text and not column.key and not column.values
    return (
        own
        and column.name not in catalog.label(column.table)
        and (column.distinct or 0) * 2 >= rows > 0
    )


def _owner(tables: list[str], catalog: SqlCatalog) -> str | None:
    """The table every other one of ``tables`` refers to, along foreign keys."""
    for candidate in tables:
        if all(t == candidate or candidate in _ancestors(t, catalog) for t in tables):
            return candidate
    return None


def _ancestors(table: str, catalog: SqlCatalog) -> set[str]:
    """The tables ``table`` refers to, directly or through others."""
    found: set[str] = set()
    stack = [table]
    while stack:
        for fk in catalog.table(stack.pop()).foreign_keys:
            if fk.ref_table not in found:
                found.add(fk.ref_table)
                stack.append(fk.ref_table)
    return found


def _distance(start: str, target: str, catalog: SqlCatalog) -> int:
    return 0 if start == target else len(join_path(start, target, catalog))


def _linkable(value: str) -> bool:
    """Not a function word, not a number ("in 2010" is a year, not a postal code)."""
    lower = value.lower()
    return len(lower) > 1 and lower not in FUNCTION_WORDS and not lower.isdigit()


# -- steps: each returns the text left to read and its filters ------------------------

Step = tuple[str, list[Filter]] | None


def _synonym_filters(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Step:
    filters = []
    for synonym in [s for s in Vocabulary.of(catalog).synonyms if s.filter]:
        needle = find_phrase(text, synonym.phrase)
        if needle is None:
            continue
        if re.search(rf" including{re.escape(needle)}|{re.escape(needle)}(?:included|too) ", text):
            return None  # "kennels, sub-kennels included": no filter, all of them
        negated = any(w in _NEGATIONS for w in text[: text.index(needle)].split()[-3:])
        sql = f"NOT ({synonym.sql})" if negated else synonym.sql
        filters.append(Filter(raw=sql, table=synonym.table or plan.table))
        text = text.replace(needle, " _ ")
    return text, filters


_YES = ("y", "yes", "true", "t", "1")
_YES_NO = frozenset((*_YES, "n", "no", "false", "f", "0", "na"))


def _flags(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Step:
    """A yes/no column the question names ("active stores", "retired" 0/1) is read
    as "yes"; after "not", "excluding", "without" as anything else."""
    filters = []
    for column in catalog.columns:
        yes = _yes(column)
        needle = find_phrase(text, _flag_phrase(column.words)) if yes is not None else None
        if yes is None or needle is None or not _joined(plan.table, column.table, catalog):
            continue
        negated = any(w in _NEGATIONS for w in text[: text.index(needle)].split()[-3:])
        op = "!=" if negated else "="
        filters.append(Filter(column=column, value=yes, op=op, number=column.flag))
        text = text.replace(needle, " _ ")
    return text, filters


def _flag_phrase(words: list[str]) -> str:
    """ "is_retired" is said "retired"."""
    return " ".join(words[1:] if len(words) > 1 and words[0] in ("is", "has", "was") else words)


def _yes(column: CatalogColumn) -> str | None:
    """The value meaning "yes" of a yes/no column, or None for another column."""
    if column.flag:
        return "1"
    values = {v.lower() for v in column.values}
    yes = next((v for v in column.values if v.lower() in _YES), None)
    return yes if yes is not None and values <= _YES_NO else None


def _out_of(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Step:
    """ "out of stock": the plan table's one quantity of that word is 0."""
    match = re.search(r" out of ([a-z]+) ", text)
    if match is None:
        return text, []
    found = [m for m in catalog.measures if m.table == plan.table and m.head == "quantity"
             and match.group(1) in m.words and m.sql.endswith(quote(m.name))]  # fmt: skip
    if len(found) != 1:
        return None
    column = catalog.column(plan.table, found[0].name)
    return text.replace(match.group(0), " _ ", 1), [Filter(column=column, value="0", number=True)]


def _unset(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Step:
    """ "not delivered (yet)", "never been paid": the plan table's date column of that verb
    is empty (``delivered_at IS NULL``); "have been delivered" at the question's end: it is
    set.  Without such a column, or with a date after it ("not delivered in 2020": which
    date?), the words stay unread (and a negation unread makes the planner abstain)."""
    match = _UNSET.search(text) or _SET.search(text)
    if match is None or re.search(r"\d\d\d\d", text[match.end() :]):
        return text, []
    verb = [match.group(1)]
    dates = [c for c in catalog.table_columns(plan.table)
             if c.date and [w for w in c.words if w not in DATE_WORDS] == verb]  # fmt: skip
    if len(dates) != 1:
        return text, []
    empty = "IS NULL" if match.re is _UNSET else "IS NOT NULL"
    condition = Filter(raw=f"{dates[0].ref} {empty}", table=plan.table)
    return text.replace(match.group(0), " _ ", 1), [condition]


def _exact(text: str, phrase: str) -> str | None:
    """A short value only as written ("HA" is no plural of "has")."""
    return f" {phrase} " if f" {phrase} " in text else None


def _comparisons(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Step:
    filters = []
    for match in list(_COMPARISON.finditer(text := one_counted(text))):  # "a single X"
        word = match.group(1) or match.group(2) or match.group(3)
        op, number = _OPS[word], NUMBER_WORDS.get(match.group(4), match.group(4))
        compared = _compared(text, match, op, number, plan, catalog)
        if compared is None:
            return None
        filters.append(compared[0])
        text = text.replace(match.group(0) + compared[1], " _ ", 1)
    return text, filters


def _compared(
    text: str, match: re.Match[str], op: str, number: str, plan: QueryPlan, catalog: SqlCatalog
) -> tuple[Filter, str] | None:
    """What "more than N" compares, and the words after N it reads (``_counted_rows``)."""
    said = _said_after(text[match.end() :], plan, catalog)
    if said is not None:
        counted = _counted_rows(said[0], op, number, plan, catalog, text)
        return (counted, said[1] + " ") if counted is not None else None
    compared = _compared_thing(text, match, op, number, plan, catalog)
    return (compared, "") if compared is not None else None


def _said_after(
    after: str, plan: QueryPlan, catalog: SqlCatalog
) -> tuple[Measure | CatalogColumn, str] | None:
    """The column or measure whose singular name the words right after the number say in
    the plural ("more than 8 ratings", ``rating``), with those words."""
    words = after.split()
    if words[:1] and words[0] in _UNITS:
        return None  # "more than 60 minutes": a unit, compared
    for size in [s for s in (2, 1) if s <= len(words)]:
        found = _thing(" ".join(words[:size]), plan, catalog)
        if isinstance(found, CatalogColumn | Measure) and said_plural(words[size - 1], found.words):
            return found, " ".join(words[:size])
    return None


def _compared_thing(
    text: str, match: re.Match[str], op: str, number: str, plan: QueryPlan, catalog: SqlCatalog
) -> Filter | None:
    """What "more than N" compares: a measure or column named after the number (or before
    the comparison), the rows of a child table, or a year."""
    roles = role_words(catalog)  # "more than 20 departing flights": of the flights
    after = [w for w in text[match.end() :].split() if w not in _UNITS and w not in roles][:3]
    before = [w for w in text[: match.start()].split() if w != "of"][-2:]  # "a speed of"
    if len(number) == 4 and match.group(2) in ("before", "after", "since"):
        year = year_column(text, plan, catalog)
        if year is not None:
            return year_filter(year, number, op)
    for words in (after, before[::-1]):
        for size in (2, 1):
            phrase = " ".join(words[:size]) if words is after else " ".join(words[:size][::-1])
            found = _thing(phrase, plan, catalog, text)
            if found is not None and words is after and _rows_named(words[size:], catalog):
                return None  # "more than 2 technical contests": contests counted, not 'technical'
            if found is not None and words is after and _own_before(before, found, plan, catalog):
                return None  # "ships that cost more than 9 credits": which cost is meant?
            if found is not None:
                return compared(found, op, number, plan, catalog, text)
    measure = dimension_compared(text[match.end() :], match.group(1), plan.table, catalog)
    return compared(measure, op, number, plan, catalog) if measure else None


def _own_before(
    before: list[str], after: Measure | CatalogColumn | str, plan: QueryPlan, catalog: SqlCatalog
) -> bool:
    """Whether the words after the number name a column or measure of another table than
    the counted rows' while a word before the comparison names one of their own ("ships
    that cost more than 9 credits", credits the unit of another table's cost)."""
    if isinstance(after, str) or after.table == plan.table:
        return False
    for word in before[::-1]:
        found = _thing(word, plan, catalog)
        if found is not None and not isinstance(found, str) and found.table == plan.table:
            return True
    return False


def _counted_rows(
    found: Measure | CatalogColumn,
    op: str,
    number: str,
    plan: QueryPlan,
    catalog: SqlCatalog,
    text: str,
) -> Filter | None:
    """ "Gauges with more than 8 readings" where ``reading`` is a column of the child
    table of samples: a number before a plural counts those things, the child's rows
    (never a comparison of the column with the number); None when they are the counted
    rows' own column or no child of theirs (what would be counted?)."""
    if found.table == plan.table:
        return None
    return compared(found.table, op, number, plan, catalog, text)


def _rows_named(words: list[str], catalog: SqlCatalog) -> bool:
    """Whether ``words`` start with the plural of a table's rows ("contests", not "contest")."""
    first = words[0] if words else ""
    return first != singular(first) and Vocabulary.of(catalog).table_named(first) is not None


def _thing(
    phrase: str, plan: QueryPlan, catalog: SqlCatalog, text: str = ""
) -> Measure | CatalogColumn | str | None:
    vocabulary = Vocabulary.of(catalog)
    if not phrase:
        return None
    synonym = vocabulary.synonym(phrase)
    if synonym is not None and not synonym.filter:
        table = synonym.table or plan.table
        if synonym.table is None and _elsewhere(synonym.sql.strip(), table, catalog):
            return None  # "home runs = HR" of other tables' rows: per row, or in all?
        return Measure(name=phrase, table=table, sql=synonym.sql, words=tuple(phrase.split()))
    numeric = [c for c in vocabulary.columns_named(phrase) if c.numeric and not c.key]
    mine = [c for c in numeric if c.table == plan.table]
    for head, words in MEASURE_WORDS.items():
        if phrase in words:
            found = [m for m in catalog.measures if m.head == head]
            own = [m for m in found if m.table == plan.table]
            if own or mine or found:  # the rows' own "cost" before another table's price
                return (own or mine or found)[0]
    child = vocabulary.table_named(phrase)
    if child is not None and child != plan.table and child_key(plan.table, child, catalog, text):
        return child  # "customers with more than 5 orders"
    if child is not None and linked_count(plan.table, child, catalog) is not None:
        return child  # "performers who appear in more than 4 shows"
    if numeric:
        return (mine or numeric)[0]
    return None


def _elsewhere(sql: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``sql`` is a bare column name ``table`` has no column of."""
    names = {c.name for c in catalog.table_columns(table)}
    return bool(re.fullmatch(r"\w+", sql)) and sql not in names


def _subquestion(text: str, plan: QueryPlan, catalog: SqlCatalog) -> Step:
    """ "the country with the most customers" -> country = (the top country)."""
    match = _SUBQUESTION.search(text)
    if match is None:
        return text, []
    vocabulary = Vocabulary.of(catalog)
    what, counted = match.group(1).split()[-1], match.group(3).split()[0]
    order = "ASC" if match.group(2) in ("fewest", "lowest", "least") else "DESC"
    counted_table = vocabulary.table_named(counted)
    if counted_table is None:
        return None
    column = next((c for c in vocabulary.columns_named(what) if c.text), None)
    table = vocabulary.table_named(what)
    if column is not None and column.table == counted_table:
        top = (f"SELECT {column.ref} FROM {quote(column.table)} GROUP BY {column.ref} "
               f"ORDER BY COUNT(*) {order} LIMIT 1")  # fmt: skip
        condition = Filter(raw=f"{column.ref} = ({top})", table=column.table)
    elif table is not None and child_key(table, counted_table, catalog):
        fk = catalog.keys_to(counted_table, table)[0]
        if len(fk.columns) != 1:
            return None
        child = f"{quote(counted_table)}.{quote(fk.columns[0])}"
        top = (f"SELECT {child} FROM {quote(counted_table)} GROUP BY {child} "
               f"ORDER BY COUNT(*) {order} LIMIT 1")  # fmt: skip
        own = f"{quote(table)}.{quote(fk.ref_columns[0])}"
        condition = Filter(raw=f"{own} = ({top})", table=table)
    else:
        return None
    return text.replace(match.group(0), " _ ", 1), [condition]


def _joined(start: str, target: str, catalog: SqlCatalog) -> bool:
    return start == target or reachable(start, target, catalog)
