"""Cairns' 2014 bus timetable's questions (cairns.md): the thirteenth held-out database.
Written from the GTFS reference and a look at the built rows (routes, stops, trips, stop
times, the service calendar) by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone."""

from __future__ import annotations

from .questions import Question

_TR = "trips t JOIN routes r ON r.route_id = t.route_id"
_ST = "stop_times st JOIN stops s ON s.stop_id = st.stop_id"
_STT = "stop_times st JOIN trips t ON t.trip_id = st.trip_id"
_ALL = f"{_STT} JOIN routes r ON r.route_id = t.route_id"
_FIRST = "stop_times st JOIN trips t ON t.trip_id = st.trip_id AND st.stop_sequence = 1"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


CAIRNS = [
    Question("How many bus routes are there?", "SELECT COUNT(*) FROM routes"),
    Question("How many bus stops are there?", "SELECT COUNT(*) FROM stops"),
    Question("How many trips are scheduled?", "SELECT COUNT(*) FROM trips"),
    Question("How many stop times are in the timetable?", "SELECT COUNT(*) FROM stop_times"),
    Question("How many services are in the calendar?", "SELECT COUNT(*) FROM calendar"),
    Question("How many stops are Hail and Ride locations?",
             "SELECT COUNT(*) FROM stops WHERE stop_name LIKE '%Hail and Ride%'"),
    Question("How many night routes are there (route numbers ending in N)?",
             "SELECT COUNT(*) FROM routes WHERE route_short_name LIKE '%N'"),
    Question("How many trips run on Saturdays?",
             "SELECT COUNT(*) FROM trips t JOIN calendar c ON c.service_id = t.service_id"
             " WHERE c.saturday = 1"),
    Question("How many trips run on Sundays?",
             "SELECT COUNT(*) FROM trips t JOIN calendar c ON c.service_id = t.service_id"
             " WHERE c.sunday = 1"),
    Question("How many trips does route 110 have?",
             f"SELECT COUNT(*) FROM {_TR} WHERE r.route_short_name = '110'"),
    Question("How many trips does each route have?",
             f"SELECT r.route_short_name, COUNT(*) FROM {_TR} GROUP BY r.route_id"
             " ORDER BY r.route_short_name", column=True),
    Question("Which route has the most trips?",
             f"SELECT r.route_short_name FROM {_TR} GROUP BY r.route_id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which route has the fewest trips?",
             f"SELECT r.route_short_name FROM {_TR} GROUP BY r.route_id"
             " ORDER BY COUNT(*) LIMIT 1"),
    Question("What are the top 5 routes by number of trips?",
             f"SELECT r.route_short_name FROM {_TR} GROUP BY r.route_id"
             " ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("What is the most common trip destination?",
             "SELECT trip_headsign FROM trips GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many trips head to Palm Cove?",
             "SELECT COUNT(*) FROM trips WHERE trip_headsign = 'Palm Cove'"),
    Question("How many trips end at James Cook University?",
             "SELECT COUNT(*) FROM trips WHERE trip_headsign = 'James Cook University'"),
    Question("How many trips go in each direction?",
             "SELECT direction_id, COUNT(*) FROM trips GROUP BY 1 ORDER BY 1", column=True),
    Question("How many different destinations do the buses show?",
             "SELECT COUNT(DISTINCT trip_headsign) FROM trips"),
    Question("List the routes that go to Gordonvale.",
             "SELECT route_short_name FROM routes WHERE route_long_name LIKE '%Gordonvale%'"
             " ORDER BY route_short_name", column=True),
    Question("Which routes go to Redlynch?",
             "SELECT route_short_name FROM routes WHERE route_long_name LIKE '%Redlynch%'"
             " ORDER BY route_short_name", column=True),
    Question("Which stop is served most often?",
             f"SELECT s.stop_name FROM {_ST} GROUP BY s.stop_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many times a week do buses call at James Cook University - N242?",
             f"SELECT SUM(c.monday + c.tuesday + c.wednesday + c.thursday + c.friday"
             f" + c.saturday + c.sunday) FROM {_STT} JOIN stops s ON s.stop_id = st.stop_id"
             " JOIN calendar c ON c.service_id = t.service_id"
             " WHERE s.stop_name = 'James Cook University - N242'"),
    Question("How many stop times are there at Abbott St C245?",
             f"SELECT COUNT(*) FROM {_ST} WHERE s.stop_name = 'Abbott St C245'"),
    Question("How many different stops does route 150 serve?",
             f"SELECT COUNT(DISTINCT st.stop_id) FROM {_ALL} WHERE r.route_short_name = '150'"),
    Question("Which route serves the most different stops?",
             f"SELECT r.route_short_name FROM {_ALL} GROUP BY r.route_id"
             " ORDER BY COUNT(DISTINCT st.stop_id) DESC LIMIT 1"),
    Question("How many stops does the longest trip have?",
             "SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM stop_times GROUP BY trip_id)"),
    Question("What is the average number of stops per trip?",
             "SELECT ROUND(AVG(n), 1) FROM (SELECT COUNT(*) AS n FROM stop_times"
             " GROUP BY trip_id)"),
    Question("What time does the first bus of the day leave on weekdays?",
             f"SELECT MIN(st.departure_time) FROM {_FIRST}"
             " WHERE t.service_id = 'CNS2014-CNS_MUL-Weekday-00'"),
    Question("When does the first Sunday bus leave?",
             f"SELECT MIN(st.departure_time) FROM {_FIRST} JOIN calendar c"
             " ON c.service_id = t.service_id WHERE c.sunday = 1"),
    Question("What time does the last trip of route 110 start on Saturdays?",
             f"SELECT MAX(st.departure_time) FROM {_FIRST} JOIN routes r"
             " ON r.route_id = t.route_id JOIN calendar c ON c.service_id = t.service_id"
             " WHERE r.route_short_name = '110' AND c.saturday = 1"),
    Question("How many trips start after 10 pm?",
             f"SELECT COUNT(*) FROM {_FIRST} WHERE st.departure_time >= '22:00:00'"),
    Question("How many trips start before 6 am?",
             f"SELECT COUNT(*) FROM {_FIRST} WHERE st.departure_time < '06:00:00'"),
    Question("How many weekday trips are there, excluding the Friday-only service?",
             "SELECT COUNT(*) FROM trips WHERE service_id = 'CNS2014-CNS_MUL-Weekday-00'"),
    Question("On which days does the weekday service not run?",
             "SELECT date FROM calendar_dates WHERE service_id = 'CNS2014-CNS_MUL-Weekday-00'"
             " AND exception_type = 2 ORDER BY date", column=True),
    Question("How many holidays run on the Sunday timetable?",
             "SELECT COUNT(*) FROM calendar_dates WHERE service_id = 'CNS2014-CNS_MUL-Sunday-00'"
             " AND exception_type = 1"),
    Question("When does the Saturday service end?",
             "SELECT end_date FROM calendar WHERE saturday = 1"),
    Question("How many trips does each service have?",
             "SELECT service_id, COUNT(*) FROM trips GROUP BY 1 ORDER BY 1", column=True),
    Question("How many stops are never served on Sundays?",
             "SELECT COUNT(*) FROM stops WHERE stop_id NOT IN (SELECT st.stop_id FROM"
             f" {_STT} JOIN calendar c ON c.service_id = t.service_id WHERE c.sunday = 1)"),
    Question("How many routes have more than 100 trips?",
             "SELECT COUNT(*) FROM (SELECT route_id FROM trips GROUP BY route_id"
             " HAVING COUNT(*) > 100)"),
    Question("Which routes never run on Sundays?",
             "SELECT route_short_name FROM routes WHERE route_id NOT IN (SELECT t.route_id"
             " FROM trips t JOIN calendar c ON c.service_id = t.service_id WHERE c.sunday = 1)"
             " ORDER BY route_short_name", column=True),
    Question("How many stop times are set-down only, where passengers cannot board?",
             "SELECT COUNT(*) FROM stop_times WHERE pickup_type = 1"),
    Question("Which stop is furthest south?",
             "SELECT stop_name FROM stops ORDER BY stop_lat LIMIT 1"),
    *_no(
        "What is the fare for a ride on route 110?",
        "How many passengers rode route 120 in July 2014?",
        "Which bus stops have a shelter?",
        "Who drives the first bus to Palm Cove?",
        "How often was route 143 late in 2014?",
        "What will the 2025 timetable of route 110 be?",
        "Which stops are wheelchair accessible?",
        "How many buses does Sunbus own?",
        "What was the weather in Cairns on Christmas Day 2014?",
        "Write a short poem about riding the bus to Palm Cove.",
        "¿Cuántas paradas de autobús hay en Cairns?",
        "Wie viele Fahrten hat die Linie 110?",
    ),
]  # fmt: skip
