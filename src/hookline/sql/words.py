"""Words of identifiers and questions: how the linker reads names in any style.

``identifier_words`` splits ``snake_case``, ``camelCase``, ``PascalCase``, ``UPPER_CASE``
and digits into lower-case words and spells out common abbreviations (``Qty`` ->
quantity, ``Amt`` -> amount, ``Desc`` -> description, ``Dt`` -> date), splits a
lower-case compound into English words (``listprice`` -> list price) and leaves out a
table's column prefix (``column_prefix``: ``t_`` on every column of the table).  The only fixed
knowledge is English: abbreviations, function words, verbs that carry no column.

Example::

    identifier_words("UnitPrice")       # ["unit", "price"]
    identifier_words("order_dt")        # ["order", "date"]
    identifier_words("shipCountry")     # ["ship", "country"]
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "ABBREVIATIONS",
    "COMPOUND_PARTS",
    "DIMENSIONS",
    "DIMENSION_ADJECTIVES",
    "DIRECTION_WORDS",
    "FUNCTION_WORDS",
    "KIND_NOUNS",
    "MEASURE_WORDS",
    "MONTHS",
    "NUMBER_WORDS",
    "UNIT_WORDS",
    "column_prefix",
    "fold",
    "identifier_words",
    "measure_head",
    "one_stem",
    "question_words",
    "singular",
    "value_forms",
    "value_key",
    "without_unit",
    "word_set",
]


def word_set(text: str) -> frozenset[str]:
    """The words of ``text`` (a list written as a paragraph)."""
    return frozenset(text.split())


ABBREVIATIONS = {
    "qty": "quantity", "amt": "amount", "desc": "description", "descr": "description",
    "dt": "date", "num": "number", "no": "number", "nbr": "number", "cnt": "count",
    "pct": "percent", "avg": "average", "addr": "address", "tel": "telephone",
    "cust": "customer", "emp": "employee", "dept": "department", "prod": "product",
    "cat": "category", "ts": "timestamp", "yr": "year", "mo": "month", "dob": "birth",
    "dep": "departure", "arr": "arrival", "mgr": "manager", "id": "id",
    "acct": "account", "bal": "balance", "mfgr": "manufacturer", "mfr": "manufacturer",
    "mkt": "market", "avail": "available", "supp": "supplier", "ord": "order",
    "instr": "instruction", "instruct": "instruction", "loc": "location", "val": "value",
    "kg": "kilogram",
}  # fmt: skip
"""Abbreviations common in column names, spelled out (English, no database's names)."""

FUNCTION_WORDS = word_set(
    """a an the of in on at by for from to with and or per each every all any some is are
    was were be been being do does did has have had there their they them it its this that
    these those what which who whom whose how many much number count total sum average mean
    avg most least highest lowest largest smallest biggest greatest top bottom maximum
    minimum max min more fewer less than over under above below fewest longest shortest
    first last me show tell give list find get please i we you my our your between into as
    than single ever overall all-time distinct different unique kinds kind types type
    altogether combined whole entire so far one two three four five six seven eight nine ten
    time times value values amount recorded equal exactly about around whole day days
    year years month months during within across among out up down not no never excluding
    except other others without only just same before after since until ever recorded
    minutes minute hours hour seconds dollars miles feet inches pounds percent career
    careers lifetime all-time ones those whose named called titled yet database databases
    data dataset datasets common frequent usual us longer shorter taller higher lower
    heavier lighter kg kilograms lbs fast faster fastest slow slower slowest"""
)
"""Words that carry no name of a table, column or value."""

MEASURE_WORDS = {
    "revenue": ("revenue", "sales", "money", "spent", "spend", "earned", "income", "turnover"),
    "price": ("price", "prices", "expensive", "cheap", "cheapest", "cost", "costs", "priced"),
    "quantity": ("quantity", "units", "items", "pieces", "sold"),
}
"""Words that name a measure, by the measure's head (``measure_head``)."""
DIMENSIONS = {
    "length": word_set("length duration runtime"),  # not "minute": a time's minute
    "height": word_set("height altitude elevation alt elev"),
    "weight": word_set("weight mass"),
    "pay": word_set("salary pay wage wages"),
    "size": word_set("size area population capacity"),
    "speed": word_set("speed velocity"),
    "cost": word_set("price cost"),
    "power": word_set("power"),
    "latitude": word_set("latitude lat"),
    "longitude": word_set("longitude lon long lng"),
}
"""The column words of each dimension an everyday adjective measures."""
_DIMENSION_FORMS = {
    "length": "long longer longest short shorter shortest",
    "height": "high higher highest low lower lowest tall taller tallest",
    "weight": "heavy heavier heaviest light lighter lightest",
    "size": "large larger largest big bigger biggest small smaller smallest",
    "speed": "fast faster fastest slow slower slowest",
    "pay": "paid",
    "cost": "expensive costly cheap cheaper cheapest",
    "power": "powerful",
    "latitude": "northernmost southernmost",
    "longitude": "easternmost westernmost",
}
DIMENSION_ADJECTIVES = {
    word: DIMENSIONS[dimension]
    for dimension, forms in _DIMENSION_FORMS.items()
    for word in forms.split()
}
"""Adjectives (and "paid") by the column words of the dimension they measure: "the
heaviest" ranks by a weight or a mass, "the most expensive" by a price or a cost, "the
northernmost" by a latitude."""
_FURTHEST = re.compile(r"\b(?:furthest|farthest) (north|south|east|west)\b")
_DIRECTIONS = {"north": "northern", "south": "southern", "east": "eastern", "west": "western"}


_SPELLED = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen", "twenty")  # fmt: skip
NUMBER_WORDS = {word: str(number) for number, word in enumerate(_SPELLED)} | {"a dozen": "12"}
"""Numbers spelled out ("more than two splits"), as digits."""
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")  # fmt: skip
"""The months' names, January first."""
_SOURCE = word_set("source origin from departure src orig")
_DESTINATION = word_set("destination dest to arrival dst target")
DIRECTION_WORDS = {"from": _SOURCE, "leaving": _SOURCE, "to": _DESTINATION, "into": _DESTINATION}
"""The words of the columns a value is read in after a word of direction ("from X": the
source column, "to Y": the destination one), by that word."""
KIND_NOUNS = word_set("kinds kind types type sorts sort")
"""Nouns of "how many kinds of X": X's distinct values, never its rows."""
COUNTED_WORDS = word_set("item items unit units piece pieces")
"""Nouns a quantity counts ("how many items were sold" adds up a quantity column)."""
COMPOUND_PARTS = word_set(
    """account balance market segment retail price unit list sale sales extended supply
    supplier customer order line item part product total status priority number return
    flag ship shipping commit receipt receive mode date time key name address phone
    comment type size area brand container discount tax clerk quantity amount cost available
    start end due paid birth first last middle full zip postal code city state country
    region nation street email user account group class level rank score rate value weight
    height width length volume stock store employee manager department category title
    description credit debit payment invoice bill billing delivery deliver fee hire open
    close created updated modified active count sequence serial home work mobile"""
)
"""English words a lower-case run of an identifier is split into when it is no word
itself (``retailprice`` -> retail price), with the ``ABBREVIATIONS``
(``custaddr`` -> customer address)."""
_MIN_COMPOUND = 7
UNIT_WORDS = word_set("km km2 sqkm sq kg kilogram kilograms cm mm ft lb lbs usd")
"""Units a column's name may end in (``lengthkm2``, ``cost_per_kg``, ``height_cm``)."""
_UNIT_SUFFIXES = ("km", "kg", "cm", "mm")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def identifier_words(name: str, prefix: str = "") -> list[str]:
    """The lower-case words of an identifier, abbreviations spelled out, a lower-case
    compound split (``retailprice`` -> retail price) and the table's column ``prefix``
    (``column_prefix``) left out."""
    if prefix and name.lower().startswith(prefix):
        name = name[len(prefix) :]
    words = []
    for part in re.split(r"[^A-Za-z0-9]+", name):
        for word in _CAMEL.findall(part):
            lower = word.lower()
            pieces = _unit_split(lower) or _compound(lower) or [lower]
            words += [ABBREVIATIONS.get(piece, piece) for piece in pieces]
    return words


def column_prefix(names: list[str]) -> str:
    """The short prefix every column of a table starts with (``t_``: ``t_name``,
    ``t_price``, ``t_key``), not a word of any; "" when they do not share one."""
    found = {re.match(r"([a-z]{1,3}_)[a-z]", n.lower()) for n in names}
    prefixes = {m.group(1) if m else None for m in found}
    if len(names) < 3 or len(prefixes) != 1:
        return ""
    return prefixes.pop() or ""


def _compound(word: str) -> list[str] | None:
    """``word`` as two or three ``COMPOUND_PARTS`` or abbreviations, or a word of four
    letters or more and "name" or "text" (``makername``), when it is no word itself and
    long enough not to be a short English word read in parts (``surname``, ``context``)."""
    if len(word) < _MIN_COMPOUND or word in COMPOUND_PARTS or not word.isalpha():
        return None
    parts = COMPOUND_PARTS | {a for a in ABBREVIATIONS if len(a) >= 3}
    for cut in range(3, len(word) - 2):
        head, tail = word[:cut], word[cut:]
        if head in parts and tail in parts:
            return [head, tail]
        if head in parts:
            rest = _compound_tail(tail, parts)
            if rest:
                return [head, *rest]
    named = re.fullmatch(r"([a-z]{4,})(name|text)", word)  # "makername": a maker's name
    return [named.group(1), named.group(2)] if named else None


def _unit_split(word: str) -> list[str] | None:
    """``lengthkm`` -> length km: an English word run together with a unit it is in."""
    head, unit = word[:-2], word[-2:]
    return [head, unit] if unit in _UNIT_SUFFIXES and head in COMPOUND_PARTS else None


def without_unit(words: list[str]) -> list[str]:
    """A column's name words without the unit they end in (``area km 2`` -> area,
    ``price per kilogram`` -> price, ``area in sq km`` -> area); the words themselves
    when they end in no unit or are nothing else."""
    rest = list(words)
    while rest and (rest[-1].isdigit() or rest[-1] in UNIT_WORDS):
        rest.pop()
    if len(rest) < len(words) and rest and rest[-1] in ("in", "per"):
        rest.pop()
    return rest if rest and len(rest) < len(words) else list(words)


def _compound_tail(word: str, parts: frozenset[str] | set[str]) -> list[str] | None:
    for cut in range(3, len(word) - 2):
        if word[:cut] in parts and word[cut:] in parts:
            return [word[:cut], word[cut:]]
    return None


def measure_head(words: list[str] | tuple[str, ...]) -> str:
    """The ``MEASURE_WORDS`` head a measure's name words end in, spelled out: ``UnitPrice``
    -> price, ``Qty`` -> quantity; a count of items or units (``UnitsInStock``,
    ``item_cnt``) is a quantity too."""
    if not words:
        return ""
    if any(w in ("quantity", "units", "pieces") for w in words):
        return "quantity"
    if words[-1] == "count" and len(words) > 1 and words[-2] in COUNTED_WORDS:
        return "quantity"
    return words[-1]


def fold(text: str) -> str:
    """``text`` in lower case without its accents (``São Paulo`` -> são paulo -> sao paulo),
    as questions and values are compared: a user may type a name with or without them."""
    lower = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in lower if not unicodedata.combining(c))


