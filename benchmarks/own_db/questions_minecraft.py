"""Minecraft: Java Edition 1.21.11's game data questions (minecraft.md): the thirty-sixth
held-out database.  Written from the JSON files in minecraft-data's npm package and a look
at the built rows by a helper who never read the linker's code, before the agent was ever
run on it; every gold SQL was checked with sqlite3 alone.  Things are named as the game
shows them (``displayName``: "Diamond Pickaxe", "Steak"); a block's or item's "recipe" is
its rows of ``recipes``, a "harvest tool" a row of ``block_harvest_tools``."""

from __future__ import annotations

from .questions import Question

_DROPS = ("block_drops d JOIN blocks b ON b.id = d.block_id"
          " JOIN items i ON i.id = d.item_id")  # fmt: skip
_TOOLS = ("block_harvest_tools h JOIN blocks b ON b.id = h.block_id"
          " JOIN items i ON i.id = h.item_id")  # fmt: skip
_MADE = "recipes r JOIN items i ON i.id = r.result_id"
_USES = "recipe_ingredients g JOIN items i ON i.id = g.item_id"
_REPAIR = ("repair_with w JOIN items i ON i.id = w.item_id"
           " JOIN items m ON m.id = w.repair_item_id")  # fmt: skip
_EXCLUDES = ("enchantment_exclusions x JOIN enchantments e ON e.id = x.enchantment_id"
             " JOIN enchantments o ON o.id = x.excluded_id")  # fmt: skip


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


