"""Warzone 2100's multiplayer rules questions (warzone.md): the thirty-eighth held-out
database.  Written from the JSON stats files in warzone2100-data's mp.wz and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A weapon, body, propulsion, structure
or research topic is named by its ``name`` as the game shows it ("Heavy Machinegun",
"Python", "Hover", "Hardcrete"); a research topic is answered by its name, a template,
weapon or structure by its id; "power" is the build or research cost in power, "damage"
and "range" are a weapon's ``damage`` and ``longRange``."""

from __future__ import annotations

from .questions import Question

_TW = "template_weapons tw JOIN weapons w ON w.id = tw.weapon"
_SW = "structure_weapons sw JOIN weapons w ON w.id = sw.weapon"
_REQ = "requiredResearch q JOIN research r ON r.id = q.research"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


WARZONE = [
    Question("How many research topics are there?", "SELECT COUNT(*) FROM research"),
    Question("How many weapons are there?", "SELECT COUNT(*) FROM weapons"),
    Question("How many weapons are machine guns?",
             "SELECT COUNT(*) FROM weapons WHERE weaponSubClass = 'MACHINE GUN'"),
    Question("Which weapon subclass has the most weapons?",
             "SELECT weaponSubClass FROM weapons GROUP BY weaponSubClass"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many weapons are there in each weapon subclass?",
             "SELECT weaponSubClass, COUNT(*) FROM weapons GROUP BY weaponSubClass"),
    Question("Which weapon does the most damage?",
             "SELECT id FROM weapons ORDER BY damage DESC LIMIT 1"),
    Question("What is the long range of the Ripple Rockets?",
             "SELECT longRange FROM weapons WHERE name = 'Ripple Rockets'"),
    Question("How much damage does the Heavy Laser do?",
             "SELECT damage FROM weapons WHERE name = 'Heavy Laser'"),
    Question("What are the 5 weapons with the longest range?",
             "SELECT id FROM weapons ORDER BY longRange DESC LIMIT 5", column=True),
    Question("What is the average damage of the rocket weapons?",
             "SELECT AVG(damage) FROM weapons WHERE weaponSubClass = 'ROCKET'"),
    Question("What is the average build power of weapons per weapon class?",
             "SELECT weaponClass, AVG(buildPower) FROM weapons GROUP BY weaponClass"),
    Question("List the flame weapons.",
             "SELECT id FROM weapons WHERE weaponSubClass = 'FLAME'", column=True),
    Question("Which weapons cost more than 1000 power to build?",
             "SELECT id FROM weapons WHERE buildPower > 1000", column=True),
    Question("Excluding machine guns, which anti-personnel weapon has the highest damage?",
             "SELECT id FROM weapons WHERE weaponEffect = 'ANTI PERSONNEL'"
             " AND weaponSubClass <> 'MACHINE GUN' ORDER BY damage DESC LIMIT 1"),
    Question("How many weapons can be chosen in the unit design screen?",
             "SELECT COUNT(*) FROM weapons WHERE designable = 1"),
    Question("What is the weight of the Tank Killer?",
             "SELECT weight FROM weapons WHERE name = 'Tank Killer'"),
    Question("How many bodies are heavy?", "SELECT COUNT(*) FROM body WHERE size = 'HEAVY'"),
    Question("Which body has the most hitpoints?",
             "SELECT id FROM body ORDER BY hitpoints DESC LIMIT 1"),
    Question("What is the kinetic armour of the Python body?",
             "SELECT armourKinetic FROM body WHERE name = 'Python'"),
    Question("Which body has the best thermal armour?",
             "SELECT id FROM body ORDER BY armourHeat DESC LIMIT 1"),
    Question("What is the average hitpoints of the bodies of each size?",
             "SELECT size, AVG(hitpoints) FROM body GROUP BY size"),
    Question("What is the speed of the Hover propulsion?",
             "SELECT speed FROM propulsion WHERE name = 'Hover'"),
    Question("Which propulsion is the heaviest?",
             "SELECT id FROM propulsion ORDER BY weight DESC LIMIT 1"),
    Question("How many templates use the Cobra body?",
             "SELECT COUNT(*) FROM templates t JOIN body b ON b.id = t.body"
             " WHERE b.name = 'Cobra'"),
    Question("Which body do the most templates use?",
             "SELECT body FROM templates GROUP BY body ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many templates are on tracks?",
             "SELECT COUNT(*) FROM templates t JOIN propulsion p ON p.id = t.propulsion"
             " WHERE p.name = 'Tracks'"),
    Question("How many templates are there of each type?",
             "SELECT type, COUNT(*) FROM templates GROUP BY type"),
    Question("Which templates carry a Lancer?",
             f"SELECT tw.template FROM {_TW} WHERE w.name = 'Lancer'", column=True),
    Question("Which weapon is mounted on the most templates?",
             "SELECT weapon FROM template_weapons GROUP BY weapon"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which template has more than one weapon?",
             "SELECT template FROM template_weapons GROUP BY template HAVING COUNT(*) > 1"),
    Question("How many templates have no weapon at all?",
             "SELECT COUNT(*) FROM templates WHERE id NOT IN"
             " (SELECT template FROM template_weapons)"),
    Question("How many defensive structures are there?",
             "SELECT COUNT(*) FROM structure WHERE type = 'DEFENSE'"),
    Question("Which structure costs the most power to build?",
             "SELECT id FROM structure ORDER BY buildPower DESC LIMIT 1"),
    Question("How many structures have bunker strength?",
             "SELECT COUNT(*) FROM structure WHERE strength = 'BUNKER'"),
    Question("What is the armour of the Hardcrete Wall?",
             "SELECT armour FROM structure WHERE name = 'Hardcrete Wall'"),
    Question("Which structures are armed with the Heavy Machinegun?",
             f"SELECT sw.structure FROM {_SW} WHERE w.name = 'Heavy Machinegun'",
             column=True),
    Question("Which sensor is fitted to the most structures?",
             "SELECT sensorID FROM structure GROUP BY sensorID ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the 4 research topics that need the most research points?",
             "SELECT name FROM research ORDER BY researchPoints DESC LIMIT 4", column=True),
    Question("What must be researched before the Rail Gun?",
             f"SELECT p.name FROM {_REQ} JOIN research p ON p.id = q.requiredResearch"
             " WHERE r.name = 'Rail Gun'", column=True),
    Question("How many research topics have no prerequisite?",
             "SELECT COUNT(*) FROM research"
             " WHERE id NOT IN (SELECT research FROM requiredResearch)"),
    Question("Which research topic is a prerequisite of the most other topics?",
             "SELECT r.name FROM requiredResearch q JOIN research r ON r.id = q.requiredResearch"
             " GROUP BY r.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which research topics need more than 3 other topics first?",
             f"SELECT r.name FROM {_REQ} GROUP BY r.id HAVING COUNT(*) > 3", column=True),
    Question("How much power does researching Hardcrete cost?",
             "SELECT researchPower FROM research WHERE name = 'Hardcrete'"),
    Question("What is the average research power of a research topic?",
             "SELECT AVG(researchPower) FROM research"),
    Question("Which research topic gives the Ground Shaker weapon?",
             "SELECT r.name FROM resultComponents c JOIN research r ON r.id = c.research"
             " JOIN weapons w ON w.id = c.resultComponents WHERE w.name = 'Ground Shaker'"),
    Question("Which structures does researching Hardcrete unlock?",
             "SELECT s.resultStructures FROM resultStructures s"
             " JOIN research r ON r.id = s.research WHERE r.name = 'Hardcrete'",
             column=True),
    Question("How many research topics upgrade weapon damage?",
             "SELECT COUNT(DISTINCT research) FROM results"
             " WHERE class = 'Weapon' AND parameter = 'Damage'"),
    Question("What is the total damage upgrade, in percent, that research gives to cannons?",
             "SELECT SUM(value) FROM results WHERE class = 'Weapon' AND parameter = 'Damage'"
             " AND filterValue = 'CANNON'"),
    Question("What is the damage modifier of anti-tank weapons against tracked units?",
             "SELECT modifier FROM weaponmodifier WHERE weaponEffect = 'ANTI TANK'"
             " AND propulsionType = 'Tracked'"),
    Question("Against which structure strength does a bunker buster do the most damage?",
             "SELECT strength FROM structuremodifier WHERE weaponEffect = 'BUNKER BUSTER'"
             " ORDER BY modifier DESC LIMIT 1"),
    *_no(
        "Which faction uses the Python body in the campaign?",
        "How many players have researched the Gauss Cannon online?",
        "What is the win rate of tanks with Hover propulsion?",
        "In which year was the Heavy Laser added to the game?",
        "How much damage will the Rail Gun do after the next balance patch?",
        "What is the price of Warzone 2100 on Steam?",
        "Who designed the Mantis body?",
        "Which weapon is the most fun to play with?",
        "What is the best opening build order for multiplayer?",
        "Write a short story about a Cobra tank.",
        "¿Cuántos jugadores juegan a Warzone 2100 en España?",
        "Welche Forschung ist die wichtigste im Spiel?",
    ),
]  # fmt: skip