def value_key(value: str) -> str:
    """A value as a question spells it (``question_words``): folded, without a
    possessive's ``'s`` ("McDonald's" -> mcdonald)."""
    return re.sub(r"(?<=[a-z])'s\b", "", fold(value)).strip()


def value_parts(value: str) -> list[str]:
    """The whole words of a value, split at anything but a letter or digit ('1-RUSH' ->
    1, rush; 'image-x-generic' -> image, x, generic)."""
    return [part for part in re.split(r"[^a-z0-9]+", value_key(value).lower()) if part]


_SEXES = {"m": ("male", "man", "men"), "male": ("man", "men"),
          "f": ("female", "woman", "women"), "female": ("woman", "women")}  # fmt: skip
"""English words of a gender or sex column's codes."""


def value_forms(column_words: list[str], value: str) -> list[str]:
    """The ways a question spells ``value`` (``value_key``): for a gender or sex column's
    code also its English words ('F' -> female, woman, women), for a code joined by
    ``#``, ``_`` or ``/`` also its words apart ('big_boat' -> big boat)."""
    key = value_key(value)
    if {"gender", "sex"} & set(column_words):
        return [key, *_SEXES.get(key, ())]
    spaced = " ".join(re.split(r"[#_/]+", key)).strip()  # "Maker#3": maker 3
    if spaced != key and re.search(r"[a-z]{3}", spaced):
        return [key, spaced]
    return [key]


