"""Freeciv's civ2civ3 rules' questions (freeciv.md): the twenty-third held-out database.
Written from freeciv-data's ruleset files and a look at the built rows by a helper who never
read the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  "Technology" is an advance; a unit's "cost" is its ``build_cost`` (shields)."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


FREECIV = [
    Question("How many advances are there?", "SELECT COUNT(*) FROM advance"),
    Question("How many units are there?", "SELECT COUNT(*) FROM unit"),
    Question("How many buildings are there?", "SELECT COUNT(*) FROM building"),
    Question("How many unit classes are there?", "SELECT COUNT(*) FROM unitclass"),
    Question("How many great wonders are there?",
             "SELECT COUNT(*) FROM building WHERE genus = 'GreatWonder'"),
    Question("What is the attack strength of the Catapult?",
             "SELECT attack FROM unit WHERE name = 'Catapult'"),
    Question("How much does a Battleship cost to build?",
             "SELECT build_cost FROM unit WHERE name = 'Battleship'"),
    Question("How many hit points does the Carrier have?",
             "SELECT hitpoints FROM unit WHERE name = 'Carrier'"),
    Question("Which advances are required for Astronomy?",
             "SELECT req1, req2 FROM advance WHERE name = 'Astronomy'"),
    Question("Which advance is needed to build Musketeers?",
             "SELECT tech_req FROM unit WHERE name = 'Musketeers'"),
    Question("What is the upkeep of a Granary?",
             "SELECT upkeep FROM building WHERE name = 'Granary'"),
    Question("Which unit makes the Warriors obsolete?",
             "SELECT obsolete_by FROM unit WHERE name = 'Warriors'"),
    Question("Which unit has the highest defense?",
             "SELECT name FROM unit ORDER BY defense DESC LIMIT 1"),
    Question("Which unit has the most hit points?",
             "SELECT name FROM unit ORDER BY hitpoints DESC LIMIT 1"),
    Question("Which city improvement is the most expensive to build?",
             "SELECT name FROM building WHERE genus = 'Improvement' "
             "ORDER BY build_cost DESC LIMIT 1"),
    Question("Which unit class has the most units?",
             "SELECT class FROM unit GROUP BY class ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which advance allows the most units?",
             "SELECT tech_req FROM unit WHERE tech_req IS NOT NULL GROUP BY tech_req "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the average build cost of the units?", "SELECT AVG(build_cost) FROM unit"),
    Question("What is the average build cost of the great wonders?",
             "SELECT AVG(build_cost) FROM building WHERE genus = 'GreatWonder'"),
    Question("What is the total upkeep of all the improvements?",
             "SELECT SUM(upkeep) FROM building WHERE genus = 'Improvement'"),
    Question("How many buildings are there of each genus?",
             "SELECT genus, COUNT(*) FROM building GROUP BY genus"),
    Question("What is the average attack of the units in each class?",
             "SELECT class, AVG(attack) FROM unit GROUP BY class"),
    Question("List the sea units.", "SELECT name FROM unit WHERE class = 'Sea'", column=True),
    Question("List the units that need fuel.",
             "SELECT name FROM unit WHERE fuel > 0", column=True),
    Question("Which advances need no other advance?",
             "SELECT name FROM advance WHERE req1 IS NULL AND req2 IS NULL", column=True),
    Question("Which units can be built without any advance?",
             "SELECT name FROM unit WHERE tech_req IS NULL", column=True),
    Question("Which units have an attack of more than 10?",
             "SELECT name FROM unit WHERE attack > 10", column=True),
    Question("How many units cost more than 100 shields?",
             "SELECT COUNT(*) FROM unit WHERE build_cost > 100"),
    Question("Which units never become obsolete?",
             "SELECT name FROM unit WHERE obsolete_by IS NULL", column=True),
    Question("Which buildings have no upkeep, excluding wonders?",
             "SELECT name FROM building WHERE upkeep = 0 AND genus = 'Improvement'",
             column=True),
    Question("How many advances require Bronze Working?",
             "SELECT COUNT(*) FROM advance WHERE req1 = 'Bronze Working' "
             "OR req2 = 'Bronze Working'"),
    Question("Which advances require The Republic?",
             "SELECT name FROM advance WHERE 'The Republic' IN (req1, req2)", column=True),
    Question("Which units are allowed by advances that require Gunpowder?",
             "SELECT u.name FROM unit u JOIN advance a ON a.name = u.tech_req "
             "WHERE 'Gunpowder' IN (a.req1, a.req2)", column=True),
    Question("What is the minimum speed of the unit class of the Trireme?",
             "SELECT c.min_speed FROM unit u JOIN unitclass c ON c.name = u.class "
             "WHERE u.name = 'Trireme'"),
    Question("How many units belong to a unit class that loses hit points each turn?",
             "SELECT COUNT(*) FROM unit u JOIN unitclass c ON c.name = u.class "
             "WHERE c.hp_loss_pct > 0"),
    Question("What is the attack of the unit that makes the Knights obsolete?",
             "SELECT o.attack FROM unit k JOIN unit o ON o.name = k.obsolete_by "
             "WHERE k.name = 'Knights'"),
    Question("Which land unit has the highest attack per shield of build cost?",
             "SELECT name FROM unit WHERE class = 'Land' "
             "ORDER BY 1.0 * attack / build_cost DESC LIMIT 1"),
    Question("How many units does each advance allow, for advances that allow more than one?",
             "SELECT tech_req, COUNT(*) FROM unit WHERE tech_req IS NOT NULL "
             "GROUP BY tech_req HAVING COUNT(*) > 1"),
    Question("Which units become obsolete by a unit of a different class?",
             "SELECT u.name FROM unit u JOIN unit o ON o.name = u.obsolete_by "
             "WHERE o.class <> u.class", column=True),
    Question("Which advances are not required by any other advance and allow no unit?",
             "SELECT name FROM advance a WHERE NOT EXISTS (SELECT 1 FROM advance b "
             "WHERE a.name IN (b.req1, b.req2)) "
             "AND NOT EXISTS (SELECT 1 FROM unit u WHERE u.tech_req = a.name)", column=True),
    *_no(
        "Who designed the Freeciv civ2civ3 ruleset?",
        "In which year was the Colossus really built?",
        "How many players have won a game with the Apollo Program?",
        "Which unit is the most fun to play?",
        "What is the attack strength of a Tank in Civilization VI?",
        "How many copies of Freeciv were downloaded last year?",
        "Which nation has the most cities in my current game?",
        "What will the next Freeciv version change about Musketeers?",
        "Write a short story about a Trireme crossing the ocean.",
        "What was the weather like when the Pyramids were built?",
        "¿Cuántas unidades navales hay?",
        "Welche Einheit hat den stärksten Angriff im Spiel von gestern?",
    ),
]  # fmt: skip
