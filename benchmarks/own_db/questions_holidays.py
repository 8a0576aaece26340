"""Holiday questions (holidays.md): the forty-ninth held-out database.  Written from the
``data/holidays.json`` of the ``date-holidays`` npm package and a look at the built rows by
a helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A country is a row of ``countries``, named by its
``name`` ("France"); a holiday is a row of ``days`` (one date rule), named by its English
``name``; one holiday can have several rules (a substitute day, a rule for some years), so
"how many holidays" counts distinct names.  A "nationwide" holiday is a country's own day, on
no state or region; a state's or region's days are those it adds to its country's."""

from __future__ import annotations

from .questions import Question

_DAY = "days d JOIN countries c ON c.country = d.country"
_NATIONWIDE = "d.state IS NULL AND d.region IS NULL"
_STATE = "days d JOIN states s ON s.country = d.country AND s.state = d.state"
_NAME = "names n JOIN days d ON d.id = n.id"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


HOLIDAYS = [
    Question("How many countries and territories are covered?",
             "SELECT COUNT(*) FROM countries"),
    Question("What country has the code JP?", "SELECT name FROM countries WHERE country = 'JP'"),
    Question("How many holiday rules are there in total?", "SELECT COUNT(*) FROM days"),
    Question("How many holiday rules are there of each type?",
             "SELECT type, COUNT(*) FROM days GROUP BY type"),
    Question("How many bank holidays are listed?",
             "SELECT COUNT(*) FROM days WHERE type = 'bank'"),
    Question("How many holiday rules are substitute days?",
             "SELECT COUNT(*) FROM days WHERE substitute = 1"),
    Question("How many nationwide holidays does France have?",
             f"SELECT COUNT(DISTINCT d.name) FROM {_DAY} WHERE c.name = 'France'"
             f" AND {_NATIONWIDE}"),
    Question("List France's nationwide public holidays.",
             f"SELECT DISTINCT d.name FROM {_DAY} WHERE c.name = 'France' AND {_NATIONWIDE}"
             " AND d.type = 'public'", column=True),
    Question("What is the date rule of Bastille Day in France?",
             f"SELECT d.rule FROM {_DAY} WHERE c.name = 'France' AND d.name = 'Bastille Day'"),
    Question("Which country has the most states or provinces?",
             "SELECT c.name FROM states s JOIN countries c ON c.country = s.country"
             " GROUP BY c.country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many states does each country have?",
             "SELECT c.name, COUNT(*) FROM states s JOIN countries c ON c.country = s.country"
             " GROUP BY c.country"),
    Question("List the states of Australia.",
             "SELECT s.name FROM states s JOIN countries c ON c.country = s.country"
             " WHERE c.name = 'Australia'", column=True),
    Question("How many countries have no states listed?",
             "SELECT COUNT(*) FROM countries WHERE country NOT IN (SELECT country FROM states)"),
    Question("Which countries have Saturday as their weekly day off?",
             "SELECT name FROM countries WHERE LOWER(dayoff) = 'saturday'", column=True),
    Question("How many countries rest on Sunday?",
             "SELECT COUNT(*) FROM countries WHERE LOWER(dayoff) IN ('sunday', 'sundays')"),
    Question("In how many countries is Christmas Day a holiday?",
             "SELECT COUNT(DISTINCT country) FROM days WHERE name = 'Christmas Day'"),
    Question("Which holiday is kept in the most countries?",
             "SELECT name FROM days GROUP BY name ORDER BY COUNT(DISTINCT country) DESC LIMIT 1"),
    Question("What are the top 5 holidays by number of countries that keep them?",
             "SELECT name, COUNT(DISTINCT country) FROM days GROUP BY name"
             " ORDER BY COUNT(DISTINCT country) DESC LIMIT 5"),
    Question("Which 4 countries have the most nationwide holidays?",
             f"SELECT c.name, COUNT(DISTINCT d.name) FROM {_DAY} WHERE {_NATIONWIDE}"
             " GROUP BY c.country ORDER BY COUNT(DISTINCT d.name) DESC LIMIT 4"),
    Question("Which 3 countries have the most nationwide public holidays?",
             f"SELECT c.name, COUNT(DISTINCT d.name) FROM {_DAY} WHERE {_NATIONWIDE}"
             " AND d.type = 'public' GROUP BY c.country ORDER BY COUNT(DISTINCT d.name) DESC"
             " LIMIT 3"),
    Question("On average, how many nationwide holidays does a country have?",
             f"SELECT AVG(n) FROM (SELECT COUNT(DISTINCT d.name) AS n FROM {_DAY}"
             f" WHERE {_NATIONWIDE} GROUP BY c.country)"),
    Question("Which countries have more than 35 nationwide holidays?",
             f"SELECT c.name FROM {_DAY} WHERE {_NATIONWIDE} GROUP BY c.country"
             " HAVING COUNT(DISTINCT d.name) > 35", column=True),
    Question("Which countries have a Thanksgiving holiday?",
             f"SELECT DISTINCT c.name FROM {_DAY} WHERE d.name LIKE '%Thanksgiving%'",
             column=True),
    Question("How many countries have a holiday on December 26?",
             "SELECT COUNT(DISTINCT country) FROM days WHERE rule LIKE '12-26%'"),
    Question("How many countries have a holiday on May 1?",
             "SELECT COUNT(DISTINCT country) FROM days WHERE rule LIKE '05-01%'"),
    Question("How many of Brazil's holiday rules are counted from Easter?",
             f"SELECT COUNT(*) FROM {_DAY} WHERE c.name = 'Brazil' AND d.rule LIKE 'easter%'"),
    Question("For each type, how many nationwide holidays does the United States have?",
             f"SELECT d.type, COUNT(DISTINCT d.name) FROM {_DAY}"
             f" WHERE c.name = 'United States of America' AND {_NATIONWIDE} GROUP BY d.type"),
    Question("Which US state adds the most holidays of its own?",
             f"SELECT s.name FROM {_STATE} WHERE d.country = 'US'"
             " GROUP BY s.state ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which Australian state has the most holidays of its own?",
             f"SELECT s.name FROM {_STATE} WHERE d.country = 'AU'"
             " GROUP BY s.state ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which Swiss canton has the most holidays of its own?",
             f"SELECT s.name FROM {_STATE} WHERE d.country = 'CH'"
             " GROUP BY s.state ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which holidays does Bavaria add to Germany's?",
             f"SELECT DISTINCT d.name FROM {_STATE} WHERE d.country = 'DE'"
             " AND s.name = 'Bayern' AND d.region IS NULL", column=True),
    Question("Which countries have school holidays listed?",
             f"SELECT DISTINCT c.name FROM {_DAY} WHERE d.type = 'school'", column=True),
    Question("Which country has the most optional holidays?",
             f"SELECT c.name FROM {_DAY} WHERE d.type = 'optional'"
             " GROUP BY c.country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which of Mexico's nationwide holidays are bank holidays?",
             f"SELECT DISTINCT d.name FROM {_DAY} WHERE c.name = 'Mexico' AND {_NATIONWIDE}"
             " AND d.type = 'bank'", column=True),
    Question("What is Good Friday called in German?",
             f"SELECT DISTINCT n.name FROM {_NAME} WHERE d.name = 'Good Friday'"
             " AND n.lang = 'de'"),
    Question("What is Mexico's Independence Day called in Spanish?",
             f"SELECT n.name FROM {_NAME} WHERE d.country = 'MX' AND d.name = 'Independence Day'"
             " AND n.lang = 'es'"),
    Question("What is Christmas Day called in French in Canada?",
             f"SELECT n.name FROM {_NAME} WHERE d.country = 'CA' AND d.name = 'Christmas Day'"
             f" AND n.lang = 'fr' AND {_NATIONWIDE}"),
    Question("In which languages are Switzerland's holiday names given?",
             f"SELECT DISTINCT n.lang FROM {_NAME} WHERE d.country = 'CH'", column=True),
    Question("How many holiday names are given in Portuguese?",
             "SELECT COUNT(*) FROM names WHERE lang = 'pt'"),
    Question("What notes are given for Canada's holidays?",
             "SELECT name, note FROM days WHERE country = 'CA' AND note IS NOT NULL"),
    Question("Which regions does Andorra have?",
             "SELECT r.name FROM regions r JOIN countries c ON c.country = r.country"
             " WHERE c.name = 'Andorra'", column=True),
    Question("Which country has the most regions?",
             "SELECT c.name FROM regions r JOIN countries c ON c.country = r.country"
             " GROUP BY c.country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many countries never list an observance?",
             "SELECT COUNT(*) FROM countries WHERE country NOT IN"
             " (SELECT country FROM days WHERE type = 'observance')"),
    Question("How many of the UK's nationwide holidays are public, excluding observances?",
             f"SELECT COUNT(DISTINCT d.name) FROM days d WHERE d.country = 'GB'"
             f" AND {_NATIONWIDE} AND d.type = 'public'"),
    Question("Which holiday is most often an observance rather than a day off?",
             "SELECT name FROM days WHERE type = 'observance' GROUP BY name"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "How many people get the day off on Christmas in Germany?",
        "How much do Americans spend on gifts for Thanksgiving?",
        "Which holidays will Brazil add next year?",
        "Which is the most fun holiday in Spain?",
        "Summarize the history of Bastille Day.",
        "What is the population of Bavaria?",
        "How many tourists visit Japan during Golden Week?",
        "What traditional food is eaten on Deepavali?",
        "Who signed the law that made Juneteenth a holiday?",
        "What is the weather usually like on Canada Day?",
        "How many shops are open on Boxing Day in the United Kingdom?",
        "¿Cuántos turistas visitan España durante la Semana Santa?",
        "Welcher Feiertag ist bei den Deutschen am beliebtesten?",
    ),
]  # fmt: skip
