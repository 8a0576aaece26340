"""Chemical property, safety and environment questions (chemicals.md): the forty-second
held-out database.  Written from the tab-separated data files in the ``chemicals`` 1.3.3
wheel and a look at the built rows by a helper who never read the linker's code, before the
agent was ever run on it; every gold SQL was checked with sqlite3 alone.  A substance is
named as its table names it ("Ethanol", "Sodium chloride"), a gas of the GWP table also by
its acronym ("HFC-134a"); temperatures asked in degrees Celsius are the kelvin columns less
273.15; an IARC or NTP classification is read through its code table."""

from __future__ import annotations

from .questions import Question

_IARC = 'IARC_data i JOIN IARC_codes c ON c.code = i."group"'
_NTP = "NTP_data n JOIN NTP_codes c ON c.code = n.Listing"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


CHEMICALS = [
    Question("How many organic compounds have physical constants in the CRC table?",
             "SELECT COUNT(*) FROM CRC_organic_data"),
    Question("How many inorganic compounds have a known boiling point?",
             "SELECT COUNT(Tb) FROM CRC_inorganic_data"),
    Question("What is the boiling point of ethanol in kelvin?",
             "SELECT Tb FROM CRC_organic_data WHERE Name = 'Ethanol'"),
    Question("What is the melting point of benzene in degrees Celsius?",
             "SELECT Tm - 273.15 FROM CRC_organic_data WHERE Name = 'Benzene'"),
    Question("What is the refractive index of toluene?",
             "SELECT RI FROM CRC_organic_data WHERE Name = 'Toluene'"),
    Question("What are the density and melting point of sodium chloride?",
             "SELECT rho, Tm FROM CRC_inorganic_data WHERE Chemical = 'Sodium chloride'"),
    Question("Which organic compound has the highest boiling point?",
             "SELECT Name FROM CRC_organic_data ORDER BY Tb DESC LIMIT 1"),
    Question("Which organic compound has the lowest melting point?",
             "SELECT Name FROM CRC_organic_data WHERE Tm IS NOT NULL ORDER BY Tm LIMIT 1"),
    Question("What are the 5 densest organic compounds?",
             "SELECT Name, rho FROM CRC_organic_data ORDER BY rho DESC LIMIT 5"),
    Question("Which inorganic compound has the highest melting point?",
             "SELECT Chemical FROM CRC_inorganic_data ORDER BY Tm DESC LIMIT 1"),
    Question("Which inorganic substance is the densest?",
             "SELECT Chemical FROM CRC_inorganic_data ORDER BY rho DESC LIMIT 1"),
    Question("Which 3 inorganic substances have the lowest boiling points?",
             "SELECT Chemical, Tb FROM CRC_inorganic_data WHERE Tb IS NOT NULL"
             " ORDER BY Tb LIMIT 3"),
    Question("What is the average density of the inorganic compounds?",
             "SELECT AVG(rho) FROM CRC_inorganic_data"),
    Question("How many organic compounds boil below 0 °C?",
             "SELECT COUNT(*) FROM CRC_organic_data WHERE Tb < 273.15"),
    Question("How many inorganic compounds melt above 2000 °C?",
             "SELECT COUNT(*) FROM CRC_inorganic_data WHERE Tm > 2273.15"),
    Question("How many organic compounds have a refractive index above 1.6?",
             "SELECT COUNT(*) FROM CRC_organic_data WHERE RI > 1.6"),
    Question("How many organic compounds have neither a melting point nor a boiling point?",
             "SELECT COUNT(*) FROM CRC_organic_data WHERE Tm IS NULL AND Tb IS NULL"),
    Question("How many substances does IARC classify as carcinogenic to humans (Group 1)?",
             'SELECT COUNT(*) FROM IARC_data WHERE "group" = 1'),
    Question("How many substances are in each IARC classification?",
             f"SELECT c.description, COUNT(*) FROM {_IARC} GROUP BY c.description"),
    Question("Which IARC classification has been given to the most substances?",
             f"SELECT c.description FROM {_IARC} GROUP BY c.description"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How does IARC classify formaldehyde?",
             f"SELECT c.description FROM {_IARC} WHERE i.description = 'Formaldehyde'"),
    Question("In which year did IARC last evaluate phenobarbital?",
             "SELECT year FROM IARC_data WHERE description = 'Phenobarbital'"),
    Question("How many IARC evaluations date from 1987?",
             "SELECT COUNT(*) FROM IARC_data WHERE year = '1987'"),
    Question("Excluding 1987, which year has the most IARC evaluations?",
             "SELECT year FROM IARC_data WHERE year <> '1987' GROUP BY year"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many IARC evaluations are still in preparation?",
             "SELECT COUNT(*) FROM IARC_data WHERE year = 'In prep.'"),
    Question("Which substances did IARC classify as probably carcinogenic (Group 2A) in 2018?",
             "SELECT description FROM IARC_data WHERE \"group\" = 11 AND year = '2018'",
             column=True),
    Question("How many substances does the NTP list as known human carcinogens?",
             f"SELECT COUNT(*) FROM {_NTP} WHERE c.description = 'Known'"),
    Question("How many substances are in each NTP listing?",
             f"SELECT c.description, COUNT(*) FROM {_NTP} GROUP BY c.description"),
    Question("How is styrene listed by the National Toxicology Program?",
             f"SELECT c.description FROM {_NTP} WHERE n.Chemical = 'Styrene'"),
    Question("How many substances are both IARC Group 1 and known carcinogens for the NTP?",
             "SELECT COUNT(*) FROM IARC_data i JOIN NTP_data n ON n.CAS = i.CAS"
             ' WHERE i."group" = 1 AND n.Listing = 1'),
    Question("How many substances on the NTP carcinogen list were never classified by IARC?",
             "SELECT COUNT(*) FROM NTP_data WHERE CAS NOT IN (SELECT CAS FROM IARC_data)"),
    Question("Which known human carcinogen of the NTP has no IARC classification?",
             "SELECT Chemical FROM NTP_data WHERE Listing = 1"
             " AND CAS NOT IN (SELECT CAS FROM IARC_data)"),
    Question("What is the flash point of ethanol according to NFPA 497?",
             "SELECT T_flash FROM NFPA_2008_data WHERE Name = 'Ethanol'"),
    Question("Which chemical in NFPA 497 has the lowest autoignition temperature?",
             "SELECT Name FROM NFPA_2008_data WHERE T_autoignition IS NOT NULL"
             " ORDER BY T_autoignition LIMIT 1"),
    Question("Which chemical has the highest autoignition temperature?",
             "SELECT Name FROM NFPA_2008_data ORDER BY T_autoignition DESC LIMIT 1"),
    Question("Which flammable chemical has the lowest flash point?",
             "SELECT Name FROM NFPA_2008_data WHERE T_flash IS NOT NULL ORDER BY T_flash LIMIT 1"),
    Question("Which chemical has the lowest lower flammability limit?",
             "SELECT Name FROM NFPA_2008_data WHERE LFL IS NOT NULL ORDER BY LFL LIMIT 1"),
    Question("How many NFPA 497 chemicals have a flash point below 0 °C?",
             "SELECT COUNT(*) FROM NFPA_2008_data WHERE T_flash < 273.15"),
    Question("What is the average autoignition temperature of the NFPA 497 chemicals in °C?",
             "SELECT AVG(T_autoignition) - 273.15 FROM NFPA_2008_data"),
    Question("List the flammable chemicals of NFPA 497 that IARC classifies as carcinogenic"
             " to humans.",
             "SELECT f.Name FROM NFPA_2008_data f JOIN IARC_data i ON i.CAS = f.CAS"
             ' WHERE i."group" = 1', column=True),
    Question("How many NFPA 497 chemicals are on the NTP carcinogen list?",
             "SELECT COUNT(*) FROM NFPA_2008_data f JOIN NTP_data n ON n.CAS = f.CAS"),
    Question("What is the 100-year global warming potential of methane?",
             "SELECT \"100yr GWP\" FROM IPCC_2021_GWPs WHERE Name = 'Methane'"),
    Question("What is the 20-year GWP of HFC-134a?",
             "SELECT \"20yr GWP\" FROM IPCC_2021_GWPs WHERE Acronym = 'HFC-134a'"),
    Question("Which gas has the highest 100-year global warming potential?",
             'SELECT Name FROM IPCC_2021_GWPs ORDER BY "100yr GWP" DESC LIMIT 1'),
    Question("What are the top 5 greenhouse gases by atmospheric lifetime?",
             'SELECT Name, "Lifetime, years" FROM IPCC_2021_GWPs'
             ' ORDER BY "Lifetime, years" DESC LIMIT 5'),
    Question("How many gases have a 100-year GWP of more than 1000?",
             'SELECT COUNT(*) FROM IPCC_2021_GWPs WHERE "100yr GWP" > 1000'),
    Question("What is the ozone depletion potential of CFC-12 under the Montreal Protocol?",
             "SELECT ODP1 FROM ODP_data WHERE CAS = '75-71-8'"),
    Question("Which substance has the highest maximum ozone depletion potential in the WMO"
             " 2010 figures?",
             'SELECT Name FROM ODP_data ORDER BY "ODP2 Max" DESC LIMIT 1'),
    Question("How many ozone-depleting substances have their Montreal Protocol ODP given as"
             " a range?",
             "SELECT COUNT(*) FROM ODP_data WHERE ODP1 LIKE '%-%'"),
    Question("How many ozone-depleting substances are also in the IPCC 2021 GWP table?",
             "SELECT COUNT(*) FROM ODP_data o JOIN IPCC_2021_GWPs g ON g.CAS = o.CAS"),
    Question("Among ozone-depleting substances, which has the highest 100-year GWP?",
             "SELECT g.Name FROM ODP_data o JOIN IPCC_2021_GWPs g ON g.CAS = o.CAS"
             ' ORDER BY g."100yr GWP" DESC LIMIT 1'),
    Question("What is the average melting point of the organic compounds IARC classifies as"
             " carcinogenic to humans?",
             "SELECT AVG(o.Tm) FROM CRC_organic_data o JOIN IARC_data i ON i.CAS = o.CAS"
             ' WHERE i."group" = 1'),
    Question("Which IARC Group 1 organic compound has the highest boiling point?",
             "SELECT o.Name FROM CRC_organic_data o JOIN IARC_data i ON i.CAS = o.CAS"
             ' WHERE i."group" = 1 ORDER BY o.Tb DESC LIMIT 1'),
    *_no(
        "What is the price per kilogram of acetone?",
        "Who discovered formaldehyde?",
        "What is the SMILES structure of caffeine?",
        "What is the LD50 of methanol in rats?",
        "What is the occupational exposure limit for benzene?",
        "Which country emits the most methane?",
        "What will the 100-year GWP of methane be in the next IPCC report?",
        "Is toluene safer than benzene for a school laboratory?",
        "Summarise the health effects IARC describes for formaldehyde.",
        "What are the GHS hazard pictograms for methanol?",
        "How much ethanol does the United States produce each year?",
        "What is the vapour pressure of water at 50 °C?",
        "¿Qué empresa fabrica más ácido sulfúrico en el mundo?",
        "Welche Chemikalie ist für Kinder am gefährlichsten?",
    ),
]  # fmt: skip
