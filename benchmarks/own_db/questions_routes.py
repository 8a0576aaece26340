"""Bokeh's airport-routes sample's questions (routes.md): the eleventh held-out database.
Written from the wheel's two CSV files and a look at the built rows (its airports, airline
codes and routes) by a helper who never read the linker's code, before the agent was ever
run on it; every gold SQL was checked with sqlite3 alone.  A route is one airline's nonstop
service from one airport to another; the way back is a route of its own.  The data names
airlines only by their two-letter codes."""

from __future__ import annotations

from .questions import Question

_FROM = "routes r JOIN airports a ON a.AirportID = r.SourceID"
_TO = "routes r JOIN airports a ON a.AirportID = r.DestinationID"
_BOTH = (
    "routes r JOIN airports s ON s.AirportID = r.SourceID"
    " JOIN airports d ON d.AirportID = r.DestinationID"
)


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


ROUTES = [
    Question("How many airports are there?", "SELECT COUNT(*) FROM airports"),
    Question("How many airlines are in the data?", "SELECT COUNT(*) FROM airlines"),
    Question("How many routes are there?", "SELECT COUNT(*) FROM routes"),
    Question("How many large airports are there?",
             "SELECT COUNT(*) FROM airports WHERE Type = 'large_airport'"),
    Question("How many airports does each airport type have?",
             "SELECT COUNT(*) FROM airports GROUP BY Type", column=True),
    Question("How many airports are there in Puerto Rico?",
             "SELECT COUNT(*) FROM airports WHERE Country = 'Puerto Rico'"),
    Question("List the airports in the Virgin Islands.",
             "SELECT Name FROM airports WHERE Country = 'Virgin Islands' ORDER BY Name",
             column=True),
    Question("How many airports lie outside the United States proper?",
             "SELECT COUNT(*) FROM airports WHERE Country <> 'United States'"),
    Question("How many airports have 'International' in their name?",
             "SELECT COUNT(*) FROM airports WHERE Name LIKE '%International%'"),
    Question("Which cities have more than two airports?",
             "SELECT City FROM airports GROUP BY City HAVING COUNT(*) > 2 ORDER BY City",
             column=True),
    Question("What is the highest airport?",
             "SELECT Name FROM airports ORDER BY Altitude DESC LIMIT 1"),
    Question("Which airport sits at the lowest elevation?",
             "SELECT Name FROM airports ORDER BY Altitude LIMIT 1"),
    Question("How many airports are above 5,000 feet?",
             "SELECT COUNT(*) FROM airports WHERE Altitude > 5000"),
    Question("What is the average altitude of the large airports?",
             "SELECT AVG(Altitude) FROM airports WHERE Type = 'large_airport'"),
    Question("What is Denver International Airport's elevation?",
             "SELECT Altitude FROM airports WHERE Name = 'Denver International Airport'"),
    Question("What is the IATA code of Hartsfield Jackson Atlanta International Airport?",
             "SELECT IATA FROM airports"
             " WHERE Name = 'Hartsfield Jackson Atlanta International Airport'"),
    Question("Which airport is the farthest north?",
             "SELECT Name FROM airports ORDER BY Latitude DESC LIMIT 1"),
    Question("Which airport is furthest west?",
             "SELECT Name FROM airports ORDER BY Longitude LIMIT 1"),
    Question("How many routes does airline WN fly?",
             "SELECT COUNT(*) FROM routes WHERE Airline = 'WN'"),
    Question("How many routes does each airline fly?",
             "SELECT COUNT(*) FROM routes GROUP BY Airline", column=True),
    Question("Which airline flies the most routes?",
             "SELECT Airline FROM routes GROUP BY Airline ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which airline has the fewest routes?",
             "SELECT Airline FROM routes GROUP BY Airline ORDER BY COUNT(*) LIMIT 1"),
    Question("Excluding WN, which airline flies the most routes?",
             "SELECT Airline FROM routes WHERE Airline <> 'WN' GROUP BY Airline"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the average number of routes per airline?",
             "SELECT COUNT(*) * 1.0 / (SELECT COUNT(*) FROM airlines) FROM routes"),
    Question("How many different airports does DL fly to?",
             "SELECT COUNT(DISTINCT DestinationID) FROM routes WHERE Airline = 'DL'"),
    Question("Which airline serves the most destination airports?",
             "SELECT Airline FROM routes GROUP BY Airline"
             " ORDER BY COUNT(DISTINCT DestinationID) DESC LIMIT 1"),
    Question("Which airport has the most departing routes?",
             f"SELECT a.Name FROM {_FROM} GROUP BY a.AirportID ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 airports by number of routes departing from them?",
             f"SELECT a.IATA FROM {_FROM} GROUP BY a.AirportID ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many routes leave Denver International Airport?",
             f"SELECT COUNT(*) FROM {_FROM} WHERE a.Name = 'Denver International Airport'"),
    Question("Which airline flies the most routes out of Denver International?",
             f"SELECT r.Airline FROM {_FROM} WHERE a.Name = 'Denver International Airport'"
             " GROUP BY r.Airline ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many routes does AA fly out of DFW?",
             "SELECT COUNT(*) FROM routes WHERE Airline = 'AA' AND Source = 'DFW'"),
    Question("How many airports can you reach nonstop from ATL?",
             "SELECT COUNT(DISTINCT DestinationID) FROM routes WHERE Source = 'ATL'"),
    Question("Which airports can you fly to nonstop from Aspen?",
             f"SELECT DISTINCT d.Name FROM {_BOTH} WHERE s.City = 'Aspen' ORDER BY d.Name",
             column=True),
    Question("How many routes depart from Honolulu?",
             f"SELECT COUNT(*) FROM {_FROM} WHERE a.City LIKE 'Honolulu%'"),
    Question("How many airlines fly from LAX to SFO?",
             "SELECT COUNT(DISTINCT Airline) FROM routes"
             " WHERE Source = 'LAX' AND Destination = 'SFO'"),
    Question("Which airlines fly from Boston Logan to Chicago O'Hare?",
             f"SELECT r.Airline FROM {_BOTH} WHERE s.Name = 'Boston Logan International Airport'"
             " AND d.Name = 'Chicago O''Hare International Airport' ORDER BY r.Airline",
             column=True),
    Question("How many routes depart from large airports?",
             f"SELECT COUNT(*) FROM {_FROM} WHERE a.Type = 'large_airport'"),
    Question("How many routes connect two large airports?",
             f"SELECT COUNT(*) FROM {_BOTH}"
             " WHERE s.Type = 'large_airport' AND d.Type = 'large_airport'"),
    Question("Which airline flies the most routes into Puerto Rico?",
             f"SELECT r.Airline FROM {_TO} WHERE a.Country = 'Puerto Rico'"
             " GROUP BY r.Airline ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many airports have no routes at all?",
             "SELECT COUNT(*) FROM airports WHERE AirportID NOT IN (SELECT SourceID FROM routes)"
             " AND AirportID NOT IN (SELECT DestinationID FROM routes)"),
    Question("How many airports does WN never fly to or from?",
             "SELECT COUNT(*) FROM airports WHERE AirportID NOT IN"
             " (SELECT SourceID FROM routes WHERE Airline = 'WN'"
             " UNION SELECT DestinationID FROM routes WHERE Airline = 'WN')"),
    Question("How many airports have departures by only one airline?",
             "SELECT COUNT(*) FROM (SELECT SourceID FROM routes GROUP BY SourceID"
             " HAVING COUNT(DISTINCT AirlineID) = 1)"),
    Question("How many medium airports have more than 20 departing routes?",
             f"SELECT COUNT(*) FROM (SELECT a.AirportID FROM {_FROM}"
             " WHERE a.Type = 'medium_airport' GROUP BY a.AirportID HAVING COUNT(*) > 20)"),
    *_no(
        "What is the full name of airline WN?",
        "How many passengers flew from ORD to DEN?",
        "How long is the flight from LAX to JFK?",
        "What does a ticket from Boston to Chicago cost?",
        "How many runways does Denver International Airport have?",
        "Which aircraft does UA fly between SFO and LAX?",
        "Which routes will be added next summer?",
        "How many flights were delayed at Atlanta last July?",
        "What is the weather in Denver today?",
        "Write a short poem about O'Hare.",
        "¿Cuántos aeropuertos hay en Puerto Rico?",
        "Wie viele Flugrouten gibt es insgesamt?",
    ),
]  # fmt: skip