_KIND_SUFFIXES = ("type", "types", "class", "category", "kind", "style")
"""Words a hyphenated compound ends in that name a column: "Fire-type" -> fire type."""


_LARGE = re.compile(r"\b(a|one|\d+(?:\.\d+)?) (thousand|million|billion)\b")
_SCALES = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}


def _spelled_number(match: re.Match[str]) -> str:
    """ "7 million" -> 7000000, "a million" -> 1000000, "1.5 billion" -> 1500000000."""
    count = 1.0 if match.group(1) in ("a", "one") else float(match.group(1))
    return str(round(count * _SCALES[match.group(2)]))


def question_words(question: str) -> list[str]:
    """A question's words, lower case, accents folded (``fold``); a value's punctuation
    inside a word is kept (``Wi-Fi``, ``Europe/Paris``, ``B12``), and so are the signs
    ending one ("F#", "C++", never "#9" or "10+"); a thousands separator is
    not (``1,500``), nor a possessive's ("Ada's father" -> ada father); a large number is
    in digits ("7 million" -> 7000000), a compound of a kind is two words ("Fire-type
    moves" -> fire type moves) and "furthest north" is one ("northernmost")."""
    text = fold(question.replace("\u2019", "'"))
    text = re.sub(r"(?<=\d),(?=\d\d\d\b)", "", text)  # "1,500" is one number
    text = re.sub(r"[^a-z0-9'\-/.&#+\u00c0-\u024f]+", " ", text)
    text = re.sub(r"(?<![a-z#+])[#+]+|[#+]+(?=\w)", " ", text)  # "F#", "C++", not "#9"
    text = re.sub(r"(?<=[a-z])'s\b", "", text)
    text = _LARGE.sub(_spelled_number, text)
    text = _FURTHEST.sub(lambda m: _DIRECTIONS[m.group(1)] + "most", text)
    text = re.sub(rf"(?<=[a-z0-9])-({'|'.join(_KIND_SUFFIXES)})\b", r" \1", text)
    words = [w.strip(".'-/") for w in text.split()]
    return [w for w in words if w]


