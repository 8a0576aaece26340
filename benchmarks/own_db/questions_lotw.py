"""Logbook of the World's reference lists' questions (lotw.md): a held-out database chosen
from Debian's amateur radio packages.  Written from config.xml of Debian's trustedqsl
2.6.5-2 and a look at the built rows by a helper who never read the linker's code, before
the agent was ever run on it; every gold SQL was checked with sqlite3 alone.  An "entity"
(a DXCC "country") is asked by its name or its number; a band's limits are in kHz for HF
and in MHz above; a state, county, park, prefecture, city, oblast or municipality is a row
of enum under its field."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_ZONES = "zonemap z JOIN entity e ON e.arrlId = z.arrlId"
_ADIF = "adifmode a JOIN mode m ON m.name = a.mode"
_CITIES = (
    "enum c JOIN enum p ON p.field = 'JA_PREFECTURE' AND p.value = c.dependency "
    "WHERE c.field = 'JA_CITY_GUN_KU'"
)
_OBLASTS = "enum o JOIN entity e ON e.arrlId = o.dependency WHERE o.field = 'RU_OBLAST'"
LOTW = [
    Question("How many deleted DXCC entities are there?",
             "SELECT COUNT(*) FROM entity WHERE deleted = 1"),
    Question("How many DXCC entities are still current, not counting the -NONE- placeholder?",
             "SELECT COUNT(*) FROM entity WHERE deleted = 0 AND arrlId <> 0"),
    Question("What is the DXCC entity number of Montenegro?",
             "SELECT arrlId FROM entity WHERE name = 'MONTENEGRO'"),
    Question("Which DXCC entity has the number 246?",
             "SELECT name FROM entity WHERE arrlId = 246"),
    Question("From what date do contacts with the Republic of Kosovo count?",
             "SELECT valid FROM entity WHERE name = 'REPUBLIC OF KOSOVO'"),
    Question("When was Aldabra deleted as an entity?",
             "SELECT invalid FROM entity WHERE name = 'ALDABRA (DELETED)'"),
    Question("Which entity was deleted most recently?",
             "SELECT name FROM entity WHERE deleted = 1 ORDER BY invalid DESC LIMIT 1"),
    Question("Which entity became valid most recently?",
             "SELECT name FROM entity ORDER BY valid DESC LIMIT 1"),
    Question("How many entities became valid in the year 2000 or later?",
             "SELECT COUNT(*) FROM entity WHERE valid >= '2000-01-01'"),
    Question("How many entities were deleted during the 1990s?",
             "SELECT COUNT(*) FROM entity WHERE invalid >= '1990-01-01' "
             "AND invalid < '2000-01-01'"),
    Question("Which entities were deleted in 1991?",
             "SELECT name FROM entity WHERE invalid LIKE '1991-%'", column=True),
    Question("Which CQ zones is Canada in?",
             f"SELECT DISTINCT z.CQZ FROM {_ZONES} WHERE e.name = 'CANADA' ORDER BY z.CQZ",
             column=True),
    Question("How many different ITU zones does Asiatic Russia cover?",
             f"SELECT COUNT(DISTINCT z.ITUZ) FROM {_ZONES} WHERE e.name = 'ASIATIC RUSSIA'"),
    Question("Which 3 entities span the most ITU/CQ zone combinations?",
             f"SELECT e.name FROM {_ZONES} GROUP BY e.arrlId ORDER BY COUNT(*) DESC LIMIT 3",
             column=True),
    Question("How many entities that are not deleted lie in CQ zone 14?",
             f"SELECT COUNT(DISTINCT e.arrlId) FROM {_ZONES} WHERE z.CQZ = 14 "
             "AND e.deleted = 0"),
    Question("Which entities are in ITU zone 61?",
             f"SELECT e.name FROM {_ZONES} WHERE z.ITUZ = 61", column=True),
    Question("Which entity has no zone at all?",
             "SELECT name FROM entity e WHERE NOT EXISTS "
             "(SELECT 1 FROM zonemap z WHERE z.arrlId = e.arrlId)"),
    Question("How many amateur bands are there?", "SELECT COUNT(*) FROM band"),
    Question("What are the frequency limits of the 40 meter band?",
             "SELECT low, high FROM band WHERE name = '40M'"),
    Question("Which band covers 433 MHz?",
             "SELECT name FROM band WHERE spectrum <> 'HF' AND 433 BETWEEN low AND high"),
    Question("Which band is 14.074 MHz in?",
             "SELECT name FROM band WHERE spectrum = 'HF' AND 14074 BETWEEN low AND high"),
    Question("How many bands are UHF bands?", "SELECT COUNT(*) FROM band WHERE spectrum = 'UHF'"),
    Question("How many bands are there in each part of the spectrum?",
             "SELECT spectrum, COUNT(*) FROM band GROUP BY spectrum"),
    Question("List the VHF bands.", "SELECT name FROM band WHERE spectrum = 'VHF'",
             column=True),
    Question("Which HF band is the narrowest?",
             "SELECT name FROM band WHERE spectrum = 'HF' ORDER BY high - low LIMIT 1"),
    Question("How many modes are in the DATA group?",
             "SELECT COUNT(*) FROM mode WHERE \"group\" = 'DATA'"),
    Question("Which group does SSTV belong to?",
             "SELECT \"group\" FROM mode WHERE name = 'SSTV'"),
    Question("Which modes count as phone modes?",
             "SELECT name FROM mode WHERE \"group\" = 'PHONE'", column=True),
    Question("List the image modes, excluding SSTV.",
             "SELECT name FROM mode WHERE \"group\" = 'IMAGE' AND name <> 'SSTV'", column=True),
    Question("What mode does LoTW record a JS8 contact as?",
             "SELECT mode FROM adifmode WHERE name = 'JS8'"),
    Question("How many ADIF mode names map to the generic DATA mode?",
             "SELECT COUNT(*) FROM adifmode WHERE mode = 'DATA'"),
    Question("How many ADIF mode names map to a mode of the DATA group?",
             f"SELECT COUNT(*) FROM {_ADIF} WHERE m.\"group\" = 'DATA'"),
    Question("Which modes are never mapped to by any ADIF name?",
             "SELECT name FROM mode m WHERE NOT EXISTS "
             "(SELECT 1 FROM adifmode a WHERE a.mode = m.name)", column=True),
    Question("Which ADIF names are recorded as PSK31?",
             "SELECT name FROM adifmode WHERE mode = 'PSK31'", column=True),
    Question("What does the propagation mode TEP stand for?",
             "SELECT description FROM propmode WHERE name = 'TEP'"),
    Question("How many satellites are listed?", "SELECT COUNT(*) FROM satellite"),
    Question("How many satellites are no longer accepted for contacts?",
             "SELECT COUNT(*) FROM satellite WHERE endDate IS NOT NULL"),
    Question("Which satellite has the earliest start date?",
             "SELECT name FROM satellite ORDER BY startDate LIMIT 1"),
    Question("Until when did contacts through AO-40 count?",
             "SELECT endDate FROM satellite WHERE name = 'AO-40'"),
    Question("How many satellites started in 2019?",
             "SELECT COUNT(*) FROM satellite WHERE startDate LIKE '2019-%'"),
    Question("Which satellite was accepted for the shortest time?",
             "SELECT name FROM satellite WHERE endDate IS NOT NULL "
             "ORDER BY julianday(endDate) - julianday(startDate) LIMIT 1"),
    Question("What is the full name of QO-100?",
             "SELECT description FROM satellite WHERE name = 'QO-100'"),
    Question("How many satellites stopped being accepted before 2000?",
             "SELECT COUNT(*) FROM satellite WHERE endDate < '2000-01-01'"),
    Question("Which contests are VHF contests?",
             "SELECT name FROM cabrillocontest WHERE type = 'VHF'", column=True),
    Question("How many contests have the worked call sign in field 9?",
             "SELECT COUNT(*) FROM cabrillocontest WHERE field = 9"),
    Question("How many counties does Texas have?",
             "SELECT COUNT(*) FROM enum WHERE field = 'US_COUNTY' AND dependency = 'TX'"),
    Question("What are the top 5 states by number of counties?",
             "SELECT s.name FROM enum c JOIN enum s ON s.field = 'US_STATE' "
             "AND s.value = c.dependency WHERE c.field = 'US_COUNTY' "
             "GROUP BY s.value ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("Which states have more than 150 counties?",
             "SELECT s.name FROM enum c JOIN enum s ON s.field = 'US_STATE' "
             "AND s.value = c.dependency WHERE c.field = 'US_COUNTY' "
             "GROUP BY s.value HAVING COUNT(*) > 150", column=True),
    Question("What is the average number of counties per state?",
             "SELECT COUNT(*) * 1.0 / COUNT(DISTINCT dependency) FROM enum "
             "WHERE field = 'US_COUNTY'"),
    Question("Which state or district has no counties listed?",
             "SELECT s.name FROM enum s WHERE s.field = 'US_STATE' AND NOT EXISTS "
             "(SELECT 1 FROM enum c WHERE c.field = 'US_COUNTY' AND c.dependency = s.value)"),
    Question("How many parks can be chosen in Alaska?",
             "SELECT COUNT(*) FROM enum WHERE field = 'US_PARK' AND dependency = 'AK'"),
    Question("Which U.S. states are in CQ zone 3?",
             "SELECT name FROM enum WHERE field = 'US_STATE' AND zonemap LIKE '%:03%'",
             column=True),
    Question("What is the code of the Osaka prefecture?",
             "SELECT value FROM enum WHERE field = 'JA_PREFECTURE' AND name = 'Osaka-fu'"),
    Question("How many cities, gun and ku are listed in Hokkaido?",
             f"SELECT COUNT(*) FROM {_CITIES} AND p.name = 'Hokkaido-do'"),
    Question("Which Japanese prefecture has the most cities, gun and ku after Hokkaido?",
             f"SELECT p.name FROM {_CITIES} AND p.name <> 'Hokkaido-do' "
             "GROUP BY p.value ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many Finnish municipalities are in call area 6?",
             "SELECT COUNT(*) FROM enum WHERE field = 'FI_KUNTA' AND area = 6"),
    Question("Which Finnish call area has the most municipalities?",
             "SELECT area FROM enum WHERE field = 'FI_KUNTA' AND area IS NOT NULL "
             "GROUP BY area ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many Russian oblasts are marked as deleted?",
             "SELECT COUNT(*) FROM enum WHERE field = 'RU_OBLAST' AND name LIKE '%[DELETED]%'"),
    Question("How many oblasts are listed for Asiatic Russia?",
             f"SELECT COUNT(*) FROM {_OBLASTS} AND e.name = 'ASIATIC RUSSIA'"),
    Question("How many location fields are picked from a drop-down list?",
             "SELECT COUNT(*) FROM field WHERE intype = 2"),
    Question("Which location fields depend on the DXCC entity chosen?",
             "SELECT Id FROM field WHERE dependsOn = 'DXCC'", column=True),
    *_no(
        "What is the call sign prefix of Montenegro?",
        "Which continent is Saint Barthelemy on?",
        "How many contacts have been confirmed with Kosovo?",
        "Who was the first operator to work all DXCC entities?",
        "What is the orbital altitude of QO-100?",
        "When will the next DXCC entity be added?",
        "Which satellite will be launched next year?",
        "What is the population of Asiatic Russia?",
        "Which band is best for contacting Japan in the evening?",
        "Write a short poem about working DX on 20 meters.",
        "What is the longitude and latitude of Bouvet Island?",
        "Which contest had the most participants last year?",
        "¿Cuál es el prefijo de indicativo de Montenegro?",
        "Quelle est l'altitude de l'orbite du satellite AO-7 ?",
    ),
]  # fmt: skip