MINECRAFT = [
    Question("How many items are there in the game?", "SELECT COUNT(*) FROM items"),
    Question("How many blocks are there?", "SELECT COUNT(*) FROM blocks"),
    Question("How many items stack only up to 16?",
             "SELECT COUNT(*) FROM items WHERE stackSize = 16"),
    Question("What is the durability of the Diamond Pickaxe?",
             "SELECT maxDurability FROM items WHERE displayName = 'Diamond Pickaxe'"),
    Question("Which item has the lowest durability?",
             "SELECT displayName FROM items WHERE maxDurability IS NOT NULL"
             " ORDER BY maxDurability LIMIT 1"),
    Question("What is used to repair the Turtle Shell?",
             f"SELECT m.displayName FROM {_REPAIR} WHERE i.displayName = 'Turtle Shell'"),
    Question("Which items can be repaired with Phantom Membrane?",
             f"SELECT i.displayName FROM {_REPAIR} WHERE m.displayName = 'Phantom Membrane'",
             column=True),
    Question("How many items can be repaired with iron ingots?",
             f"SELECT COUNT(*) FROM {_REPAIR} WHERE m.displayName = 'Iron Ingot'"),
    Question("What is the hardness of obsidian?",
             "SELECT hardness FROM blocks WHERE displayName = 'Obsidian'"),
    Question("What are the hardness and blast resistance of Ancient Debris?",
             "SELECT hardness, resistance FROM blocks WHERE displayName = 'Ancient Debris'"),
    Question("Apart from the kinds of air, how many blocks can't be mined at all?",
             "SELECT COUNT(*) FROM blocks WHERE diggable = 0 AND name NOT LIKE '%air'"),
    Question("How many blocks give off light?",
             "SELECT COUNT(*) FROM blocks WHERE emitLight > 0"),
    Question("How many blocks emit the maximum light level of 15?",
             "SELECT COUNT(*) FROM blocks WHERE emitLight = 15"),
    Question("What light level does a Magma Block give off?",
             "SELECT emitLight FROM blocks WHERE displayName = 'Magma Block'"),
    Question("How many blocks are mined fastest with an axe?",
             "SELECT COUNT(*) FROM blocks WHERE material LIKE '%mineable/axe%'"),
    Question("What does mining Stone drop?",
             f"SELECT i.displayName FROM {_DROPS} WHERE b.displayName = 'Stone'"),
    Question("Which blocks drop a diamond?",
             f"SELECT b.displayName FROM {_DROPS} WHERE i.displayName = 'Diamond'",
             column=True),
    Question("Which tools can harvest obsidian?",
             f"SELECT i.displayName FROM {_TOOLS} WHERE b.displayName = 'Obsidian'",
             column=True),
    Question("How many blocks can a Wooden Pickaxe harvest?",
             f"SELECT COUNT(*) FROM {_TOOLS} WHERE i.displayName = 'Wooden Pickaxe'"),
    Question("How many blocks can a Stone Pickaxe harvest that a Wooden Pickaxe can't?",
             f"SELECT COUNT(*) FROM (SELECT h.block_id FROM {_TOOLS}"
             " WHERE i.displayName = 'Stone Pickaxe' EXCEPT SELECT h.block_id FROM"
             f" {_TOOLS} WHERE i.displayName = 'Wooden Pickaxe')"),
    Question("Which food restores the most hunger?",
             "SELECT displayName FROM foods ORDER BY foodPoints DESC LIMIT 1"),
    Question("What are the top 3 foods by saturation?",
             "SELECT displayName FROM foods ORDER BY saturation DESC LIMIT 3", column=True),
    Question("How many food points does Steak restore?",
             "SELECT foodPoints FROM foods WHERE displayName = 'Steak'"),
    Question("What is the average number of food points over all foods?",
             "SELECT AVG(foodPoints) FROM foods"),
    Question("How many foods restore at least 6 food points?",
             "SELECT COUNT(*) FROM foods WHERE foodPoints >= 6"),
    Question("Which foods don't stack?",
             "SELECT displayName FROM foods WHERE stackSize = 1", column=True),
    Question("How many foods have no crafting recipe?",
             "SELECT COUNT(*) FROM foods WHERE id NOT IN (SELECT result_id FROM recipes)"),
    Question("How many crafting recipes are there?", "SELECT COUNT(*) FROM recipes"),
    Question("How many recipes are shapeless?",
             "SELECT COUNT(*) FROM recipes WHERE shapeless = 1"),
    Question("In how many different ways can you craft a Torch?",
             f"SELECT COUNT(*) FROM {_MADE} WHERE i.displayName = 'Torch'"),
    Question("What ingredients go into a Beacon, and how many of each?",
             "SELECT i.displayName, g.count FROM recipe_ingredients g"
             " JOIN items i ON i.id = g.item_id JOIN recipes r ON r.id = g.recipe_id"
             " JOIN items p ON p.id = r.result_id WHERE p.displayName = 'Beacon'"),
    Question("How many diamonds does it take to craft a Diamond Pickaxe?",
             "SELECT g.count FROM recipe_ingredients g JOIN items i ON i.id = g.item_id"
             " JOIN recipes r ON r.id = g.recipe_id JOIN items p ON p.id = r.result_id"
             " WHERE p.displayName = 'Diamond Pickaxe' AND i.displayName = 'Diamond'"),
    Question("Which item is used in the most recipes?",
             f"SELECT i.displayName FROM {_USES} GROUP BY i.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many recipes use honeycomb?",
             f"SELECT COUNT(*) FROM {_USES} WHERE i.displayName = 'Honeycomb'"),
    Question("How many items can be crafted in more than one way?",
             "SELECT COUNT(*) FROM (SELECT result_id FROM recipes GROUP BY result_id"
             " HAVING COUNT(*) > 1)"),
    Question("How many biomes are there in the Nether?",
             "SELECT COUNT(*) FROM biomes WHERE dimension = 'nether'"),
    Question("How many biomes does each dimension have?",
             "SELECT dimension, COUNT(*) FROM biomes GROUP BY dimension"),
    Question("Which biomes never get rain or snow?",
             "SELECT displayName FROM biomes WHERE has_precipitation = 0", column=True),
    Question("What is the temperature of the Cherry Grove?",
             "SELECT temperature FROM biomes WHERE displayName = 'Cherry Grove'"),
    Question("How many forest biomes are there?",
             "SELECT COUNT(*) FROM biomes WHERE category = 'forest'"),
    Question("What is the average biome temperature in each dimension?",
             "SELECT dimension, AVG(temperature) FROM biomes GROUP BY dimension"),
    Question("How many hostile mobs are there?",
             "SELECT COUNT(*) FROM entities WHERE category = 'Hostile mobs'"),
    Question("Which entity is the tallest?",
             "SELECT displayName FROM entities ORDER BY height DESC LIMIT 1"),
    Question("How wide is the Ender Dragon?",
             "SELECT width FROM entities WHERE displayName = 'Ender Dragon'"),
    Question("Which hostile mobs are taller than 2.5 blocks?",
             "SELECT displayName FROM entities WHERE category = 'Hostile mobs'"
             " AND height > 2.5", column=True),
    Question("How many entities are there in each category?",
             "SELECT category, COUNT(*) FROM entities GROUP BY category"),
    Question("How many harmful status effects are there?",
             "SELECT COUNT(*) FROM effects WHERE type = 'bad'"),
    Question("Is Levitation a good or a bad effect?",
             "SELECT type FROM effects WHERE displayName = 'Levitation'"),
    Question("What is the maximum level of Fortune?",
             "SELECT maxLevel FROM enchantments WHERE displayName = 'Fortune'"),
    Question("Which enchantments go up to level 5?",
             "SELECT displayName FROM enchantments WHERE maxLevel = 5", column=True),
    Question("How many curses are there?", "SELECT COUNT(*) FROM enchantments WHERE curse = 1"),
    Question("Which enchantments are treasure-only?",
             "SELECT displayName FROM enchantments WHERE treasureOnly = 1", column=True),
    Question("Which enchantments can villagers never sell?",
             "SELECT displayName FROM enchantments WHERE tradeable = 0", column=True),
    Question("Which enchantment category has the most enchantments?",
             "SELECT category FROM enchantments GROUP BY category"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which enchantments can't be combined with Sharpness?",
             f"SELECT o.displayName FROM {_EXCLUDES} WHERE e.displayName = 'Sharpness'",
             column=True),
    Question("How many enchantments are compatible with every other enchantment?",
             "SELECT COUNT(*) FROM enchantments WHERE id NOT IN"
             " (SELECT enchantment_id FROM enchantment_exclusions)"),
    Question("Excluding the curses, which enchantments have a weight of 1?",
             "SELECT displayName FROM enchantments WHERE weight = 1 AND curse = 0",
             column=True),
    *_no(
        "How much does a Diamond Pickaxe sell for on the Marketplace?",
        "Which biome do players build their bases in most often?",
        "How many people play Minecraft every month?",
        "What will the next Minecraft update add?",
        "How much health does a Creeper have?",
        "At which Y level are diamonds most common?",
        "Which villager profession trades the Mending book?",
        "In what year was the Netherite Pickaxe added to the game?",
        "What is the best enchantment for a sword?",
        "Write a short story about a creeper.",
        "¿Cuántos bloques hay en Minecraft Bedrock Edition?",
        "Welcher Mob ist am gefährlichsten?",
    ),
]  # fmt: skip
