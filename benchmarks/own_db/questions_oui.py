"""MAC address block questions (oui.md): a held-out database chosen from Debian's reference
data packages.  Written from the CSV and text listings of Debian's ``ieee-data`` 20220827.1
and a look at the built rows by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone.  An "OUI" is an MA-L
block.  Counting organizations counts rows of ``organization`` (a name at an address); a
company named, ranked ("which", "top 5") or listed is its name as listed, all its address
rows together.  A country is asked by its name where the data holds its two-letter code."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_ORG = "assignment a JOIN organization o ON o.organization_id = a.organization_id"
_SIZE = _ORG + " JOIN registry r ON r.registry = a.registry"
OUI = [
    Question("How many MAC address blocks has the IEEE assigned?",
             "SELECT COUNT(*) FROM assignment"),
    Question("How many OUIs (MA-L blocks) are there?",
             "SELECT COUNT(*) FROM assignment WHERE registry = 'MA-L'"),
    Question("How many organizations are listed?", "SELECT COUNT(*) FROM organization"),
    Question("How many blocks are there in each registry?",
             "SELECT registry, COUNT(*) FROM assignment GROUP BY registry"),
    Question("How many MAC addresses does one MA-M block hold?",
             "SELECT block_size FROM registry WHERE registry = 'MA-M'"),
    Question("List the registries whose blocks fix 36 bits of the address.",
             "SELECT registry FROM registry WHERE prefix_bits = 36", column=True),
    Question("Which organization was assigned the OUI 00000C?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.assignment = '00000C'"),
    Question("Who is the vendor of the MAC prefix F4:BD:9E?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.assignment = 'F4BD9E'"),
    Question("What is the address of the organization that holds OUI 001B63?",
             "SELECT o.organization_address FROM " + _ORG + " WHERE a.assignment = '001B63'"),
    Question("Which organizations is the OUI 080030 listed for?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.assignment = '080030'",
             column=True),
    Question("How many OUIs does Apple, Inc. hold?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE o.organization_name = 'Apple, Inc.'"
             " AND a.registry = 'MA-L'"),
    Question("Which organization holds the most OUIs?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.registry = 'MA-L'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 organizations by number of MA-L assignments?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.registry = 'MA-L'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("Which organization has the most MA-S blocks, excluding private ones?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.registry = 'MA-S'"
             " AND o.organization_name <> 'Private'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which organization has the most MA-M blocks?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.registry = 'MA-M'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which organization holds the most IAB blocks?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.registry = 'IAB'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many blocks are assigned to Private, their holder unpublished?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE o.organization_name = 'Private'"),
    Question("How many private blocks are there in each registry?",
             "SELECT a.registry, COUNT(*) FROM " + _ORG + " WHERE o.organization_name = 'Private'"
             " GROUP BY a.registry"),
    Question("How many organizations are based in Germany?",
             "SELECT COUNT(*) FROM organization WHERE country_code = 'DE'"),
    Question("How many organizations are there in Finland?",
             "SELECT COUNT(*) FROM organization WHERE country_code = 'FI'"),
    Question("How many countries do the organizations come from?",
             "SELECT COUNT(DISTINCT country_code) FROM organization"),
    Question("What are the top 5 countries by number of organizations?",
             "SELECT country_code FROM organization WHERE country_code IS NOT NULL"
             " GROUP BY country_code ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("Which country has been assigned the most blocks?",
             "SELECT o.country_code FROM " + _ORG + " WHERE o.country_code IS NOT NULL"
             " GROUP BY o.country_code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many blocks do organizations in each country hold?",
             "SELECT o.country_code, COUNT(*) FROM " + _ORG + " WHERE o.country_code IS NOT NULL"
             " GROUP BY o.country_code"),
    Question("Which country has the most IAB blocks?",
             "SELECT o.country_code FROM " + _ORG + " WHERE a.registry = 'IAB'"
             " AND o.country_code IS NOT NULL"
             " GROUP BY o.country_code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many MA-S blocks are held by organizations in China?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE a.registry = 'MA-S'"
             " AND o.country_code = 'CN'"),
    Question("How many OUIs do organizations in Japan hold?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE a.registry = 'MA-L'"
             " AND o.country_code = 'JP'"),
    Question("How many blocks of each registry do organizations in the United States hold?",
             "SELECT a.registry, COUNT(*) FROM " + _ORG + " WHERE o.country_code = 'US'"
             " GROUP BY a.registry"),
    Question("How many MAC addresses in total are covered by blocks assigned to organizations"
             " in Switzerland?",
             "SELECT SUM(r.block_size) FROM " + _SIZE + " WHERE o.country_code = 'CH'"),
    Question("How many MAC addresses in total do all the MA-M blocks cover?",
             "SELECT SUM(r.block_size) FROM assignment a JOIN registry r"
             " ON r.registry = a.registry WHERE a.registry = 'MA-M'"),
    Question("Which organization in South Korea holds the most blocks?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE o.country_code = 'KR'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which organization in Switzerland holds the most blocks?",
             "SELECT o.organization_name FROM " + _ORG + " WHERE o.country_code = 'CH'"
             " GROUP BY o.organization_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In which country is Xiaomi Communications Co Ltd located?",
             "SELECT DISTINCT country_code FROM organization"
             " WHERE organization_name = 'Xiaomi Communications Co Ltd'"),
    Question("How many blocks are held by organizations whose name contains Samsung?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE o.organization_name LIKE '%Samsung%'"),
    Question("How many OUIs does Nintendo Co.,Ltd hold?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE o.organization_name = 'Nintendo Co.,Ltd'"
             " AND a.registry = 'MA-L'"),
    Question("How many OUIs does the IEEE Registration Authority hold itself?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE a.registry = 'MA-L'"
             " AND o.organization_name = 'IEEE Registration Authority'"),
    Question("How many MA-S blocks lie in the OUI 70B3D5?",
             "SELECT COUNT(*) FROM assignment WHERE registry = 'MA-S' AND oui = '70B3D5'"),
    Question("Which OUI has been divided into the most MA-S blocks?",
             "SELECT oui FROM assignment WHERE registry = 'MA-S'"
             " GROUP BY oui ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many different OUIs have MA-M blocks been carved out of?",
             "SELECT COUNT(DISTINCT oui) FROM assignment WHERE registry = 'MA-M'"),
    Question("How many organization names are listed with more than 100 OUIs?",
             "SELECT COUNT(*) FROM (SELECT o.organization_name FROM " + _ORG
             + " WHERE a.registry = 'MA-L' GROUP BY o.organization_name"
             " HAVING COUNT(*) > 100)"),
    Question("List the organizations with more than 400 OUIs.",
             "SELECT o.organization_name FROM " + _ORG + " WHERE a.registry = 'MA-L'"
             " GROUP BY o.organization_name HAVING COUNT(*) > 400", column=True),
    Question("How many countries have more than 1000 organizations?",
             "SELECT COUNT(*) FROM (SELECT country_code FROM organization"
             " WHERE country_code IS NOT NULL GROUP BY country_code HAVING COUNT(*) > 1000)"),
    Question("On average, how many blocks does an organization hold?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM assignment"
             " GROUP BY organization_id)"),
    Question("How many organizations in the United States have never been assigned an OUI?",
             "SELECT COUNT(*) FROM organization o WHERE o.country_code = 'US'"
             " AND NOT EXISTS (SELECT 1 FROM assignment a"
             " WHERE a.organization_id = o.organization_id AND a.registry = 'MA-L')"),
    Question("How many blocks are there excluding the private ones?",
             "SELECT COUNT(*) FROM " + _ORG + " WHERE o.organization_name <> 'Private'"),
    Question("How many organizations have no country in their address?",
             "SELECT COUNT(*) FROM organization WHERE country_code IS NULL"),
    Question("How many distinct organizations have been assigned MA-M blocks?",
             "SELECT COUNT(DISTINCT organization_id) FROM assignment WHERE registry = 'MA-M'"),
    Question("Which registry has the most blocks assigned to organizations in Germany?",
             "SELECT a.registry FROM " + _ORG + " WHERE o.country_code = 'DE'"
             " GROUP BY a.registry ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "When was the OUI 00000C assigned to Cisco?",
        "How much does the IEEE charge for an MA-L block?",
        "What is the website of Apple, Inc.?",
        "How many employees does Huawei have?",
        "How many devices with a Samsung MAC address are in use today?",
        "Which company will be assigned the next OUI?",
        "What is the phone number of the IEEE Registration Authority?",
        "Which vendor makes the best network cards?",
        "Summarize the history of the IEEE's MAC address registries in a few sentences.",
        "What kind of devices does Intel Corporate make with its OUIs?",
        "Which MAC address does my laptop have?",
        "What is the stock ticker of Cisco Systems?",
        "¿En qué año recibió Apple su primer OUI?",
        "Wie viele Mitarbeiter hat die Firma Nintendo?",
    ),
]  # fmt: skip
