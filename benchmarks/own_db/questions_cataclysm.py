"""Cataclysm: Dark Days Ahead 0.F's items and recipes questions (cataclysm.md): the
fifty-fifth held-out database.  Written from the JSON files of cataclysm-dda-data and a look
at the built rows by a helper who never read the linker's code, before the agent was ever
run on it; every gold SQL was checked with sqlite3 alone.  An item is named as the game
shows it ("hammer", "combat knife", "Glock 19"), a skill by its id or name; prices are asked
in dollars (the column holds cents), weights in grams or kilograms, times in minutes or
hours."""

from __future__ import annotations

from .questions import Question

_RESULT = "recipe r JOIN item i ON i.id = r.result"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


CATACLYSM = [
    Question("How many items are there?", "SELECT COUNT(*) FROM item"),
    Question("How many crafting recipes are there?", "SELECT COUNT(*) FROM recipe"),
    Question("How many materials are there?", "SELECT COUNT(*) FROM material"),
    Question("How many guns are there?", "SELECT COUNT(*) FROM item WHERE type = 'GUN'"),
    Question(
        "How many items are there of each type?", "SELECT type, COUNT(*) FROM item GROUP BY type"
    ),
    Question("Which item is the heaviest?", "SELECT name FROM item ORDER BY weight DESC LIMIT 1"),
    Question("How much does the hammer weigh?", "SELECT weight FROM item WHERE name = 'hammer'"),
    Question(
        "What is the volume of the combat knife?",
        "SELECT volume FROM item WHERE name = 'combat knife'",
    ),
    Question(
        "How many dollars does a Glock 19 cost before the cataclysm?",
        "SELECT price / 100.0 FROM item WHERE name = 'Glock 19'",
    ),
    Question(
        "What are the top 5 most expensive guns?",
        "SELECT name FROM item WHERE type = 'GUN' ORDER BY price DESC LIMIT 5",
        column=True,
    ),
    Question(
        "Which pistol is the most expensive?",
        "SELECT name FROM item WHERE type = 'GUN' AND skill = 'pistol' ORDER BY price DESC LIMIT 1",
    ),
    Question(
        "Which item is worth the most after the cataclysm?",
        "SELECT name FROM item ORDER BY price_postapoc DESC LIMIT 1",
    ),
    Question(
        "How many guns are there for each gun skill?",
        "SELECT skill, COUNT(*) FROM item WHERE type = 'GUN' GROUP BY skill",
    ),
    Question(
        "Which food gives the most calories?",
        "SELECT name FROM item WHERE comestible_type = 'FOOD' ORDER BY calories DESC LIMIT 1",
    ),
    Question(
        "What is the average number of calories of the drinks?",
        "SELECT AVG(calories) FROM item WHERE comestible_type = 'DRINK'",
    ),
    Question(
        "How many calories does an apple have?", "SELECT calories FROM item WHERE name = 'apple'"
    ),
    Question(
        "What are the 4 heaviest pieces of armor?",
        "SELECT name FROM item WHERE type = 'ARMOR' ORDER BY weight DESC LIMIT 4",
        column=True,
    ),
    Question(
        "What is the average weight of the items of each type?",
        "SELECT type, AVG(weight) FROM item GROUP BY type",
    ),
    Question(
        "How many medicines are there?",
        "SELECT COUNT(*) FROM item WHERE comestible_type = 'MED'",
    ),
    Question(
        "What materials is the combat knife made of?",
        "SELECT m.name FROM item_material im JOIN material m ON m.id = im.material"
        " JOIN item i ON i.id = im.item WHERE i.name = 'combat knife'",
        column=True,
    ),
    Question(
        "How many items are made of Kevlar?",
        "SELECT COUNT(*) FROM item_material WHERE material = 'kevlar'",
    ),
    Question(
        "Which material are the most items made of?",
        "SELECT m.name FROM item_material im JOIN material m ON m.id = im.material"
        " GROUP BY m.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many items are made of more than two materials?",
        "SELECT COUNT(*) FROM (SELECT item FROM item_material GROUP BY item HAVING COUNT(*) > 2)",
    ),
    Question(
        "Which material has the highest cut resistance?",
        "SELECT name FROM material ORDER BY cut_resist DESC LIMIT 1",
    ),
    Question(
        "What is cotton salvaged into?",
        "SELECT i.name FROM material m JOIN item i ON i.id = m.salvaged_into WHERE m.id = 'cotton'",
    ),
    Question(
        "Which material is most common among the armor items?",
        "SELECT im.material FROM item_material im JOIN item i ON i.id = im.item"
        " WHERE i.type = 'ARMOR' GROUP BY im.material ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many recipes use each skill?",
        "SELECT s.name, COUNT(*) FROM recipe r JOIN skill s ON s.id = r.skill_used GROUP BY s.id",
    ),
    Question(
        "Which skill do the most recipes use?",
        "SELECT skill_used FROM recipe WHERE skill_used IS NOT NULL GROUP BY skill_used"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the average difficulty of the cooking recipes?",
        "SELECT AVG(difficulty) FROM recipe WHERE skill_used = 'cooking'",
    ),
    Question(
        "How many minutes does it take to craft a hammer?",
        f"SELECT r.time FROM {_RESULT} WHERE i.name = 'hammer'",
    ),
    Question(
        "Which recipe takes the longest to craft?",
        f"SELECT i.name FROM {_RESULT} ORDER BY r.time DESC LIMIT 1",
    ),
    Question(
        "How many recipes take more than 10 hours?",
        "SELECT COUNT(*) FROM recipe WHERE time > 600",
    ),
    Question(
        "What is the average crafting time of each recipe category?",
        "SELECT category, AVG(time) FROM recipe GROUP BY category",
    ),
    Question(
        "How many recipes need difficulty 10?",
        "SELECT COUNT(*) FROM recipe WHERE difficulty = 10",
    ),
    Question(
        "How many recipes are learned automatically?",
        "SELECT COUNT(*) FROM recipe WHERE autolearn = 1",
    ),
    Question(
        "How many recipes are neither learned automatically nor taught by any book?",
        "SELECT COUNT(*) FROM recipe WHERE autolearn = 0"
        " AND id NOT IN (SELECT recipe FROM recipe_book)",
    ),
    Question(
        "How many recipes can be disassembled back into their components?",
        "SELECT COUNT(*) FROM recipe WHERE reversible = 1",
    ),
    Question(
        "How many recipes make a gun?",
        f"SELECT COUNT(*) FROM {_RESULT} WHERE i.type = 'GUN'",
    ),
    Question(
        "Which components can be used to craft the pipe shotgun?",
        f"SELECT c.name FROM {_RESULT} JOIN recipe_component rc ON rc.recipe = r.id"
        " JOIN item c ON c.id = rc.item WHERE i.name = 'pipe shotgun'",
        column=True,
    ),
    Question(
        "Which tools can be used to make a hammer?",
        f"SELECT t.name FROM {_RESULT} JOIN recipe_tool rt ON rt.recipe = r.id"
        " JOIN item t ON t.id = rt.tool WHERE i.name = 'hammer'",
        column=True,
    ),
    Question(
        "How many recipes need a soldering iron?",
        "SELECT COUNT(DISTINCT recipe) FROM recipe_tool WHERE tool = 'soldering_iron'",
    ),
    Question(
        "Which item is a component of the most recipes?",
        "SELECT i.name FROM recipe_component rc JOIN item i ON i.id = rc.item"
        " GROUP BY rc.item ORDER BY COUNT(DISTINCT rc.recipe) DESC LIMIT 1",
    ),
    Question(
        "Which book teaches the most recipes?",
        "SELECT i.name FROM recipe_book b JOIN item i ON i.id = b.book"
        " GROUP BY b.book ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many recipes can be learned from the chemistry textbook?",
        "SELECT COUNT(*) FROM recipe_book b JOIN item i ON i.id = b.book"
        " WHERE i.name = 'chemistry textbook'",
    ),
    Question(
        "Which books teach the recipe for the combat knife?",
        f"SELECT b.name FROM {_RESULT} JOIN recipe_book rb ON rb.recipe = r.id"
        " JOIN item b ON b.id = rb.book WHERE i.name = 'combat knife'",
        column=True,
    ),
    Question(
        "How many books train each skill?",
        "SELECT skill, COUNT(*) FROM item WHERE type = 'BOOK' AND skill IS NOT NULL GROUP BY skill",
    ),
    Question(
        "Which cooking book trains the skill to the highest level?",
        "SELECT name FROM item WHERE type = 'BOOK' AND skill = 'cooking'"
        " ORDER BY max_level DESC LIMIT 1",
    ),
    Question(
        "How many tools are never needed by any recipe?",
        "SELECT COUNT(*) FROM item WHERE type = 'TOOL'"
        " AND id NOT IN (SELECT tool FROM recipe_tool)",
    ),
    Question(
        "Excluding pistols, what are the 3 most expensive guns?",
        "SELECT name FROM item WHERE type = 'GUN' AND skill <> 'pistol'"
        " ORDER BY price DESC LIMIT 3",
        column=True,
    ),
    Question(
        "Among the skills used by more than 10 recipes, whose recipes take the longest on average?",
        "SELECT s.name FROM recipe r JOIN skill s ON s.id = r.skill_used GROUP BY s.id"
        " HAVING COUNT(*) > 10 ORDER BY AVG(r.time) DESC LIMIT 1",
    ),
    Question(
        "Which material do the items crafted with the tailoring skill most often contain?",
        "SELECT m.name FROM recipe r JOIN item_material im ON im.item = r.result"
        " JOIN material m ON m.id = im.material WHERE r.skill_used = 'tailor'"
        " GROUP BY m.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "List the crafting skills.",
        "SELECT name FROM skill WHERE display_category = 'display_crafting'",
        column=True,
    ),
    *_no(
        "Which monsters drop the combat knife when killed?",
        "How much damage does one shot of the Glock 19 do?",
        "What tool qualities, such as hammering, does the hammer have?",
        "Where on the map is a Glock 19 most likely to be found?",
        "What new items will the next version of Cataclysm add?",
        "Which melee weapon is the best for a new player?",
        "Summarize the story of how the cataclysm began.",
        "How many players have crafted a pipe shotgun?",
        "How much does a real hammer cost at a hardware store today?",
        "How much of the body does the Kevlar vest cover?",
        "Which proficiencies do I need to forge a hammer?",
        "Who wrote the chemistry textbook in the real world?",
        "¿Cuánto pesa el martillo?",
        "Quel livre enseigne le plus de recettes ?",
    ),
]
