"""The ``emboss`` database: the reference data of EMBOSS, the European Molecular Biology Open
Software Suite — its codon usage tables (how often each of an organism's 64 codons occurs in
its coding sequences), the genetic codes that translate codons into amino acids, the amino
acids with their masses and properties, and the NCBI taxonomy's lineage of each organism.

Debian's ``emboss-data`` (``apt-get download``, never installed) holds them under
``usr/share/EMBOSS/data/``: ``CODONS/E*.cut`` (one file per organism; the 108 with a
``#Species`` header, from the CUTG and Transterm databases, and the descriptions of
``CODONS/Cut.index``), ``Eresidues.iub``, ``Emolwt.dat`` and ``Eamino.dat`` (amino acids)
and ``TAXONOMY/*.dmp`` (NCBI's taxonomy dump: nodes, names, divisions, genetic codes).  The
taxonomy holds a million nodes; only those on the lineage of an organism (from its taxon up
to the root) are kept, named by their scientific and GenBank common names.  An organism's
taxon is the one its species names (a scientific name first, else any other name), else
the one its species names without an organelle before it or a ``(common name)`` or
``highly expressed genes`` after it, else its first two words: all but ``Mammalian spp.``
find one.  A genetic code's codons are read in the dump's standard order
(TCAG by first, second, third base).  Column names are the files' own (``Fraction``,
``Frequency``, ``Number`` of the .cut files; ``division_cde``, ``genetic_code_id`` of the
dump) in snake_case.  The forty-second held-out database.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DATA = "./usr/share/EMBOSS/data/"
_CUT = re.compile(r"\./usr/share/EMBOSS/data/CODONS/(E[^/]+)\.cut$")
_BASES = "TCAG"
_CODE = (("genetic_code_id",), "genetic_code", ("genetic_code_id",))
TABLES = (
    Table(name="organism", primary_key=("cut_file",),
          foreign_keys=((("tax_id",), "taxon", ("tax_id",)),)),
    Table(name="codon_usage", primary_key=("cut_file", "codon"),
          foreign_keys=((("cut_file",), "organism", ("cut_file",)),)),
    Table(name="amino_acid", primary_key=("code",)),
    Table(name="genetic_code", primary_key=("genetic_code_id",)),
    Table(name="genetic_code_codon", primary_key=("genetic_code_id", "codon"),
          foreign_keys=(_CODE,)),
    Table(name="division", primary_key=("division_id",)),
    Table(name="taxon", primary_key=("tax_id",),
          foreign_keys=((("parent_tax_id",), "taxon", ("tax_id",)),
                        (("division_id",), "division", ("division_id",)),
                        _CODE,
                        (("mitochondrial_genetic_code_id",), "genetic_code",
                         ("genetic_code_id",)))),
)  # fmt: skip
COLUMNS = {
    "organism": ["cut_file", "species", "description", "division", "release", "cds_count",
                 "coding_gc", "gc_1st_letter", "gc_2nd_letter", "gc_3rd_letter", "tax_id"],
    "codon_usage": ["cut_file", "codon", "amino_acid", "fraction", "frequency", "number"],
    "amino_acid": ["code", "name", "residues", "average_mass", "monoisotopic_mass", "tiny",
                   "small", "aliphatic", "aromatic", "non_polar", "polar", "charge",
                   "positive", "negative", "ext_coeff"],
    "genetic_code": ["genetic_code_id", "name"],
    "genetic_code_codon": ["genetic_code_id", "codon", "amino_acid", "start"],
    "division": ["division_id", "division_cde", "division_name", "comments"],
    "taxon": ["tax_id", "parent_tax_id", "rank", "scientific_name", "common_name",
              "division_id", "genetic_code_id", "mitochondrial_genetic_code_id"],
}  # fmt: skip
_HEADER = {"Species": 1, "Division": 3, "Release": 4, "CdsCount": 5, "Coding GC": 6,
           "1st letter GC": 7, "2nd letter GC": 8, "3rd letter GC": 9}  # fmt: skip


# ``#Species: Homo sapiens``, ``#Coding GC 52.66%``
_HEADER_LINE = re.compile(r"^#(Species|Division|Release|CdsCount|(?:Coding|\w+ letter) GC):? (.*)$")


def build_emboss(archive: Path, target: Path) -> Path:
    """The SQLite file of emboss-data's codon usage, genetic codes, amino acids and the
    taxonomy lineage of its organisms."""
    files = deb_member_texts(archive, lambda name: bool(_CUT.match(name)) or name in _WANTED)
    text = {name.removeprefix(_DATA): body for name, body in files.items()}
    rows: dict[str, list[list[str]]] = {"organism": [], "codon_usage": []}
    index = cut_index(text["CODONS/Cut.index"])
    for name in sorted(text):
        match = _CUT.match(_DATA + name)
        if match and text[name].startswith("#Species"):
            organism, usage = cut_table(match.group(1), text[name])
            organism[2] = index.get(organism[0], "")
            rows["organism"].append(organism)
            rows["codon_usage"].extend(usage)
    rows["amino_acid"] = amino_acids(text)
    codes = dmp_rows(text["TAXONOMY/gencode.dmp"])
    rows["genetic_code"] = [[row[0], row[2]] for row in codes]  # its abbreviations are empty
    rows["genetic_code_codon"] = [c for row in codes if row[3].strip() for c in codons(row)]
    rows["division"] = dmp_rows(text["TAXONOMY/division.dmp"])
    rows["taxon"] = lineages(rows["organism"], text)
    return write_tables(target, TABLES, COLUMNS, rows)


_WANTED = frozenset(_DATA + name for name in (
    "CODONS/Cut.index", "Eresidues.iub", "Emolwt.dat", "Eamino.dat", "TAXONOMY/gencode.dmp",
    "TAXONOMY/division.dmp", "TAXONOMY/nodes.dmp", "TAXONOMY/names.dmp"))  # fmt: skip


def cut_index(text: str) -> dict[str, str]:
    """Cut.index's description of each file (``Ehuman`` -> ``Homo sapiens``)."""
    lines = (line.split(None, 1) for line in text.splitlines() if not line.startswith("#"))
    return {p[0].removesuffix(".cut"): p[1].strip() for p in lines if len(p) == 2}


