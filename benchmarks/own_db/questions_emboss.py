"""EMBOSS's reference data's questions (emboss.md): the forty-second held-out database.
Written from Debian's emboss-data files and a look at the built rows by a helper who never
read the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  An "organism" is a codon usage table (a row of ``organism``): a species with
a table of its highly expressed genes or of an organelle counts once per table.  A taxon's
organisms are found by walking ``parent_tax_id`` up from each organism's taxon."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_USAGE = "codon_usage c JOIN organism o ON o.cut_file = c.cut_file"
_TAXON = "organism o JOIN taxon t ON t.tax_id = o.tax_id"
_CODE = "genetic_code_codon c JOIN genetic_code g ON g.genetic_code_id = c.genetic_code_id"
# every organism with each taxon on its lineage, from its own up to the root
_UP = (
    "WITH RECURSIVE up(cut_file, tax_id) AS (SELECT cut_file, tax_id FROM organism "
    "WHERE tax_id IS NOT NULL UNION SELECT up.cut_file, t.parent_tax_id FROM up "
    "JOIN taxon t ON t.tax_id = up.tax_id WHERE t.parent_tax_id <> t.tax_id) "
)
_IN = "up JOIN taxon t ON t.tax_id = up.tax_id"
EMBOSS = [
    Question("How many codon usage tables are there?", "SELECT COUNT(*) FROM organism"),
    Question("How many genetic codes are listed?", "SELECT COUNT(*) FROM genetic_code"),
    Question("How many taxonomy divisions are there?", "SELECT COUNT(*) FROM division"),
    Question("How many coding sequences were counted for Homo sapiens?",
             "SELECT cds_count FROM organism WHERE species = 'Homo sapiens'"),
    Question("What is the coding GC content of Streptomyces coelicolor A3(2)?",
             "SELECT coding_gc FROM organism WHERE species = 'Streptomyces coelicolor A3(2)'"),
    Question("Which organism has the highest coding GC content?",
             "SELECT species FROM organism ORDER BY coding_gc DESC LIMIT 1"),
    Question("Which codon usage table has the lowest GC content at the third codon position?",
             "SELECT cut_file FROM organism ORDER BY gc_3rd_letter LIMIT 1"),
    Question("What are the top 5 codon usage tables by number of coding sequences?",
             "SELECT cut_file FROM organism ORDER BY cds_count DESC LIMIT 5", column=True),
    Question("How many codon usage tables are there in each GenBank division?",
             "SELECT division, COUNT(*) FROM organism GROUP BY division"),
    Question("How many codon usage tables come from the gbpln division?",
             "SELECT COUNT(*) FROM organism WHERE division = 'gbpln'"),
    Question("What is the average coding GC content of the tables in the gbbct division?",
             "SELECT AVG(coding_gc) FROM organism WHERE division = 'gbbct'"),
    Question("How many codon usage tables count more than 10000 coding sequences?",
             "SELECT COUNT(*) FROM organism WHERE cds_count > 10000"),
    Question("Which release do most codon usage tables come from?",
             "SELECT release FROM organism GROUP BY release ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which codon is the most frequent in Homo sapiens?",
             f"SELECT c.codon FROM {_USAGE} WHERE o.species = 'Homo sapiens' "
             "ORDER BY c.frequency DESC LIMIT 1"),
    Question("What fraction of Homo sapiens stop codons are TGA?",
             f"SELECT c.fraction FROM {_USAGE} WHERE o.species = 'Homo sapiens' "
             "AND c.codon = 'TGA'"),
    Question("How often per thousand codons is ATG used in Mus musculus?",
             f"SELECT c.frequency FROM {_USAGE} WHERE o.species = 'Mus musculus' "
             "AND c.codon = 'ATG'"),
    Question("Which leucine codon does the Eecoli table use most?",
             "SELECT codon FROM codon_usage WHERE cut_file = 'Eecoli' AND amino_acid = 'L' "
             "ORDER BY fraction DESC LIMIT 1"),
    Question("Which organism uses TAG for the largest share of its stop codons?",
             f"SELECT o.species FROM {_USAGE} WHERE c.codon = 'TAG' "
             "ORDER BY c.fraction DESC LIMIT 1"),
    Question("How many codons were counted in total for the Eyeast table?",
             "SELECT SUM(number) FROM codon_usage WHERE cut_file = 'Eyeast'"),
    Question("How many codon usage tables never use the codon GCG?",
             "SELECT COUNT(*) FROM codon_usage WHERE codon = 'GCG' AND number = 0"),
    Question("How many codons occur more than 20 times per thousand in Homo sapiens?",
             f"SELECT COUNT(*) FROM {_USAGE} WHERE o.species = 'Homo sapiens' "
             "AND c.frequency > 20"),
    Question("What is the average frequency per thousand of the codon CTG across all tables?",
             "SELECT AVG(frequency) FROM codon_usage WHERE codon = 'CTG'"),
    Question("Which codon usage tables count fewer than 20 coding sequences?",
             "SELECT cut_file FROM organism WHERE cds_count < 20", column=True),
    Question("What is the average mass of tryptophan?",
             "SELECT average_mass FROM amino_acid WHERE name = 'tryptophan'"),
    Question("Which amino acids are aromatic?",
             "SELECT name FROM amino_acid WHERE aromatic = 1", column=True),
    Question("List the amino acids that are both tiny and polar.",
             "SELECT name FROM amino_acid WHERE tiny = 1 AND polar = 1", column=True),
    Question("How many amino acids are positively charged?",
             "SELECT COUNT(*) FROM amino_acid WHERE positive = 1"),
    Question("Which amino acid has the highest monoisotopic mass?",
             "SELECT name FROM amino_acid ORDER BY monoisotopic_mass DESC LIMIT 1"),
    Question("Which amino acid has the largest extinction coefficient?",
             "SELECT name FROM amino_acid ORDER BY ext_coeff DESC LIMIT 1"),
    Question("What is the average mass of the small amino acids?",
             "SELECT AVG(average_mass) FROM amino_acid WHERE small = 1"),
    Question("Which amino acid does TGA code for in the Vertebrate Mitochondrial code?",
             f"SELECT c.amino_acid FROM {_CODE} WHERE g.name = 'Vertebrate Mitochondrial' "
             "AND c.codon = 'TGA'"),
    Question("How many stop codons does the Standard genetic code have?",
             f"SELECT COUNT(*) FROM {_CODE} WHERE g.name = 'Standard' AND c.amino_acid = '*'"),
    Question("How many start codons does the Bacterial, Archaeal and Plant Plastid code have?",
             f"SELECT COUNT(*) FROM {_CODE} WHERE g.name = "
             "'Bacterial, Archaeal and Plant Plastid' AND c.start = 'M'"),
    Question("Which genetic codes translate TGA as tryptophan?",
             f"SELECT g.name FROM {_CODE} WHERE c.codon = 'TGA' AND c.amino_acid = 'W'",
             column=True),
    Question("How many stop codons does each genetic code have?",
             f"SELECT g.name, COUNT(*) FROM {_CODE} WHERE c.amino_acid = '*' "
             "GROUP BY g.genetic_code_id"),
    Question("How many codons code for serine in the Standard code?",
             f"SELECT COUNT(*) FROM {_CODE} JOIN amino_acid a ON a.code = c.amino_acid "
             "WHERE g.name = 'Standard' AND a.name = 'serine'"),
    Question("In how many codons does the Yeast Mitochondrial code differ from the Standard "
             "code?",
             f"SELECT COUNT(*) FROM {_CODE} JOIN genetic_code_codon s ON s.codon = c.codon "
             "AND s.genetic_code_id = 1 WHERE g.name = 'Yeast Mitochondrial' "
             "AND s.amino_acid <> c.amino_acid"),
    Question("What is the scientific name of taxonomy id 9606?",
             "SELECT scientific_name FROM taxon WHERE tax_id = 9606"),
    Question("What rank does Enterobacteriaceae have?",
             "SELECT rank FROM taxon WHERE scientific_name = 'Enterobacteriaceae'"),
    Question("What is the common name of Oryctolagus cuniculus?",
             "SELECT common_name FROM taxon WHERE scientific_name = 'Oryctolagus cuniculus'"),
    Question("Which genus does Homo sapiens belong to?",
             "SELECT p.scientific_name FROM taxon t JOIN taxon p ON p.tax_id = t.parent_tax_id "
             "WHERE t.scientific_name = 'Homo sapiens'"),
    Question("How many taxa have the rank species?",
             "SELECT COUNT(*) FROM taxon WHERE rank = 'species'"),
    Question("How many taxa have no common name?",
             "SELECT COUNT(*) FROM taxon WHERE common_name IS NULL"),
    Question("Which codon usage table has no taxon?",
             "SELECT cut_file FROM organism WHERE tax_id IS NULL"),
    Question("Which genetic code do the mitochondria of Saccharomyces cerevisiae use?",
             "SELECT g.name FROM taxon t JOIN genetic_code g "
             "ON g.genetic_code_id = t.mitochondrial_genetic_code_id "
             "WHERE t.scientific_name = 'Saccharomyces cerevisiae'"),
    Question("How many codon usage tables belong to taxa using the Bacterial, Archaeal and "
             "Plant Plastid code?",
             f"SELECT COUNT(*) FROM {_TAXON} JOIN genetic_code g "
             "ON g.genetic_code_id = t.genetic_code_id "
             "WHERE g.name = 'Bacterial, Archaeal and Plant Plastid'"),
    Question("How many codon usage tables are of organisms in the taxonomy division Mammals?",
             f"SELECT COUNT(*) FROM {_TAXON} JOIN division d ON d.division_id = t.division_id "
             "WHERE d.division_name = 'Mammals'"),
    Question("How many codon usage tables are there for each taxonomy division?",
             f"SELECT d.division_name, COUNT(*) FROM {_TAXON} JOIN division d "
             "ON d.division_id = t.division_id GROUP BY d.division_id"),
    Question("Which taxonomy divisions have no codon usage table?",
             "SELECT division_name FROM division WHERE division_id NOT IN "
             f"(SELECT t.division_id FROM {_TAXON})", column=True),
    Question("How many codon usage tables are of organisms in the family Enterobacteriaceae?",
             f"{_UP}SELECT COUNT(*) FROM {_IN} WHERE t.scientific_name = 'Enterobacteriaceae'"),
    Question("Which species in the order Primates have a codon usage table?",
             f"{_UP}SELECT o.species FROM {_IN} JOIN organism o ON o.cut_file = up.cut_file "
             "WHERE t.scientific_name = 'Primates'", column=True),
    Question("Which phylum has the most codon usage tables?",
             f"{_UP}SELECT t.scientific_name FROM {_IN} WHERE t.rank = 'phylum' "
             "GROUP BY t.tax_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding bacteria, which organism has the highest coding GC content?",
             f"SELECT o.species FROM {_TAXON} JOIN division d ON d.division_id = t.division_id "
             "WHERE d.division_name <> 'Bacteria' ORDER BY o.coding_gc DESC LIMIT 1"),
    Question("What is the average coding GC content of the codon usage tables of mammals "
             "(class Mammalia)?",
             f"{_UP}SELECT AVG(o.coding_gc) FROM {_IN} JOIN organism o "
             "ON o.cut_file = up.cut_file WHERE t.scientific_name = 'Mammalia'"),
    *_no(
        "What is the hydropathy index of alanine?",
        "Which restriction enzymes cut the site GAATTC?",
        "How large is the genome of Escherichia coli K12 in base pairs?",
        "How many tRNA genes does Homo sapiens have for the codon CTG?",
        "When was the Homo sapiens codon usage table last updated?",
        "What will the codon usage of the next sequenced bacterium be?",
        "Which organism has the most elegant genetic code?",
        "Summarize the history of the discovery of the genetic code.",
        "How many chromosomes does Mus musculus have?",
        "Who discovered the Vertebrate Mitochondrial code?",
        "¿Cuál es el codón más frecuente en Homo sapiens?",
        "Wie viele Stoppcodons hat der Standard-Code?",
    ),
]  # fmt: skip
