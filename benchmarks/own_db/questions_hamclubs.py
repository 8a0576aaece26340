"""Amateur radio clubs' questions (hamclubs.md): a held-out database chosen from Debian's data
packages.  Written from the text files of Debian's cqrlog-data 2.5.2-3 and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A club is asked by its name or
abbreviation as its list's heading writes it (``Straight Key Century Club``, ``FISTS``), an
operator by call sign, a country by its DXCC name (``Federal Republic of Germany``)."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_CLUB = "members m JOIN clubs c ON c.list = m.list"
_IOTA = "iota i JOIN countries c ON c.pref = i.pref"
HAMCLUBS: list[Question] = [
    Question("How many club member lists are there?", "SELECT COUNT(*) FROM clubs"),
    Question(
        "How many members does the Royal Naval Amateur Radio Society have?",
        f"SELECT COUNT(*) FROM {_CLUB} WHERE c.name = 'Royal Naval Amateur Radio Society'",
    ),
    Question(
        "What is the full name of the club abbreviated CWOPS?",
        "SELECT name FROM clubs WHERE abbreviation = 'CWOPS'",
    ),
    Question(
        "Which club list has the most members?",
        "SELECT list, COUNT(*) FROM members GROUP BY list ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the top 5 club lists by number of members?",
        "SELECT list, COUNT(*) FROM members GROUP BY list ORDER BY COUNT(*) DESC LIMIT 5",
    ),
    Question(
        "How many clubs have more than 1000 members?",
        "SELECT COUNT(*) FROM (SELECT list FROM members GROUP BY list HAVING COUNT(*) > 1000)",
    ),
    Question(
        "Which club has no members at all?",
        "SELECT c.list FROM clubs c WHERE NOT EXISTS"
        " (SELECT 1 FROM members m WHERE m.list = c.list)",
    ),
    Question(
        "Which clubs never give their members a membership number?",
        "SELECT c.list FROM clubs c WHERE EXISTS (SELECT 1 FROM members m WHERE m.list = c.list)"
        " AND NOT EXISTS (SELECT 1 FROM members m WHERE m.list = c.list AND m.nr IS NOT NULL)"
        " ORDER BY c.list",
        column=True,
    ),
    Question(
        "Which clubs is OK1RR a member of?",
        "SELECT list FROM members WHERE callsign = 'OK1RR' ORDER BY list",
        column=True,
    ),
    Question(
        "How many clubs is K1RAW a member of?",
        "SELECT COUNT(DISTINCT list) FROM members WHERE callsign = 'K1RAW'",
    ),
    Question(
        "Which call sign belongs to the most clubs?",
        "SELECT callsign, COUNT(DISTINCT list) FROM members GROUP BY callsign"
        " ORDER BY COUNT(DISTINCT list) DESC LIMIT 1",
    ),
    Question(
        "How many call signs are members of more than 10 clubs?",
        "SELECT COUNT(*) FROM (SELECT callsign FROM members GROUP BY callsign"
        " HAVING COUNT(DISTINCT list) > 10)",
    ),
    Question(
        "How many different call signs appear on the club lists?",
        "SELECT COUNT(DISTINCT callsign) FROM members",
    ),
    Question(
        "How many different call signs are on the club lists, excluding the three Ten-Ten"
        " International Net lists?",
        "SELECT COUNT(DISTINCT callsign) FROM members"
        " WHERE list NOT IN ('10-10', 'ten-ten', 'tenten')",
    ),
    Question(
        "On average, how many different clubs is a call sign a member of?",
        "SELECT AVG(n) FROM (SELECT callsign, COUNT(DISTINCT list) AS n FROM members"
        " GROUP BY callsign)",
    ),
    Question(
        "Who was member number 1 of The CW Operators' Club?",
        f"SELECT m.callsign FROM {_CLUB} WHERE c.name = 'The CW Operators'' Club' AND m.nr = '1'",
    ),
    Question(
        "When did OK1RR join CWops?",
        "SELECT from_date FROM members WHERE list = 'cwops' AND callsign = 'OK1RR'",
    ),
    Question(
        "What is DL1DA's membership number in the High Speed Club?",
        f"SELECT m.nr FROM {_CLUB} WHERE c.name = 'High Speed Club' AND m.callsign = 'DL1DA'",
    ),
    Question(
        "What is G4FAI's FISTS number?",
        "SELECT nr FROM members WHERE list = 'fists' AND callsign = 'G4FAI'",
    ),
    Question(
        "How many members of the Italian Naval Old Rhythmers Club are still members, with no"
        " end date?",
        f"SELECT COUNT(*) FROM {_CLUB} WHERE c.name = 'Italian Naval Old Rhythmers Club'"
        " AND m.to_date = '-'",
    ),
    Question(
        "How many CWops members joined in 2010?",
        "SELECT COUNT(*) FROM members WHERE list = 'cwops' AND from_date LIKE '2010%'",
    ),
    Question(
        "How many FOC memberships have ended?",
        "SELECT COUNT(*) FROM members WHERE list = 'foc' AND to_date <> '-'",
    ),
    Question(
        "In which year did the most FOC members join?",
        "SELECT substr(from_date, 1, 4), COUNT(*) FROM members WHERE list = 'foc'"
        " GROUP BY substr(from_date, 1, 4) ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many call signs are members of both FISTS and SKCC?",
        "SELECT COUNT(*) FROM (SELECT callsign FROM members WHERE list = 'fists'"
        " INTERSECT SELECT callsign FROM members WHERE list = 'skcc')",
    ),
    Question(
        "How many High Speed Club members are also in CWops?",
        "SELECT COUNT(*) FROM (SELECT callsign FROM members WHERE list = 'hsc'"
        " INTERSECT SELECT callsign FROM members WHERE list = 'cwops')",
    ),
    Question(
        "List the telegraphy clubs, those whose name contains 'Telegra' in any spelling, with"
        " their full names.",
        "SELECT list, name FROM clubs WHERE name LIKE '%telegra%' ORDER BY name",
    ),
    Question(
        "What is the first name of OK1RR?", "SELECT name FROM opnames WHERE callsign = 'OK1RR'"
    ),
    Question(
        "What is the most common operator first name?",
        "SELECT name, COUNT(*) FROM opnames GROUP BY name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the first names of the CWops members who joined in 2009, by call sign?",
        "SELECT m.callsign, o.name FROM members m JOIN opnames o ON o.callsign = m.callsign"
        " WHERE m.list = 'cwops' AND m.from_date LIKE '2009%' ORDER BY m.callsign",
    ),
    Question(
        "How many High Speed Club members have a known grid locator?",
        "SELECT COUNT(*) FROM members m JOIN qthloc q ON q.callsign = m.callsign"
        " WHERE m.list = 'hsc'",
    ),
    Question(
        "How many FISTS members upload their logs to LoTW?",
        "SELECT COUNT(*) FROM members m JOIN lotw_users l ON l.callsign = m.callsign"
        " WHERE m.list = 'fists'",
    ),
    Question(
        "What percentage of SKCC members use Logbook of The World?",
        "SELECT ROUND(100.0 * SUM(l.callsign IS NOT NULL) / COUNT(*), 1) FROM members m"
        " LEFT JOIN lotw_users l ON l.callsign = m.callsign WHERE m.list = 'skcc'",
    ),
    Question(
        "How many members of the Croatian Telegraphy Club never use LoTW?",
        f"SELECT COUNT(*) FROM {_CLUB} WHERE c.name = 'Croatian Telegraphy Club'"
        " AND m.callsign NOT IN (SELECT callsign FROM lotw_users)",
    ),
    Question(
        "How many members of the railway workers' club, the Federation Internationale des"
        " Radio Amateurs Cheminots, are eQSL Authenticity Guaranteed?",
        f"SELECT COUNT(*) FROM {_CLUB} JOIN eqsl_ag e ON e.callsign = m.callsign"
        " WHERE c.name = 'Federation Internationale des Radio Amateurs Cheminots'",
    ),
    Question(
        "Who is the QSL manager of 3B8CW?",
        "SELECT qsl_manager FROM qsl_managers WHERE callsign = '3B8CW'",
    ),
    Question(
        "Which QSL manager handles the most stations?",
        "SELECT qsl_manager, COUNT(*) FROM qsl_managers GROUP BY qsl_manager"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "For how many stations is UA4WHX the QSL manager?",
        "SELECT COUNT(*) FROM qsl_managers WHERE qsl_manager = 'UA4WHX'",
    ),
    Question(
        "How many QSL manager entries were last updated in 2019?",
        "SELECT COUNT(*) FROM qsl_managers WHERE updated LIKE '2019%'",
    ),
    Question(
        "How many DXCC countries are in Africa?",
        "SELECT COUNT(*) FROM countries WHERE cont = 'AF'",
    ),
    Question(
        "How many DXCC countries are there on each continent?",
        "SELECT cont, COUNT(*) FROM countries GROUP BY cont ORDER BY cont",
    ),
    Question(
        "Which continent has the most DXCC countries?",
        "SELECT cont, COUNT(*) FROM countries GROUP BY cont ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the CQ zone and the DXCC entity number of Mauritius?",
        "SELECT waz, adif FROM countries WHERE name = 'Mauritius'",
    ),
    Question(
        "Which DXCC countries are in CQ zone 14?",
        "SELECT name FROM countries WHERE waz = 14 ORDER BY name",
        column=True,
    ),
    Question(
        "List the DXCC countries in Antarctica.",
        "SELECT name FROM countries WHERE cont = 'AN' ORDER BY name",
        column=True,
    ),
    Question(
        "Which DXCC countries only started counting in 2000 or later, and since when?",
        "SELECT name, valid FROM countries WHERE valid LIKE '20%' ORDER BY valid, name",
    ),
    Question(
        "How many deleted DXCC countries were in Asia?",
        "SELECT COUNT(*) FROM deleted_countries WHERE cont = 'AS'",
    ),
    Question(
        "Which U.S. states are in the W1 call area?",
        "SELECT name FROM us_states WHERE pref = 'W1' ORDER BY name",
        column=True,
    ),
    Question(
        "How many U.S. states and territories are in CQ zone 4?",
        "SELECT COUNT(*) FROM us_states WHERE waz = 4",
    ),
    Question(
        "How many IOTA island groups are there in Oceania?",
        "SELECT COUNT(DISTINCT iota) FROM iota WHERE iota LIKE 'OC-%'",
    ),
    Question(
        "What is the IOTA reference of the Canary Islands?",
        "SELECT iota FROM iota WHERE name = 'Canary Islands'",
    ),
    Question(
        "Which DXCC country has the most IOTA island groups?",
        f"SELECT c.name, COUNT(DISTINCT i.iota) FROM {_IOTA} GROUP BY c.adif"
        " ORDER BY COUNT(DISTINCT i.iota) DESC LIMIT 1",
    ),
    Question(
        "How many IOTA groups does Greece have?",
        f"SELECT COUNT(DISTINCT i.iota) FROM {_IOTA} WHERE c.name = 'Greece'",
    ),
    Question(
        "What is the full name of the CQ-WW-CW contest?",
        "SELECT contest_name FROM contests WHERE contest_id = 'CQ-WW-CW'",
    ),
    Question(
        "How many of the contests are QSO parties?",
        "SELECT COUNT(*) FROM contests WHERE contest_name LIKE '%QSO Party%'",
    ),
    *_no(
        "What is the email address of OK1RR?",
        "How old is the oldest member of the High Speed Club?",
        "How much does it cost to join CWops?",
        "Which radio does N3JT use?",
        "How many contacts did OK1RR make last year?",
        "Who won the CQ WW DX Contest (CW) in 2019?",
        "When will the next DXpedition to Bouvet Island take place?",
        "Which is the friendliest CW club to join?",
        "What is the current solar flux index?",
        "How many licensed radio amateurs are there in Germany?",
        "Summarize this: The club was founded by telegraphists who wanted to keep CW alive.",
        "¿Cuántos socios tiene el club FISTS en España?",
        "Wie viele Mitglieder des High Speed Club wohnen in Bayern?",
        "Which members of the Straight Key Century Club are women?",
    ),
]
