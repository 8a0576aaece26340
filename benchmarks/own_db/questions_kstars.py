"""KStars's cities and sky catalogue questions (kstars.md): the twenty-fourth held-out
database.  Written from kstars-data's files and a look at the built rows by a helper who
never read the linker's code, before the agent was ever run on it; every gold SQL was
checked with sqlite3 alone.  A "deep-sky object" is a row of ``cat``; "brightest" is the
lowest ``magnitude``; a Messier object is one named ``M <number>``."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


KSTARS = [
    Question("How many cities are there?", "SELECT COUNT(*) FROM city"),
    Question("How many countries have at least one city?",
             "SELECT COUNT(DISTINCT Country) FROM city"),
    Question("How many cities are in Germany?",
             "SELECT COUNT(*) FROM city WHERE Country = 'Germany'"),
    Question("Which country has the most cities?",
             "SELECT Country FROM city GROUP BY Country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the elevation of Denver?",
             "SELECT Elevation FROM city WHERE Name = 'Denver'"),
    Question("What are the latitude and longitude of Reykjavik?",
             "SELECT Latitude, Longitude FROM city WHERE Name = 'Reykjavik'"),
    Question("What is the time zone offset of Kathmandu?",
             "SELECT TZ FROM city WHERE Name = 'Kathmandu'"),
    Question("How many cities are in California?",
             "SELECT COUNT(*) FROM city WHERE Province = 'California'"),
    Question("Which city is the furthest north?",
             "SELECT Name FROM city ORDER BY Latitude DESC LIMIT 1"),
    Question("Which city has the highest elevation?",
             "SELECT Name FROM city ORDER BY Elevation DESC LIMIT 1"),
    Question("What is the average elevation of the cities in Switzerland?",
             "SELECT AVG(Elevation) FROM city WHERE Country = 'Switzerland'"),
    Question("How many cities does each Canadian province have?",
             "SELECT Province, COUNT(*) FROM city WHERE Country = 'Canada' "
             "AND Province IS NOT NULL GROUP BY Province"),
    Question("List the cities in Iceland.",
             "SELECT Name FROM city WHERE Country = 'Iceland'", column=True),
    Question("How many cities lie south of the equator?",
             "SELECT COUNT(*) FROM city WHERE Latitude < 0"),
    Question("In which month does daylight saving time start in Adelaide?",
             "SELECT t.start_month FROM city c JOIN tzrule t ON t.code = c.TZRule "
             "WHERE c.Name = 'Adelaide'"),
    Question("How many cities never switch to daylight saving time?",
             "SELECT COUNT(*) FROM city c JOIN tzrule t ON t.code = c.TZRule "
             "WHERE t.start_month IS NULL"),
    Question("How many cities use each daylight saving rule?",
             "SELECT TZRule, COUNT(*) FROM city GROUP BY TZRule"),
    Question("Which countries have more than 50 cities?",
             "SELECT Country FROM city GROUP BY Country HAVING COUNT(*) > 50", column=True),
    Question("How many Canadian cities are there excluding those in Ontario?",
             "SELECT COUNT(*) FROM city WHERE Country = 'Canada' "
             "AND (Province IS NULL OR Province <> 'Ontario')"),
    Question("How many cities start daylight saving time in March?",
             "SELECT COUNT(*) FROM city c JOIN tzrule t ON t.code = c.TZRule "
             "WHERE t.start_month = 'Mar'"),
    Question("What is the average time zone offset of the cities in Russia?",
             "SELECT AVG(TZ) FROM city WHERE Country = 'Russia'"),
    Question("How many cities have a time zone offset that is not a whole number of hours?",
             "SELECT COUNT(*) FROM city WHERE TZ <> CAST(TZ AS INTEGER)"),
    Question("Which city has the largest time zone offset?",
             "SELECT Name FROM city ORDER BY TZ DESC LIMIT 1"),
    Question("When does daylight saving time end under the EU rule?",
             "SELECT revert_month, revert_day, revert_time FROM tzrule WHERE code = 'EU'"),
    Question("Which daylight saving rules start in October?",
             "SELECT code FROM tzrule WHERE start_month = 'Oct'", column=True),
    Question("Which Swiss city is the highest?",
             "SELECT Name FROM city WHERE Country = 'Switzerland' "
             "ORDER BY Elevation DESC LIMIT 1"),
    Question("How many constellations are listed?", "SELECT COUNT(*) FROM constellation"),
    Question("What is the abbreviation of Orion?",
             "SELECT abbreviation FROM constellation WHERE name = 'ORION'"),
    Question("Which constellation has the abbreviation Cyg?",
             "SELECT name FROM constellation WHERE abbreviation = 'Cyg'"),
    Question("Which constellation lies furthest south?",
             "SELECT name FROM constellation ORDER BY dec LIMIT 1"),
    Question("How many constellations are north of the celestial equator?",
             "SELECT COUNT(*) FROM constellation WHERE dec > 0"),
    Question("How many galaxies are in the catalogue?",
             "SELECT COUNT(*) FROM cat WHERE type = 'Galaxy'"),
    Question("How many Messier objects are there?",
             "SELECT COUNT(*) FROM cat WHERE name LIKE 'M %'"),
    Question("What type of object is M 42?", "SELECT type FROM cat WHERE name = 'M 42'"),
    Question("What is the magnitude of M 31?", "SELECT magnitude FROM cat WHERE name = 'M 31'"),
    Question("What is the brightest galaxy?",
             "SELECT name FROM cat WHERE type = 'Galaxy' AND magnitude IS NOT NULL "
             "ORDER BY magnitude LIMIT 1"),
    Question("Which Messier object is the faintest?",
             "SELECT name FROM cat WHERE name LIKE 'M %' AND magnitude IS NOT NULL "
             "ORDER BY magnitude DESC LIMIT 1"),
    Question("How many open clusters are brighter than magnitude 6?",
             "SELECT COUNT(*) FROM cat WHERE type = 'Open Cluster' AND magnitude < 6"),
    Question("What is the average magnitude of the globular clusters?",
             "SELECT AVG(magnitude) FROM cat WHERE type = 'Globular Cluster'"),
    Question("How many objects of each type are there?",
             "SELECT type, COUNT(*) FROM cat GROUP BY type"),
    Question("Which object is the Whirlpool Galaxy?",
             "SELECT name FROM cat WHERE long_name LIKE '%Whirlpool Galaxy%'"),
    Question("Which planetary nebula is the largest?",
             "SELECT name FROM cat WHERE type = 'Planetary Nebula' "
             "AND major_axis IS NOT NULL ORDER BY major_axis DESC LIMIT 1"),
    Question("Which object types have more than 500 objects?",
             "SELECT type FROM cat GROUP BY type HAVING COUNT(*) > 500", column=True),
    Question("Which Messier objects are globular clusters?",
             "SELECT name FROM cat WHERE name LIKE 'M %' AND type = 'Globular Cluster'",
             column=True),
    Question("What is the NGC number of M 1?",
             "SELECT catalog_identifier FROM cat WHERE name = 'M 1'"),
    Question("How many objects have no magnitude?",
             "SELECT COUNT(*) FROM cat WHERE magnitude IS NULL"),
    Question("How many Messier galaxies are brighter than magnitude 9?",
             "SELECT COUNT(*) FROM cat WHERE name LIKE 'M %' AND type = 'Galaxy' "
             "AND magnitude < 9"),
    *_no(
        "What is the population of Denver?",
        "Who discovered the Whirlpool Galaxy?",
        "How far away is the Andromeda Galaxy in light years?",
        "What will the sky above Tokyo look like next Friday night?",
        "Which constellation is the most beautiful?",
        "How many exoplanets orbit stars in Orion?",
        "What is the mayor of Reykjavik's name?",
        "Which city had the most clear nights last year?",
        "Write a poem about the Ring Nebula.",
        "What is the redshift of M 87?",
        "¿Cuántas galaxias hay en la constelación de Virgo?",
        "Quelle ville a le meilleur ciel pour observer les étoiles ?",
    ),
]  # fmt: skip
