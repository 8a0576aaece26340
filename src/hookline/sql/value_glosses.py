"""Value glosses: the words a column's documentation gives its coded values.

A column of codes is described by what each code means ("PRE (preseason, exhibition),
REG (regular season) or POST (postseason: playoffs)", or '"R" regular, "P" postseason'); a
question says the words, never the code ("How many regular season games ...").  Each
phrase of a code's gloss names that code, unless it names another code of the same column
too, or has a word of another column of the table ("regular season" and a ``season``
column: which does it say?).  A column of another table holding the same codes, documented
only "as for" the first, says them by the same phrases: a phrase glossing one code in
both is no second reading, and the nearest of the two is read.

A column of too many values to list (read through the value index) is glossed only by
names: a code in quotes followed by a capitalised name of at most four words ('"XA"
Xanadu, "NL" New Lorn'), for a code the column holds.  The name is then matched as the
value index matches the code itself (``code_matches``), unless it is itself a value of
some column (the data's own word wins).

Example::

    glosses(column, catalog)   # {"preseason": "PRE", "exhibition": "PRE", ...}
    code_matches("new lorn", catalog)   # [ValueMatch(..., value="NL", exact=True)]
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.us_states import state_names
from hookline.sql.value_index import ValueMatch
from hookline.sql.words import fold, singular, value_key

__all__ = ["code_matches", "gloss_phrases", "glossed", "glosses", "withheld", "without_glosses"]

_SPLIT = re.compile(r"[,:;/]| and | or ")


def glosses(column: CatalogColumn, catalog: SqlCatalog) -> dict[str, str]:
    """The phrases (lower case, last word singular) the documentation of ``column``
    glosses its listed values with, each with its value, or that of a column of another
    table holding the same codes (``_same_codes``: "its zone's code, as for ports"); a
    phrase another column glosses as another code, or a column holding other codes,
    glosses, is none."""
    every = _every_gloss(catalog)
    return every.get(f"{column.table}.{column.name}", {})


def gloss_phrases(catalog: SqlCatalog) -> set[str]:
    """Every phrase ``glosses`` reads as a code of some column: a value's words, never
    the name of the column whose documentation lists them."""
    return {phrase for said in _every_gloss(catalog).values() for phrase in said}


def code_matches(phrase: str, catalog: SqlCatalog) -> list[ValueMatch]:
    """The indexed codes ``phrase`` (lower-case words) names by a column's glosses, as
    the value index would match the codes themselves ("xanadu": 'XA' of a region
    column of many values, documented '"XA" Xanadu')."""
    return catalog.cached("code glosses", _read_code_matches).get(phrase, [])


def _read_code_matches(catalog: SqlCatalog) -> dict[str, list[ValueMatch]]:
    found: dict[str, list[ValueMatch]] = {}
    for column in catalog.columns:
        if not column.values:
            for phrase, code in glosses(column, catalog).items():
                match = ValueMatch(table=column.table, column=column.name, value=code, exact=True)
                found.setdefault(phrase, []).append(match)
    return found


def _every_gloss(catalog: SqlCatalog) -> dict[str, dict[str, str]]:
    """``glosses`` of every column, by ``table.column``, read once per catalog."""
    return catalog.cached("value glosses", _read_every_gloss)


def _read_every_gloss(catalog: SqlCatalog) -> dict[str, dict[str, str]]:
    every: dict[str, dict[str, str]] = {}
    for phrase, said in _sources(catalog).items():
        for column, code in said.values():
            if sum(c.table == column.table for c, _ in said.values()) == 1:
                every.setdefault(f"{column.table}.{column.name}", {})[phrase] = code
    return every


def _sources(catalog: SqlCatalog) -> dict[str, dict[str, tuple[CatalogColumn, str]]]:
    """Each phrase with the columns glossing it (by ``ref``: their own documentation, or
    that of a column of another table holding the same codes), and its code in each."""
    return catalog.cached("gloss sources", _read_sources)


def _read_sources(catalog: SqlCatalog) -> dict[str, dict[str, tuple[CatalogColumn, str]]]:
    own = {c.ref: _column_glosses(c, catalog) for c in catalog.columns}
    glossless = [c for c in catalog.columns if c.values and not own[c.ref]]
    sources: dict[str, dict[str, tuple[CatalogColumn, str]]] = {}
    for column in catalog.columns:
        for phrase, code in own[column.ref].items():
            said = sources.setdefault(phrase, {})
            said[column.ref] = (column, code)
            for other in glossless:
                if _same_codes(column, other) and code in other.values:
                    said.setdefault(other.ref, (other, code))
    return sources


def withheld(phrase: str, table: str | None, catalog: SqlCatalog) -> bool:
    """Whether two columns of ``table`` gloss ``phrase`` (a vehicle's type and its
    kind, both glossing a code as "van"): it names a code of neither, nor of a column
    of another table for a question about ``table``'s rows.  With no table, whether
    columns of two tables holding other codes gloss it: which one, only the rows asked
    about can tell (a column holding the same codes, "as for" the first, is no other)."""
    said = [column for column, _ in _sources(catalog).get(phrase, {}).values()]
    if table is None:
        return any(not _alike(said[0], other) for other in said[1:])
    return sum(c.table == table for c in said) > 1


def _same_codes(glossed: CatalogColumn, other: CatalogColumn) -> bool:
    """Whether ``other`` holds codes of ``glossed``: a column of another table sharing
    a word of its name, whose listed values (two or more) are all of ``glossed``'s."""
    return (
        other.table != glossed.table and bool(set(other.words) & set(glossed.words))
        and len(other.values) >= 2 and set(other.values) <= set(glossed.values)
    )  # fmt: skip


