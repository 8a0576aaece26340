"""The numbers and names of a text, and whether a grounding text holds them.

What ``GroundedAnswerGuardrail`` checks, as plain functions over strings:

- **Numbers.** ``632,008.25``, ``632008.25`` and ``632008.250`` are one value; a
  number written with fewer decimals stands for any value that rounds to it
  (``632,008`` and ``632,008.3`` are grounded by ``632008.25``).  ``632k`` / ``1.2M`` /
  ``3bn`` / ``5 million`` are scaled (``632k`` is grounded by a value that rounds to
  632 thousands); ``45%`` is grounded by 45 or by 0.45.  Signs are ignored (a date's
  ``2010-05`` is 2010 and 5).  A digit glued to letters (``Q3``, ``address2``) is not a
  number.  List markers at the start of a line (``1.``, ``2)``) and ordinals up to
  ``10th`` are never checked; every other number is, however small.
- **Names.** A capitalised word, or a phrase of them (``Classic Keyboard``), is a
  name; it is grounded when each of its words appears in the grounding text (any
  case, singular or plural, identifiers split at ``_`` and camelCase).  A lone
  capitalised word that starts a sentence is taken for an ordinary word, and so are
  the function words in ``COMMON_WORDS`` (``The``, ``There``, ``SQL``...).

Example::

    grounding = Grounding.of(numbers=["total\\n632008.25\\n(1 row)"], names=["orders"])
    grounding.missing("The total is 632,008.25.")   # None: grounded
    grounding.missing("The total is 632,009.")      # 'number'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["COMMON_WORDS", "Grounding", "names_in", "numbers_in"]

_NUMBER = re.compile(
    r"(?<![\w.])(?P<digits>\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?P<decimals>\.\d+)?"
    r"(?:\s?(?P<word>thousand|million|billion)\b|(?P<suffix>bn|[kKMB])(?![A-Za-z])"
    r"|(?P<percent>%)|(?P<ordinal>st|nd|rd|th)\b)?"
)
_LIST_MARKER = re.compile(r"^[ \t>*-]*\d+[.)](?=\s)", re.MULTILINE)
_UPPER = "A-ZÀ-ÖØ-Þ"
_NAME = re.compile(rf"[{_UPPER}][\w'\u2019-]*(?:[ \t]+[{_UPPER}][\w'\u2019-]*)*")
_SENTENCE_END = re.compile(r"(?:^|[.!?:;\n]|\n[ \t]*\d+\))[\s*_#>\"'\u201c\u2018(\[`|-]*$")
_WORD = re.compile(r"[^\W_]+")
_POSSESSIVE = re.compile(r"['\u2019]s$")
_CAMEL = re.compile(r"[a-z]+|[A-Z][a-z]*|[0-9]+")
_SCALE = {"k": 1e3, "K": 1e3, "thousand": 1e3, "M": 1e6, "million": 1e6}
_SCALE |= {"B": 1e9, "bn": 1e9, "billion": 1e9}
MAX_ORDINAL = 10
"""Ordinals up to this (``1st`` ... ``10th``) are never checked."""

_COMMON = """a about according after all also an and any are as at based be because before but
    by can could did do does each every first for from had has have here how however i if
    in is it its last let no not note of on or our so some sorry sure than thank thanks
    that the their then there these they this those to unfortunately we what when where
    which while who why will with yes you your
    select where group order join count sum avg min max limit null distinct having union
    sql id csv json api ok m ll ve d re t s"""
COMMON_WORDS = frozenset(_COMMON.split())
"""Words never taken for a name, even capitalised (function words, SQL, acronyms)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class _Number:
    value: float
    decimals: int
    scales: tuple[float, ...]


def numbers_in(text: str) -> list[tuple[int, _Number]]:
    """The checked numbers of ``text``: (where each starts, its value, decimals, scales)."""
    markers = {m.end() - 1 for m in _LIST_MARKER.finditer(text)}
    found = []
    for match in _NUMBER.finditer(text):
        if match.end("digits") in markers:
            continue
        value = float(match["digits"].replace(",", "") + (match["decimals"] or ""))
        if match["ordinal"] and not match["decimals"] and value <= MAX_ORDINAL:
            continue
        decimals = len(match["decimals"] or ".") - 1
        scale = _SCALE.get(match["word"] or match["suffix"] or "", 1.0)
        scales = (1.0, 0.01) if match["percent"] else (scale,)
        found.append((match.start(), _Number(value=value, decimals=decimals, scales=scales)))
    return found


def names_in(text: str) -> list[tuple[int, list[str]]]:
    """The names of ``text``: (where each starts, its words to check, lower case)."""
    found = []
    for match in _NAME.finditer(text):
        words = match.group().split()
        before = text[max(0, match.start() - 40) : match.start()]
        if len(words) == 1 and _SENTENCE_END.search(before) is not None:
            continue
        checked = [w for w in _words(words) if w not in COMMON_WORDS]
        if checked:
            found.append((match.start(), checked))
    return found


def _words(phrase: list[str]) -> list[str]:
    """The lower-case words of a name, without possessives (``Alice's`` -> ``alice``)."""
    return [part for word in phrase for part in _WORD.findall(_POSSESSIVE.sub("", word).lower())]


def _vocabulary(texts: Iterable[str]) -> frozenset[str]:
    words: set[str] = set()
    for text in texts:
        for word in _WORD.findall(text):
            words.add(word.lower())
            words.update(part.lower() for part in _CAMEL.findall(word))
    return frozenset(words)


def _known(word: str, vocabulary: frozenset[str]) -> bool:
    forms = {word, word + "s", word + "es", word.removesuffix("s"), word.removesuffix("es")}
    return not forms.isdisjoint(vocabulary)


@dataclass(frozen=True, kw_only=True, slots=True)
class Grounding:
    """What an answer may say: the numbers of ``numbers`` texts, the words of ``names``
    texts (numbers count for names too)."""

    values: tuple[float, ...]
    exact: frozenset[float]
    vocabulary: frozenset[str]

    @classmethod
    def of(cls, *, numbers: Iterable[str], names: Iterable[str] = ()) -> Grounding:
        """The grounding of ``numbers`` texts (tool results, the question) and ``names``
        texts (the schema); a numbers text grounds names too."""
        number_texts = list(numbers)
        spelled = [text.replace("_", " ") for text in number_texts]  # sales_2023: "sales 2023"
        values = tuple(abs(n.value) for text in spelled for _, n in numbers_in(text))
        return cls(
            values=values,
            exact=frozenset(values),
            vocabulary=_vocabulary([*number_texts, *names]),
        )

    def missing(self, text: str) -> str | None:
        """``"number"`` or ``"name"`` for the first value of ``text`` not grounded, else None."""
        return self.missing_at(text, 0)

    def missing_at(self, text: str, start: int, *, names: bool = True) -> str | None:
        """``missing`` for the values of ``text`` that begin at ``start`` or later (what
        comes before is context: it says whether a word starts a sentence)."""
        for at, number in numbers_in(text):
            if at >= start and not self.has_number(number):
                return "number"
        if names:
            for at, words in names_in(text):
                if at >= start and not all(_known(w, self.vocabulary) for w in words):
                    return "name"
        return None

    def has_number(self, number: _Number) -> bool:
        """True when some grounded value, scaled, rounds to ``number``."""
        if number.scales == (1.0,) and number.value in self.exact:
            return True
        tolerance = 0.5 * 10**-number.decimals + 1e-9
        return any(
            abs(value / scale - number.value) <= tolerance
            for scale in number.scales
            for value in self.values
        )
