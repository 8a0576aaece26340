"""The ``wordnet`` database: Princeton's WordNet 3.0, the lexical database of English — its
synsets (sets of synonyms standing for one concept, with a gloss), the words in each synset,
the lemmas of its index with their sense counts, the pointers (hypernym, antonym, part...)
between synsets and between words, the forty-five lexicographer files and the irregular
inflections (``geese`` -> ``goose``).

Debian's ``wordnet-base`` (``apt-get download``, never installed) holds the database files as
``usr/share/wordnet/``: ``data.<pos>`` (one line a synset), ``index.<pos>`` (one line a lemma,
its synsets in sense order) and ``<pos>.exc``; the lexicographer files' numbers, names and
contents come from the table in its ``lexnames(5WN)`` manual page.  Tables and columns take
wndb(5WN)'s names (``synset_offset``, ``ss_type``, ``lex_filenum``, ``w_cnt``,
``pointer_symbol``, ``tagsense_cnt``); a synset is keyed by its offset and the data file's
``pos`` (``n``, ``v``, ``a``, ``r``: satellite adjectives, ``ss_type`` ``s``, sit in the
adjective file); hexadecimal counts and word numbers become integers; an adjective's
syntactic marker (``(p)``, ``(a)``, ``(ip)``) moves to a column of its own.  The
thirty-ninth held-out database.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./usr/share/wordnet/"
_MANUAL = "./usr/share/man/man5/lexnames.5WN.gz"
_POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
_SYNSET = ("synset_offset", "pos")
TABLES = (
    Table(name="lexname", primary_key=("lex_filenum",)),
    Table(name="synset", primary_key=_SYNSET,
          foreign_keys=((("lex_filenum",), "lexname", ("lex_filenum",)),)),
    Table(name="lemma", primary_key=("lemma", "pos")),
    Table(name="sense", primary_key=(*_SYNSET, "word_number"),
          foreign_keys=((_SYNSET, "synset", _SYNSET),
                        (("lemma", "pos"), "lemma", ("lemma", "pos")))),
    Table(name="pointer",
          foreign_keys=((("source_offset", "source_pos"), "synset", _SYNSET),
                        (("target_offset", "target_pos"), "synset", _SYNSET))),
    Table(name="exception", primary_key=("pos", "inflected_form", "base_form")),
)  # fmt: skip
COLUMNS = {
    "lexname": ["lex_filenum", "lexname", "syntactic_category", "contents"],
    "synset": ["synset_offset", "pos", "ss_type", "lex_filenum", "w_cnt", "p_cnt", "gloss"],
    "lemma": ["lemma", "pos", "synset_cnt", "p_cnt", "sense_cnt", "tagsense_cnt"],
    "sense": ["synset_offset", "pos", "word_number", "word", "marker", "lex_id", "lemma",
              "sense_number"],
    "pointer": ["source_offset", "source_pos", "source_word", "pointer_symbol",
                "target_offset", "target_pos", "target_word"],
    "exception": ["pos", "inflected_form", "base_form"],
}  # fmt: skip
_LEXNAME = re.compile(r"^(\d\d)\t(\w+)\.(\w+)\s*\t(.*?)\s*$")
_CATEGORY = {"noun": "1", "verb": "2", "adj": "3", "adv": "4"}
_MARKER = re.compile(r"^(.*?)(?:\((a|p|ip)\))?$")

Rows = dict[str, list[list[str]]]


def build_wordnet(archive: Path, target: Path) -> Path:
    """The SQLite file of WordNet's lexicographer files, synsets, lemmas, senses, pointers
    and exceptions."""
    rows: Rows = {table: [] for table in COLUMNS}
    rows["lexname"] = lexnames(deb_member_text(archive, _MANUAL))
    for name, pos in _POS.items():
        senses = sense_numbers(deb_member_text(archive, f"{_FOLDER}index.{name}"), pos, rows)
        for line in deb_member_text(archive, f"{_FOLDER}data.{name}").splitlines():
            if not line.startswith("  "):  # the licence's lines begin with two spaces
                read_synset(line, pos, senses, rows)
        exceptions = deb_member_text(archive, f"{_FOLDER}{name}.exc").splitlines()
        pairs = (line.split() for line in exceptions)
        unique = dict.fromkeys((form, base) for form, *bases in pairs for base in bases)
        rows["exception"] += [[pos, form, base] for form, base in unique]
    return write_tables(target, TABLES, COLUMNS, rows)


def lexnames(manual: str) -> list[list[str]]:
    """The lexicographer files listed in the manual page's table: number, name, category
    (1 noun, 2 verb, 3 adjective, 4 adverb) and contents."""
    rows = []
    for line in manual.splitlines():
        if entry := _LEXNAME.match(line):
            number, kind, topic, contents = entry.groups()
            rows.append([str(int(number)), f"{kind}.{topic}", _CATEGORY[kind], contents])
    return rows


def sense_numbers(index: str, pos: str, rows: Rows) -> dict[tuple[str, str], int]:
    """The index file's lemmas added to ``rows``; each (lemma, synset offset) with its
    sense number, the synset's place among the lemma's."""
    numbers: dict[tuple[str, str], int] = {}
    for line in index.splitlines():
        if line.startswith("  "):
            continue
        lemma, _, synset_cnt, p_cnt, *rest = line.split()
        sense_cnt, tagsense_cnt, *offsets = rest[int(p_cnt) :]
        rows["lemma"].append([lemma, pos, synset_cnt, p_cnt, sense_cnt, tagsense_cnt])
        for number, offset in enumerate(offsets, start=1):
            numbers[lemma, offset] = number
    return numbers


def read_synset(line: str, pos: str, senses: dict[tuple[str, str], int], rows: Rows) -> None:
    """One data file line's synset, its words and its pointers added to ``rows``."""
    fields, _, gloss = line.partition(" | ")
    offset, lex_filenum, ss_type, w_cnt, *rest = fields.split()
    words = int(w_cnt, 16)
    for number in range(words):
        written, lex_id = rest[2 * number : 2 * number + 2]
        word, marker = _MARKER.match(written).groups()  # type: ignore[union-attr]
        lemma = word.lower()
        sense = str(senses[lemma, offset])
        row = [offset, pos, str(number + 1), word, marker or "", str(int(lex_id, 16)), lemma]
        rows["sense"].append([*row, sense])
    p_cnt, *pointers = rest[2 * words :]
    for number in range(int(p_cnt)):
        symbol, target, target_pos, words_hex = pointers[4 * number : 4 * number + 4]
        ends = [str(int(words_hex[:2], 16)), str(int(words_hex[2:], 16))]
        rows["pointer"].append([offset, pos, ends[0], symbol, target, target_pos, ends[1]])
    synset = [offset, pos, ss_type, str(int(lex_filenum)), str(words), p_cnt, gloss.strip()]
    rows["synset"].append(synset)
