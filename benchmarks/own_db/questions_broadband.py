"""The mobile broadband providers' questions (broadband.md): the twenty-fourth held-out
database.  Written from mobile-broadband-provider-info's serviceproviders.xml and a look at
the built rows by a helper who never read the linker's code, before the agent was ever run
on it; every gold SQL was checked with sqlite3 alone.  An "access point" is an APN; a
"network code" is a network_id row (MCC and MNC); a "CDMA system id" is a sid."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_PROVIDER = "provider p JOIN country c ON c.code = p.country_code"
_APN = "apn a JOIN provider p ON p.id = a.provider_id"
BROADBAND = [
    Question("How many countries are there?", "SELECT COUNT(*) FROM country"),
    Question("How many mobile providers are there?", "SELECT COUNT(*) FROM provider"),
    Question("How many APNs are there?", "SELECT COUNT(*) FROM apn"),
    Question("How many CDMA system ids are listed?", "SELECT COUNT(*) FROM sid"),
    Question("How many distinct mobile country codes are there?",
             "SELECT COUNT(DISTINCT mcc) FROM network_id"),
    Question("How many providers are there in Germany?",
             f"SELECT COUNT(*) FROM {_PROVIDER} WHERE c.name = 'Germany'"),
    Question("How many mobile providers does Switzerland have?",
             f"SELECT COUNT(*) FROM {_PROVIDER} WHERE c.name = 'Switzerland'"),
    Question("What is the country code of New Zealand?",
             "SELECT code FROM country WHERE name = 'New Zealand'"),
    Question("Which country has the code ke?", "SELECT name FROM country WHERE code = 'ke'"),
    Question("What is the voicemail number of Telia in Sweden?",
             f"SELECT p.voicemail FROM {_PROVIDER} WHERE p.name = 'Telia' "
             "AND c.name = 'Sweden'"),
    Question("What is the MMS centre URL of Swisscom?",
             f"SELECT a.mmsc FROM {_APN} WHERE p.name = 'Swisscom' AND a.mmsc IS NOT NULL"),
    Question("What is the APN of Telstra's MMS service?",
             f"SELECT a.value FROM {_APN} WHERE p.name = 'Telstra' AND a.usage = 'mms'"),
    Question("What are the DNS servers of the Swisscom GPRS access point?",
             "SELECT dns FROM apn WHERE name = 'Swisscom GPRS'"),
    Question("What is the password of the Telstra (3G data pack) APN?",
             "SELECT password FROM apn WHERE name = 'Telstra (3G data pack)'"),
    Question("Which providers use the mobile country code 228?",
             "SELECT DISTINCT p.name FROM provider p JOIN network_id n ON n.provider_id = p.id "
             "WHERE n.mcc = 228", column=True),
    Question("Which providers share the network with MCC 234 and MNC 10?",
             "SELECT p.name FROM provider p JOIN network_id n ON n.provider_id = p.id "
             "WHERE n.mcc = 234 AND n.mnc = 10", column=True),
    Question("What is Swisscom's mobile network code?",
             "SELECT n.mnc FROM network_id n JOIN provider p ON p.id = n.provider_id "
             "WHERE p.name = 'Swisscom'"),
    Question("Which provider has the most APNs?",
             f"SELECT p.name FROM {_APN} GROUP BY p.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which provider has the most CDMA system ids?",
             "SELECT p.name FROM sid s JOIN provider p ON p.id = s.provider_id "
             "GROUP BY p.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which provider has the most network codes?",
             "SELECT p.name FROM network_id n JOIN provider p ON p.id = n.provider_id "
             "GROUP BY p.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which country has the most APNs?",
             f"SELECT c.name FROM {_APN} JOIN country c ON c.code = p.country_code "
             "GROUP BY c.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which country's providers have the most network codes?",
             "SELECT c.name FROM network_id n JOIN provider p ON p.id = n.provider_id "
             "JOIN country c ON c.code = p.country_code "
             "GROUP BY c.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which mobile country code appears in the most network codes?",
             "SELECT mcc FROM network_id GROUP BY mcc ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the lowest CDMA system id used by Verizon?",
             "SELECT MIN(s.value) FROM sid s JOIN provider p ON p.id = s.provider_id "
             "WHERE p.name = 'Verizon'"),
    Question("How many providers have no APN at all?",
             "SELECT COUNT(*) FROM provider p WHERE NOT EXISTS "
             "(SELECT 1 FROM apn a WHERE a.provider_id = p.id)"),
    Question("Which country has no mobile provider listed?",
             "SELECT name FROM country c WHERE NOT EXISTS "
             "(SELECT 1 FROM provider p WHERE p.country_code = c.code)"),
    Question("How many APNs require a username?",
             "SELECT COUNT(*) FROM apn WHERE username IS NOT NULL"),
    Question("How many APNs use CHAP authentication?",
             "SELECT COUNT(*) FROM apn WHERE authentication = 'chap'"),
    Question("Which APN uses PAP authentication?",
             "SELECT value FROM apn WHERE authentication = 'pap'"),
    Question("How many APNs are for MMS?", "SELECT COUNT(*) FROM apn WHERE usage = 'mms'"),
    Question("How many APNs are available on a prepaid plan?",
             "SELECT COUNT(*) FROM apn WHERE plan LIKE '%prepaid%'"),
    Question("How many APNs set their own DNS servers?",
             "SELECT COUNT(*) FROM apn WHERE dns IS NOT NULL"),
    Question("How many APNs are there for each usage type?",
             "SELECT usage, COUNT(*) FROM apn WHERE usage IS NOT NULL GROUP BY usage"),
    Question("How many providers does each country have?",
             f"SELECT c.name, COUNT(*) FROM {_PROVIDER} GROUP BY c.code"),
    Question("Which countries have more than 12 providers?",
             f"SELECT c.name FROM {_PROVIDER} GROUP BY c.code HAVING COUNT(*) > 12",
             column=True),
    Question("Which providers have more than 6 APNs?",
             f"SELECT p.name FROM {_APN} GROUP BY p.id HAVING COUNT(*) > 6", column=True),
    Question("What is the average number of APNs per provider?",
             "SELECT COUNT(*) * 1.0 / (SELECT COUNT(*) FROM provider) FROM apn"),
    Question("Which providers in Poland are marked as primary network providers?",
             f"SELECT p.name FROM {_PROVIDER} WHERE c.name = 'Poland' "
             "AND p.\"primary\" = 'true'", column=True),
    Question("How many providers are marked as not primary?",
             "SELECT COUNT(*) FROM provider WHERE \"primary\" = 'false'"),
    Question("Which providers in the United States have CDMA system ids?",
             f"SELECT DISTINCT p.name FROM {_PROVIDER} JOIN sid s ON s.provider_id = p.id "
             "WHERE c.name = 'United States'", column=True),
    Question("In which countries do providers use CDMA system ids?",
             f"SELECT DISTINCT c.name FROM {_PROVIDER} JOIN sid s ON s.provider_id = p.id",
             column=True),
    Question("List the providers in Finland, excluding Elisa.",
             f"SELECT p.name FROM {_PROVIDER} WHERE c.name = 'Finland' AND p.name <> 'Elisa'",
             column=True),
    Question("Which providers in Belgium never set an MMS centre on any APN?",
             f"SELECT p.name FROM {_PROVIDER} WHERE c.name = 'Belgium' AND NOT EXISTS "
             "(SELECT 1 FROM apn a WHERE a.provider_id = p.id AND a.mmsc IS NOT NULL)",
             column=True),
    Question("What username does Etisalat's mnet APN use?",
             f"SELECT a.username FROM {_APN} WHERE p.name = 'Etisalat' AND a.value = 'mnet'"),
    Question("How many APNs do the providers in Spain have in total?",
             f"SELECT COUNT(*) FROM {_APN} JOIN country c ON c.code = p.country_code "
             "WHERE c.name = 'Spain'"),
    *_no(
        "What is the monthly price of Swisscom's prepaid plan?",
        "How many subscribers does Verizon have?",
        "When was Telstra founded?",
        "What download speed does Orange offer in France?",
        "Which 5G frequency bands does T-Mobile use in the United States?",
        "Who is the CEO of Vodafone?",
        "Which provider has the best coverage in rural Spain?",
        "How many providers will operate in Germany in 2030?",
        "Which provider had the most customer complaints last year?",
        "Write a short poem about roaming in Andorra.",
        "¿Cuál es el operador móvil más barato de México?",
        "Quel opérateur a le meilleur réseau 4G en France ?",
    ),
]  # fmt: skip
