"""Endless Sky 0.9.8's universe questions (endlesssky.md): the forty-eighth held-out database.
Written from the data files of endless-sky-data and a look at the built rows by a helper who
never read the linker's code, before the agent was ever run on it; every gold SQL was checked
with sqlite3 alone.  Ships, outfits, systems and planets are named by their names ("Shuttle",
"Heavy Laser", "Sol", "Earth"); a commodity's "price" is its price in a system."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


ENDLESSSKY = [
    Question("How many star systems are there?", "SELECT COUNT(*) FROM system"),
    Question("How many ship models are there?", "SELECT COUNT(*) FROM ship"),
    Question("How many outfits are there?", "SELECT COUNT(*) FROM outfit"),
    Question("How many planets are there?", "SELECT COUNT(*) FROM planet"),
    Question(
        "Which ship is the most expensive?", "SELECT name FROM ship ORDER BY cost DESC LIMIT 1"
    ),
    Question("How much does a Shuttle cost?", "SELECT cost FROM ship WHERE name = 'Shuttle'"),
    Question(
        "Which ship has the largest cargo space?",
        "SELECT name FROM ship ORDER BY cargo_space DESC LIMIT 1",
    ),
    Question("Which ship has the most bunks?", "SELECT name FROM ship ORDER BY bunks DESC LIMIT 1"),
    Question(
        "What are the 5 ships with the strongest hull?",
        "SELECT name FROM ship ORDER BY hull DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many shields does the Bulk Freighter have?",
        "SELECT shields FROM ship WHERE name = 'Bulk Freighter'",
    ),
    Question(
        "How many ship models are there in each category?",
        "SELECT category, COUNT(*) FROM ship WHERE category IS NOT NULL GROUP BY category",
    ),
    Question(
        "What is the average cost of a Heavy Warship?",
        "SELECT AVG(cost) FROM ship WHERE category = 'Heavy Warship'",
    ),
    Question(
        "Which ship category has the highest average cargo space?",
        "SELECT category FROM ship WHERE category IS NOT NULL GROUP BY category"
        " ORDER BY AVG(cargo_space) DESC LIMIT 1",
    ),
    Question(
        "How many ships need more than 10 crew to fly?",
        "SELECT COUNT(*) FROM ship WHERE required_crew > 10",
    ),
    Question(
        "How many outfits are in each category?",
        "SELECT category, COUNT(*) FROM outfit WHERE category IS NOT NULL GROUP BY category",
    ),
    Question(
        "How much does the Heavy Laser cost?", "SELECT cost FROM outfit WHERE name = 'Heavy Laser'"
    ),
    Question(
        "Which outfit is the most expensive?", "SELECT name FROM outfit ORDER BY cost DESC LIMIT 1"
    ),
    Question(
        "Which gun does the most hull damage per shot?",
        "SELECT name FROM outfit WHERE category = 'Guns' ORDER BY hull_damage DESC LIMIT 1",
    ),
    Question(
        "What is the average mass of the engines?",
        "SELECT AVG(mass) FROM outfit WHERE category = 'Engines'",
    ),
    Question(
        "How many turrets are there?", "SELECT COUNT(*) FROM outfit WHERE category = 'Turrets'"
    ),
    Question(
        "Which outfits does the Shuttle come with?",
        "SELECT outfit FROM ship_outfit WHERE ship = 'Shuttle'",
        column=True,
    ),
    Question(
        "Which ship comes with the most outfits in total?",
        "SELECT ship FROM ship_outfit GROUP BY ship ORDER BY SUM(count) DESC LIMIT 1",
    ),
    Question(
        "How many ship models come with a Hyperdrive?",
        "SELECT COUNT(*) FROM ship_outfit WHERE outfit = 'Hyperdrive'",
    ),
    Question(
        "Which outfit is installed on the most ship models?",
        "SELECT outfit FROM ship_outfit GROUP BY outfit ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which government holds the most systems?",
        "SELECT government FROM system GROUP BY government ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many systems does each government hold?",
        "SELECT government, COUNT(*) FROM system GROUP BY government",
    ),
    Question(
        "Which government holds the Sol system?", "SELECT government FROM system WHERE name = 'Sol'"
    ),
    Question(
        "Which systems are linked to Sol?",
        "SELECT link FROM system_link WHERE system = 'Sol'",
        column=True,
    ),
    Question(
        "Which system has the most hyperspace links?",
        "SELECT system FROM system_link GROUP BY system ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question("In which system does Earth lie?", "SELECT system FROM planet WHERE name = 'Earth'"),
    Question(
        "Which planets are in the Sol system?",
        "SELECT name FROM planet WHERE system = 'Sol'",
        column=True,
    ),
    Question(
        "How many planets are in systems held by the Republic?",
        "SELECT COUNT(*) FROM planet p JOIN system s ON s.name = p.system"
        " WHERE s.government = 'Republic'",
    ),
    Question(
        "What is the price of Food in Sol?",
        "SELECT price FROM system_trade WHERE system = 'Sol' AND commodity = 'Food'",
    ),
    Question(
        "What is the average price of each commodity?",
        "SELECT commodity, AVG(price) FROM system_trade GROUP BY commodity",
    ),
    Question(
        "Which commodity has the highest average price?",
        "SELECT commodity FROM system_trade GROUP BY commodity ORDER BY AVG(price) DESC LIMIT 1",
    ),
    Question(
        "Which system sells Food the cheapest?",
        "SELECT system FROM system_trade WHERE commodity = 'Food' ORDER BY price LIMIT 1",
    ),
    Question(
        "What is the highest price of Luxury Goods in any system?",
        "SELECT MAX(price) FROM system_trade WHERE commodity = 'Luxury Goods'",
    ),
    Question(
        "How many planets have the farming attribute?",
        "SELECT COUNT(*) FROM planet_attribute WHERE attribute = 'farming'",
    ),
    Question(
        "Which planet attribute is the most common?",
        "SELECT attribute FROM planet_attribute GROUP BY attribute ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many planets have a shipyard?", "SELECT COUNT(DISTINCT planet) FROM planet_shipyard"
    ),
    Question(
        "Which planet has the most outfitters?",
        "SELECT planet FROM planet_outfitter GROUP BY planet ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which outfitters does Earth have?",
        "SELECT outfitter FROM planet_outfitter WHERE planet = 'Earth'",
        column=True,
    ),
    Question(
        "Which ships does the Luxury Ships shipyard sell?",
        "SELECT ship FROM shipyard WHERE shipyard = 'Luxury Ships'",
        column=True,
    ),
    Question(
        "On how many planets can you buy a Shuttle?",
        "SELECT COUNT(DISTINCT ps.planet) FROM planet_shipyard ps JOIN shipyard y"
        " ON y.shipyard = ps.shipyard WHERE y.ship = 'Shuttle'",
    ),
    Question(
        "How many ship models are never sold in any shipyard?",
        "SELECT COUNT(*) FROM ship WHERE name NOT IN (SELECT ship FROM shipyard)",
    ),
    Question(
        "How many outfits are never sold by any outfitter?",
        "SELECT COUNT(*) FROM outfit WHERE name NOT IN (SELECT outfit FROM outfitter)",
    ),
    Question(
        "How many planets have no spaceport?", "SELECT COUNT(*) FROM planet WHERE spaceport IS NULL"
    ),
    Question(
        "How many planets require a reputation of more than 10 to land?",
        "SELECT COUNT(*) FROM planet WHERE required_reputation > 10",
    ),
    Question(
        "Which planet pays the highest tribute?",
        "SELECT name FROM planet ORDER BY tribute DESC LIMIT 1",
    ),
    Question(
        "How many governments are hostile to the player from the start?",
        "SELECT COUNT(*) FROM government WHERE player_reputation < 0",
    ),
    Question(
        "What reputation does the player start with among the Republic?",
        "SELECT player_reputation FROM government WHERE name = 'Republic'",
    ),
    Question(
        "Excluding the Republic, which government holds the most planets?",
        "SELECT s.government FROM planet p JOIN system s ON s.name = p.system"
        " WHERE s.government <> 'Republic' GROUP BY s.government"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the average cost of the ships sold in each shipyard?",
        "SELECT y.shipyard, AVG(s.cost) FROM shipyard y JOIN ship s ON s.name = y.ship"
        " GROUP BY y.shipyard",
    ),
    *_no(
        "How many players own a Bulk Freighter right now?",
        "What will the ships added in Endless Sky 1.0 cost?",
        "Who drew the sprite of the Falcon?",
        "Summarize the Free Worlds campaign's story.",
        "Which ship is the most fun to fly?",
        "What is the population of Earth?",
        "How many jumps does the fastest route from Sol to Rigel take in the 2030 edition?",
        "What is the top speed of the Shuttle in kilometres per hour?",
        "How many missions did the average player complete last month?",
        "What music plays in the Hai systems?",
        "Who wrote the description of the Archon and when?",
        "¿Cuánto cuesta una Shuttle?",
        "Quel système est relié à Sol ?",
    ),
]
