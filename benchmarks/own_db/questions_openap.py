"""Aircraft performance questions (openap.md): a held-out database chosen from PyPI's
transport packages.  Written from the data files in the ``openap`` 2.6.2 wheel and a look at
the built rows by a helper who never read the linker's code, before the agent was ever run
on it; every gold SQL was checked with sqlite3 alone.  An aircraft is asked by its name
("Airbus A380-800") or type designator ("B77W"), an engine by its model name."""

from __future__ import annotations

from .questions import Question

_OPTION = "engine_options o JOIN engines e ON e.name = o.engine_match"
_DEFAULT = "aircraft a JOIN engines e ON e.name = a.engine_default_match"
_WRAP = "wrap_parameters w JOIN aircraft a ON a.typecode = w.typecode"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


OPENAP = [
    Question("How many aircraft types are there?", "SELECT COUNT(*) FROM aircraft"),
    Question("How many engine models are listed?", "SELECT COUNT(*) FROM engines"),
    Question("Which aircraft has the highest maximum take-off weight?",
             "SELECT name FROM aircraft ORDER BY mtow DESC LIMIT 1"),
    Question("Which aircraft is the lightest by maximum take-off weight?",
             "SELECT name FROM aircraft ORDER BY mtow LIMIT 1"),
    Question("What is the maximum take-off weight of the Airbus A320?",
             "SELECT mtow FROM aircraft WHERE name = 'Airbus A320'"),
    Question("How many passengers can the Boeing 747-400 carry at most?",
             "SELECT pax_max FROM aircraft WHERE name = 'Boeing 747-400'"),
    Question("Which aircraft has the longest wing span?",
             "SELECT name FROM aircraft ORDER BY wing_span DESC LIMIT 1"),
    Question("Which aircraft has the longest fuselage?",
             "SELECT name FROM aircraft ORDER BY fuselage_length DESC LIMIT 1"),
    Question("Which aircraft has the longest range?",
             "SELECT name FROM aircraft ORDER BY cruise_range DESC LIMIT 1"),
    Question("How many aircraft types have four engines?",
             "SELECT COUNT(*) FROM aircraft WHERE engine_number = 4"),
    Question("Which aircraft have their engines mounted at the rear?",
             "SELECT name FROM aircraft WHERE engine_mount = 'rear'", column=True),
    Question("How many aircraft types use each flap type?",
             "SELECT flaps_type, COUNT(*) FROM aircraft GROUP BY flaps_type"),
    Question("Which aircraft have triple-slotted flaps?",
             "SELECT name FROM aircraft WHERE flaps_type = 'triple-slotted'", column=True),
    Question("What is the average maximum take-off weight of the Boeing aircraft?",
             "SELECT AVG(mtow) FROM aircraft WHERE name LIKE 'Boeing%'"),
    Question("List the 3 aircraft with the most seats.",
             "SELECT name, pax_max FROM aircraft ORDER BY pax_max DESC LIMIT 3", column=True),
    Question("Which aircraft has the highest service ceiling?",
             "SELECT name FROM aircraft ORDER BY ceiling DESC LIMIT 1"),
    Question("How many Embraer aircraft types are there?",
             "SELECT COUNT(*) FROM aircraft WHERE name LIKE 'Embraer%'"),
    Question("How many aircraft types can carry more than 300 passengers?",
             "SELECT COUNT(*) FROM aircraft WHERE pax_max > 300"),
    Question("What is the operating empty weight of the B77W?",
             "SELECT oew FROM aircraft WHERE typecode = 'B77W'"),
    Question("Which engine maker has the most engine models?",
             "SELECT manufacturer FROM engines GROUP BY manufacturer"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many engine models does each manufacturer have?",
             "SELECT manufacturer, COUNT(*) FROM engines GROUP BY manufacturer"),
    Question("Which engine has the highest maximum thrust?",
             "SELECT name FROM engines ORDER BY max_thrust DESC LIMIT 1"),
    Question("What is the most powerful Rolls-Royce plc engine?",
             "SELECT name FROM engines WHERE manufacturer = 'Rolls-Royce plc'"
             " ORDER BY max_thrust DESC LIMIT 1"),
    Question("What is the bypass ratio of the CFM56-5B4?",
             "SELECT bpr FROM engines WHERE name = 'CFM56-5B4'"),
    Question("What is the average bypass ratio of CFM International engines?",
             "SELECT AVG(bpr) FROM engines WHERE manufacturer = 'CFM International'"),
    Question("How many turboprop engines are there?",
             "SELECT COUNT(*) FROM engines WHERE type = 'TP'"),
    Question("Which engine burns the most fuel in a landing and take-off cycle?",
             "SELECT name FROM engines ORDER BY fuel_lto DESC LIMIT 1"),
    Question("How many engines have cruise fuel consumption figures?",
             "SELECT COUNT(*) FROM engines WHERE cruise_sfc IS NOT NULL"),
    Question("How many engine models have a maximum thrust of more than 400000 newtons?",
             "SELECT COUNT(*) FROM engines WHERE max_thrust > 400000"),
    Question("What is the default engine of the Airbus A380-800?",
             "SELECT engine_default FROM aircraft WHERE name = 'Airbus A380-800'"),
    Question("Who makes the default engine of the Boeing 787-9?",
             "SELECT e.manufacturer FROM " + _DEFAULT + " WHERE a.name = 'Boeing 787-9'"),
    Question("What is the maximum thrust of the default engine of each aircraft?",
             "SELECT a.name, e.max_thrust FROM " + _DEFAULT),
    Question("How many aircraft types have a GE Aircraft Engines default engine?",
             "SELECT COUNT(*) FROM " + _DEFAULT + " WHERE e.manufacturer = 'GE Aircraft Engines'"),
    Question("Which aircraft types have the most engine options?",
             "SELECT a.name FROM engine_options o JOIN aircraft a ON a.typecode = o.typecode"
             " GROUP BY a.name HAVING COUNT(*) = (SELECT MAX(c) FROM (SELECT COUNT(*) AS c"
             " FROM engine_options GROUP BY typecode))", column=True),
    Question("Which engines can be fitted on the Airbus A320?",
             "SELECT DISTINCT o.engine FROM engine_options o JOIN aircraft a"
             " ON a.typecode = o.typecode WHERE a.name = 'Airbus A320'", column=True),
    Question("How many engine options are there for each aircraft type?",
             "SELECT typecode, COUNT(*) FROM engine_options GROUP BY typecode"),
    Question("Which engine manufacturer powers the most aircraft variants?",
             "SELECT e.manufacturer FROM " + _OPTION + " GROUP BY e.manufacturer"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which aircraft variants use International Aero Engines engines?",
             "SELECT o.variant FROM " + _OPTION
             + " WHERE e.manufacturer = 'International Aero Engines'", column=True),
    Question("How many aircraft types have no engine option from Pratt & Whitney?",
             "SELECT COUNT(*) FROM aircraft WHERE typecode NOT IN (SELECT o.typecode FROM "
             + _OPTION + " WHERE e.manufacturer = 'Pratt & Whitney')"),
    Question("Which aircraft type is used in place of the MD11?",
             "SELECT a.name FROM aircraft_synonyms s JOIN aircraft a ON a.typecode = s.new"
             " WHERE s.orig = 'MD11'"),
    Question("How many aircraft types are modelled by another type?",
             "SELECT COUNT(*) FROM aircraft_synonyms"),
    Question("Which types are modelled by the Cessna Citation II?",
             "SELECT s.orig FROM aircraft_synonyms s JOIN aircraft a ON a.typecode = s.new"
             " WHERE a.name = 'Cessna Citation II'", column=True),
    Question("How many aircraft types have kinematic parameters?",
             "SELECT COUNT(DISTINCT typecode) FROM wrap_parameters"),
    Question("What is the liftoff speed of the Boeing 777-300ER?",
             "SELECT w.opt FROM " + _WRAP + " WHERE a.name = 'Boeing 777-300ER'"
             " AND w.name = 'Liftoff speed'"),
    Question("Which aircraft has the longest takeoff distance?",
             "SELECT a.name FROM " + _WRAP + " WHERE w.name = 'Takeoff distance'"
             " ORDER BY w.opt DESC LIMIT 1"),
    Question("What is the average mean cruise altitude across the aircraft?",
             "SELECT AVG(opt) FROM wrap_parameters WHERE name = 'Mean cruise altitude'"),
    Question("How many kinematic parameters are there for each flight phase?",
             "SELECT flight_phase, COUNT(*) FROM wrap_parameters GROUP BY flight_phase"),
    Question("Which engine manufacturers never appear among the aircraft engine options?",
             "SELECT DISTINCT manufacturer FROM engines WHERE manufacturer NOT IN"
             " (SELECT e.manufacturer FROM " + _OPTION + ")", column=True),
    Question("Which aircraft types have no kinematic parameters, excluding the Embraer ones?",
             "SELECT name FROM aircraft WHERE typecode NOT IN"
             " (SELECT typecode FROM wrap_parameters) AND name NOT LIKE 'Embraer%'",
             column=True),
    *_no(
        "Which airline operates the most Airbus A320s?",
        "What was the first flight date of the Boeing 747-8?",
        "How much does a new Airbus A350-900 cost?",
        "How many Boeing 737 MAX 8 aircraft have been delivered?",
        "Which airports can the Airbus A380-800 land at?",
        "How loud is the GE90-115B at take-off in decibels?",
        "Which aircraft type will Airbus launch next year?",
        "Which is the most comfortable airliner to fly in?",
        "How many accidents has the Embraer E190 had?",
        "Summarize this: the history of the jet engine from Whittle to the geared turbofan.",
        "What is the price of jet fuel today?",
        "Who designed the wing of the Boeing 787-8?",
        "¿Cuántos pilotos necesita un Airbus A380 para un vuelo transatlántico?",
        "Welche Fluggesellschaft hat die meisten Boeing 777 in ihrer Flotte?",
    ),
]  # fmt: skip
