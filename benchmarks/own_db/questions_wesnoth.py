"""Battle for Wesnoth 1.16's units questions (wesnoth.md): the forty-second held-out
database.  Written from the WML files of wesnoth-1.16-data and a look at the built rows by
a helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A unit is named and answered by its id ("Spearman",
"Drake Fighter"); "strikes" are an attack's ``number``; "recruit" and "leader" questions
name a faction and, where it matters, the era."""

from __future__ import annotations

from .questions import Question

_ATTACK = "attack a JOIN unit_type u ON u.id = a.unit_type"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


WESNOTH = [
    Question("How many unit types are there?", "SELECT COUNT(*) FROM unit_type"),
    Question("How many races are there?", "SELECT COUNT(*) FROM race"),
    Question(
        "Which unit has the most hitpoints?",
        "SELECT id FROM unit_type ORDER BY hitpoints DESC LIMIT 1",
    ),
    Question(
        "Which unit is the most expensive to recruit?",
        "SELECT id FROM unit_type ORDER BY cost DESC LIMIT 1",
    ),
    Question("How much does a Spearman cost?", "SELECT cost FROM unit_type WHERE id = 'Spearman'"),
    Question(
        "How many hitpoints does the Troll Whelp have?",
        "SELECT hitpoints FROM unit_type WHERE id = 'Troll Whelp'",
    ),
    Question(
        "How much experience does a Mage need to advance?",
        "SELECT experience FROM unit_type WHERE id = 'Mage'",
    ),
    Question(
        "How many units are chaotic?", "SELECT COUNT(*) FROM unit_type WHERE alignment = 'chaotic'"
    ),
    Question(
        "How many unit types are there of each alignment?",
        "SELECT alignment, COUNT(*) FROM unit_type GROUP BY alignment",
    ),
    Question(
        "Which race has the most unit types?",
        "SELECT race FROM unit_type GROUP BY race ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many unit types does each race have?",
        "SELECT race, COUNT(*) FROM unit_type GROUP BY race",
    ),
    Question(
        "What is the average cost of level 1 units?",
        "SELECT AVG(cost) FROM unit_type WHERE level = 1",
    ),
    Question(
        "What is the average hitpoints per level?",
        "SELECT level, AVG(hitpoints) FROM unit_type GROUP BY level",
    ),
    Question(
        "Which are the level 5 units?", "SELECT id FROM unit_type WHERE level = 5", column=True
    ),
    Question(
        "List the elvish units that cost more than 40 gold.",
        "SELECT id FROM unit_type WHERE race = 'elf' AND cost > 40",
        column=True,
    ),
    Question(
        "What are the top 5 most expensive units?",
        "SELECT id FROM unit_type ORDER BY cost DESC LIMIT 5",
        column=True,
    ),
    Question(
        "Which drake has the most hitpoints?",
        "SELECT id FROM unit_type WHERE race = 'drake' ORDER BY hitpoints DESC LIMIT 1",
    ),
    Question(
        "Which liminal units are there?",
        "SELECT id FROM unit_type WHERE alignment = 'liminal'",
        column=True,
    ),
    Question(
        "What movement type does the Elvish Fighter have?",
        "SELECT movement_type FROM unit_type WHERE id = 'Elvish Fighter'",
    ),
    Question(
        "How many unit types use the smallfoot movement type?",
        "SELECT COUNT(*) FROM unit_type WHERE movement_type = 'smallfoot'",
    ),
    Question(
        "Which movement type is used by the most unit types?",
        "SELECT movement_type FROM unit_type GROUP BY movement_type ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What does the Spearman advance to?",
        "SELECT advances_to FROM advancement WHERE unit_type = 'Spearman'",
        column=True,
    ),
    Question(
        "Which units advance into the Swordsman?",
        "SELECT unit_type FROM advancement WHERE advances_to = 'Swordsman'",
        column=True,
    ),
    Question(
        "How many level 1 units do not advance to anything?",
        "SELECT COUNT(*) FROM unit_type WHERE level = 1 AND id NOT IN"
        " (SELECT unit_type FROM advancement)",
    ),
    Question(
        "What are the attacks of the Dwarvish Fighter?",
        "SELECT name, type, range, damage, number FROM attack WHERE unit_type = 'Dwarvish Fighter'",
    ),
    Question(
        "How much damage does the Heavy Infantryman's mace do per strike?",
        "SELECT damage FROM attack WHERE unit_type = 'Heavy Infantryman' AND name = 'mace'",
    ),
    Question(
        "Which attack deals the most total damage (damage times strikes)?",
        f"SELECT u.id, a.name FROM {_ATTACK} ORDER BY a.damage * a.number DESC LIMIT 1",
    ),
    Question(
        "How many attacks deal fire damage?", "SELECT COUNT(*) FROM attack WHERE type = 'fire'"
    ),
    Question(
        "How many attacks are there of each damage type?",
        "SELECT type, COUNT(*) FROM attack GROUP BY type",
    ),
    Question(
        "How many unit types have no ranged attack?",
        "SELECT COUNT(*) FROM unit_type WHERE id NOT IN"
        " (SELECT unit_type FROM attack WHERE range = 'ranged')",
    ),
    Question(
        "How many attacks have the magical special?",
        "SELECT COUNT(*) FROM attack_special WHERE special = 'magical'",
    ),
    Question(
        "Which weapon special is the most common?",
        "SELECT special FROM attack_special GROUP BY special ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which units have a poison attack?",
        "SELECT DISTINCT a.unit_type FROM attack a JOIN attack_special s"
        " ON s.attack_id = a.id WHERE s.special = 'poison'",
        column=True,
    ),
    Question(
        "Which units have the leadership ability?",
        "SELECT unit_type FROM unit_ability WHERE ability = 'leadership'",
        column=True,
    ),
    Question(
        "How many unit types can regenerate?",
        "SELECT COUNT(*) FROM unit_ability WHERE ability = 'regenerates'",
    ),
    Question(
        "What is the average cost of units that can heal or cure?",
        "SELECT AVG(cost) FROM unit_type WHERE id IN (SELECT unit_type FROM unit_ability"
        " WHERE ability IN ('heals', 'cures'))",
    ),
    Question(
        "What is the cold resistance of the Drake Fighter?",
        "SELECT resistance FROM unit_resistance WHERE unit_type = 'Drake Fighter'"
        " AND damage_type = 'cold'",
    ),
    Question(
        "How many units take more than normal damage from arcane attacks?",
        "SELECT COUNT(*) FROM unit_resistance WHERE damage_type = 'arcane' AND resistance > 100",
    ),
    Question(
        "What defense does the smallfoot movement type have in forest?",
        "SELECT defense FROM movetype_terrain WHERE movetype = 'smallfoot' AND terrain = 'forest'",
    ),
    Question(
        "What does it cost the dwarvishfoot movement type to enter mountains?",
        "SELECT movement_cost FROM movetype_terrain WHERE movetype = 'dwarvishfoot'"
        " AND terrain = 'mountains'",
    ),
    Question(
        "Which movement type is never used by any unit type?",
        "SELECT name FROM movetype WHERE name NOT IN (SELECT movement_type FROM unit_type)",
    ),
    Question("How many movement types can fly?", "SELECT COUNT(*) FROM movetype WHERE flies = 1"),
    Question(
        "Which units can the Loyalists recruit in the Default era?",
        "SELECT unit_type FROM faction_recruit WHERE faction = 'Loyalists' AND era = 'Default'",
        column=True,
    ),
    Question(
        "How many units can each faction recruit in the Default era?",
        "SELECT faction, COUNT(*) FROM faction_recruit WHERE era = 'Default' GROUP BY faction",
    ),
    Question(
        "What is the cheapest unit the Undead can recruit in the Default era?",
        "SELECT u.id FROM faction_recruit r JOIN unit_type u ON u.id = r.unit_type"
        " WHERE r.faction = 'Undead' AND r.era = 'Default' ORDER BY u.cost LIMIT 1",
    ),
    Question(
        "Which units can lead the Rebels in the Default era?",
        "SELECT unit_type FROM faction_leader WHERE faction = 'Rebels' AND era = 'Default'",
        column=True,
    ),
    Question(
        "Excluding the Dunefolk, which faction has the most recruits in the Age of Heroes era?",
        "SELECT faction FROM faction_recruit WHERE era = 'Age of Heroes'"
        " AND faction <> 'Dunefolk' GROUP BY faction ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the average cost of the units each faction can recruit in the Default era?",
        "SELECT r.faction, AVG(u.cost) FROM faction_recruit r JOIN unit_type u"
        " ON u.id = r.unit_type WHERE r.era = 'Default' GROUP BY r.faction",
    ),
    *_no(
        "Which unit do players pick most often in ranked online games?",
        "What will the new units in Wesnoth 1.20 cost?",
        "Who drew the portrait of the Elvish Marshal?",
        "Summarize the story of the Heir to the Throne campaign.",
        "Which faction is the most fun to play?",
        "How many gold pieces does a village give per turn?",
        "What is the win rate of the Drakes against the Undead?",
        "Which traits does a Spearman usually get when recruited?",
        "How many hitpoints does the female Walking Corpse dwarf variation have?",
        "What sound does the Spearman make when he dies?",
        "Who designed the Dunefolk faction and when was it added?",
        "¿Cuántos puntos de vida tiene el Lancero?",
        "Quelle unité coûte le plus cher à recruter ?",
    ),
]
