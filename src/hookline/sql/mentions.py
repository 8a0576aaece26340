"""Mentions: what each word of a question names in a database (a table, a column, a
measure, a value, a synonym of the documentation) and the words that name nothing.

The linker builds a plan from mentions; a question with a content word that names
nothing is not answered ("I don't know what 'loyalty tier' means in this database").

Example::

    vocabulary = Vocabulary.of(catalog)
    vocabulary.table_named("borrowers")      # "Person", when its docs say "one row per borrower"
    unknown_words("How many customers have a loyalty tier?", catalog)  # ["loyalty", "tier"]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial

from hookline.sql.ages import age_word
from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.documented_entities import entity_claims
from hookline.sql.keyed_rows import keyed_rows
from hookline.sql.name_parts import name_claims
from hookline.sql.value_glosses import code_matches, gloss_phrases, glosses
from hookline.sql.value_index import ValueMatch
from hookline.sql.value_words import partial_value
from hookline.sql.verb_forms import agent_nouns, third_person_base, verb_bases
from hookline.sql.words import (
    DIMENSION_ADJECTIVES,
    FUNCTION_WORDS,
    MEASURE_WORDS,
    MONTHS,
    identifier_words,
    question_words,
    singular,
    value_forms,
    value_key,
    without_unit,
    word_set,
)

__all__ = [
    "NEVER",
    "Synonym",
    "Vocabulary",
    "compound_head",
    "find_phrase",
    "is_function",
    "known_positions",
    "names_another_column",
    "people_table",
    "table_mentioned",
    "unknown_words",
    "unused_mentions",
    "value_matches",
]

VERBS = word_set(
    """place placed order ordered buy bought sell sold spend spent make made build built
    operate operated fly flew flown depart departed departing go went arrive arrived leave
    left hit win won play played bat score scored steal stole record give given live lives
    living sign signed ship shipped earn earned pay paid debut debuted born bring brought
    generate generated cost costs belong belongs contain contains include includes happen
    happened take took get got hold held run ran throw threw pitch pitched manage managed
    join joined use used come came pass passed sit seated send sent travel traveled
    travelled purchase purchased appear appears appeared register registered sign-up signup
    introduce introduced listed died speak speaks spoken assign assigned"""
)
"""English verbs that carry no column: "placed" in "orders placed in 2024"."""
ALIASES = {"born": "birth", "died": "death", "dead": "death", "tallest": "height",
           "shortest": "height", "heaviest": "weight", "lightest": "weight",
           "longest": "length", "weigh": "weight", "weighs": "weight",
           "populous": "population"}  # fmt: skip
"""English words read as another ("members born in 1980" -> a birth year column)."""
_DWELLERS = word_set("person inhabitant resident")
"""Nouns of the people a place has, counted by its population column when no table is of
people ("towns with more than 10,000 inhabitants")."""
NEVER = re.compile(r" (?:never|(?:have|has|had|did|do|does) not) ")
"""What says no row of another table follows: "never", "have not" ("members who have
not posted")."""
_MAX_PHRASE = 5
_PAIRS = [("movie", "film"), ("shop", "store"), ("client", "customer"), ("pupil", "student")]
_SAME_THINGS = _PAIRS + [(b, a) for a, b in _PAIRS]
"""Everyday nouns of one thing: a table named by one is named by the other."""


@dataclass(frozen=True, kw_only=True)
class Synonym:
    """A phrase of the documentation: an expression (``measure``) or a filter (``where``),
    of ``table`` when the documentation names it."""

    phrase: str
    sql: str
    table: str | None
    filter: bool


@dataclass(kw_only=True)
class Vocabulary:
    """Phrases of every table, column and synonym, read once per catalog."""

    tables: dict[str, str] = field(default_factory=dict)
    columns: dict[str, list[CatalogColumn]] = field(default_factory=dict)
    described: dict[str, list[CatalogColumn]] = field(default_factory=dict)
    synonyms: list[Synonym] = field(default_factory=list)
    stems: dict[str, list[CatalogColumn]] = field(default_factory=dict)

    @classmethod
    def of(cls, catalog: SqlCatalog) -> Vocabulary:
        return catalog.cached("vocabulary", cls._built)

    @classmethod
    def _built(cls, catalog: SqlCatalog) -> Vocabulary:
        vocabulary = cls()
        vocabulary._read(catalog)
        return vocabulary

    def _read(self, catalog: SqlCatalog) -> None:
        descriptions = dict(catalog.docs.descriptions) if catalog.docs else {}
        for table in catalog.schema.tables:
            phrase = _phrase(identifier_words(table.name))
            self.tables.setdefault(phrase, table.name)
            if phrase.endswith("oe"):  # "heroes": a hero (though "shoes" are shoes)
                self.tables.setdefault(phrase[:-1], table.name)
        self._entities(catalog, descriptions)
        self._people(catalog)
        self._prefixed(catalog)
        for word, other in _SAME_THINGS:  # "movies" of a database that says "films"
            if word not in self.tables and other in self.tables:
                for form in (word, word + "s"):  # "movies": no rule makes it "movie"
                    self.tables.setdefault(_phrase([form]), self.tables[other])
        self._name_parts(catalog)
        for column in catalog.columns:
            self.columns.setdefault(_phrase(_name_words(column)), []).append(column)
        for column in catalog.columns:  # "length": lengthkm, "cost": cost_per_kg
            bare = without_unit(column.words)
            if column.numeric and bare != column.words:
                self.columns.setdefault(_phrase(bare), []).append(column)
        for column in catalog.columns:
            words = _name_words(column)
            if len(words) > 1 and words[-1] not in FUNCTION_WORDS:
                self.described.setdefault(_phrase(words[-1:]), []).append(column)
            for word in {w for w in words if w not in FUNCTION_WORDS}:
                self.stems.setdefault(_stem(word), []).append(column)
        self._describe(catalog, descriptions)
        keyed = keyed_rows(catalog, descriptions, {*self.tables, *self.columns, *self.described})
        self.synonyms = _synonyms(catalog, keyed)  # and "for a sub-kennel,": rows

    def _entities(self, catalog: SqlCatalog, descriptions: dict[str, str]) -> None:
        """ "One row per borrower": the table a word names, when one table says so or one of
        those that say so is the others' parent."""
        claims = entity_claims(catalog, descriptions, _value_words(catalog), _phrase)
        for entity, tables in claims.items():
            if claimed := _one_or_parent(tables, catalog):
                self.tables.setdefault(entity, claimed)

    def _name_parts(self, catalog: SqlCatalog) -> None:
        """ "lines" -> OrderLines: the first words or last word of one table's name; of
        several tables' ("unit" of unit_kind, unit_skill), of the one the others are
        children of ("power coefficient" still names power_coefficient_curve alone)."""
        values = _value_words(catalog)  # "spells": rows of the type 'Spell', no spell school
        claims = name_claims(
            catalog,
            lambda part: (
                len(part) > 1
                or (part[0] not in FUNCTION_WORDS | values and not _is_measure_word(part[0]))
            ),
            _phrase,
        )
        for word, tables in claims.items():
            if claimed := _one_or_parent(tables, catalog):
                self.tables.setdefault(word, claimed)

    def _prefixed(self, catalog: SqlCatalog) -> None:
        """ "orders": the one table whose columns say it as a prefix (``order_date``,
        ``order_note``), when no table is named so; never a word two tables share."""
        claims: dict[str, set[str]] = {}
        for table in catalog.schema.tables:
            for word in _column_prefixes(catalog.table_columns(table.name)):
                claims.setdefault(word, set()).add(table.name)
        values = {value_key(v) for c in catalog.columns for v in c.values}
        for word, tables in claims.items():
            if len(tables) == 1 and word not in self.tables and word not in values:
                self.tables[word] = tables.pop()  # not 'SHIP', a value of a ship mode

    def _people(self, catalog: SqlCatalog) -> None:
        """ "people", "person": the one table whose rows have a first and a last name,
        when no table is named so (two such tables: the question does not say which)."""
        people = [t.name for t in catalog.schema.tables if len(catalog.label(t.name)) == 2]
        if len(people) == 1:
            self.tables.setdefault("person", people[0])

    def _describe(self, catalog: SqlCatalog, descriptions: dict[str, str]) -> None:
        """A short description names its column; so does one of its words that names
        nothing else (not a table, not another column, not another description)."""
        singles: dict[str, list[CatalogColumn]] = {}
        for column in catalog.columns:
            words = _description_words(descriptions.get(f"{column.table}.{column.name}"))
            if not words:
                continue
            self.described.setdefault(_phrase(words), []).append(column)
            if len(words) > 2 and words[0].endswith("'s"):  # "the person's first name"
                self.described.setdefault(_phrase(words[1:]), []).append(column)
            for word in {_phrase([w]) for w in words if w not in FUNCTION_WORDS | VERBS}:
                singles.setdefault(word, []).append(column)
        for word, columns in singles.items():
            taken = word in self.tables or word in self.columns or len(columns) > 1
            if not taken:
                self.described.setdefault(word, []).extend(columns)
        self._described_heads(catalog, descriptions)

    def _described_heads(self, catalog: SqlCatalog, descriptions: dict[str, str]) -> None:
        """ "normal boiling point" names its column as "boiling point" too: the last two or
        three words of a description, when no other column of the table ends so and the
        phrase names nothing else, nor has a word naming a table."""
        heads: dict[tuple[str, str], list[CatalogColumn]] = {}
        for column in (c for c in catalog.columns if not c.key):  # an id: its own reading
            words = _description_words(descriptions.get(f"{column.table}.{column.name}"))
            for size in range(2, len(words)):
                if words[-size] not in FUNCTION_WORDS:
                    heads.setdefault((column.table, _phrase(words[-size:])), []).append(column)
        named = {*self.tables, *self.columns, *self.described}
        for (_, phrase), columns in heads.items():
            said = phrase in named or any(w in self.tables for w in phrase.split())
            if len(columns) == 1 and not said:  # not "country code" of a "mobile country code"
                self.described.setdefault(phrase, []).extend(columns)

    def _tables_for(self, phrase: str) -> list[str]:
        found = self.tables.get(phrase)
        return [found] if found else []

    def table_named(self, word: str) -> str | None:
        """The table ``word`` (or a phrase) names: its name's words, singular or plural."""
        return self.tables.get(_phrase(word.split()))

    def columns_named(self, phrase: str) -> list[CatalogColumn]:
        """The columns ``phrase`` names: by their own words first, then by the last word of
        their name or their description."""
        wanted = _phrase(phrase.split())
        found = self.columns.get(wanted, []) + [
            c for c in self.described.get(wanted, []) if c not in self.columns.get(wanted, [])
        ]
        if found or " " in wanted or wanted in FUNCTION_WORDS | VERBS:
            return found
        if wanted in _DWELLERS and wanted not in self.tables:  # no table of people
            population = self.columns.get("population", [])  # "more than 7 million people"
            return population or self.described.get("population", [])  # city_population
        if not _is_participle(wanted):
            return []
        stem = _stem(wanted)  # "shipped" -> ShippingCity, ShipDate; "hired" -> HireDate
        return self.stems.get(stem) or self.stems.get(stem + "e", [])

    def doer_words(self, words: list[str]) -> set[str]:
        """The words of the columns the verbs of ``words`` name by their doer."""
        return {w for word in words for c in self.agent_columns(word) for w in c.words}

    def agent_columns(self, word: str) -> list[CatalogColumn]:
        """The one column named by the doer of the verb ``word`` says ("directed" ->
        director, "taught" -> teacher); empty when no column or several are so named."""
        if " " in word or word in FUNCTION_WORDS | VERBS:
            return []
        named = [c for noun in agent_nouns(word) for c in self.columns.get(noun, [])]
        return named if len(named) == 1 else []

    def synonym(self, phrase: str) -> Synonym | None:
        wanted = _phrase(phrase.split())
        return next((s for s in self.synonyms if _phrase(s.phrase.split()) == wanted), None)


def compound_head(nouns: list[str], catalog: SqlCatalog) -> str | None:
    """The table a two-noun compound counts: its head, the second noun ("return reasons"
    -> the reasons, "customer orders" -> the orders), when the first is a singular
    modifier naming a table that refers to the head's table or that it refers to; else
    None."""
    if len(nouns) < 2 or singular(nouns[0]) != nouns[0] or singular(nouns[1]) == nouns[1]:
        return None
    vocabulary = Vocabulary.of(catalog)
    head, modifier = vocabulary.table_named(nouns[1]), vocabulary.table_named(nouns[0])
    if head is None or modifier is None or head == modifier:
        return None
    related = catalog.refers_to(modifier, head) or catalog.refers_to(head, modifier)
    return head if related else None


def _value_words(catalog: SqlCatalog) -> frozenset[str]:
    """The one-word values of the short-listed text columns, in lookup form ("Spell" ->
    spell): a word naming rows by their value, not a table by a word of its name."""
    return catalog.cached(
        "value words of one word",
        lambda c: frozenset(_phrase([v]) for col in c.columns for v in col.values if " " not in v),
    )


def _phrase(words: list[str]) -> str:
    """The lookup form of a phrase: lower case, its last word singular."""
    if not words:
        return ""
    words = [w.lower() for w in words]
    return " ".join([*words[:-1], singular(ALIASES.get(words[-1], words[-1]))])


def _is_participle(word: str) -> bool:
    """A verb's past participle ("shipped", "filed") that may name the columns of its
    stem ("Shipping...", "Filing..."); not one of the verbs that carry no column."""
    return (
        " " not in word
        and word.endswith("ed")
        and len(word) > 4
        and word not in VERBS | FUNCTION_WORDS
    )


def _stem(word: str) -> str:
    """``filed``, ``filing`` -> one stem; ``shipped``, ``shipping``, ``ship`` -> another."""
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def _column_prefixes(columns: list[CatalogColumn]) -> set[str]:
    """The nouns of things that happen which two or more non-key ``columns`` start with,
    a date of it among them (``order_date``, ``order_note`` -> order)."""
    rests: dict[str, set[str]] = {}
    dated: set[str] = set()
    for column in columns:
        words = column.words
        if len(words) > 1 and not column.key:
            rests.setdefault(words[0], set()).add(" ".join(words[1:]))
            if column.date and words[1:] == ["date"]:
                dated.add(words[0])
    return {
        word for word, rest in rests.items()
        if len(rest) > 1 and word in dated and word not in FUNCTION_WORDS
        and not _is_measure_word(word)
    }  # fmt: skip


def _one_or_parent(tables: list[str], catalog: SqlCatalog) -> str | None:
    """The one table of ``tables`` (the tables a word may name), or the one the others are
    children of, unless that one groups them ("food" of food_group and food_item: the
    foods, the one other); None when the word does not tell them apart."""
    parents = [t for t in tables if all(o == t or catalog.refers_to(o, t) for o in tables)]
    if len(tables) == 1 or len(parents) != 1:
        return tables[0] if len(tables) == 1 else None
    grouped = [t for t in tables if t != parents[0]]
    groups = singular(identifier_words(parents[0])[-1]) in _GROUPINGS
    return parents[0] if not groups else grouped[0] if len(grouped) == 1 else None


_GROUPINGS = word_set("group category class family section division")
"""Last words of a table whose rows group another's: a word of both names the grouped."""


def _name_words(column: CatalogColumn) -> list[str]:
    """A column's words without a trailing "id" (``SaleYearID`` -> sale year)."""
    words = column.words
    return words[:-1] if len(words) > 1 and words[-1] in ("id", "key", "code") else words


def _is_measure_word(word: str) -> bool:
    return any(word in words for words in MEASURE_WORDS.values())


def _description_words(description: str | None) -> list[str]:
    """The words of a short description (up to its first comma or bracket; at most 4)."""
    if not description:
        return []
    head = re.split(r"[,;(.]", description.lower())[0]
    words = [w for w in re.findall(r"[a-z][a-z'-]*", head) if w not in ("the", "a", "an")]
    if re.match(r"for (?:an? |some |certain |many |most |few |several |other )", head):
        return []  # "for a sub-kennel, the id of ...", "for some adjectives, the position ...":
        # which rows have it, not the column's name (its values are no sub-kennels)
    return words if 0 < len(words) <= 4 else []


def _synonyms(catalog: SqlCatalog, keyed: list[tuple[str, str, str]]) -> list[Synonym]:
    if catalog.docs is None:
        return []
    found = [Synonym(phrase=p, sql=sql, table=t, filter=True) for p, sql, t in keyed]
    for phrase, sql in catalog.docs.synonyms.items():
        table = _table_of(sql, catalog)
        is_filter = bool(re.search(r"(=|<|>|\bIS\b|\bLIKE\b|\bIN\b)", sql, re.IGNORECASE))
        found.append(Synonym(phrase=phrase.lower(), sql=sql, table=table, filter=is_filter))
    return sorted(found, key=lambda s: -len(s.phrase.split()))


def _table_of(sql: str, catalog: SqlCatalog) -> str | None:
    qualified = re.match(r'\s*"?([A-Za-z_][\w]*)"?\.', sql)
    if qualified and catalog.schema.table(qualified.group(1)) is not None:
        return qualified.group(1)
    return None


def value_matches(words: list[str], catalog: SqlCatalog) -> list[tuple[int, int, ValueMatch]]:
    """(start, end, match) of each run of ``words`` naming an indexed value, longest
    first, not overlapping."""
    found: list[tuple[int, int, ValueMatch]] = []
    taken: set[int] = set()
    for size in range(min(_MAX_PHRASE, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = set(range(start, start + size))
            if span & taken or (size == 1 and words[start] in FUNCTION_WORDS | VERBS):
                continue
            if all(w.isdigit() for w in words[start : start + size]):
                continue  # "in 2010" is a year, not a postal code '2010'
            phrase = words[start : start + size]
            if Vocabulary.of(catalog).table_named(" ".join(phrase)):
                continue  # "member" is the table of members, not the value 'Member'
            if size == 1 and _column_pair(words, start, catalog):
                continue  # "which ship mode": a column's name, not the value 'ship'
            matches = catalog.index.lookup(phrase)
            if not any(m.exact for m in matches):  # "xanadu": a code's gloss ('XA')
                matches = code_matches(" ".join(phrase), catalog) or matches
            if _names_only_schema(phrase, catalog):  # "a film": not the title 'A Film Abc'
                matches = [m for m in matches if m.exact]
            if all(w in FUNCTION_WORDS | VERBS for w in phrase):  # "on the": not "On The Run"
                matches = [m for m in matches if m.exact]
            if matches:
                found += [(start, start + size, m) for m in matches]
                taken |= span
    return found


def _names_only_schema(phrase: list[str], catalog: SqlCatalog) -> bool:
    """Whether the content words of ``phrase`` name a table or column, nothing more."""
    content = [w for w in phrase if w not in FUNCTION_WORDS]
    if not content or len(content) == len(phrase):
        return False
    vocabulary = Vocabulary.of(catalog)
    joined = " ".join(content)
    return bool(vocabulary.table_named(joined) or vocabulary.columns_named(joined))


def _column_pair(words: list[str], index: int, catalog: SqlCatalog) -> bool:
    """Whether ``words[index]`` names a column with the word after or before it."""
    pairs = [words[index : index + 2], words[max(0, index - 1) : index + 1]]
    vocabulary = Vocabulary.of(catalog)
    return any(len(p) == 2 and vocabulary.columns_named(" ".join(p)) for p in pairs)


def unknown_words(question: str, catalog: SqlCatalog) -> list[str]:
    """The content words of ``question`` that name nothing in the database."""
    words = question_words(question)
    known = known_positions(words, catalog)
    return [
        w for i, w in enumerate(words)
        if i not in known and not is_function(w) and not _only_moved(w, catalog)
        and not _said_after_never(words, i, catalog) and not _said_of_none(words, i)
        and w not in _MODALS
    ]  # fmt: skip


_MODALS = word_set("can")
"""A verb of what may be ("which moves can a creature learn"): no column of its own."""


def _said_of_none(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` only qualifies a thing absent: "no known owner", "no shop of
    their own"."""
    before = words[max(0, i - 6) : i]
    if words[i] == "known":
        return before[-1:] == ["no"]
    return words[i] == "own" and before[-2:] in (["of", "its"], ["of", "their"]) and "no" in before


def _said_after_never(words: list[str], i: int, catalog: SqlCatalog) -> bool:
    """Whether ``words[i]`` follows "never" (or "have not") as "anything" ("never ordered
    anything" says no more than "never ordered") or as a verb naming a table ("never
    posted": posts)."""
    if not NEVER.search(" " + " ".join(words[max(0, i - 4) : i]) + " "):
        return False
    vocabulary = Vocabulary.of(catalog)
    return words[i] == "anything" or any(vocabulary.table_named(b) for b in verb_bases(words[i]))


_RECEIVED = word_set("receive receives received receiving")
"""A verb of movement that only says the rows happened ("the equipment Nebraska
received"), as "sent" and "shipped" do, when no column is of a receipt."""


def _only_moved(word: str, catalog: SqlCatalog) -> bool:
    """Whether ``word`` is a form of "receive" and no column says a receipt: none by its
    words (``received_date``, ``recipient``, ``receipt_no``), no number by its
    documentation ("positive for money received": a sign, a condition of its own)."""
    if word not in _RECEIVED:
        return False
    docs = catalog.docs
    for column in catalog.columns:
        if any(w.startswith(("recei", "recip")) for w in column.words):
            return False
        said = docs.described(column.table, column.name) if docs else ""
        if column.numeric and "receiv" in said.lower():
            return False
    return True


def is_function(word: str) -> bool:
    """Whether ``word`` carries no column: a function word, a verb of no column, a month,
    a number, an ordinal or a decade."""
    if (
        word in MONTHS
        or word in FUNCTION_WORDS
        or word in VERBS
        or singular(word) in FUNCTION_WORDS
        or _is_verb_form(word)
    ):
        return True
    return bool(re.fullmatch(r"\d+(\.\d+)?|\d+(st|nd|rd|th)|(1[89]|20)\d0s", word))


def _is_verb_form(word: str) -> bool:
    """A form of a verb that carries no column: "flies" (fly), "included" (include)."""
    if third_person_base(word) in VERBS:
        return True
    return word.endswith("ed") and any(base in VERBS for base in verb_bases(word)[1:])


def known_positions(words: list[str], catalog: SqlCatalog) -> set[int]:
    """The indexes of ``words`` inside a phrase naming a table, column, measure or value."""
    vocabulary = Vocabulary.of(catalog)
    known = {i for start, end, _ in value_matches(words, catalog) for i in range(start, end)}
    lowered = [(c, [f for v in c.values for f in value_forms(c.words, v)] + [*glosses(c, catalog)])
               for c in catalog.columns if c.values]  # fmt: skip
    for size in range(min(_MAX_PHRASE, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            phrase = " ".join(words[start : start + size])
            if _names_something(phrase, vocabulary, lowered, catalog):
                known |= set(range(start, start + size))
    return known


def _names_something(
    phrase: str,
    vocabulary: Vocabulary,
    lowered: list[tuple[CatalogColumn, list[str]]],
    catalog: SqlCatalog,
) -> bool:
    if vocabulary.table_named(phrase) or vocabulary.columns_named(phrase):
        return True
    if vocabulary.agent_columns(phrase):  # "directed": a director column
        return True
    if vocabulary.synonym(phrase) or any(m.name == phrase for m in catalog.measures):
        return True
    if any(said(phrase, catalog) for said in (_measure_word, _dimension_word, age_word)):
        return True
    if any(phrase in values or singular(phrase) in values for _, values in lowered):
        return True
    return (
        partial_value(phrase, catalog, partial(names_another_column, catalog=catalog)) is not None
    )


def _measure_word(phrase: str, catalog: SqlCatalog) -> Measure | None:
    for head, synonyms in MEASURE_WORDS.items():
        if phrase in synonyms:
            return next((m for m in catalog.measures if m.head == head), None)
    return None


def _dimension_word(phrase: str, catalog: SqlCatalog) -> bool:
    """Whether ``phrase`` is an adjective of a dimension ("heaviest", "most expensive",
    "northernmost") that a numeric column's words say (a mass, a cost, a latitude)."""
    dimension = DIMENSION_ADJECTIVES.get(phrase)
    return dimension is not None and any(
        c.numeric and not c.key and any(singular(w) in dimension for w in c.words)
        for c in catalog.columns
    )


def unused_mentions(text: str, sql: str, catalog: SqlCatalog) -> list[str]:
    """The phrases of ``text`` that name a column the planned ``sql`` does not read: the
    plan answers another question than the one asked ("active stores" counted as
    all stores)."""
    vocabulary = Vocabulary.of(catalog)
    words = text.split()
    taken = {i for start, end, _ in value_matches(words, catalog) for i in range(start, end)}
    read = sql.replace('"', "").lower()
    unused: list[str] = []
    for size in range(min(3, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = set(range(start, start + size))
            phrase = " ".join(words[start : start + size])
            synonym = None if span & taken else vocabulary.synonym(phrase)
            if synonym is not None and _unread_measure(synonym, read, catalog):
                unused.append(phrase)  # "home runs = HR", and no HR read: another question
            if span & taken or not _is_column_word(phrase, vocabulary, catalog):
                taken |= span if _names_other(phrase, vocabulary, catalog) else set()
                continue
            taken |= span
            said = vocabulary.columns_named(phrase) + vocabulary.agent_columns(phrase)
            said += _nouns_of(phrase, catalog)  # "invented": invention_year read too
            names = {c.name for c in said}  # in any table
            refs = [c.ref.replace('"', "").lower() for c in catalog.columns if c.name in names]
            if not any(ref in read for ref in refs):
                unused.append(phrase)
    return unused


def _unread_measure(synonym: Synonym, read: str, catalog: SqlCatalog) -> bool:
    """Whether ``synonym`` is a documented amount ("home runs = HR") the planned SQL
    (``read``: lower case, unquoted) neither reads nor counts the rows of ("how many
    sales": the sale rows)."""
    if synonym.filter:
        return False
    names = set(re.findall(r"[A-Za-z_]\w*", synonym.sql))
    columns = [c for c in catalog.columns if c.name in names and synonym.table in (None, c.table)]
    tables = {c.table.lower() for c in columns}
    counted = any(re.search(rf"\b(from|join) {re.escape(t)}\b", read) for t in tables)
    read_one = any(c.ref.replace('"', "").lower() in read for c in columns)
    return bool(columns) and not counted and not read_one


def _nouns_of(phrase: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The columns whose first word is a noun of the past participle ``phrase``
    ("invented" -> invention_year, "created" -> creation_date)."""
    if not _is_participle(phrase) or len(phrase) <= 6:
        return []
    stem = phrase[:-2]
    return [c for c in catalog.columns if c.words[:1] and c.words[0].startswith(stem)]


def _names_other(phrase: str, vocabulary: Vocabulary, catalog: SqlCatalog) -> bool:
    """A table, a synonym, a measure word or a listed value (or its gloss: "van", of a
    description "v van, t truck"): read by other means."""
    if vocabulary.table_named(phrase) or vocabulary.synonym(phrase):
        return True
    if phrase in gloss_phrases(catalog):
        return True
    if _is_measure_word(phrase) or _measure_word(phrase, catalog):
        return True
    return any(phrase in (value_key(v) for v in c.values) for c in catalog.columns if c.values)


def _is_column_word(phrase: str, vocabulary: Vocabulary, catalog: SqlCatalog) -> bool:
    if is_function(phrase) or _names_other(phrase, vocabulary, catalog):
        return False
    return bool(vocabulary.columns_named(phrase) or vocabulary.agent_columns(phrase))


def people_table(catalog: SqlCatalog) -> str | None:
    """The table "who" asks about: the one whose rows have a first and a last name."""
    return next((t.name for t in catalog.schema.tables if len(catalog.label(t.name)) == 2),
                None)  # fmt: skip


def find_phrase(text: str, phrase: str) -> str | None:
    """`` phrase `` as it occurs in ``text`` (also plural or possessive), or None."""
    for form in (phrase, phrase + "s", phrase + "es", phrase + "'s", re.sub("y$", "ies", phrase)):
        if f" {form} " in text:
            return f" {form} "
    return None


def table_mentioned(table: str, text: str, catalog: SqlCatalog) -> bool:
    """Whether the question names ``table`` ("customers from Brazil")."""
    vocabulary = Vocabulary.of(catalog)
    phrases = [p for p, t in vocabulary.tables.items() if t == table]
    return any(
        find_phrase(text, p) or (p.endswith("y") and f" {p[:-1]}ies " in text) for p in phrases
    )


def names_another_column(word: str, column: CatalogColumn, *, catalog: SqlCatalog) -> bool:
    """Whether ``word`` names a table, or a column other than ``column`` (its description
    may list the values: "its size: big_boat, ...")."""
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(word) is not None:
        return True
    return any(c != column for c in vocabulary.columns_named(word))
