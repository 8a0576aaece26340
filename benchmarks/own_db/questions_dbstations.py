"""Deutsche Bahn's railway stations' questions (dbstations.md): a held-out database chosen
from npm's data packages.  Written from the full.ndjson of npm's db-stations 5.0.2 and a
look at the built rows by a helper who never read the linker's code, before the agent was
ever run on it; every gold SQL was checked with sqlite3 alone.  A station is asked by its
name as the data writes it (``Köln Hbf``), a federal state by its German name (``Bayern``),
an operator (the transport authority) by its short name."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_OPERATOR = "stations s JOIN operators o ON o.id = s.operator"
_RIL = "stations s JOIN ril100Identifiers r ON r.station = s.id"
_HOURS = "availability a JOIN stations s ON s.id = a.station"
DBSTATIONS = [
    Question("How many stations are there?", "SELECT COUNT(*) FROM stations"),
    Question(
        "How many stations are in Bayern?",
        "SELECT COUNT(*) FROM stations WHERE federalState = 'Bayern'",
    ),
    Question(
        "Which federal state has the most stations?",
        "SELECT federalState, COUNT(*) FROM stations GROUP BY federalState"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many stations have a DB Lounge?", "SELECT COUNT(*) FROM stations WHERE hasDBLounge = 1"
    ),
    Question(
        "List the stations that have a DB Lounge.",
        "SELECT name FROM stations WHERE hasDBLounge = 1 ORDER BY name",
        column=True,
    ),
    Question(
        "What is the RIL 100 code of Frankfurt (Main) Hbf?",
        "SELECT ril100 FROM stations WHERE name = 'Frankfurt (Main) Hbf'",
    ),
    Question(
        "Which station has the RIL 100 code MH?", "SELECT name FROM stations WHERE ril100 = 'MH'"
    ),
    Question("How many stations have WiFi?", "SELECT COUNT(*) FROM stations WHERE hasWiFi = 1"),
    Question(
        "How many stations are in the city of Berlin?",
        "SELECT COUNT(*) FROM stations WHERE city = 'Berlin'",
    ),
    Question(
        "Which city has the most stations?",
        "SELECT city, COUNT(*) FROM stations GROUP BY city ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which operator is responsible for the most stations?",
        f"SELECT o.name, COUNT(*) FROM {_OPERATOR} GROUP BY o.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many stations are in category 1?", "SELECT COUNT(*) FROM stations WHERE category = 1"
    ),
    Question(
        "List the names of all category 1 stations.",
        "SELECT name FROM stations WHERE category = 1 ORDER BY name",
        column=True,
    ),
    Question(
        "What is the average weight of the stations in Hessen?",
        "SELECT AVG(weight) FROM stations WHERE federalState = 'Hessen'",
    ),
    Question(
        "Which station has the highest weight?",
        "SELECT name, weight FROM stations ORDER BY weight DESC LIMIT 1",
    ),
    Question(
        "Which is the northernmost station?",
        "SELECT name, latitude FROM stations ORDER BY latitude DESC LIMIT 1",
    ),
    Question(
        "Which is the southernmost station?",
        "SELECT name, latitude FROM stations ORDER BY latitude LIMIT 1",
    ),
    Question(
        "How many stations have no step-free access at all?",
        "SELECT COUNT(*) FROM stations WHERE hasSteplessAccess = 'no'",
    ),
    Question(
        "How many stations are only partly step-free?",
        "SELECT COUNT(*) FROM stations WHERE hasSteplessAccess = 'partial'",
    ),
    Question(
        "How many stations are there in each federal state?",
        "SELECT federalState, COUNT(*) FROM stations GROUP BY federalState ORDER BY federalState",
    ),
    Question(
        "How many stations does each regional division have?",
        "SELECT r.name, COUNT(*) FROM stations s JOIN regionalbereiche r"
        " ON r.number = s.regionalbereich GROUP BY r.number ORDER BY r.name",
    ),
    Question(
        "Which station management looks after the most stations?",
        "SELECT m.name, COUNT(*) FROM stations s JOIN stationManagements m"
        " ON m.number = s.stationManagement GROUP BY m.number ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which 3-S-Zentrale is responsible for the most stations?",
        "SELECT z.name, COUNT(*) FROM stations s JOIN szentralen z ON z.number = s.szentrale"
        " GROUP BY z.number ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the public phone number of the 3-S-Zentrale in charge of Köln Hbf?",
        "SELECT z.publicPhoneNumber FROM stations s JOIN szentralen z"
        " ON z.number = s.szentrale WHERE s.name = 'Köln Hbf'",
    ),
    Question(
        "What is the email address of the timetable office Freiburg?",
        "SELECT email FROM timeTableOffices WHERE name = 'Freiburg'",
    ),
    Question(
        "Which timetable office handles the most stations?",
        "SELECT timeTableOffice, COUNT(*) FROM stations GROUP BY timeTableOffice"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many RIL 100 identifiers does Ostkreuz have?",
        f"SELECT COUNT(*) FROM {_RIL} WHERE s.name = 'Ostkreuz'",
    ),
    Question(
        "Which station has the most RIL 100 identifiers?",
        f"SELECT s.name, COUNT(*) FROM {_RIL} GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many RIL 100 identifiers have an entry ban for steam locomotives?",
        "SELECT COUNT(*) FROM ril100Identifiers WHERE steamPermission = 'entryBan'",
    ),
    Question(
        "How many stations have a travel centre?",
        "SELECT COUNT(*) FROM stations WHERE hasTravelCenter = 1",
    ),
    Question(
        "How many stations in Sachsen have parking?",
        "SELECT COUNT(*) FROM stations WHERE federalState = 'Sachsen' AND hasParking = 1",
    ),
    Question(
        "Which stations have local service staff until midnight on Sundays?",
        f"SELECT s.name FROM {_HOURS} WHERE a.service = 'localServiceStaff'"
        " AND a.day = 'sunday' AND a.toTime = '24:00' ORDER BY s.name",
        column=True,
    ),
    Question(
        "How many stations have a DB information desk?",
        "SELECT COUNT(DISTINCT station) FROM availability WHERE service = 'DBinformation'",
    ),
    Question(
        "When does the DB information at Hamburg Hbf open and close on Saturdays?",
        f"SELECT a.fromTime, a.toTime FROM {_HOURS} WHERE s.name = 'Hamburg Hbf'"
        " AND a.service = 'DBinformation' AND a.day = 'saturday'",
    ),
    Question(
        "Which federal states never have a station with a DB Lounge?",
        "SELECT DISTINCT federalState FROM stations WHERE federalState NOT IN"
        " (SELECT federalState FROM stations WHERE hasDBLounge = 1) ORDER BY federalState",
        column=True,
    ),
    Question(
        "How many stations are there excluding those in Berlin and Hamburg?",
        "SELECT COUNT(*) FROM stations WHERE federalState NOT IN ('Berlin', 'Hamburg')",
    ),
    Question(
        "Which federal states have more than 500 stations?",
        "SELECT federalState FROM stations GROUP BY federalState HAVING COUNT(*) > 500"
        " ORDER BY federalState",
        column=True,
    ),
    Question(
        "What are the top 5 cities by number of stations?",
        "SELECT city, COUNT(*) FROM stations GROUP BY city ORDER BY COUNT(*) DESC LIMIT 5",
    ),
    Question(
        "What is the average station category in each federal state?",
        "SELECT federalState, AVG(category) FROM stations GROUP BY federalState"
        " ORDER BY federalState",
    ),
    Question(
        "How many stations belong to the S-Bahnhof product line?",
        "SELECT COUNT(*) FROM stations WHERE productLine = 'S-Bahnhof'",
    ),
    Question(
        "List all the stations of the Metropolbahnhof product line.",
        "SELECT name FROM stations WHERE productLine = 'Metropolbahnhof' ORDER BY name",
        column=True,
    ),
    Question(
        "What is the zip code of Leipzig Hbf?",
        "SELECT zipcode FROM stations WHERE name = 'Leipzig Hbf'",
    ),
    Question("On which street is Köln Hbf?", "SELECT street FROM stations WHERE name = 'Köln Hbf'"),
    Question(
        "Which regional division is Dresden Hbf in?",
        "SELECT r.name FROM stations s JOIN regionalbereiche r ON r.number = s.regionalbereich"
        " WHERE s.name = 'Dresden Hbf'",
    ),
    Question(
        "Which operator is responsible for Stuttgart Hbf?",
        f"SELECT o.name FROM {_OPERATOR} WHERE s.name = 'Stuttgart Hbf'",
    ),
    Question(
        "How many stations have a car rental?",
        "SELECT COUNT(*) FROM stations WHERE hasCarRental = 1",
    ),
    Question(
        "How many stations have lockers but no WiFi?",
        "SELECT COUNT(*) FROM stations WHERE hasLockerSystem = 1 AND hasWiFi = 0",
    ),
    Question(
        "How many stations does the station management Regensburg look after?",
        "SELECT COUNT(*) FROM stations s JOIN stationManagements m"
        " ON m.number = s.stationManagement WHERE m.name = 'Regensburg'",
    ),
    Question(
        "How many stations have more than one RIL 100 identifier?",
        "SELECT COUNT(*) FROM (SELECT station FROM ril100Identifiers GROUP BY station"
        " HAVING COUNT(*) > 1)",
    ),
    Question(
        "Which station in Bremen has the highest weight?",
        "SELECT name, weight FROM stations WHERE federalState = 'Bremen'"
        " ORDER BY weight DESC LIMIT 1",
    ),
    Question(
        "Which operator's stations have the highest average weight?",
        f"SELECT o.name, AVG(s.weight) FROM {_OPERATOR} GROUP BY o.id"
        " ORDER BY AVG(s.weight) DESC LIMIT 1",
    ),
    Question(
        "How many stations in Bayern have their main RIL 100 identifier banned for steam"
        " locomotives?",
        f"SELECT COUNT(*) FROM {_RIL} WHERE s.federalState = 'Bayern' AND r.isMain = 1"
        " AND r.steamPermission = 'entryBan'",
    ),
    Question(
        "Which regional division has the most stations with WiFi?",
        "SELECT r.name, COUNT(*) FROM stations s JOIN regionalbereiche r"
        " ON r.number = s.regionalbereich WHERE s.hasWiFi = 1 GROUP BY r.number"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many stations served by the operator VRR have a taxi rank?",
        f"SELECT COUNT(*) FROM {_OPERATOR} WHERE o.name = 'VRR' AND s.hasTaxiRank = 1",
    ),
    *_no(
        "How many passengers use Frankfurt (Main) Hbf every day?",
        "In what year was Leipzig Hbf opened?",
        "Which trains stop at Köln Hbf?",
        "How many platforms does München Hbf have?",
        "How much does a ticket from Berlin Hauptbahnhof to Hamburg Hbf cost?",
        "When will the new Stuttgart 21 station open?",
        "Which is the most beautiful station in Germany?",
        "How many railway stations does Austria have?",
        "Summarize this: The station was rebuilt after the war and reopened with a new hall.",
        "How late was the ICE from München Hbf today?",
        "¿Cuántos andenes tiene la estación Hamburg Hbf?",
        "Wie viele Fahrgäste nutzen täglich den Bahnhof Köln Hbf?",
        "Who is the station manager of Dresden Hbf?",
        "Which lifts at Berlin Ostbahnhof are out of order right now?",
    ),
]
