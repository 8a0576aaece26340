"""Angband's monsters, items, stores, races and classes questions (angband.md): the
twenty-ninth held-out database.  Written from the angband package's edit files and a look
at the built rows by a helper who never read the linker's code, before the agent was ever
run on it; every gold SQL was checked with sqlite3 alone.  A "unique" monster is one with
the ``UNIQUE`` flag; "deepest" is the highest ``depth``; an item type is an ``object_base``
row."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


ANGBAND = [
    Question("How many monsters are there?", "SELECT COUNT(*) FROM monster"),
    Question("How many unique monsters are there?",
             "SELECT COUNT(*) FROM monster_flag WHERE flag = 'UNIQUE'"),
    Question("How many hit points does Smaug the Golden have?",
             "SELECT hit_points FROM monster WHERE name = 'Smaug the Golden'"),
    Question("At what dungeon depth is the Cave spider found?",
             "SELECT depth FROM monster WHERE name = 'Cave spider'"),
    Question("Which monster has the most hit points?",
             "SELECT name FROM monster ORDER BY hit_points DESC LIMIT 1"),
    Question("Which monster gives the most experience among those found at depth 10 or "
             "shallower?",
             "SELECT name FROM monster WHERE depth <= 10 ORDER BY experience DESC LIMIT 1"),
    Question("What is the average speed of the monsters?", "SELECT AVG(speed) FROM monster"),
    Question("How many monsters are faster than normal speed (110)?",
             "SELECT COUNT(*) FROM monster WHERE speed > 110"),
    Question("Which monster template has the most monsters?",
             "SELECT template FROM monster GROUP BY template ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many monsters are built on the dragon template?",
             "SELECT COUNT(*) FROM monster WHERE template = 'dragon'"),
    Question("List the monsters found in the town (depth 0).",
             "SELECT name FROM monster WHERE depth = 0", column=True),
    Question("What is the armour class of the Black orc?",
             "SELECT armor_class FROM monster WHERE name = 'Black orc'"),
    Question("How many monsters have more than 10 spells?",
             "SELECT COUNT(*) FROM (SELECT monster_id FROM monster_spell GROUP BY monster_id "
             "HAVING COUNT(*) > 10)"),
    Question("How many monsters can breathe fire?",
             "SELECT COUNT(*) FROM monster_spell WHERE spell = 'BR_FIRE'"),
    Question("Which spell do the most monsters have?",
             "SELECT spell FROM monster_spell GROUP BY spell ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the most common blow method?",
             "SELECT method FROM monster_blow GROUP BY method ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many blows poison?",
             "SELECT COUNT(*) FROM monster_blow WHERE effect = 'POISON'"),
    Question("What are the blows of Grip, Farmer Maggot's dog?",
             "SELECT b.method, b.effect, b.damage FROM monster_blow b JOIN monster m "
             "ON m.id = b.monster_id WHERE m.name = 'Grip, Farmer Maggot''s dog'"),
    Question("How many monsters live deeper than dungeon level 50?",
             "SELECT COUNT(*) FROM monster WHERE depth > 50"),
    Question("Which unique monster is found deepest in the dungeon?",
             "SELECT name FROM monster WHERE id IN (SELECT monster_id FROM monster_flag "
             "WHERE flag = 'UNIQUE') ORDER BY depth DESC LIMIT 1"),
    Question("What is the average number of hit points of unique monsters?",
             "SELECT AVG(hit_points) FROM monster m JOIN monster_flag f "
             "ON f.monster_id = m.id WHERE f.flag = 'UNIQUE'"),
    Question("How many monster templates have more than 20 monsters?",
             "SELECT COUNT(*) FROM (SELECT template FROM monster GROUP BY template "
             "HAVING COUNT(*) > 20)"),
    Question("What is the heaviest hard armour?",
             "SELECT name FROM object WHERE tval = 'hard armor' ORDER BY weight DESC LIMIT 1"),
    Question("What symbol are trolls drawn with?",
             "SELECT glyph FROM monster_base WHERE name = 'troll'"),
    Question("How many object kinds are there?", "SELECT COUNT(*) FROM object"),
    Question("How many kinds of potion are there?",
             "SELECT COUNT(*) FROM object WHERE tval = 'potion'"),
    Question("Which sword is the heaviest?",
             "SELECT name FROM object WHERE tval = 'sword' ORDER BY weight DESC LIMIT 1"),
    Question("Which item type has only one object kind?",
             "SELECT tval FROM object GROUP BY tval HAVING COUNT(*) = 1"),
    Question("What is the average cost of the rings?",
             "SELECT AVG(cost) FROM object WHERE tval = 'ring'"),
    Question("List the polearms that weigh more than 200.",
             "SELECT name FROM object WHERE tval = 'polearm' AND weight > 200", column=True),
    Question("How many artifacts are there?", "SELECT COUNT(*) FROM artifact"),
    Question("What is the most expensive artifact?",
             "SELECT name FROM artifact ORDER BY cost DESC LIMIT 1"),
    Question("What kind of object is the artifact Ringil?",
             "SELECT o.name FROM artifact a JOIN object o ON o.id = a.object_id "
             "WHERE a.name = 'Ringil'"),
    Question("How many artifacts are swords?",
             "SELECT COUNT(*) FROM artifact a JOIN object o ON o.id = a.object_id "
             "WHERE o.tval = 'sword'"),
    Question("How many artifacts does each item type have?",
             "SELECT o.tval, COUNT(*) FROM artifact a JOIN object o ON o.id = a.object_id "
             "GROUP BY o.tval"),
    Question("How many artifacts have no activation?",
             "SELECT COUNT(*) FROM artifact WHERE effect IS NULL"),
    Question("What does Sting weigh?", "SELECT weight FROM artifact WHERE name = 'Sting'"),
    Question("List the stores in the town.", "SELECT name FROM store", column=True),
    Question("How many object kinds does the Weaponsmith stock?",
             "SELECT COUNT(*) FROM store_item i JOIN store s ON s.id = i.store_id "
             "WHERE s.name = 'Weaponsmith'"),
    Question("Which items does the General Store always have in stock?",
             "SELECT o.name FROM store_item i JOIN store s ON s.id = i.store_id "
             "JOIN object o ON o.id = i.object_id "
             "WHERE s.name = 'General Store' AND i.stocking = 'always'", column=True),
    Question("Who are the owners of the Black Market?",
             "SELECT o.name FROM store_owner o JOIN store s ON s.id = o.store_id "
             "WHERE s.name = 'Black Market'", column=True),
    Question("What is the largest purse a store owner has?",
             "SELECT MAX(max_purse) FROM store_owner"),
    Question("How many player races are there?", "SELECT COUNT(*) FROM p_race"),
    Question("Which race has the highest experience factor?",
             "SELECT name FROM p_race ORDER BY expbase DESC LIMIT 1"),
    Question("Which classes can a Half-Troll be?",
             "SELECT c.name FROM p_race_class rc JOIN p_race r ON r.id = rc.race_id "
             "JOIN p_class c ON c.id = rc.class_id WHERE r.name = 'Half-Troll'", column=True),
    Question("Which races can be any class?",
             "SELECT r.name FROM p_race r JOIN p_race_class rc ON rc.race_id = r.id "
             "GROUP BY r.id HAVING COUNT(*) = (SELECT COUNT(*) FROM p_class)", column=True),
    Question("What strength modifier does a Dwarf get?",
             "SELECT str FROM p_race WHERE name = 'Dwarf'"),
    Question("What is the title of a level-one Mage?",
             "SELECT t.title FROM p_class_title t JOIN p_class c ON c.id = t.class_id "
             "WHERE c.name = 'Mage' AND t.number = 1"),
    Question("What does a Warrior start the game with?",
             "SELECT o.name FROM p_class_item i JOIN p_class c ON c.id = i.class_id "
             "JOIN object o ON o.id = i.object_id WHERE c.name = 'Warrior'", column=True),
    Question("How many races cannot be a Mage?",
             "SELECT COUNT(*) FROM p_race WHERE id NOT IN (SELECT rc.race_id FROM "
             "p_race_class rc JOIN p_class c ON c.id = rc.class_id WHERE c.name = 'Mage')"),
    Question("Which races can never be a Priest?",
             "SELECT name FROM p_race WHERE id NOT IN (SELECT rc.race_id FROM p_race_class rc "
             "JOIN p_class c ON c.id = rc.class_id WHERE c.name = 'Priest')", column=True),
    Question("How many monsters are there excluding the unique ones?",
             "SELECT COUNT(*) FROM monster WHERE id NOT IN "
             "(SELECT monster_id FROM monster_flag WHERE flag = 'UNIQUE')"),
    Question("Which sword is never the base of an artifact?",
             "SELECT name FROM object WHERE tval = 'sword' "
             "AND id NOT IN (SELECT object_id FROM artifact)"),
    Question("Which classes cast spells from prayer books?",
             "SELECT name FROM p_class WHERE spell_book = 'prayer book'", column=True),
    *_no(
        "Who wrote Angband?",
        "How many players have killed Morgoth?",
        "What is the best race and class for a beginner?",
        "Which monster drops the most gold on average?",
        "When will the next version of Angband be released?",
        "What does a Scroll of Deep Descent smell like?",
        "How many turns does it take to win the game?",
        "Which monsters appear in the Lord of the Rings books?",
        "Write a short story about a Hobbit rogue fighting Smaug.",
        "What is the resale price of a Lantern in the Black Market today?",
        "¿Cuántos dragones hay en el juego?",
        "Welche Rasse ist am stärksten?",
    ),
]  # fmt: skip
