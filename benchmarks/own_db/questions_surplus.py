"""The military surplus questions (surplus.md): the eighteenth held-out database.  Written
from csvkit's real-data files and a look at the built rows (Kansas' and Nebraska's
shipments, Nebraska's county populations) by a helper who never read the linker's code,
before the agent was ever run on it; every gold SQL was checked with sqlite3 alone."""

from __future__ import annotations

from .questions import Question

_KS = "ks_1033_data"
_NE = "ne_1033_data"
_POP = "acs2012_5yr_population"
_NE_POP = f"{_NE} n JOIN {_POP} p ON p.fips = n.fips"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


SURPLUS = [
    Question("How many equipment records are there for Kansas?", f"SELECT COUNT(*) FROM {_KS}"),
    Question("How many equipment records does the Nebraska data have?",
             f"SELECT COUNT(*) FROM {_NE}"),
    Question("How many Nebraska counties have a population estimate?",
             f"SELECT COUNT(*) FROM {_POP}"),
    Question("What is the total population of Nebraska's counties?",
             f"SELECT SUM(total_population) FROM {_POP}"),
    Question("What is the population of Lancaster County, Nebraska?",
             f"SELECT total_population FROM {_POP} WHERE name = 'Lancaster County, NE'"),
    Question("What is the margin of error of the population estimate for Arthur County?",
             f"SELECT margin_of_error FROM {_POP} WHERE name = 'Arthur County, NE'"),
    Question("Which Nebraska county has the smallest population?",
             f"SELECT name FROM {_POP} ORDER BY total_population LIMIT 1"),
    Question("What is the average population of a Nebraska county?",
             f"SELECT ROUND(AVG(total_population), 2) FROM {_POP}"),
    Question("How many Nebraska counties have more than 10,000 people?",
             f"SELECT COUNT(*) FROM {_POP} WHERE total_population > 10000"),
    Question("What was the total cost of all the equipment sent to Kansas?",
             f"SELECT ROUND(SUM(total_cost), 2) FROM {_KS}"),
    Question("What was the total cost of the equipment shipped to Kansas in 2012?",
             f"SELECT ROUND(SUM(total_cost), 2) FROM {_KS}"
             " WHERE strftime('%Y', ship_date) = '2012'"),
    Question("What was the total cost of the equipment Nebraska received in 2013?",
             f"SELECT ROUND(SUM(total_cost), 2) FROM {_NE}"
             " WHERE strftime('%Y', ship_date) = '2013'"),
    Question("How many 5.56 millimeter rifles did Kansas receive?",
             f"SELECT SUM(quantity) FROM {_KS} WHERE item_name = 'RIFLE,5.56 MILLIMETER'"),
    Question("How many night vision goggles went to Nebraska?",
             f"SELECT SUM(quantity) FROM {_NE} WHERE item_name = 'NIGHT VISION GOGGLE'"),
    Question("How many .45 caliber pistols were shipped to Kansas?",
             f"SELECT SUM(quantity) FROM {_KS} WHERE item_name = 'PISTOL,CALIBER .45,AUTOMATIC'"),
    Question("How many items did Sedgwick County receive?",
             f"SELECT SUM(quantity) FROM {_KS} WHERE county = 'SEDGWICK'"),
    Question("How many items did Douglas County in Kansas receive?",
             f"SELECT SUM(quantity) FROM {_KS} WHERE county = 'DOUGLAS'"),
    Question("Which Kansas county received the most items?",
             f"SELECT county FROM {_KS} GROUP BY county ORDER BY SUM(quantity) DESC LIMIT 1"),
    Question("Which Kansas county received the most valuable equipment in total?",
             f"SELECT county FROM {_KS} GROUP BY county ORDER BY SUM(total_cost) DESC LIMIT 1"),
    Question("Which Nebraska county got the highest total cost of equipment?",
             f"SELECT county FROM {_NE} GROUP BY county ORDER BY SUM(total_cost) DESC LIMIT 1"),
    Question("What are the top 5 Kansas counties by total cost of equipment received?",
             f"SELECT county FROM {_KS} GROUP BY county ORDER BY SUM(total_cost) DESC LIMIT 5",
             column=True),
    Question("What are the top 5 items by quantity sent to Kansas?",
             f"SELECT item_name FROM {_KS} GROUP BY item_name ORDER BY SUM(quantity) DESC"
             " LIMIT 5", column=True),
    Question("What is the most expensive item Nebraska received?",
             f"SELECT item_name FROM {_NE} ORDER BY acquisition_cost DESC LIMIT 1"),
    Question("Which Kansas counties received a mine resistant vehicle?",
             f"SELECT DISTINCT county FROM {_KS} WHERE item_name = 'MINE RESISTANT VEHICLE'"
             " ORDER BY county", column=True),
    Question("When did Lancaster County receive its mine resistant vehicle?",
             f"SELECT ship_date FROM {_NE} WHERE county = 'LANCASTER'"
             " AND item_name = 'MINE RESISTANT VEHICLE'"),
    Question("How many mine resistant vehicles went to Kansas and Nebraska together?",
             f"SELECT (SELECT SUM(quantity) FROM {_KS} WHERE item_name = 'MINE RESISTANT VEHICLE')"
             f" + (SELECT SUM(quantity) FROM {_NE} WHERE item_name = 'MINE RESISTANT VEHICLE')"),
    Question("List the Kansas counties that received armored trucks.",
             f"SELECT DISTINCT county FROM {_KS} WHERE item_name = 'TRUCK,ARMORED'"
             " ORDER BY county", column=True),
    Question("Which counties in Nebraska received grenade launchers?",
             f"SELECT DISTINCT county FROM {_NE} WHERE item_name = 'LAUNCHER,GRENADE'"
             " ORDER BY county", column=True),
    Question("Which Kansas county received the most explosive ordnance disposal robots?",
             f"SELECT county FROM {_KS} WHERE item_name LIKE 'ROBOT,EXPLOSIVE ORDNANCE%'"
             " GROUP BY county ORDER BY SUM(quantity) DESC LIMIT 1"),
    Question("Which federal supply category do most of the Kansas records fall into?",
             f"SELECT federal_supply_category_name FROM {_KS}"
             " GROUP BY federal_supply_category_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many Nebraska records are there in each federal supply category?",
             f"SELECT federal_supply_category_name, COUNT(*) FROM {_NE}"
             " GROUP BY federal_supply_category_name ORDER BY COUNT(*) DESC"),
    Question("How many equipment records does Kansas have for each year?",
             f"SELECT strftime('%Y', ship_date) AS year, COUNT(*) FROM {_KS}"
             " GROUP BY year ORDER BY year"),
    Question("What was the total cost of the weapons sent to Nebraska?",
             f"SELECT ROUND(SUM(total_cost), 2) FROM {_NE}"
             " WHERE federal_supply_category_name = 'WEAPONS'"),
    Question("What was the total cost of Kansas's equipment excluding weapons?",
             f"SELECT ROUND(SUM(total_cost), 2) FROM {_KS}"
             " WHERE federal_supply_category_name <> 'WEAPONS'"),
    Question("What was the total value of the night vision equipment Nebraska received?",
             f"SELECT ROUND(SUM(total_cost), 2) FROM {_NE} WHERE federal_supply_class_name"
             " = 'Night Vision Equipment, Emitted and Reflected Radiation'"),
    Question("What is the average acquisition cost of a 7.62 millimeter rifle sent to Kansas?",
             f"SELECT ROUND(AVG(acquisition_cost), 2) FROM {_KS}"
             " WHERE item_name = 'RIFLE,7.62 MILLIMETER'"),
    Question("How many Kansas records list an acquisition cost of zero?",
             f"SELECT COUNT(*) FROM {_KS} WHERE acquisition_cost = 0"),
    Question("How many Kansas counties received equipment?",
             f"SELECT COUNT(DISTINCT county) FROM {_KS}"),
    Question("How many different kinds of items were shipped to Nebraska?",
             f"SELECT COUNT(DISTINCT item_name) FROM {_NE}"),
    Question("How many Kansas counties received more than 50 items?",
             f"SELECT COUNT(*) FROM (SELECT county FROM {_KS} GROUP BY county"
             " HAVING SUM(quantity) > 50)"),
    Question("How many Nebraska counties never received any equipment?",
             f"SELECT COUNT(*) FROM {_POP} WHERE fips NOT IN (SELECT fips FROM {_NE})"),
    Question("In which year did Kansas receive the most items?",
             f"SELECT strftime('%Y', ship_date) AS year FROM {_KS} GROUP BY year"
             " ORDER BY SUM(quantity) DESC LIMIT 1"),
    Question("When did Nebraska receive its first shipment?",
             f"SELECT MIN(ship_date) FROM {_NE}"),
    Question("What is the latest ship date in the Kansas data?",
             f"SELECT MAX(ship_date) FROM {_KS}"),
    Question("Which Nebraska counties received equipment in 2014?",
             f"SELECT DISTINCT county FROM {_NE} WHERE strftime('%Y', ship_date) = '2014'"
             " ORDER BY county", column=True),
    Question("How many rifles did Nebraska receive in 2008?",
             f"SELECT SUM(quantity) FROM {_NE} WHERE item_name LIKE 'RIFLE,%'"
             " AND strftime('%Y', ship_date) = '2008'"),
    Question("Which item did Douglas County, Nebraska receive the most of?",
             f"SELECT item_name FROM {_NE} WHERE county = 'DOUGLAS' GROUP BY item_name"
             " ORDER BY SUM(quantity) DESC LIMIT 1"),
    Question("Did Kansas or Nebraska receive more 5.56 millimeter rifles?",
             f"SELECT CASE WHEN (SELECT SUM(quantity) FROM {_KS}"
             " WHERE item_name = 'RIFLE,5.56 MILLIMETER') > (SELECT SUM(quantity)"
             f" FROM {_NE} WHERE item_name = 'RIFLE,5.56 MILLIMETER')"
             " THEN 'Kansas' ELSE 'Nebraska' END"),
    Question("What was the cost of equipment per resident in Douglas County, Nebraska?",
             f"SELECT ROUND(SUM(n.total_cost) / p.total_population, 2) FROM {_NE_POP}"
             " WHERE p.name = 'Douglas County, NE'"),
    Question("Which Nebraska county received the most equipment value per resident?",
             f"SELECT p.name FROM {_NE_POP} GROUP BY p.fips"
             " ORDER BY SUM(n.total_cost) / p.total_population DESC LIMIT 1"),
    Question("What is the population of the Nebraska county that received the most"
             " equipment by value?",
             f"SELECT p.total_population FROM {_NE_POP} GROUP BY p.fips"
             " ORDER BY SUM(n.total_cost) DESC LIMIT 1"),
    Question("Which Nebraska counties with fewer than 5,000 people received equipment?",
             f"SELECT DISTINCT p.name FROM {_NE_POP} WHERE p.total_population < 5000"
             " ORDER BY p.name", column=True),
    *_no(
        "Which police department asked for the mine resistant vehicle in Sedgwick County?",
        "What is the population of Johnson County, Kansas?",
        "How much equipment went to Missouri?",
        "How many of these rifles were later returned to the Defense Department?",
        "What was the crime rate in Douglas County, Nebraska in 2012?",
        "What is the serial number of each rifle sent to Finney County?",
        "How much equipment will Kansas receive in 2020?",
        "What was the weather in Omaha on the day the night vision goggles were shipped?",
        "Who is the sheriff of Lancaster County?",
        "Write a letter to the Douglas County sheriff asking about the night vision goggles.",
        "¿Cuántos rifles recibió el condado de Sedgwick?",
        "Combien de véhicules blindés le Nebraska a-t-il reçus ?",
    ),
]  # fmt: skip