def _alike(one: CatalogColumn, other: CatalogColumn) -> bool:
    """Whether two columns hold the same codes (one's values all of the other's)."""
    return _same_codes(one, other) or _same_codes(other, one)


def _column_glosses(column: CatalogColumn, catalog: SqlCatalog) -> dict[str, str]:
    """The glosses of one column's values: of one value only, no word of another column
    of its table."""
    if "state" in column.words:  # "Kansas": 'KS'
        return state_names(column.values)
    if catalog.docs is None:
        return {}
    described = catalog.docs.descriptions.get(f"{column.table}.{column.name}", "")
    if not column.values:
        return _named_codes(column, described, catalog)
    listed = _listed(column, described, catalog.docs.text)
    found: dict[str, list[str]] = {}
    for value in column.values:
        for phrase in _SPLIT.split(fold(_gloss_of(value, described) or listed.get(value, ""))):
            words = re.findall(r"[a-z][a-z'-]*", phrase)
            if words:
                key = " ".join([*words[:-1], singular(words[-1])])
                found.setdefault(key, []).append(value)
    others = {w for c in catalog.table_columns(column.table) if c is not column for w in c.words}
    return {
        phrase: values[0] for phrase, values in found.items()
        if len(set(values)) == 1 and not others & set(phrase.split())
    }  # fmt: skip


def _gloss_of(value: str, described: str) -> str:
    """What ``described`` says ``value`` means: its bracket ("PRE (preseason)"), or the
    words after it in quotes, or after an "=", up to a stop ('"L" living, "E" extinct',
    '"L" = living' -> living)."""
    bracket = re.search(rf"(?<!\w){re.escape(value)} \(([^)]*)\)", described)
    if bracket:
        return bracket.group(1)
    quoted = re.search(
        rf'"{re.escape(value)}"(?: =)? ([A-Za-z][A-Za-z\' -]*)(?=[,;.(]|$)', described
    )
    return quoted.group(1) if quoted else ""


_NAME_WORD = r"(?:[A-Z][^\W\d_]*(?:['-][^\W\d_]+)*|of|and|the|de|del|du|la|le|von|van|y)"
_NAMED = re.compile(
    rf'(?<![\w"])"([^"\s,;][^"]{{0,11}})"(?:\s+=)?\s+({_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})'
    r"(?=\s*(?:[,;.)\]]|$))"
)
"""A quoted code followed by a name of at most four words, capitalised (a few small words
inside it), up to a comma, semicolon, closing bracket or the end ('"XA" Xanadu,')."""


def _named_codes(column: CatalogColumn, described: str, catalog: SqlCatalog) -> dict[str, str]:
    """The names a column of many values (indexed, not listed) glosses its codes with, each
    written after its code in quotes in the column's own description ('"XA" Xanadu, "NL"
    New Lorn'), for a code the column holds; a name of two codes, or with a word of
    another column of its table, is none."""
    found: dict[str, list[str]] = {}
    for code, name in _NAMED.findall(described):
        words = name.split()
        if (
            len(name) > 2
            and words[0][:1].isupper()
            and words[-1][:1].isupper()
            and catalog.index.holds(column.table, column.name, code)
        ):
            found.setdefault(value_key(" ".join(words)), []).append(code)
    others = {w for c in catalog.table_columns(column.table) if c is not column for w in c.words}
    return {
        phrase: codes[0] for phrase, codes in found.items()
        if len(set(codes)) == 1 and not others & set(phrase.split())
    }  # fmt: skip


def _listed(column: CatalogColumn, described: str, text: str) -> dict[str, str]:
    """The glosses of a list of codes, each followed by its words ("the kind: v van,
    t truck", "k = kayak, c = canoe", "1: open, 2: closed"), in the column's description
    or in a sentence of the document that names the column in brackets ("Hull shapes
    (hull) are coded k = kayak, c = canoe."); only a list of two codes or more."""
    said = [described]
    said += re.findall(rf"[^.]*\({re.escape(column.name)}\)[^.]*", text, flags=re.IGNORECASE)
    for sentence in said:
        found = {}
        for value in column.values:
            match = re.search(
                rf"(?:(?:^|[:;,(] ?){re.escape(value)} |(?<![\w.]){re.escape(value)} ?[=:] )"
                rf"(?!(?:or|and|to|of)\b)"
                rf"([A-Za-z][A-Za-z' -]*?)(?=[,;.(]| or | and |$)",
                sentence,
            )
            if match:
                found[value] = match.group(1)
        if len(found) > 1:
            return found
    return {}


def glossed(column: CatalogColumn, value: str, catalog: SqlCatalog) -> list[str]:
    """The phrases ``glosses`` reads as ``value`` of ``column`` ("preseason": 'PRE')."""
    return [phrase for phrase, code in glosses(column, catalog).items() if code == value]


def without_glosses(text: str, catalog: SqlCatalog) -> str:
    """``text`` (space-padded words) with each glossed value it says replaced by ``_`` and,
    when said in the plural, that plural ("touchdowns" counts rows), as values are masked
    before a plan is read: "regular season games" -> "_ games"."""
    phrases = {p for c in catalog.columns for p in glosses(c, catalog)}
    for phrase in sorted(phrases, key=len, reverse=True):
        for form, plural in ((phrase, ""), (phrase + "s", phrase.split()[-1] + "s ")):
            text = text.replace(f" {form} ", " _ " + plural)
    return text
