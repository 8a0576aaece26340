"""Hearthstone's collectible cards questions (hearthstone.md): the thirtieth held-out
database.  Written from hearthstone-data's card list and a look at the built rows by a
helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A "card" is a row of ``card`` (a card reprinted in
several sets is a row in each); a "minion", "spell", "weapon"... is a card of that
``card_type``; a "Murloc", "Beast"... is a card with that ``race`` in ``card_race``."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_CLASS = "JOIN card_class cl ON cl.id = c.class"
_TYPE = "JOIN card_type t ON t.id = c.cardtype"
_RARITY = "JOIN rarity r ON r.id = c.rarity"
_SET = "JOIN card_set s ON s.id = c.card_set"
_RACE = "JOIN card_race cr ON cr.dbf_id = c.dbf_id JOIN race ra ON ra.id = cr.race"
_KEYWORD = "JOIN card_keyword ck ON ck.dbf_id = c.dbf_id JOIN keyword k ON k.enum_id = ck.enum_id"

HEARTHSTONE = [
    Question("How many collectible cards are there?", "SELECT COUNT(*) FROM card"),
    Question("How many legendary cards are there?",
             f"SELECT COUNT(*) FROM card c {_RARITY} WHERE r.name = 'Legendary'"),
    Question("How many Mage cards are there?",
             f"SELECT COUNT(*) FROM card c {_CLASS} WHERE cl.name = 'Mage'"),
    Question("Which class has the most cards?",
             f"SELECT cl.name FROM card c {_CLASS} GROUP BY cl.name "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding neutral cards, which class has the most cards?",
             f"SELECT cl.name FROM card c {_CLASS} WHERE cl.name <> 'Neutral' "
             "GROUP BY cl.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many minions cost 10 mana?",
             f"SELECT COUNT(*) FROM card c {_TYPE} WHERE t.name = 'Minion' AND c.cost = 10"),
    Question("What are the attack and health of Reno Jackson?",
             "SELECT DISTINCT atk, health FROM card WHERE cardname = 'Reno Jackson'"),
    Question("Who drew the art of Sylvanas Windrunner?",
             "SELECT DISTINCT artistname FROM card WHERE cardname = 'Sylvanas Windrunner'"),
    Question("Which artist illustrated the most cards?",
             "SELECT artistname FROM card GROUP BY artistname ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the top 5 artists by number of cards.",
             "SELECT artistname FROM card GROUP BY artistname ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many cards are in Descent of Dragons?",
             f"SELECT COUNT(*) FROM card c {_SET} WHERE s.name = 'Descent of Dragons'"),
    Question("Which card set has the fewest cards?",
             f"SELECT s.name FROM card c {_SET} GROUP BY s.id ORDER BY COUNT(*) LIMIT 1"),
    Question("What is the average mana cost of spells?",
             f"SELECT AVG(c.cost) FROM card c {_TYPE} WHERE t.name = 'Spell'"),
    Question("How many cards have Taunt?",
             f"SELECT COUNT(*) FROM card c {_KEYWORD} WHERE k.name = 'Taunt'"),
    Question("Which keyword appears on the most cards?",
             "SELECT k.name FROM card_keyword ck JOIN keyword k ON k.enum_id = ck.enum_id "
             "GROUP BY k.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many Murlocs are there?",
             f"SELECT COUNT(*) FROM card c {_RACE} WHERE ra.name = 'Murloc'"),
    Question("Which minion type has the most cards?",
             f"SELECT ra.name FROM card c {_RACE} GROUP BY ra.name "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the spell schools.", "SELECT name FROM spell_school", column=True),
    Question("How many Fire spells are there?",
             "SELECT COUNT(*) FROM card c JOIN spell_school ss ON ss.id = c.spell_school "
             "WHERE ss.name = 'Fire'"),
    Question("What is the highest mana cost of any card?", "SELECT MAX(cost) FROM card"),
    Question("Which minions have more than 14 attack?",
             f"SELECT c.cardname FROM card c {_TYPE} WHERE t.name = 'Minion' AND c.atk > 14",
             column=True),
    Question("How many weapons does the Warrior class have?",
             f"SELECT COUNT(*) FROM card c {_CLASS} {_TYPE} "
             "WHERE cl.name = 'Warrior' AND t.name = 'Weapon'"),
    Question("How many cards cost 0 mana?", "SELECT COUNT(*) FROM card WHERE cost = 0"),
    Question("What is the average attack of legendary minions?",
             f"SELECT AVG(c.atk) FROM card c {_RARITY} {_TYPE} "
             "WHERE r.name = 'Legendary' AND t.name = 'Minion'"),
    Question("How many cards have no flavor text?",
             "SELECT COUNT(*) FROM card WHERE flavortext IS NULL"),
    Question("How many classes are there, not counting Neutral?",
             "SELECT COUNT(*) FROM card_class WHERE name <> 'Neutral'"),
    Question("How many cards are there of each rarity?",
             f"SELECT r.name, COUNT(*) FROM card c {_RARITY} GROUP BY r.name"),
    Question("How many cards are there per card type?",
             f"SELECT t.name, COUNT(*) FROM card c {_TYPE} GROUP BY t.name"),
    Question("Which classes have more than 600 cards?",
             f"SELECT cl.name FROM card c {_CLASS} GROUP BY cl.name HAVING COUNT(*) > 600",
             column=True),
    Question("How many location cards are there?",
             f"SELECT COUNT(*) FROM card c {_TYPE} WHERE t.name = 'Location'"),
    Question("How many Demon Hunter cards have Outcast?",
             f"SELECT COUNT(*) FROM card c {_CLASS} {_KEYWORD} "
             "WHERE cl.name = 'Demon Hunter' AND k.name = 'Outcast'"),
    Question("Which sets include a card named Leeroy Jenkins?",
             f"SELECT DISTINCT s.name FROM card c {_SET} "
             "WHERE c.cardname = 'Leeroy Jenkins' AND s.name IS NOT NULL", column=True),
    Question("What does Fireball do?",
             "SELECT DISTINCT cardtext FROM card WHERE cardname = 'Fireball'"),
    Question("How many cards did Alex Horley Orlandelli illustrate?",
             "SELECT COUNT(*) FROM card WHERE artistname = 'Alex Horley Orlandelli'"),
    Question("How many legendary Dragons are there?",
             f"SELECT COUNT(*) FROM card c {_RACE} {_RARITY} "
             "WHERE ra.name = 'Dragon' AND r.name = 'Legendary'"),
    Question("Which minion types never appear on a Mage card?",
             "SELECT name FROM race WHERE id NOT IN (SELECT cr.race FROM card_race cr "
             f"JOIN card c ON c.dbf_id = cr.dbf_id {_CLASS} WHERE cl.name = 'Mage')",
             column=True),
    Question("How many minions have two minion types?",
             "SELECT COUNT(*) FROM (SELECT dbf_id FROM card_race GROUP BY dbf_id "
             "HAVING COUNT(*) > 1)"),
    Question("How many neutral minions cost 1 mana?",
             f"SELECT COUNT(*) FROM card c {_CLASS} {_TYPE} "
             "WHERE cl.name = 'Neutral' AND t.name = 'Minion' AND c.cost = 1"),
    Question("Which minion has the most health?",
             f"SELECT c.cardname FROM card c {_TYPE} WHERE t.name = 'Minion' "
             "ORDER BY c.health DESC LIMIT 1"),
    Question("How many cards have Spell Damage?",
             f"SELECT COUNT(*) FROM card c {_KEYWORD} WHERE k.name = 'Spell Damage'"),
    Question("What is the average health of minions in Whispers of the Old Gods?",
             f"SELECT AVG(c.health) FROM card c {_SET} {_TYPE} "
             "WHERE s.name = 'Whispers of the Old Gods' AND t.name = 'Minion'"),
    Question("How many cards have both Taunt and Divine Shield?",
             "SELECT COUNT(*) FROM card c WHERE c.dbf_id IN (SELECT ck.dbf_id FROM card_keyword "
             "ck JOIN keyword k ON k.enum_id = ck.enum_id WHERE k.name = 'Taunt') AND c.dbf_id IN "
             "(SELECT ck.dbf_id FROM card_keyword ck JOIN keyword k ON k.enum_id = ck.enum_id "
             "WHERE k.name = 'Divine Shield')"),
    Question("How many cards are there excluding heroes?",
             f"SELECT COUNT(*) FROM card c {_TYPE} WHERE t.name <> 'Hero'"),
    Question("What is the total mana cost of all the cards in The Grand Tournament?",
             f"SELECT SUM(c.cost) FROM card c {_SET} WHERE s.name = 'The Grand Tournament'"),
    Question("How many Warlock Demons are there?",
             f"SELECT COUNT(*) FROM card c {_CLASS} {_RACE} "
             "WHERE cl.name = 'Warlock' AND ra.name = 'Demon'"),
    Question("How many Shadow spells does the Priest have?",
             f"SELECT COUNT(*) FROM card c {_CLASS} "
             "JOIN spell_school ss ON ss.id = c.spell_school "
             "WHERE cl.name = 'Priest' AND ss.name = 'Shadow'"),
    Question("What is the average cost of the cards in each class?",
             f"SELECT cl.name, AVG(c.cost) FROM card c {_CLASS} GROUP BY cl.name"),
    Question("Which cards cost more than 20 mana?",
             "SELECT cardname FROM card WHERE cost > 20", column=True),
    Question("How many epic cards does the Rogue have?",
             f"SELECT COUNT(*) FROM card c {_CLASS} {_RARITY} "
             "WHERE cl.name = 'Rogue' AND r.name = 'Epic'"),
    *_no(
        "What is the win rate of Leeroy Jenkins in ranked games?",
        "How much dust does it cost to craft a legendary card?",
        "When was Descent of Dragons released?",
        "Which deck is the strongest in the current meta?",
        "How many card packs did players open last year?",
        "What will the next expansion be called?",
        "Who voices Ragnaros the Firelord?",
        "How much does a card pack cost in dollars?",
        "Which cards will be nerfed in the next patch?",
        "Write a short story about Sylvanas Windrunner.",
        "How many people play Hearthstone every day?",
        "Wie viele legendäre Karten hat der Magier?",
        "Quelle carte est la plus jouée en mode classé ?",
    ),
]  # fmt: skip
