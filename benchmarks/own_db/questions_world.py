"""The world database's questions (world.md): the fifth held-out database, chosen after
TPC-DS had been looked at.

Written by a helper who had not read the linker, from the three tables' columns and a
glance at their rows, before the agent was ever run on this database.  MariaDB's copy of
the world sample is the narrow one (build_world.py): no continent, region, GNP, life
expectancy, district or official-language flag, so questions about those must be
declined.  Its names are the dump's own: ``Peking`` for Beijing, ``Russian Federation``,
``Mumbai (Bombay)``.
"""

from __future__ import annotations

from own_db.questions import Question, _no

_CITY_COUNTRY = "City ci JOIN Country c ON c.Code = ci.Country"
_CAPITAL = "Country c JOIN City ci ON ci.ID = c.Capital"
_SPOKEN = "CountryLanguage l JOIN Country c ON c.Code = l.Country"
WORLD = [
    Question("How many countries are there?", "SELECT COUNT(*) FROM Country"),
    Question("How many cities are in the database?", "SELECT COUNT(*) FROM City"),
    Question("How many different languages are there?",
             "SELECT COUNT(DISTINCT Language) FROM CountryLanguage"),
    Question("What is the population of Japan?",
             "SELECT Population FROM Country WHERE Name = 'Japan'"),
    Question("What is the surface area of France?",
             "SELECT SurfaceArea FROM Country WHERE Name = 'France'"),
    Question("What is the population of Tokyo?",
             "SELECT Population FROM City WHERE Name = 'Tokyo'"),
    Question("Which country has the largest population?",
             "SELECT Name FROM Country ORDER BY Population DESC LIMIT 1"),
    Question("Which country is the biggest by area?",
             "SELECT Name FROM Country ORDER BY SurfaceArea DESC LIMIT 1"),
    Question("What is the smallest country by surface area?",
             "SELECT Name FROM Country ORDER BY SurfaceArea ASC LIMIT 1"),
    Question("Which city has the most inhabitants?",
             "SELECT Name FROM City ORDER BY Population DESC LIMIT 1"),
    Question("What are the top 5 most populous cities?",
             "SELECT Name FROM City ORDER BY Population DESC LIMIT 5", column=True),
    Question("List the 10 largest countries by surface area.",
             "SELECT Name FROM Country ORDER BY SurfaceArea DESC LIMIT 10", column=True),
    Question("What is the total population of all countries?",
             "SELECT SUM(Population) FROM Country"),
    Question("What is the average population of a country?",
             "SELECT ROUND(AVG(Population), 0) FROM Country"),
    Question("What is the average city population?",
             "SELECT ROUND(AVG(Population), 0) FROM City"),
    Question("What is the average surface area of a country?",
             "SELECT ROUND(AVG(SurfaceArea), 2) FROM Country"),
    Question("What is the capital of Australia?",
             f"SELECT ci.Name FROM {_CAPITAL} WHERE c.Name = 'Australia'"),
    Question("What is the capital city of Brazil?",
             f"SELECT ci.Name FROM {_CAPITAL} WHERE c.Name = 'Brazil'"),
    Question("How many people live in the capital of Egypt?",
             f"SELECT ci.Population FROM {_CAPITAL} WHERE c.Name = 'Egypt'"),
    Question("Which capital city has the largest population?",
             f"SELECT ci.Name FROM {_CAPITAL} ORDER BY ci.Population DESC LIMIT 1"),
    Question("Which capitals have more than 7 million inhabitants?",
             f"SELECT ci.Name FROM {_CAPITAL} WHERE ci.Population > 7000000 "
             f"ORDER BY ci.Population DESC", column=True),
    Question("How many countries have no capital?",
             "SELECT COUNT(*) FROM Country WHERE Capital IS NULL"),
    Question("How many cities are there in Germany?",
             f"SELECT COUNT(*) FROM {_CITY_COUNTRY} WHERE c.Name = 'Germany'"),
    Question("How many cities does China have?",
             f"SELECT COUNT(*) FROM {_CITY_COUNTRY} WHERE c.Name = 'China'"),
    Question("Which country has the most cities?",
             f"SELECT c.Name FROM {_CITY_COUNTRY} GROUP BY c.Code "
             f"ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which is the largest city in France?",
             f"SELECT ci.Name FROM {_CITY_COUNTRY} WHERE c.Name = 'France' "
             f"ORDER BY ci.Population DESC LIMIT 1"),
    Question("What is the most populous city in Brazil?",
             f"SELECT ci.Name FROM {_CITY_COUNTRY} WHERE c.Name = 'Brazil' "
             f"ORDER BY ci.Population DESC LIMIT 1"),
    Question("Which country is Osaka in?",
             f"SELECT c.Name FROM {_CITY_COUNTRY} WHERE ci.Name = 'Osaka'"),
    Question("What is the total population of the cities in India?",
             f"SELECT SUM(ci.Population) FROM {_CITY_COUNTRY} WHERE c.Name = 'India'"),
    Question("How many cities have more than a million inhabitants?",
             "SELECT COUNT(*) FROM City WHERE Population > 1000000"),
    Question("How many countries have more than 100 million people?",
             "SELECT COUNT(*) FROM Country WHERE Population > 100000000"),
    Question("Which countries have a population over 200 million?",
             "SELECT Name FROM Country WHERE Population > 200000000 "
             "ORDER BY Population DESC", column=True),
    Question("Which countries have more than 150 cities?",
             f"SELECT c.Name FROM {_CITY_COUNTRY} GROUP BY c.Code HAVING COUNT(*) > 150 "
             f"ORDER BY COUNT(*) DESC", column=True),
    Question("How many cities do Norway, Sweden and Denmark each have?",
             f"SELECT COUNT(*) FROM {_CITY_COUNTRY} "
             f"WHERE c.Name IN ('Norway', 'Sweden', 'Denmark') GROUP BY c.Code", column=True),
    Question("Which country has the highest population density?",
             "SELECT Name FROM Country WHERE SurfaceArea > 0 "
             "ORDER BY Population / SurfaceArea DESC LIMIT 1"),
    Question("How many countries have no cities listed?",
             "SELECT COUNT(*) FROM Country WHERE Code NOT IN (SELECT Country FROM City)"),
    Question("How many countries are there, excluding those with no population?",
             "SELECT COUNT(*) FROM Country WHERE Population > 0"),
    Question("Which language is spoken in the most countries?",
             "SELECT Language FROM CountryLanguage GROUP BY Language "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In how many countries is Spanish spoken?",
             "SELECT COUNT(*) FROM CountryLanguage WHERE Language = 'Spanish'"),
    Question("What languages are spoken in Switzerland?",
             f"SELECT l.Language FROM {_SPOKEN} WHERE c.Name = 'Switzerland' "
             f"ORDER BY l.Percentage DESC", column=True),
    Question("What percentage of people in Canada speak French?",
             f"SELECT l.Percentage FROM {_SPOKEN} "
             f"WHERE c.Name = 'Canada' AND l.Language = 'French'"),
    Question("What is the most widely spoken language in India?",
             f"SELECT l.Language FROM {_SPOKEN} WHERE c.Name = 'India' "
             f"ORDER BY l.Percentage DESC LIMIT 1"),
    Question("How many languages are spoken in the Philippines?",
             f"SELECT COUNT(*) FROM {_SPOKEN} WHERE c.Name = 'Philippines'"),
    Question("List the countries where Portuguese is spoken.",
             f"SELECT c.Name FROM {_SPOKEN} WHERE l.Language = 'Portuguese' "
             f"ORDER BY c.Name", column=True),
    Question("Which countries have the most languages?",
             f"SELECT c.Name FROM {_SPOKEN} GROUP BY c.Code HAVING COUNT(*) = "
             f"(SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM CountryLanguage "
             f"GROUP BY Country)) ORDER BY c.Name", column=True),
    *_no(
        "How many countries are in Africa?",
        "What is the GNP of France?",
        "What is the life expectancy in Japan?",
        "Which countries became independent after 1950?",
        "Who is the head of state of Germany?",
        "Which languages are official in Belgium?",
        "What is the weather in Paris today?",
        "What will the population of India be in 2050?",
        "Write a short poem about Lisbon.",
        "¿Cuántas ciudades hay en España?",
        "Wie viele Einwohner hat Berlin?",
        "Which cities have the best nightlife?",
    ),
]  # fmt: skip
