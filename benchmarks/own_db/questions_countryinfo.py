"""The countryinfo package's countries questions (countryinfo.md): the thirty-third held-out
database.  Written from the package's JSON files and a look at the built rows by a helper
who never read the linker's code, before the agent was ever run on it; every gold SQL was
checked with sqlite3 alone.  A country is a row of ``country`` (territories among them);
a language or currency is named by the code the files give it (French is ``fr``, the euro
``EUR``); two countries are neighbours when ``borders`` pairs them."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_BORDERS = "borders b JOIN country c ON c.alpha3 = b.country"
COUNTRYINFO = [
    Question("How many countries are there?", "SELECT COUNT(*) FROM country"),
    Question("What is the capital of Kenya?",
             "SELECT capital FROM country WHERE name = 'Kenya'"),
    Question("What is the population of Japan?",
             "SELECT population FROM country WHERE name = 'Japan'"),
    Question("Which country has the largest population?",
             "SELECT name FROM country ORDER BY population DESC LIMIT 1"),
    Question("Which country is the smallest by area?",
             "SELECT name FROM country WHERE area IS NOT NULL ORDER BY area LIMIT 1"),
    Question("What are the five largest countries by area?",
             "SELECT name FROM country ORDER BY area DESC LIMIT 5", column=True),
    Question("How many countries are in Africa?",
             "SELECT COUNT(*) FROM country WHERE region = 'Africa'"),
    Question("What is the total population of Europe?",
             "SELECT SUM(population) FROM country WHERE region = 'Europe'"),
    Question("What is the average area of the countries in Oceania?",
             "SELECT AVG(area) FROM country WHERE region = 'Oceania'"),
    Question("How many countries does each region have?",
             "SELECT region, COUNT(*) FROM country WHERE region IS NOT NULL GROUP BY region"),
    Question("Which countries border Germany?",
             f"SELECT n.name FROM {_BORDERS} JOIN country n ON n.alpha3 = b.border "
             "WHERE c.name = 'Germany'", column=True),
    Question("How many neighbouring countries does China have?",
             f"SELECT COUNT(*) FROM {_BORDERS} WHERE c.name = 'China'"),
    Question("Which country has the most neighbours?",
             f"SELECT c.name FROM {_BORDERS} GROUP BY c.alpha3 ORDER BY COUNT(*) DESC "
             "LIMIT 1"),
    Question("How many countries share a land border with no other country?",
             "SELECT COUNT(*) FROM country WHERE alpha3 NOT IN (SELECT country FROM borders)"),
    Question("List the countries that use the euro.",
             "SELECT c.name FROM currencies u JOIN country c ON c.alpha3 = u.country "
             "WHERE u.currency = 'EUR'", column=True),
    Question("In how many countries is French an official language?",
             "SELECT COUNT(*) FROM languages WHERE language = 'fr'"),
    Question("Which language is spoken in the most countries?",
             "SELECT language FROM languages GROUP BY language ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many provinces does Canada have?",
             "SELECT COUNT(*) FROM provinces p JOIN country c ON c.alpha3 = p.country "
             "WHERE c.name = 'Canada'"),
    Question("Which country has the most provinces?",
             "SELECT c.name FROM provinces p JOIN country c ON c.alpha3 = p.country "
             "GROUP BY c.alpha3 ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the provinces of Switzerland.",
             "SELECT p.province FROM provinces p JOIN country c ON c.alpha3 = p.country "
             "WHERE c.name = 'Switzerland'", column=True),
    Question("What is the international calling code of Brazil?",
             "SELECT k.callingCode FROM callingCodes k JOIN country c ON c.alpha3 = k.country "
             "WHERE c.name = 'Brazil'"),
    Question("Which country has the calling code 81?",
             "SELECT c.name FROM callingCodes k JOIN country c ON c.alpha3 = k.country "
             "WHERE k.callingCode = '81'"),
    Question("What is the internet domain of Germany?",
             "SELECT t.tld FROM tld t JOIN country c ON c.alpha3 = t.country "
             "WHERE c.name = 'Germany'"),
    Question("What is Germany called in Spanish?",
             "SELECT t.translation FROM translations t JOIN country c ON c.alpha3 = t.country "
             "WHERE c.name = 'Germany' AND t.language = 'es'"),
    Question("What is the Japanese name for France?",
             "SELECT t.translation FROM translations t JOIN country c ON c.alpha3 = t.country "
             "WHERE c.name = 'France' AND t.language = 'ja'"),
    Question("How many time zones does Russia have?",
             "SELECT COUNT(*) FROM timezones z JOIN country c ON c.alpha3 = z.country "
             "WHERE c.name = 'Russia'"),
    Question("Which country spans the most time zones?",
             "SELECT c.name FROM timezones z JOIN country c ON c.alpha3 = z.country "
             "GROUP BY c.alpha3 ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many countries use the US dollar?",
             "SELECT COUNT(*) FROM currencies WHERE currency = 'USD'"),
    Question("What do you call a person from Peru?",
             "SELECT demonym FROM country WHERE name = 'Peru'"),
    Question("Which South American countries have more than 20 million people?",
             "SELECT name FROM country WHERE intermediateregion = 'South America' "
             "AND population > 20000000", column=True),
    Question("What is the population density of India, in people per square kilometre?",
             "SELECT population / area FROM country WHERE name = 'India'"),
    Question("How many countries have more than 100 million inhabitants?",
             "SELECT COUNT(*) FROM country WHERE population > 100000000"),
    Question("What is the average population of the countries in Asia?",
             "SELECT AVG(population) FROM country WHERE region = 'Asia'"),
    Question("Which subregion of Asia has the most countries?",
             "SELECT subregion FROM country WHERE region = 'Asia' GROUP BY subregion "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the countries of Western Europe.",
             "SELECT name FROM country WHERE subregion = 'Western Europe'", column=True),
    Question("Excluding Russia, which European country has the largest area?",
             "SELECT name FROM country WHERE region = 'Europe' AND name <> 'Russia' "
             "ORDER BY area DESC LIMIT 1"),
    Question("How many countries are in the Caribbean?",
             "SELECT COUNT(*) FROM country WHERE intermediateregion = 'Caribbean'"),
    Question("What is the total area of South America's countries?",
             "SELECT SUM(area) FROM country WHERE intermediateregion = 'South America'"),
    Question("Which African country has the most people?",
             "SELECT name FROM country WHERE region = 'Africa' ORDER BY population DESC "
             "LIMIT 1"),
    Question("How many countries use more than one currency?",
             "SELECT COUNT(*) FROM (SELECT country FROM currencies GROUP BY country "
             "HAVING COUNT(*) > 1)"),
    Question("Which countries have both English and French as official languages?",
             "SELECT name FROM country WHERE alpha3 IN (SELECT country FROM languages "
             "WHERE language = 'en') AND alpha3 IN (SELECT country FROM languages "
             "WHERE language = 'fr')", column=True),
    Question("What is the native name of Greece?",
             "SELECT nativeName FROM country WHERE name = 'Greece'"),
    Question("Which country borders both France and Spain?",
             f"SELECT c.name FROM {_BORDERS} JOIN country n ON n.alpha3 = b.border "
             "WHERE n.name = 'France' AND c.alpha3 IN (SELECT b2.country FROM borders b2 "
             "JOIN country s ON s.alpha3 = b2.border WHERE s.name = 'Spain')"),
    Question("What is the capital of the most populous country?",
             "SELECT capital FROM country ORDER BY population DESC LIMIT 1"),
    Question("How many countries have a larger population than Germany?",
             "SELECT COUNT(*) FROM country WHERE population > "
             "(SELECT population FROM country WHERE name = 'Germany')"),
    Question("Which time zones does Australia use? Give their names.",
             "SELECT z.timezoneName FROM timezoneNames z JOIN country c "
             "ON c.alpha3 = z.country WHERE c.name = 'Australia'", column=True),
    Question("What is the two-letter ISO code of Switzerland?",
             "SELECT alpha2 FROM country WHERE name = 'Switzerland'"),
    Question("Which country has the ISO code NZL?",
             "SELECT name FROM country WHERE alpha3 = 'NZL'"),
    Question("What currencies does Switzerland use?",
             "SELECT u.currency FROM currencies u JOIN country c ON c.alpha3 = u.country "
             "WHERE c.name = 'Switzerland'", column=True),
    Question("How many European countries never use the euro?",
             "SELECT COUNT(*) FROM country WHERE region = 'Europe' AND alpha3 NOT IN "
             "(SELECT country FROM currencies WHERE currency = 'EUR')"),
    Question("How many languages does each country in Southern Asia have?",
             "SELECT c.name, COUNT(*) FROM languages l JOIN country c ON c.alpha3 = l.country "
             "WHERE c.subregion = 'Southern Asia' GROUP BY c.alpha3"),
    Question("What are the top 3 African countries by area?",
             "SELECT name FROM country WHERE region = 'Africa' ORDER BY area DESC LIMIT 3",
             column=True),
    *_no(
        "What is the GDP of Brazil?",
        "Who is the president of France?",
        "What will the population of Nigeria be in 2050?",
        "Which country has the best food?",
        "What is the highest mountain in Nepal?",
        "How many people speak Spanish as their first language in Mexico?",
        "When did Kenya become independent?",
        "What is the literacy rate in India?",
        "Write a short travel guide to Portugal.",
        "Which country won the most Olympic medals?",
        "¿Cuál es la moneda de Chile?",
        "Quelle est la capitale de l'Australie ?",
    ),
]  # fmt: skip