_IRREGULAR = {
    "people": "person", "men": "man", "women": "woman",
    "mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot",
    "wives": "wife", "knives": "knife", "shelves": "shelf", "wolves": "wolf",
    "criteria": "criterion", "phenomena": "phenomenon", "indices": "index",
    "matrices": "matrix", "vertices": "vertex", "crises": "crisis", "oxen": "ox",
    "species": "species", "series": "series",
    "movies": "movie", "cookies": "cookie", "calories": "calorie", "zombies": "zombie",
    "rookies": "rookie", "goalies": "goalie", "brownies": "brownie", "selfies": "selfie",
    "heroes": "hero", "potatoes": "potato", "echoes": "echo",
    "volcanoes": "volcano", "vetoes": "veto", "torpedoes": "torpedo",
}  # fmt: skip
"""English plurals no rule makes, by their singular."""


def one_stem(word: str, other: str) -> bool:
    """Whether two words are one, or one starts the other and is four letters or more
    ("move" of "movement", "lead" of "leader").

    Example::

        one_stem("move", "movement")   # True
    """
    short, long = sorted((word, other), key=len)
    return short == long or (len(short) >= 4 and long.startswith(short))


def singular(word: str) -> str:
    """``countries`` -> country, ``customers`` -> customer, ``customer's`` -> customer,
    ``people`` -> person, ``women`` -> woman."""
    if word.endswith("'s"):
        word = word[:-2]
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word
