"""attribute_plan: one value of a row the question names — "What is the capital of
Arland?", "What is Acme's city?", "What coin is used in Arland?", "Which land is Bree
in?", "When was Ada Lane born?", "Who leads the Apollo venture?", "Who directed Dawn?".

The row is named by values of its table's label (every label column: "Ada Lane", never
"Ada" alone), and the question's words around it follow one of a few English shapes
(``_SHAPES``); the asked thing is a column of the row's table, a column or the label of
the one table its foreign key points at ("the capital": a town's name), a birth date or
place column ("when / where was ... born"), the one description ("what does ... do"), or
the person a foreign key names ("who leads": ``leader_id``).  Anything else — two
columns the words could name, two keys to one table, a row named by part of its label,
a word left over — is no reading, and the planner declines.  The plan lists the value
of every row so named (several rows of one name: every value, never one picked).

Example::

    plan = attribute_plan("What is the capital of Arland?", catalog)
    compile_plan(plan, catalog)
    # SELECT DISTINCT town.name AS "town" FROM land JOIN town ON land.capital = town.id
    # WHERE land.name = 'Arland' ORDER BY "town" LIMIT 50
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from hookline.sql.catalog import CatalogColumn, SqlCatalog, quote
from hookline.sql.conditions import find_phrase, value_filters
from hookline.sql.mentions import Vocabulary, unused_mentions
from hookline.sql.plan import Filter, QueryPlan, compile_plan, join_path
from hookline.sql.verb_forms import verb_bases
from hookline.sql.words import (
    NUMBER_WORDS,
    identifier_words,
    question_words,
    singular,
    value_key,
)

__all__ = ["attribute_plan", "shape_words"]

ROWS = 50
"""The most values listed (rows of one name)."""
_BE = r"(?:is|was|are|were)"
_ROW = r"(?:the )?_ (?:(?P<noun>[a-z]+) )?"
_ATTR = r"(?P<attr>[a-z0-9][a-z0-9 -]*?)"
"""The asked thing's words ("two-letter code")."""
"""The named row: its value(s), masked as one ``_``, and maybe its table's noun."""
_VERB = r"(?:play|work|live|study) (?:for|in|at) "
"""A verb of belonging to the asked thing ("Which college did Ada play for")."""
_SHAPES = (
    ("year", rf"^ (?:in )?(?:which|what) year {_BE} {_ROW}(?P<verb>[a-z]+ed)(?: in)? $"),
    ("attr", rf"^ (?:what|which) {_BE} the {_ATTR} of {_ROW}$"),
    ("attr", rf"^ (?:what|which) {_ATTR} {_BE} used (?:in|by) {_ROW}$"),
    ("attr", rf"^ (?:what|which) {_ATTR} {_BE} {_ROW}(?:in|at|on) $"),
    ("attr", rf"^ (?:what|which) {_ATTR} (?:did|does|do) {_ROW}{_VERB}$"),
    ("owned", rf"^ what {_BE} _ {_ATTR} $"),
    ("attr", rf"^ how much (?:does|do|did) {_ROW}(?P<attr>cost|weigh) $"),
    ("said", rf"^ (?:what|which) {_ATTR} (?:did|does|do) {_ROW}(?P<verb>[a-z]+) $"),
    ("label", rf"^ (?:what|which) (?P<noun>[a-z]+) (?:has|had) the {_ATTR} _ $"),
    ("label", rf"^ what {_BE} the name of the (?P<noun>[a-z]+) with the {_ATTR} _ $"),
    ("child", rf"^ (?:what|which) {_ATTR} {_BE} {_ROW}$"),
    ("child", rf"^ (?:what|which) {_ATTR} {_BE} (?P<verb>[a-z]+) (?:in|by) {_ROW}$"),
    ("when", rf"^ when {_BE} {_ROW}born $"),
    ("dated", rf"^ when (?:did|does|do|{_BE[3:-1]}) (?:the )?_ (?P<attr>last) (?P<verb>[a-z]+) $"),
    ("dated", rf"^ when (?:did|does|do|{_BE[3:-1]}) {_ROW}(?P<verb>[a-z]+) $"),
    ("where", rf"^ where {_BE} {_ROW}born $"),
    ("does", rf"^ what (?:does|do) {_ROW}do $"),
    ("who", rf"^ who (?P<verb>[a-z]+?)s {_ROW}$"),
    ("doer", rf"^ who (?P<verb>[a-z]+ed) {_ROW}$"),
)
"""(kind, pattern) of each shape, over the question's words with the row masked."""
_KEY_WORDS = ("id", "key", "no", "number", "code", "ref", "fk")
"""Words a foreign key's name ends in after its parent's name (``role_id``)."""
_TELLING = frozenset(("description", "desc", "summary", "effect", "purpose"))
"""The words of a column saying what a row does ("What does the Leftovers item do?")."""
_PLACE = ("place", "city", "town", "country", "location")
_HEADS = ("code", "name", "number")
"""Nouns a column's words may be followed by in a question ("the dial code": ``dial``)."""
_SIZED = re.compile(r"^(?P<size>[a-z]+|\d+)-(?:letter|character|digit|char) (?P<rest>.+)$")
"""A fixed size said of the asked thing: "three-letter code", "4-digit code"."""
_POSSESSIVE = re.compile(r"[a-z0-9]['\u2019]s\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Asked:
    """What a shape asks for: ``kind`` (see ``_SHAPES``), its words, the row's table."""

    kind: str
    words: str
    verb: str
    table: str


def attribute_plan(question: str, catalog: SqlCatalog) -> QueryPlan | None:
    """The plan of the one value ``question`` asks of the row it names (see the module
    doc); None when its words read no such question, or more than one."""
    text = " " + " ".join(question_words(question)) + " "
    filters = [_referred(found, catalog) for found in value_filters(text, catalog)]
    table = _named_table(filters, catalog)
    masked = _unprefixed(_masked(text, filters), table) if table else ""
    asked = _shape(masked, question, table, catalog) if table else None
    answer = _answer(asked, filters, catalog) if asked else None
    if table is None or answer is None:
        return None
    target, column = answer
    if asked is not None and asked.kind == "child":
        plan = QueryPlan(kind="rows", table=target, column=column, filters=filters, limit=ROWS)
        return plan if _reads_every_column(plan, text, catalog) else None
    if target != table and not _one_step(table, target, catalog):
        return None
    if column is not None and column.name in {f.column.name for f in filters if f.column}:
        return None  # "the name of Ada": the value the question spells out
    parent = target if target != table else None
    plan = QueryPlan(kind="rows", table=table, group_table=parent, column=column,
                     filters=filters, limit=ROWS)  # fmt: skip
    read = asked is not None and (
        asked.kind == "label" or column in _documented_as(asked, catalog) or _carried(asked)
    )
    said = text.replace(f" {asked.words} ", " ") if asked and read else text
    return plan if _reads_every_column(plan, said, catalog) else None


def _carried(asked: _Asked) -> bool:
    """Whether the asked words carry a size or a head noun besides a column's name ("the
    three-letter code", "the dial code"): words the plan's column stands for."""
    return asked.kind == "attr" and (
        _SIZED.match(asked.words) is not None or asked.words.split()[-1] in _HEADS
    )


def _documented_as(asked: _Asked, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The column of the row's table the documentation calls the asked words, if any."""
    return _said_to_be(asked.words, asked.table, catalog) if asked.words else []


def _unprefixed(masked: str, table: str) -> str:
    """``masked`` without the row's table's name said before it ("Acme Ant": the
    acme row Ant)."""
    name = " ".join(identifier_words(table))
    return masked.replace(f" {name} _ ", " _ ")


def _masked(text: str, filters: list[Filter]) -> str:
    """``text`` with the values of ``filters`` as one ``_`` ("Ada Byron" -> _)."""
    for found in filters:
        value = value_key(found.value)
        text = text.replace(find_phrase(text, value) or f" {value} ", " _ ")
    return re.sub(r"(?: _)+ ", " _ ", text)


def _reads_every_column(plan: QueryPlan, text: str, catalog: SqlCatalog) -> bool:
    """Whether the plan compiles and reads every column the question names."""
    try:
        sql = compile_plan(plan, catalog)
    except (ValueError, KeyError):
        return False
    return not unused_mentions(text, sql, catalog)


def shape_words(words: list[str], catalog: SqlCatalog) -> set[str]:
    """The words of ``words`` only a shape of this module reads, naming nothing in the
    database: "when" / "where" of "when was ... born"; "when" and the verb of "when did
    ... start" when a date column is named after the verb (``started_on``); the verb of
    "who leads ..." when a foreign key to people is (``leader_id``); a word before a
    column's name its documentation says ("peak" of "peak power": a peak stat)."""
    return _shaped(words, catalog) | _documented_words(words, catalog) | _said_of(words, catalog)


def _said_of(words: list[str], catalog: SqlCatalog) -> set[str]:
    """The words of ``words`` a column's name may carry in a question: a size
    ("three-letter"), a generic head noun after the column's name ("dial code")."""
    vocabulary = Vocabulary.of(catalog)
    sized = {w for w in words if _SIZED.match(f"{w} _")}
    return sized | {
        word
        for before, word in itertools.pairwise(words)
        if word in _HEADS and vocabulary.columns_named(before)
    }


def _documented_words(words: list[str], catalog: SqlCatalog) -> set[str]:
    """The words of ``words`` just before a column's name that the column's documentation
    says ("peak power": ``power``, documented "its peak stats")."""
    vocabulary = Vocabulary.of(catalog)
    found = set()
    for i, word in enumerate(words[:-1]):
        named = vocabulary.columns_named(words[i + 1])
        if named and _documented([word], named, catalog):
            found.add(word)
    text = f" {' '.join(words)} "
    for column in catalog.columns:  # "two-letter code": a column "the two-letter code of ..."
        head = _said(column, catalog).split(" of ")[0]
        if len(head.split()) > 1 and f" {head} " in text:
            found |= set(head.split())
    return found


def _shaped(words: list[str], catalog: SqlCatalog) -> set[str]:
    """The words of ``words`` a shape reads (``shape_words``)."""
    if words[:1] == ["where"] and words[-1:] == ["born"]:
        return {"where"}
    if words[:1] == ["when"] and len(words) > 2:
        verb = words[-1]
        dated = verb == "born" or any(
            c.date and _after_verb(verb, c, catalog) for c in catalog.columns
        )
        return {"when", verb} if dated else set()
    said = [w for w in words if w != "in"]
    if said[:2] in (["which", "year"], ["what", "year"]) and len(said) > 3:
        verb = said[-1]  # "(in) which year was _ discovered (in)"
        return (
            {verb} if any(_year_by(verb, t.name, catalog) for t in catalog.schema.tables) else set()
        )
    if words[:1] == ["who"] and len(words) > 1 and words[1][-1:] == "s":
        verb = words[1][:-1]
        keyed = [c for c in catalog.columns if _after_verb(verb, c, catalog)]
        return {words[1]} if any(_person_key(c, catalog) for c in keyed) else set()
    return set()


def _referred(found: Filter, catalog: SqlCatalog) -> Filter:
    """A value of a foreign key read in the column it refers to: "Peru" of a client's
    ``nation`` names the nation row "Peru" (the same value, the row's own table)."""
    column = found.column
    keys = [] if column is None else catalog.table(column.table).foreign_keys
    fk = next((fk for fk in keys if column and fk.columns == [column.name]), None)
    named = fk.ref_columns[:1] if fk is not None and found.raw is None else []
    columns = catalog.table_columns(fk.ref_table) if fk is not None else []
    referred = next((c for c in columns if [c.name] == named), None)
    if referred is None:
        return found
    return Filter(column=referred, value=found.value, op=found.op, prefix=found.prefix)


def _named_table(filters: list[Filter], catalog: SqlCatalog) -> str | None:
    """The one table whose rows the filters name by every column of its label."""
    tables = {f.table_name for f in filters}
    if len(tables) != 1 or any(f.raw or f.op != "=" or f.prefix for f in filters):
        return None
    table = tables.pop()
    matched = [f.column for f in filters if f.column is not None]
    label = set(catalog.label(table))
    if label and {c.name for c in matched} == label:
        return table
    return table if len(matched) == 1 and _names_rows(matched[0], catalog) else None


def _names_rows(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether a text column names its table's rows though it is not their label: the
    text primary key, or a column of names ("full name") of about as many values as rows."""
    if not column.text or column.date or column.name in catalog.label(column.table):
        return False  # a part of the label ("Ada" of Ada Byron) names no one row
    if catalog.table(column.table).primary_key == [column.name]:
        return True
    rows = catalog.rows.get(column.table, 0)
    return column.words[-1:] == ["name"] and (column.distinct or 0) * 2 >= rows > 0


def _shape(masked: str, question: str, table: str, catalog: SqlCatalog) -> _Asked | None:
    """The first shape the masked words fit, whose row noun (if any) is the row's table."""
    for kind, pattern in _SHAPES:
        found = re.match(pattern, masked)
        if found is None:
            continue
        noun = found.groupdict().get("noun")
        if noun and Vocabulary.of(catalog).table_named(noun) != table:
            return None
        if kind == "owned" and not _POSSESSIVE.search(question):
            return None
        words = found.groupdict().get("attr") or ""
        verb = found.groupdict().get("verb") or ""
        if {"_", "and"} & set(words.split()):
            return None  # "the attack and health of _": two things, never one of them
        return _Asked("attr" if kind == "owned" else kind, words, verb, table)
    return None


def _answer(
    asked: _Asked, filters: list[Filter], catalog: SqlCatalog
) -> tuple[str, CatalogColumn | None] | None:
    """(the table answering, its column or None for its label) of what ``asked`` asks."""
    if asked.kind == "label":
        return _by_value(asked.words, filters, asked.table, catalog)
    if asked.kind == "child":
        return _child_column(asked, catalog)
    if asked.kind == "attr":
        return _attribute(asked.words, asked.table, catalog)
    if asked.kind == "said":  # "what tune does _ sing": a column documented "it sings"
        columns = _columns(asked.words, asked.table, catalog)
        return _one(
            [c for c in columns if _after_verb(asked.verb, c, catalog)], asked.table, catalog
        )
    if asked.kind == "when":
        return _one(_birth(asked.table, catalog, place=False), asked.table, catalog)
    if asked.kind == "where":
        return _one(_birth(asked.table, catalog, place=True), asked.table, catalog)
    if asked.kind == "does":
        prose = [c for c in catalog.table_columns(asked.table) if c.prose]
        return _one([c for c in prose if set(c.words) & _TELLING], asked.table, catalog)
    if asked.kind == "dated":  # "when was _ last modified": a column named so (last_modified)
        dated = _dated_by(asked.verb, asked.table, catalog)
        dated = [c for c in dated if set(asked.words.split()) <= set(c.words)]
        return _one(dated, asked.table, catalog)
    if asked.kind == "year":
        return _one(_year_by(asked.verb, asked.table, catalog), asked.table, catalog)
    if asked.kind == "doer":  # "who directed _": the row's one director column
        doers = Vocabulary.of(catalog).agent_columns(asked.verb)
        return _one([c for c in doers if c.table == asked.table and c.text], asked.table, catalog)
    return _leader(asked.verb, asked.table, catalog)


def _child_column(asked: _Asked, catalog: SqlCatalog) -> tuple[str, CatalogColumn] | None:
    """ "What hues is _", "What tongues are spoken in _": the one column the words name
    of the tables with one foreign key to the row's table (the verb said of that table)."""
    if _columns(asked.words, asked.table, catalog):
        return None  # the row's own column: not a child's
    found = []
    for child in catalog.schema.tables:
        keys = [fk for fk in child.foreign_keys if fk.ref_table == asked.table]
        if (
            len(keys) != 1
            or child.name == asked.table
            or not _says(child.name, asked.verb, catalog)
        ):
            continue
        keyed = child.foreign_key_columns()
        found += [c for c in _columns(asked.words, child.name, catalog) if c.name not in keyed]
    if len(found) != 1 or found[0].opaque or (found[0].key and not found[0].text):
        return None
    return found[0].table, found[0]


def _says(table: str, verb: str, catalog: SqlCatalog) -> bool:
    """Whether the documentation of ``table`` says ``verb`` (or nothing need be said)."""
    if not verb:
        return True
    docs = catalog.docs.descriptions if catalog.docs else {}
    described = next((d for k, d in docs.items() if k.lower() == table.lower()), "")
    return verb in re.findall(r"[a-z]+", described.lower())


def _by_value(
    words: str, filters: list[Filter], table: str, catalog: SqlCatalog
) -> tuple[str, CatalogColumn | None] | None:
    """ "Which land has the code AR": the label of the row whose column the words name
    (by its name or documentation) holds the value; None when they name another."""
    column = filters[0].column if len(filters) == 1 else None
    if column is None or not catalog.label(table) or column.name in catalog.label(table):
        return None
    said = {*column.words, *_said(column, catalog).split()}
    named = column in _columns(words, table, catalog) or set(words.split()) <= said
    return (table, None) if named else None


def _one(
    columns: list[CatalogColumn], table: str, catalog: SqlCatalog
) -> tuple[str, CatalogColumn | None] | None:
    """The only column's answer: its own value, or the label of the table it refers to."""
    if len(columns) != 1:
        return None
    return _through_key(columns[0], table, catalog)


def _through_key(
    column: CatalogColumn, table: str, catalog: SqlCatalog
) -> tuple[str, CatalogColumn | None] | None:
    """``column``'s answer: a foreign key's parent label, else the column itself."""
    keys = [fk for fk in catalog.table(table).foreign_keys if column.name in fk.columns]
    if not keys:
        unread = column.opaque or (column.key and not column.text)  # an id says nothing
        return None if unread else (table, column)
    if len(keys) != 1 or len(keys[0].columns) != 1 or keys[0].ref_table == table:
        return None
    return keys[0].ref_table, None


def _attribute(
    words: str, table: str, catalog: SqlCatalog
) -> tuple[str, CatalogColumn | None] | None:
    """The column ``words`` names: of the row's table (through its key to a parent), or of
    the one parent it refers to; else the parent the words name (its label), or a key
    column followed by its parent's name ("the capital city")."""
    vocabulary = Vocabulary.of(catalog)
    own = _columns(words, table, catalog)
    if own:
        return _one(own, table, catalog)
    said = _said_to_be(words, table, catalog)
    if said and not _joins(said[0], catalog):  # its documented name: an id column too
        return table, said[0]
    parents = [p for p in _parents(table, catalog) if _named_after(table, p, catalog)]
    theirs = [c for p in parents for c in _columns(words, p, catalog) if not c.key]
    if theirs:
        return (theirs[0].table, theirs[0]) if len(theirs) == 1 else None
    named = vocabulary.table_named(words)
    if named in parents:
        return named, None
    *head, last = words.split()
    if head and vocabulary.table_named(last) in _parents(table, catalog):
        keyed = _one(_columns(" ".join(head), table, catalog), table, catalog)
        return keyed if keyed and keyed[0] == vocabulary.table_named(last) else None
    return _sized(words, table, catalog) or _headed(words, table, catalog)


def _sized(words: str, table: str, catalog: SqlCatalog) -> tuple[str, CatalogColumn] | None:
    """ "the three-letter UN code": the one column of ``table`` named by the other words
    (a ``_HEADS`` noun only when nothing else is said) and by no word they do not say (a
    number may be its size: ``un3``; ``coin_code`` is no "three-letter code") whose
    every value is that many characters long (``un3``, beside a two-letter ``un``)."""
    found = _SIZED.match(words)
    size = NUMBER_WORDS.get(found["size"], found["size"]) if found else ""
    if found is None or not size.isdigit():
        return None
    said = found["rest"].split()
    content = [w for w in said if w not in _HEADS] or said
    vocabulary = Vocabulary.of(catalog)
    fits = [
        c
        for c in catalog.table_columns(table)
        if all(w in c.words or c in vocabulary.columns_named(w) for w in content)
        and all(w in said or w in _HEADS or w.isdigit() for w in c.words)
        and c.width == (int(size), int(size))
    ]
    return (table, fits[0]) if len(fits) == 1 and not _refers(fits[0], catalog) else None


def _headed(words: str, table: str, catalog: SqlCatalog) -> tuple[str, CatalogColumn | None] | None:
    """ "the dial code", "the era name": the one column the words before a generic head
    noun name — a text one for a code (an ``area`` in km² is no "area code") and its own
    value, not the parent's (a name may be the parent's label: "the team name")."""
    *head, last = words.split()
    if not head or last not in _HEADS:
        return None
    named = [c for c in _columns(" ".join(head), table, catalog) if c.text and not c.date]
    if last != "name" and any(_refers(c, catalog) for c in named):
        return None
    return _one(named, table, catalog)


def _refers(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is part of a foreign key."""
    keys = catalog.table(column.table).foreign_keys
    return any(column.name in fk.columns for fk in keys)


def _columns(words: str, table: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The columns of ``table`` the words name; words before the name count only when the
    column's documentation says them ("base speed": a speed documented as a base stat)."""
    vocabulary = Vocabulary.of(catalog)
    split = words.split()
    for start in range(len(split)):
        found = [c for c in vocabulary.columns_named(" ".join(split[start:])) if c.table == table]
        if found:
            return found if _documented(split[:start], found, catalog) else []
    return []


def _joins(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is its table's primary key or part of a foreign key."""
    info = catalog.table(column.table)
    keyed = info.foreign_key_columns()
    return column.name in info.primary_key or column.name in keyed


def _said_to_be(words: str, table: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The one column of ``table`` its documentation calls ``words`` ("issue_no: its
    issue number", "short: the two-letter code of ...") or named ``words`` in a unit
    (``price_in_gold``); none when two are."""
    said = [
        column
        for column in catalog.table_columns(table)
        if re.fullmatch(rf"{re.escape(words)}(?: of .*)?", _said(column, catalog))
        or re.fullmatch(rf"{re.escape(words)} in [a-z ]+", " ".join(column.words))
    ]
    return said if len(said) == 1 else []


def _documented(words: list[str], columns: list[CatalogColumn], catalog: SqlCatalog) -> bool:
    """Whether every one of ``words`` is in the documentation of each of ``columns``."""
    if not words:
        return True
    docs = catalog.docs
    for column in columns:
        described = docs.described(column.table, column.name) if docs else ""
        said = {singular(w) for w in re.findall(r"[a-z]+", described.lower())}
        if not all(singular(w) in said for w in words):
            return False
    return True


def _parents(table: str, catalog: SqlCatalog) -> list[str]:
    """The other tables ``table`` refers to by exactly one foreign key."""
    refs = [fk.ref_table for fk in catalog.table(table).foreign_keys if fk.ref_table != table]
    return [t for t in dict.fromkeys(refs) if refs.count(t) == 1]


def _named_after(table: str, parent: str, catalog: SqlCatalog) -> bool:
    """Whether ``table``'s foreign key to ``parent`` says it is the row's own parent: a
    column named after it (``nation``, ``role_id``, ``shop_code``) or documented as it
    ("its coin"); a key of another relation (a land's ``capital`` town) is not
    the land's town, nor its population the capital's."""
    vocabulary = Vocabulary.of(catalog)
    fk = catalog.keys_to(table, parent)[0]
    for name in fk.columns:
        words = catalog.column(table, name).words
        while len(words) > 1 and words[-1] in _KEY_WORDS:
            words = words[:-1]
        said = _said(catalog.column(table, name), catalog)
        if parent in (vocabulary.table_named(" ".join(words)), vocabulary.table_named(said)):
            return True
    return False


def _said(column: CatalogColumn, catalog: SqlCatalog) -> str:
    """What the documentation says ``column`` is, up to its first pause, without an
    article: "its currency; empty when ..." -> currency."""
    described = catalog.docs.described(column.table, column.name) if catalog.docs else ""
    first = re.split(r"[;,(\u2014]", described)[0].strip().lower()
    return re.sub(r"^(?:its|the|a|an) ", "", first)


def _dated_by(verb: str, table: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The date columns of ``table`` the verb names: the one whose own name is the verb's
    base ("launched" -> ``launch``, though another's documentation says "launch"),
    else every one named or documented after it."""
    dated = [c for c in catalog.table_columns(table) if c.date]
    named = [c for c in dated if set(verb_bases(verb)) & set(c.words)]
    return named if len(named) == 1 else [c for c in dated if _after_verb(verb, c, catalog)]


def _year_by(verb: str, table: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The date or year columns of ``table`` named after the verb's noun ("invented" ->
    an invention year, "released" -> a release date)."""
    stems = [b for b in verb_bases(verb) if b != verb and len(b) > 4]
    dated = [c for c in catalog.table_columns(table) if c.date or (c.numeric and "year" in c.words)]
    return [c for c in dated if any(w.startswith(tuple(stems)) for w in c.words if stems)]


def _after_verb(verb: str, column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is named or documented after ``verb``: "lead" -> ``leader_id``,
    "manage" -> a key documented "its manager", "start" -> ``started_on``."""
    if len(verb) < 3:
        return False
    words = [*column.words, *_said(column, catalog).split()]
    return any(w.startswith(verb) or (len(w) >= 4 and verb.startswith(w)) for w in words)


def _birth(table: str, catalog: SqlCatalog, *, place: bool) -> list[CatalogColumn]:
    """The columns of ``table`` holding a birth date (or a birth place)."""
    found = []
    for column in catalog.table_columns(table):
        words = [singular(w) for w in column.words]
        if not ({"birth", "born", "dob"} & set(words) or words == ["birthdate"]):
            continue
        is_place = any(w in _PLACE for w in words) or (column.key and not column.date)
        if is_place == place and (place or column.date or "date" in words or "dob" in words):
            found.append(column)
    return found


def _leader(verb: str, table: str, catalog: SqlCatalog) -> tuple[str, CatalogColumn | None] | None:
    """ "Who leads <row>": the person the one foreign key named after the verb points at
    (``leader_id`` for "leads"), by their name."""
    keyed = [
        column
        for column in catalog.table_columns(table)
        if _after_verb(verb, column, catalog) and _person_key(column, catalog)
    ]
    return _one(keyed, table, catalog)


def _person_key(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is a foreign key to a table of people (a first and a last name)."""
    keys = [fk for fk in catalog.table(column.table).foreign_keys if column.name in fk.columns]
    return len(keys) == 1 and len(catalog.label(keys[0].ref_table)) == 2


def _one_step(table: str, parent: str, catalog: SqlCatalog) -> bool:
    """Whether the join from ``table`` to ``parent`` is ``table``'s one foreign key to it
    (so the plan reads the parent of the named row, never another relation)."""
    keys = catalog.keys_to(table, parent)
    if len(keys) != 1:
        return False
    fk = keys[0]
    condition = " AND ".join(
        f"{quote(table)}.{quote(a)} = {quote(parent)}.{quote(b)}"
        for a, b in zip(fk.columns, fk.ref_columns, strict=False)
    )
    try:
        return join_path(table, parent, catalog) == [(parent, condition)]
    except ValueError:
        return False
