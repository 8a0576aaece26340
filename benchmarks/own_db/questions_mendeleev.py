"""The periodic table's questions (mendeleev.md): the sixteenth held-out database.  Written
from the SQLite file in mendeleev's wheel and a look at the built rows (elements, groups,
series, isotopes, decay modes, oxidation states, phase transitions) by a helper who never read
the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone."""

from __future__ import annotations

from .questions import Question

_SERIES = "elements e JOIN series s ON s.id = e.series_id"
_ISOTOPES = "isotopes i JOIN elements e ON e.atomic_number = i.atomic_number"
_PHASES = "phasetransitions p JOIN elements e ON e.atomic_number = p.atomic_number"
_OXIDATION = "oxidationstates o JOIN elements e ON e.atomic_number = o.atomic_number"
_DECAYS = "isotopedecaymodes d JOIN isotopes i ON i.id = d.isotope_id"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


MENDELEEV = [
    Question("How many elements are there?", "SELECT COUNT(*) FROM elements"),
    Question("How many isotopes are listed?", "SELECT COUNT(*) FROM isotopes"),
    Question("How many elements are radioactive?",
             "SELECT COUNT(*) FROM elements WHERE is_radioactive = 1"),
    Question("What is the atomic weight of gold?",
             "SELECT atomic_weight FROM elements WHERE name = 'Gold'"),
    Question("What is the chemical symbol of tungsten?",
             "SELECT symbol FROM elements WHERE name = 'Tungsten'"),
    Question("How many elements are in period 4?",
             "SELECT COUNT(*) FROM elements WHERE period = 4"),
    Question("How many elements does each block have?",
             "SELECT block, COUNT(*) FROM elements GROUP BY block ORDER BY block"),
    Question("Which block has the most elements?",
             "SELECT block FROM elements GROUP BY block ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many elements are in each series?",
             f"SELECT s.name, COUNT(*) FROM {_SERIES} GROUP BY s.name ORDER BY s.name"),
    Question("List the noble gases.",
             f"SELECT e.name FROM {_SERIES} WHERE s.name = 'Noble gases'"
             " ORDER BY e.atomic_number", column=True),
    Question("What is the average Pauling electronegativity of the halogens?",
             f"SELECT AVG(e.en_pauling) FROM {_SERIES} WHERE s.name = 'Halogens'"),
    Question("Which halogen has the highest electron affinity?",
             f"SELECT e.name FROM {_SERIES} WHERE s.name = 'Halogens'"
             " ORDER BY e.electron_affinity DESC LIMIT 1"),
    Question("Which element has the highest electronegativity on the Pauling scale?",
             "SELECT name FROM elements ORDER BY en_pauling DESC LIMIT 1"),
    Question("Which element has the largest atomic radius?",
             "SELECT name FROM elements ORDER BY atomic_radius DESC LIMIT 1"),
    Question("Which non-radioactive element has the highest density?",
             "SELECT name FROM elements WHERE is_radioactive = 0 ORDER BY density DESC LIMIT 1"),
    Question("Which element is the most expensive per kilogram?",
             "SELECT name FROM elements ORDER BY price_per_kg DESC LIMIT 1"),
    Question("What is the average price per kilogram of the noble gases?",
             f"SELECT AVG(e.price_per_kg) FROM {_SERIES} WHERE s.name = 'Noble gases'"),
    Question("What are the top 5 most abundant elements in the Earth's crust?",
             "SELECT name FROM elements ORDER BY abundance_crust DESC LIMIT 5", column=True),
    Question("Who discovered oxygen?",
             "SELECT discoverers FROM elements WHERE name = 'Oxygen'"),
    Question("In which year was helium discovered?",
             "SELECT discovery_year FROM elements WHERE name = 'Helium'"),
    Question("Which elements were discovered in 1898?",
             "SELECT name FROM elements WHERE discovery_year = 1898 ORDER BY name",
             column=True),
    Question("How many elements were discovered in the 1800s?",
             "SELECT COUNT(*) FROM elements WHERE discovery_year >= 1800"
             " AND discovery_year < 1900"),
    Question("Which element was discovered most recently?",
             "SELECT name FROM elements ORDER BY discovery_year DESC LIMIT 1"),
    Question("In which country were the most elements discovered?",
             "SELECT discovery_location FROM elements WHERE discovery_location IS NOT NULL"
             " GROUP BY discovery_location ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many elements were discovered in Sweden?",
             "SELECT COUNT(*) FROM elements WHERE discovery_location = 'Sweden'"),
    Question("How many elements were known to the ancients?",
             "SELECT COUNT(*) FROM elements WHERE discoverers LIKE 'Known to the ancients%'"),
    Question("How many elements have a face-centered cubic (FCC) crystal lattice?",
             "SELECT COUNT(*) FROM elements WHERE lattice_structure = 'FCC'"),
    Question("What is the melting point of iron?",
             f"SELECT p.melting_point FROM {_PHASES} WHERE e.name = 'Iron'"),
    Question("Which element has the highest boiling point?",
             f"SELECT e.name FROM {_PHASES} ORDER BY p.boiling_point DESC LIMIT 1"),
    Question("Which element discovered in Germany has the highest melting point?",
             f"SELECT e.name FROM {_PHASES} WHERE e.discovery_location = 'Germany'"
             " ORDER BY p.melting_point DESC LIMIT 1"),
    Question("How many isotopes does tin have?",
             f"SELECT COUNT(*) FROM {_ISOTOPES} WHERE e.name = 'Tin'"),
    Question("Which element has the most isotopes?",
             f"SELECT e.name FROM {_ISOTOPES} GROUP BY e.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many elements have more than 40 isotopes?",
             "SELECT COUNT(*) FROM (SELECT atomic_number FROM isotopes GROUP BY atomic_number"
             " HAVING COUNT(*) > 40)"),
    Question("How many isotopes occur in nature, with a natural abundance?",
             "SELECT COUNT(*) FROM isotopes WHERE abundance IS NOT NULL"),
    Question("Which element has the most naturally occurring isotopes?",
             f"SELECT e.name FROM {_ISOTOPES} WHERE i.abundance IS NOT NULL GROUP BY e.name"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the natural abundance of carbon-13?",
             f"SELECT i.abundance FROM {_ISOTOPES} WHERE e.name = 'Carbon'"
             " AND i.mass_number = 13"),
    Question("What is the half-life of uranium-238?",
             f"SELECT i.half_life, i.half_life_unit FROM {_ISOTOPES} WHERE e.name = 'Uranium'"
             " AND i.mass_number = 238"),
    Question("How many isotopes of all the alkali metals are there in total?",
             f"SELECT COUNT(*) FROM {_ISOTOPES} JOIN series s ON s.id = e.series_id"
             " WHERE s.name = 'Alkali metals'"),
    Question("Which decay mode is the most common among the isotopes?",
             "SELECT mode FROM isotopedecaymodes GROUP BY mode ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many isotopes can decay by alpha emission?",
             "SELECT COUNT(DISTINCT isotope_id) FROM isotopedecaymodes WHERE mode = 'A'"),
    Question("How many isotopes of uranium can undergo spontaneous fission?",
             f"SELECT COUNT(DISTINCT i.id) FROM {_DECAYS} JOIN elements e"
             " ON e.atomic_number = i.atomic_number WHERE e.name = 'Uranium' AND d.mode = 'SF'"),
    Question("List the main oxidation states of iron.",
             f"SELECT o.oxidation_state FROM {_OXIDATION} WHERE e.name = 'Iron'"
             " AND o.category = 'main' ORDER BY o.oxidation_state", column=True),
    Question("Which two elements have the most oxidation states?",
             f"SELECT e.name FROM {_OXIDATION} GROUP BY e.name ORDER BY COUNT(*) DESC LIMIT 2",
             column=True),
    Question("How many elements have no known oxidation state?",
             "SELECT COUNT(*) FROM elements WHERE atomic_number NOT IN"
             " (SELECT atomic_number FROM oxidationstates)"),
    Question("Which series never contains a radioactive element?",
             "SELECT name FROM series WHERE id NOT IN (SELECT series_id FROM elements"
             " WHERE is_radioactive = 1)"),
    Question("What is the average density of the transition metals, excluding the radioactive"
             " ones?",
             f"SELECT AVG(e.density) FROM {_SERIES} WHERE s.name = 'Transition metals'"
             " AND e.is_radioactive = 0"),
    Question("What is the average atomic weight of the carbon group?",
             "SELECT AVG(e.atomic_weight) FROM elements e JOIN groups g"
             " ON g.group_id = e.group_id WHERE g.name = 'Carbon group'"),
    *_no(
        "What is the first ionization energy of sodium?",
        "What is the electrical resistivity of copper?",
        "Which elements are toxic to humans?",
        "Which Nobel Prizes did the discoverers of polonium win?",
        "How many tonnes of lithium did Chile mine in 2020?",
        "What will the price of platinum be next year?",
        "Which laboratory will discover element 120?",
        "What was the weather in Stockholm on the day yttrium was discovered?",
        "Write a limerick about the noble gases.",
        "Explain in your own words why gold does not rust.",
        "¿Cuál es el punto de fusión del hierro?",
        "Wie viele Isotope hat Zinn?",
    ),
]  # fmt: skip
