"""The IANA time zone database's questions (tzdata.md): the thirty-second held-out database.
Written from the tzdata package's files and a look at the built rows by a helper who never
read the linker's code, before the agent was ever run on it; every gold SQL was checked
with sqlite3 alone.  A zone's "current" line (its offset and rules today) is the one
without an ``until_year``; a rule "still in effect" has no ``to_year``."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_COUNTRY_ZONES = "zone z JOIN country c ON c.code = z.country_code"
_CURRENT = "zone_line l JOIN rule r ON r.name = l.rules"
TZDATA = [
    Question("How many countries are there?", "SELECT COUNT(*) FROM country"),
    Question("How many time zones are there?", "SELECT COUNT(*) FROM zone"),
    Question("How many time zones does Russia have?",
             f"SELECT COUNT(*) FROM {_COUNTRY_ZONES} WHERE c.name = 'Russia'"),
    Question("Which country has the most time zones?",
             f"SELECT c.name FROM {_COUNTRY_ZONES} GROUP BY c.name ORDER BY COUNT(*) DESC "
             "LIMIT 1"),
    Question("What are the top 3 countries by number of time zones?",
             f"SELECT c.name FROM {_COUNTRY_ZONES} GROUP BY c.name ORDER BY COUNT(*) DESC "
             "LIMIT 3", column=True),
    Question("List the time zones of Australia.",
             f"SELECT z.name FROM {_COUNTRY_ZONES} WHERE c.name = 'Australia'", column=True),
    Question("What is the country code of Brazil?",
             "SELECT code FROM country WHERE name = 'Brazil'"),
    Question("Which country is the code CI?", "SELECT name FROM country WHERE code = 'CI'"),
    Question("Which country is the zone Asia/Kathmandu in?",
             f"SELECT c.name FROM {_COUNTRY_ZONES} WHERE z.name = 'Asia/Kathmandu'"),
    Question("What are the latitude and longitude of Europe/Madrid?",
             "SELECT latitude, longitude FROM zone WHERE name = 'Europe/Madrid'"),
    Question("Which time zone is the furthest north?",
             "SELECT name FROM zone WHERE latitude IS NOT NULL ORDER BY latitude DESC LIMIT 1"),
    Question("Excluding Antarctica, which zone lies furthest south?",
             "SELECT name FROM zone WHERE latitude IS NOT NULL AND country_code <> 'AQ' "
             "ORDER BY latitude LIMIT 1"),
    Question("How many zones are in the southern hemisphere?",
             "SELECT COUNT(*) FROM zone WHERE latitude < 0"),
    Question("What is the average latitude of the zones in Canada?",
             f"SELECT AVG(z.latitude) FROM {_COUNTRY_ZONES} WHERE c.name = 'Canada'"),
    Question("How many zones does each of Canada, Brazil and Mexico have?",
             f"SELECT c.name, COUNT(*) FROM {_COUNTRY_ZONES} "
             "WHERE c.name IN ('Canada', 'Brazil', 'Mexico') GROUP BY c.name"),
    Question("Which countries have more than 10 time zones?",
             f"SELECT c.name FROM {_COUNTRY_ZONES} GROUP BY c.name HAVING COUNT(*) > 10",
             column=True),
    Question("Which Russian zones lie north of latitude 60?",
             f"SELECT z.name FROM {_COUNTRY_ZONES} WHERE c.name = 'Russia' "
             "AND z.latitude > 60", column=True),
    Question("How many zone names start with America/?",
             "SELECT COUNT(*) FROM zone WHERE name LIKE 'America/%'"),
    Question("Which zone is described as Tasmania?",
             "SELECT name FROM zone WHERE comments = 'Tasmania'"),
    Question("How many zones are further north than Europe/Helsinki?",
             "SELECT COUNT(*) FROM zone WHERE latitude > "
             "(SELECT latitude FROM zone WHERE name = 'Europe/Helsinki')"),
    Question("How many countries have no zone of their own?",
             "SELECT COUNT(*) FROM country c WHERE NOT EXISTS "
             "(SELECT 1 FROM zone z WHERE z.country_code = c.code)"),
    Question("How many links are there?", "SELECT COUNT(*) FROM link"),
    Question("Which zone is US/Pacific a link to?",
             "SELECT target FROM link WHERE name = 'US/Pacific'"),
    Question("How many links point to Europe/Rome?",
             "SELECT COUNT(*) FROM link WHERE target = 'Europe/Rome'"),
    Question("Which zone has the most links pointing to it?",
             "SELECT target FROM link GROUP BY target ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which country is Europe/Busingen in?",
             "SELECT c.name FROM link l JOIN country c ON c.code = l.country_code "
             "WHERE l.name = 'Europe/Busingen'"),
    Question("What is the current standard offset of Asia/Kolkata?",
             "SELECT stdoff FROM zone_line WHERE zone = 'Asia/Kolkata' AND until_year IS NULL"),
    Question("What abbreviation format does Asia/Tokyo use today?",
             "SELECT format FROM zone_line WHERE zone = 'Asia/Tokyo' AND until_year IS NULL"),
    Question("How many lines does America/New_York have?",
             "SELECT COUNT(*) FROM zone_line WHERE zone = 'America/New_York'"),
    Question("Which zone has the most lines?",
             "SELECT zone FROM zone_line GROUP BY zone ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the average number of lines per zone?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM zone_line GROUP BY zone)"),
    Question("In which year did Asia/Kolkata stop using local mean time?",
             "SELECT until_year FROM zone_line WHERE zone = 'Asia/Kolkata' AND format = 'LMT'"),
    Question("How many zones are currently one hour ahead of UTC in standard time?",
             "SELECT COUNT(*) FROM zone_line WHERE until_year IS NULL AND stdoff = '1:00'"),
    Question("How many zones currently have a standard offset behind UTC?",
             "SELECT COUNT(*) FROM zone_line WHERE until_year IS NULL AND stdoff LIKE '-%'"),
    Question("Which zones currently have a standard offset that is not a whole hour?",
             "SELECT zone FROM zone_line WHERE until_year IS NULL "
             "AND (stdoff LIKE '%:30' OR stdoff LIKE '%:45')", column=True),
    Question("How many zones follow no daylight saving rules today?",
             "SELECT COUNT(*) FROM zone_line WHERE until_year IS NULL AND rules = '-'"),
    Question("How many zones have never had daylight saving time?",
             "SELECT COUNT(*) FROM zone z WHERE NOT EXISTS (SELECT 1 FROM zone_line l "
             "WHERE l.zone = z.name AND l.rules <> '-')"),
    Question("How many zones changed their offset or rules in 2011 or later?",
             "SELECT COUNT(DISTINCT zone) FROM zone_line WHERE until_year >= 2011"),
    Question("How many zone lines use local mean time?",
             "SELECT COUNT(*) FROM zone_line WHERE format = 'LMT'"),
    Question("When does daylight saving time start in America/New_York nowadays?",
             f"SELECT r.month, r.day, r.time FROM {_CURRENT} WHERE l.zone = 'America/New_York' "
             "AND l.until_year IS NULL AND r.to_year IS NULL AND r.save <> '0:00'"),
    Question("When does summer time end in Europe/Berlin these days?",
             f"SELECT r.month, r.day, r.time FROM {_CURRENT} WHERE l.zone = 'Europe/Berlin' "
             "AND l.until_year IS NULL AND r.to_year IS NULL AND r.save = '0:00'"),
    Question("How many daylight saving rules are there?", "SELECT COUNT(*) FROM rule"),
    Question("How many rules are still in effect?",
             "SELECT COUNT(*) FROM rule WHERE to_year IS NULL"),
    Question("How many rules started in 1916?", "SELECT COUNT(*) FROM rule WHERE from_year = 1916"),
    Question("In which year did the most rules start?",
             "SELECT from_year FROM rule GROUP BY from_year ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In which month do the most rules take effect?",
             "SELECT month FROM rule GROUP BY month ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many rules save two hours?", "SELECT COUNT(*) FROM rule WHERE save = '2:00'"),
    Question("How many rules apply on the last Sunday of the month?",
             "SELECT COUNT(*) FROM rule WHERE day = 'lastSun'"),
    Question("How many rules save each amount of time?",
             "SELECT save, COUNT(*) FROM rule GROUP BY save"),
    Question("When was the most recent leap second?", "SELECT MAX(date) FROM leap_second"),
    Question("How many leap seconds were added in the 1990s?",
             "SELECT COUNT(*) FROM leap_second WHERE date BETWEEN '1990-01-01' AND '1999-12-31'"),
    Question("What was TAI minus UTC after the leap second of 1 July 2015?",
             "SELECT tai_minus_utc FROM leap_second WHERE date = '2015-07-01'"),
    *_no(
        "How many people live in the Europe/Madrid time zone?",
        "What time is it in Tokyo right now?",
        "When will the next leap second be added?",
        "Will the European Union abolish daylight saving time?",
        "Who maintains the tz database?",
        "Why did Russia stop changing its clocks?",
        "What is the capital of Brazil?",
        "Which time zone has the most hours of sunshine?",
        "Which time zone is the best for remote workers?",
        "Write a haiku about daylight saving time.",
        "¿Qué zona horaria tiene el mejor clima?",
        "Quel fuseau horaire a le plus d'habitants ?",
    ),
]  # fmt: skip
