"""LGeneral's First World War campaign's questions (lgeneral.md): a held-out database chosen
from Debian's game data packages.  Written from the kukgen files of Debian's lgeneral-data
1.1.1-1 and a look at the built rows by a helper who never read the linker's code, before
the agent was ever run on it; every gold SQL was checked with sqlite3 alone.  A "unit type"
is a row of unit_lib, a "unit" of a scenario one of units; a scenario is asked by its title
or file name, a nation by its display name or identifier."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_DEPLOYED = "units u JOIN unit_lib l ON l.id = u.id"
_NATION = "unit_lib l JOIN nations n ON n.nation = l.nation"
_CLASS = "unit_lib l JOIN unit_classes c ON c.class = l.class"
LGENERAL = [
    Question("How many unit types are in the unit library?", "SELECT COUNT(*) FROM unit_lib"),
    Question("How many scenarios does the campaign have?", "SELECT COUNT(*) FROM scenarios"),
    Question("How many nations are there?", "SELECT COUNT(*) FROM nations"),
    Question("How many units are deployed across all scenarios?", "SELECT COUNT(*) FROM units"),
    Question(
        "How many unit types are fighters?", "SELECT COUNT(*) FROM unit_lib WHERE class = 'fighter'"
    ),
    Question(
        "How many turns does the Caporetto scenario last?",
        "SELECT turns FROM scenarios WHERE scenario = 'Caporetto'",
    ),
    Question(
        "On what date does the scenario Kerensky start?",
        "SELECT date FROM scenarios WHERE scenario = 'Kerensky'",
    ),
    Question(
        "What is the full name of the nation 'turk'?",
        "SELECT name FROM nations WHERE nation = 'turk'",
    ),
    Question(
        "What does the 42cm M14 H cost?", "SELECT cost FROM unit_lib WHERE name = '42cm M14 H'"
    ),
    Question(
        "Which unit type is the most expensive?",
        "SELECT name FROM unit_lib ORDER BY cost DESC LIMIT 1",
    ),
    Question(
        "Which 5 nations deploy the most units in the campaign?",
        "SELECT n.name, COUNT(*) FROM units u JOIN nations n ON n.nation = u.nation"
        " GROUP BY n.name ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many unit types does each nation have?",
        f"SELECT n.name, COUNT(*) FROM {_NATION} GROUP BY n.name ORDER BY 2 DESC",
    ),
    Question(
        "How many unit types are there in each class?",
        f"SELECT c.name, COUNT(*) FROM {_CLASS} GROUP BY c.name ORDER BY 2 DESC",
    ),
    Question(
        "Which class has the most unit types?",
        f"SELECT c.name FROM {_CLASS} GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the average cost of an artillery unit type?",
        "SELECT ROUND(AVG(cost), 2) FROM unit_lib WHERE class = 'art'",
    ),
    Question(
        "What is the average cost of the unit types of each class?",
        f"SELECT c.name, ROUND(AVG(l.cost), 2) FROM {_CLASS} GROUP BY c.name",
    ),
    Question(
        "Which unit classes can never be purchased?",
        "SELECT name FROM unit_classes WHERE purchase = 'none'",
        column=True,
    ),
    Question(
        "List the Austro-Hungarian fighter aircraft.",
        "SELECT name FROM unit_lib WHERE nation = 'austria' AND class = 'fighter'",
        column=True,
    ),
    Question(
        "How many unit types become available in 1917?",
        "SELECT COUNT(*) FROM unit_lib WHERE start_year = 1917",
    ),
    Question(
        "How many unit types can fly?",
        "SELECT COUNT(*) FROM unit_lib WHERE ',' || flags || ',' LIKE '%,flying,%'",
    ),
    Question(
        "Which unit types can build bridges?",
        "SELECT name FROM unit_lib WHERE ',' || flags || ',' LIKE '%,bridge_eng,%'",
        column=True,
    ),
    Question(
        "How many unit types move on foot (leg)?",
        "SELECT COUNT(*) FROM unit_lib WHERE move_type = 'leg'",
    ),
    Question(
        "How many unit types are there for each movement type?",
        "SELECT m.name, COUNT(*) FROM unit_lib l JOIN move_types m"
        " ON m.move_type = l.move_type GROUP BY m.name",
    ),
    Question(
        "What is the longest firing range of any Russian unit type?",
        "SELECT MAX(range) FROM unit_lib WHERE nation = 'russia'",
    ),
    Question(
        "Which scenarios last the most turns?",
        "SELECT name FROM scenarios WHERE turns = (SELECT MAX(turns) FROM scenarios)",
        column=True,
    ),
    Question(
        "Which scenarios take place in 1916?",
        "SELECT name FROM scenarios WHERE substr(date, 7, 4) = '1916'",
        column=True,
    ),
    Question(
        "How many units does each scenario deploy?",
        "SELECT scenario, COUNT(*) FROM units GROUP BY scenario",
    ),
    Question(
        "Which 5 scenarios deploy the most units?",
        "SELECT s.name, COUNT(*) FROM units u JOIN scenarios s ON s.scenario = u.scenario"
        " GROUP BY s.name ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many units does Italy field in the Piave scenario?",
        "SELECT COUNT(*) FROM units WHERE scenario = 'Piave' AND nation = 'italy'",
    ),
    Question(
        "How many units does each nation deploy over the whole campaign?",
        "SELECT n.name, COUNT(*) FROM units u JOIN nations n ON n.nation = u.nation"
        " GROUP BY n.name ORDER BY 2 DESC",
    ),
    Question(
        "Which unit type is deployed most often in the scenarios?",
        f"SELECT l.name FROM {_DEPLOYED} GROUP BY u.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the average experience of the units deployed in Gorlice?",
        "SELECT ROUND(AVG(exp), 2) FROM units WHERE scenario = 'Gorlice'",
    ),
    Question(
        "How many units in the campaign start with a transport?",
        "SELECT COUNT(*) FROM units WHERE trsp IS NOT NULL",
    ),
    Question(
        "How many deployed units are at more than full strength (over 10)?",
        "SELECT COUNT(*) FROM units WHERE str > 10",
    ),
    Question(
        "How many unit types are never deployed in any scenario?",
        "SELECT COUNT(*) FROM unit_lib WHERE id NOT IN (SELECT id FROM units)",
    ),
    Question(
        "How many victory objectives does the Caporetto scenario have?",
        "SELECT COUNT(*) FROM flags WHERE scenario = 'Caporetto' AND obj = 1",
    ),
    Question(
        "How many flag hexes does each scenario have?",
        "SELECT scenario, COUNT(*) FROM flags GROUP BY scenario",
    ),
    Question(
        "Which nation holds the most flag hexes across all scenarios?",
        "SELECT n.name FROM flags f JOIN nations n ON n.nation = f.nation"
        " GROUP BY n.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which nations does the Entente player command in the Romania scenario?",
        "SELECT nations FROM players WHERE scenario = 'Romania' AND player = 'entente'",
    ),
    Question(
        "In how many scenarios does the computer play the Entente?",
        "SELECT COUNT(*) FROM players WHERE player = 'entente' AND control = 'cpu'",
    ),
    Question(
        "What is the total unit limit of both sides in the Brusilov scenario?",
        "SELECT SUM(unit_limit) FROM players WHERE scenario = 'Brusilov'",
    ),
    Question(
        "Which scenarios are played in more than 25 turns?",
        "SELECT name FROM scenarios WHERE turns > 25",
        column=True,
    ),
    Question(
        "How many unit types of the German Empire cost more than 300?",
        f"SELECT COUNT(*) FROM {_NATION} WHERE n.name = 'German Empire' AND l.cost > 300",
    ),
    Question(
        "Excluding ships, which unit type has the best ground defence?",
        "SELECT name FROM unit_lib WHERE target_type <> 'naval' ORDER BY def_ground DESC LIMIT 1",
    ),
    Question(
        "What is the average cost of the Italian units deployed in Caporetto?",
        f"SELECT ROUND(AVG(l.cost), 2) FROM {_DEPLOYED}"
        " WHERE u.scenario = 'Caporetto' AND u.nation = 'italy'",
    ),
    Question(
        "How many submarines are deployed in the Otranto scenarios?",
        f"SELECT COUNT(*) FROM {_DEPLOYED} WHERE u.scenario LIKE 'Otranto%' AND l.class = 'sub'",
    ),
    Question(
        "Which scenario has the most rainy turns?",
        "SELECT name FROM scenarios ORDER BY LENGTH(weather)"
        " - LENGTH(REPLACE(weather, 'rain', '')) DESC LIMIT 1",
    ),
    Question(
        "Which class of unit does the German Empire deploy most often?",
        f"SELECT c.name FROM {_DEPLOYED} JOIN unit_classes c ON c.class = l.class"
        " WHERE u.nation = 'germany' GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many units of each nation are deployed in the Gallipolli scenario?",
        "SELECT n.name, COUNT(*) FROM units u JOIN nations n ON n.nation = u.nation"
        " WHERE u.scenario = 'Gallipolli' GROUP BY n.name",
    ),
    Question(
        "What is the total cost of the Austro-Hungarian units deployed in Serbia 1914?",
        f"SELECT SUM(l.cost) FROM {_DEPLOYED}"
        " WHERE u.scenario = 'Serbia_1914' AND u.nation = 'austria'",
    ),
    *_no(
        "How many soldiers actually died at the Battle of Caporetto?",
        "Who won the First World War?",
        "What is the top speed in km/h of the Albatros DIII?",
        "How much does each unit weigh?",
        "Which scenario will be added in the next LGeneral release?",
        "Which scenario is the most fun to play?",
        "Who is the best general of the campaign?",
        "Summarise the story of the Gallipolli briefing in your own words.",
        "How many players have finished the campaign online?",
        "What is the name of each unit's commanding officer?",
        "How many rounds of ammunition did the real 42cm M14 H howitzer fire in the war?",
        "¿Cuántos tanques británicos hay en la biblioteca de unidades?",
        "Welche Einheit hat die höchste Moral?",
    ),
]