def cut_table(name: str, text: str) -> tuple[list[str], list[list[str]]]:
    """An organism's row (its ``#Key: value`` header) and its 64 codons' rows."""
    organism = [name] + [""] * (len(COLUMNS["organism"]) - 1)
    usage = []
    for line in text.splitlines():
        header = _HEADER_LINE.match(line)
        if header and header.group(1) in _HEADER:
            organism[_HEADER[header.group(1)]] = header.group(2).strip().removesuffix("%")
        elif line.strip() and not line.startswith("#"):
            usage.append([name, *line.split()])
    return organism, usage


def amino_acids(text: dict[str, str]) -> list[list[str]]:
    """Each residue code's name, the codes it stands for, masses and properties."""
    masses = _table(text["Emolwt.dat"])
    properties = _table(text["Eamino.dat"])
    names = _table(text["Eresidues.iub"])
    return [[code, names[code][3], names[code][2], *masses[code][1:], *properties[code][1:]]
            for code in sorted(names)]  # fmt: skip


def _table(text: str) -> dict[str, list[str]]:
    lines = (line.split() for line in text.splitlines() if not line.startswith("#"))
    return {row[0]: row for row in lines if row and len(row[0]) == 1}


def dmp_rows(text: str) -> list[list[str]]:
    """The rows of an NCBI ``.dmp`` file (fields between ``\\t|\\t``, a line ending ``\\t|``)."""
    return [[cell.strip() for cell in line.removesuffix("\t|").split("\t|\t")]
            for line in text.splitlines() if line]  # fmt: skip


def codons(code: list[str]) -> list[list[str]]:
    """A genetic code's 64 codons with their amino acid and whether they may start."""
    amino, starts = code[3].strip(), code[4].strip()
    triplets = [a + b + c for a in _BASES for b in _BASES for c in _BASES]
    return [[code[0], triplet, amino[i], starts[i]] for i, triplet in enumerate(triplets)]


def lineages(organisms: list[list[str]], text: dict[str, str]) -> list[list[str]]:
    """The taxonomy nodes from each organism's species up to the root; sets the organism's
    ``tax_id`` where its species is a name of the taxonomy (its scientific name first)."""
    nodes = {row[0]: row for row in dmp_rows(text["TAXONOMY/nodes.dmp"])}
    scientific: dict[str, str] = {}
    common: dict[str, str] = {}
    named: dict[str, str] = {}
    for tax_id, name, _unique, kind in dmp_rows(text["TAXONOMY/names.dmp"]):
        if kind == "scientific name":
            scientific[tax_id] = name
        elif kind == "genbank common name":
            common[tax_id] = name
        named.setdefault(name, tax_id)
    named.update((name, tax_id) for tax_id, name in scientific.items())
    kept: dict[str, list[str]] = {}
    for organism in organisms:
        tax_id = next((named[n] for n in species_names(organism[1]) if n in named), "")
        organism[-1] = tax_id
        while tax_id and tax_id not in kept:
            node = nodes[tax_id]
            kept[tax_id] = [tax_id, node[1], node[2], scientific[tax_id],
                            common.get(tax_id, ""), node[4], node[6], node[8]]  # fmt: skip
            tax_id = node[1]
    return sorted(kept.values(), key=lambda row: int(row[0]))


def species_names(species: str) -> list[str]:
    """The names to look an organism's species up by, in turn: as written; without an
    organelle before it, a ``(common name)`` or ``highly expressed genes`` after it; its
    first two words (genus and species)."""
    bare = re.sub(r"^(mitochondrion|chloroplast) | \(.*\)$| highly expressed.*$", "", species)
    return [species, bare, " ".join(bare.split()[:2])]
