"""Dota 2's game constants questions (dota.md): the thirty-fourth held-out database.  Written
from dotaconstants' JSON files and a look at the built rows by a helper who never read the
linker's code, before the agent was ever run on it; every gold SQL was checked with sqlite3
alone.  A hero is named by its ``localized_name``, an ability or item by its ``dname``; a
hero's abilities are its ``hero_abilities`` rows; "built from" means ``item_components``."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_HERO_ABILITY = ("hero_abilities ha JOIN heroes h ON h.id = ha.hero_id "
                 "JOIN abilities a ON a.name = ha.ability")  # fmt: skip
_PARTS = ("item_components ic JOIN items i ON i.id = ic.item_id "
          "JOIN items c ON c.id = ic.component_id")  # fmt: skip
DOTA = [
    Question("How many heroes are there?", "SELECT COUNT(*) FROM heroes"),
    Question("How many heroes are melee?",
             "SELECT COUNT(*) FROM heroes WHERE attack_type = 'Melee'"),
    Question("How many heroes have strength as their primary attribute?",
             "SELECT COUNT(*) FROM heroes WHERE primary_attr = 'str'"),
    Question("How many heroes are there for each primary attribute?",
             "SELECT primary_attr, COUNT(*) FROM heroes GROUP BY primary_attr"),
    Question("Which hero has the fastest base movement speed?",
             "SELECT localized_name FROM heroes ORDER BY move_speed DESC LIMIT 1"),
    Question("What is Anti-Mage's attack range?",
             "SELECT attack_range FROM heroes WHERE localized_name = 'Anti-Mage'"),
    Question("Which heroes have no legs?",
             "SELECT localized_name FROM heroes WHERE legs = 0", column=True),
    Question("What is the average base armor of ranged heroes?",
             "SELECT AVG(base_armor) FROM heroes WHERE attack_type = 'Ranged'"),
    Question("Which hero has the longest attack range?",
             "SELECT localized_name FROM heroes ORDER BY attack_range DESC LIMIT 1"),
    Question("Which hero gains the most agility per level?",
             "SELECT localized_name FROM heroes ORDER BY agi_gain DESC LIMIT 1"),
    Question("What is the average movement speed of melee and of ranged heroes?",
             "SELECT attack_type, AVG(move_speed) FROM heroes GROUP BY attack_type"),
    Question("List the roles of Pudge.",
             "SELECT r.role FROM hero_roles r JOIN heroes h ON h.id = r.hero_id "
             "WHERE h.localized_name = 'Pudge'", column=True),
    Question("How many heroes have the Support role?",
             "SELECT COUNT(*) FROM hero_roles WHERE role = 'Support'"),
    Question("Which role do the most heroes have?",
             "SELECT role FROM hero_roles GROUP BY role ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("On average, how many roles does a hero have?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM hero_roles GROUP BY hero_id)"),
    Question("How many heroes are both a Carry and an Escape?",
             "SELECT COUNT(*) FROM hero_roles WHERE role = 'Carry' AND hero_id IN "
             "(SELECT hero_id FROM hero_roles WHERE role = 'Escape')"),
    Question("How many ranged heroes are carries?",
             "SELECT COUNT(*) FROM heroes h JOIN hero_roles r ON r.hero_id = h.id "
             "WHERE h.attack_type = 'Ranged' AND r.role = 'Carry'"),
    Question("How many melee heroes are there, excluding those with the Carry role?",
             "SELECT COUNT(*) FROM heroes WHERE attack_type = 'Melee' AND id NOT IN "
             "(SELECT hero_id FROM hero_roles WHERE role = 'Carry')"),
    Question("Which hero has the most abilities?",
             f"SELECT h.localized_name FROM {_HERO_ABILITY} GROUP BY h.id "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What abilities does Juggernaut have?",
             f"SELECT a.dname FROM {_HERO_ABILITY} WHERE h.localized_name = 'Juggernaut'",
             column=True),
    Question("Which hero has the ability Black Hole?",
             f"SELECT h.localized_name FROM {_HERO_ABILITY} WHERE a.dname = 'Black Hole'"),
    Question("How many abilities deal pure damage?",
             "SELECT COUNT(*) FROM abilities WHERE dmg_type = 'Pure'"),
    Question("How many of Lina's abilities deal magical damage?",
             f"SELECT COUNT(*) FROM {_HERO_ABILITY} WHERE h.localized_name = 'Lina' "
             "AND a.dmg_type = 'Magical'"),
    Question("What is the cooldown of Mana Void?",
             "SELECT cd FROM abilities WHERE dname = 'Mana Void'"),
    Question("How many heroes have no ability that pierces spell immunity?",
             "SELECT COUNT(*) FROM heroes h WHERE NOT EXISTS (SELECT 1 FROM hero_abilities ha "
             "JOIN abilities a ON a.name = ha.ability WHERE ha.hero_id = h.id "
             "AND a.bkbpierce = 'Yes')"),
    Question("What are Anti-Mage's level 4 talents?",
             "SELECT a.dname FROM hero_talents t JOIN abilities a ON a.name = t.ability "
             "JOIN heroes h ON h.id = t.hero_id WHERE h.localized_name = 'Anti-Mage' "
             "AND t.level = 4", column=True),
    Question("How many innate abilities are there?",
             "SELECT COUNT(*) FROM abilities WHERE is_innate = 1"),
    Question("How many items cost more than 4000 gold?",
             "SELECT COUNT(*) FROM items WHERE cost > 4000"),
    Question("Which item is the most expensive?",
             "SELECT dname FROM items ORDER BY cost DESC LIMIT 1"),
    Question("How much does a Black King Bar cost?",
             "SELECT cost FROM items WHERE dname = 'Black King Bar'"),
    Question("What items is a Black King Bar built from?",
             f"SELECT c.dname FROM {_PARTS} WHERE i.dname = 'Black King Bar'", column=True),
    Question("Which items are built from an Ultimate Orb?",
             f"SELECT i.dname FROM {_PARTS} WHERE c.dname = 'Ultimate Orb'", column=True),
    Question("Which items are a component of at least 6 other items?",
             f"SELECT c.dname FROM {_PARTS} GROUP BY c.id HAVING COUNT(*) >= 6", column=True),
    Question("How many artifact items are there?",
             "SELECT COUNT(*) FROM items WHERE qual = 'artifact'"),
    Question("What is the average cost of epic items?",
             "SELECT AVG(cost) FROM items WHERE qual = 'epic'"),
    Question("Which items have a cooldown of more than 100 seconds?",
             "SELECT dname FROM items WHERE cd > 100", column=True),
    Question("What is the cheapest item that costs mana to use?",
             "SELECT dname FROM items WHERE mc IS NOT NULL AND cost > 0 ORDER BY cost LIMIT 1"),
    Question("How many items are there of each quality?",
             "SELECT qual, COUNT(*) FROM items WHERE qual IS NOT NULL GROUP BY qual"),
    Question("How many items are built from other items?",
             "SELECT COUNT(DISTINCT item_id) FROM item_components"),
    Question("Which items need two or more of the same component?",
             f"SELECT DISTINCT i.dname FROM {_PARTS} WHERE ic.quantity >= 2", column=True),
    Question("What do the components of a Desolator cost in total?",
             f"SELECT SUM(c.cost * ic.quantity) FROM {_PARTS} WHERE i.dname = 'Desolator'"),
    Question("How many items costing more than 2000 gold are never used to build another item?",
             "SELECT COUNT(*) FROM items WHERE cost > 2000 AND id NOT IN "
             "(SELECT component_id FROM item_components)"),
    Question("When was patch 7.00 released?", "SELECT date FROM patch WHERE name = '7.00'"),
    Question("How many patches were released in 2016?",
             "SELECT COUNT(*) FROM patch WHERE strftime('%Y', date) = '2016'"),
    Question("Which year saw the most patches?",
             "SELECT strftime('%Y', date) FROM patch GROUP BY strftime('%Y', date) "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What was the first patch?", "SELECT name FROM patch ORDER BY date LIMIT 1"),
    Question("How many patches came out after 2020?",
             "SELECT COUNT(*) FROM patch WHERE date >= '2021'"),
    Question("What is the latest patch?", "SELECT name FROM patch ORDER BY date DESC LIMIT 1"),
    *_no(
        "What is Pudge's win rate?",
        "Which hero is picked most often in professional matches?",
        "Who designed Invoker?",
        "How much does the Anti-Mage arcana cost in dollars?",
        "When will patch 7.43 be released?",
        "Which hero will be nerfed in the next patch?",
        "Which hero is the most fun to play?",
        "Who won The International in 2019?",
        "Who is the voice actor of Juggernaut?",
        "How many people play Dota 2 every day?",
        "Write a short story about Crystal Maiden.",
        "¿Qué héroe tiene más victorias en partidas clasificatorias?",
        "Quel objet les joueurs achètent-ils le plus souvent ?",
    ),
]  # fmt: skip
