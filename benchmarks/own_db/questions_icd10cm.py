"""ICD-10-CM questions (icd10cm.md): a held-out database chosen from PyPI's data packages.
Written from the tabular list XML of the ``simple-icd-10-cm`` 1.5.0 wheel and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  "A code" is any row of ``diag``, "a
category" one of 3 characters (no parent); "the codes under X" are those whose code starts
with X and a dot, at any depth, "X's subcodes" those whose parent is X; a chapter is named
by its title without the code range; a code's chapter is that of its section."""

from __future__ import annotations

from .questions import Question

_CODES = "diag d JOIN section s ON s.id = d.sectionId JOIN chapter c ON c.name = s.chapter"
_LEAF = "NOT EXISTS (SELECT 1 FROM diag x WHERE x.parent = d.name)"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


ICD10CM = [
    Question("How many chapters does ICD-10-CM have?", "SELECT COUNT(*) FROM chapter"),
    Question("How many diagnosis codes are in the tabular list?", "SELECT COUNT(*) FROM diag"),
    Question("How many three-character categories are there?",
             "SELECT COUNT(*) FROM diag WHERE parent IS NULL"),
    Question("What is the ICD-10-CM code for COVID-19?",
             "SELECT name FROM diag WHERE \"desc\" = 'COVID-19'"),
    Question("What does the code I10 stand for?", "SELECT \"desc\" FROM diag WHERE name = 'I10'"),
    Question("What is chapter 5 about?", "SELECT \"desc\" FROM chapter WHERE name = 5"),
    Question("Which chapter is split into the most sections?",
             "SELECT c.\"desc\" FROM chapter c JOIN section s ON s.chapter = c.name"
             " GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which chapter has the most codes?",
             f"SELECT c.\"desc\" FROM {_CODES} GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which chapter has the fewest codes?",
             f"SELECT c.\"desc\" FROM {_CODES} GROUP BY c.name ORDER BY COUNT(*) LIMIT 1"),
    Question("How many codes are in the chapter on diseases of the circulatory system?",
             f"SELECT COUNT(*) FROM {_CODES}"
             " WHERE c.\"desc\" LIKE 'Diseases of the circulatory system%'"),
    Question("How many sections does the neoplasms chapter have?",
             "SELECT COUNT(*) FROM section s JOIN chapter c ON c.name = s.chapter"
             " WHERE c.\"desc\" LIKE 'Neoplasms%'"),
    Question("Which section is type 2 diabetes (E11) in?",
             "SELECT s.\"desc\" FROM diag d JOIN section s ON s.id = d.sectionId"
             " WHERE d.name = 'E11'"),
    Question("How many subcodes sit directly under F32?",
             "SELECT COUNT(*) FROM diag WHERE parent = 'F32'"),
    Question("How many codes are there under E11, at any level?",
             "SELECT COUNT(*) FROM diag WHERE name LIKE 'E11.%'"),
    Question("Which code has the most direct subcodes?",
             "SELECT parent FROM diag WHERE parent IS NOT NULL GROUP BY parent"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the parent code of E11.65?",
             "SELECT parent FROM diag WHERE name = 'E11.65'"),
    Question("List the 7th characters that can be added to femur fracture codes (S72).",
             "SELECT extension FROM sevenChrDef WHERE diagName = 'S72' ORDER BY char",
             column=True),
    Question("At how many codes are 7th characters defined?",
             "SELECT COUNT(DISTINCT diagName) FROM sevenChrDef"),
    Question("What does the 7th character D mean for poisoning code T36?",
             "SELECT extension FROM sevenChrDef WHERE diagName = 'T36' AND char = 'D'"),
    Question("Which meaning of a 7th character is defined most often?",
             "SELECT extension FROM sevenChrDef GROUP BY extension ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("How many Excludes1 notes are there in total?",
             "SELECT COUNT(*) FROM note WHERE noteType = 'excludes1'"),
    Question("How many notes of each type are there?",
             "SELECT noteType, COUNT(*) FROM note GROUP BY noteType ORDER BY COUNT(*) DESC"),
    Question("What is the inclusion term listed under A00.0?",
             "SELECT note FROM note WHERE diagName = 'A00.0' AND noteType = 'inclusionTerm'"),
    Question("Which code has the most inclusion terms?",
             "SELECT diagName FROM note WHERE noteType = 'inclusionTerm' GROUP BY diagName"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which code has the most Excludes1 notes?",
             "SELECT diagName FROM note WHERE noteType = 'excludes1' AND diagName IS NOT NULL"
             " GROUP BY diagName ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many codes have 'unspecified' in their title?",
             "SELECT COUNT(*) FROM diag WHERE \"desc\" LIKE '%unspecified%'"),
    Question("How many codes are manifestation codes 'in diseases classified elsewhere'?",
             "SELECT COUNT(*) FROM diag WHERE \"desc\" LIKE '%in diseases classified elsewhere%'"),
    Question("How many codes have no more detailed code below them?",
             f"SELECT COUNT(*) FROM diag d WHERE {_LEAF}"),
    Question("How many sections contain no codes at all?",
             "SELECT COUNT(*) FROM section s WHERE NOT EXISTS"
             " (SELECT 1 FROM diag d WHERE d.sectionId = s.id)"),
    Question("Which section has the most codes?",
             "SELECT s.\"desc\" FROM diag d JOIN section s ON s.id = d.sectionId"
             " GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the first category of the tuberculosis section?",
             "SELECT first FROM section WHERE \"desc\" LIKE 'Tuberculosis%'"),
    Question("How many codes mention diabetes?",
             "SELECT COUNT(*) FROM diag WHERE \"desc\" LIKE '%diabet%'"),
    Question("How many codes in the mental and behavioral disorders chapter mention alcohol?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE c.name = 5 AND d.\"desc\" LIKE '%alcohol%'"),
    Question("What is the average number of codes per section, excluding the sections that"
             " hold no codes?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM diag GROUP BY sectionId)"),
    Question("How many codes are seven characters long?",
             "SELECT COUNT(*) FROM diag WHERE length(replace(name, '.', '')) = 7"),
    Question("How many categories in the infectious diseases chapter have no subcodes?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE c.name = 1 AND d.parent IS NULL AND {_LEAF}"),
    Question("List the codes under U07.",
             "SELECT name FROM diag WHERE parent = 'U07' ORDER BY name", column=True),
    Question("Which chapter is low back pain in?",
             f"SELECT c.\"desc\" FROM {_CODES} WHERE d.\"desc\" = 'Low back pain'"),
    Question("How many notes are attached to whole chapters rather than to sections or codes?",
             "SELECT COUNT(*) FROM note WHERE chapter IS NOT NULL"),
    Question("Which section of the circulatory chapter has the most codes?",
             f"SELECT s.\"desc\" FROM {_CODES} WHERE c.name = 9 GROUP BY s.id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What conditions are excluded from E11 by an Excludes1 note?",
             "SELECT note FROM note WHERE diagName = 'E11' AND noteType = 'excludes1'"
             " ORDER BY noteId", column=True),
    Question("How many sections have more than 100 codes?",
             "SELECT COUNT(*) FROM (SELECT sectionId FROM diag GROUP BY sectionId"
             " HAVING COUNT(*) > 100)"),
    Question("How many sections never have a note of their own?",
             "SELECT COUNT(*) FROM section s WHERE NOT EXISTS"
             " (SELECT 1 FROM note n WHERE n.sectionId = s.id)"),
    Question("Which are the top 5 categories by number of codes beneath them?",
             "SELECT c.name FROM diag c JOIN diag d ON d.name LIKE c.name || '.%'"
             " WHERE c.parent IS NULL GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many codes of the injury chapter have 7th characters defined at them?",
             "SELECT COUNT(DISTINCT d.name) FROM sevenChrDef e JOIN diag d ON d.name ="
             " e.diagName JOIN section s ON s.id = d.sectionId WHERE s.chapter = 19"),
    Question("What does the code first note of G63 say to code first?",
             "SELECT note FROM note WHERE diagName = 'G63' AND noteType = 'codeFirst'"
             " ORDER BY noteId", column=True),
    Question("How many codes in each chapter?",
             f"SELECT c.name, COUNT(*) FROM {_CODES} GROUP BY c.name ORDER BY c.name"),
    Question("How many subcodes does each category of the hypertensive diseases section have?",
             "SELECT p.name, COUNT(d.name) FROM diag p LEFT JOIN diag d ON d.parent = p.name"
             " WHERE p.sectionId = 'I10-I1A' AND p.parent IS NULL GROUP BY p.name"
             " ORDER BY p.name"),
    *_no(
        "How much does Medicare pay for a visit coded E11.9?",
        "Which ICD-10-CM code is used most often in US hospitals?",
        "What will the ICD-10-CM code for long COVID be in 2030?",
        "When was the code U07.1 first introduced?",
        "What is the ICD-10-PCS procedure code for an appendectomy?",
        "What is the SNOMED CT concept for type 2 diabetes?",
        "Which diagnosis codes are the hardest for coders to get right?",
        "What is the best treatment for essential hypertension?",
        "Summarize the coding guidelines for sepsis in plain language.",
        "How many patients were diagnosed with asthma last year?",
        "What did code J45 mean in ICD-9?",
        "Which doctor assigned the most fracture codes?",
        "¿Cuál es el código CIE-10 para la diabetes gestacional en España?",
        "Wie viel kostet eine Behandlung mit der Diagnose I10 in Deutschland?",
        "Quel médecin a inventé la classification CIM-10 ?",
    ),
]  # fmt: skip
