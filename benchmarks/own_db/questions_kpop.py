"""K-pop questions (kpop.md): a held-out database chosen from npm's data packages.  Written
from the ``kpopnet.json`` file of the npm package kpopnet.json 2.0.5 and a look at the built
rows by a helper who never read the linker's code, before the agent was ever run on it;
every gold SQL was checked with sqlite3 alone.  "Members" of a group are its rows of
``members``, former ones included unless the question says current; a group's idols are
found through ``members``; an agency's groups are those whose ``agency_name`` names it,
alone or jointly; "active" groups have no disband date."""

from __future__ import annotations

from .questions import Question

_IN = "members m JOIN groups g ON g.id = m.group_id JOIN idols i ON i.id = m.idol_id"


def _of(group: str, select: str = "i.name", where: str = "") -> str:
    """The gold SQL of something about the idols of one group."""
    return f"SELECT {select} FROM {_IN} WHERE g.name = '{group}'" + (
        f" AND {where}" if where else ""
    )


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


KPOP = [
    Question("How many girl groups are in the data?", "SELECT COUNT(*) FROM groups"),
    Question("How many idols are there?", "SELECT COUNT(*) FROM idols"),
    Question(
        "How many groups have disbanded?",
        "SELECT COUNT(*) FROM groups WHERE disband_date IS NOT NULL",
    ),
    Question("Which company manages TWICE?", "SELECT agency_name FROM groups WHERE name = 'TWICE'"),
    Question("When did aespa debut?", "SELECT debut_date FROM groups WHERE name = 'aespa'"),
    Question("What is Karina's real name?", "SELECT real_name FROM idols WHERE name = 'Karina'"),
    Question(
        "What is the Korean name of Girls' Generation?",
        "SELECT name_original FROM groups WHERE name = 'Girls'' Generation'",
    ),
    Question(
        "Which group has had the most members?",
        f"SELECT g.name FROM {_IN} GROUP BY g.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many members does TWICE have right now?", _of("TWICE", "COUNT(*)", "m.current = 1")
    ),
    Question("Who is the leader of TWICE?", _of("TWICE", where="m.roles LIKE '%leader%'")),
    Question(
        "Who is the youngest member of Red Velvet?",
        _of("Red Velvet") + " ORDER BY i.birth_date DESC LIMIT 1",
    ),
    Question("List the members of aespa.", _of("aespa"), column=True),
    Question("Who is the tallest idol?", "SELECT name FROM idols ORDER BY height DESC LIMIT 1"),
    Question(
        "Who is the shortest idol?",
        "SELECT name FROM idols WHERE height IS NOT NULL ORDER BY height LIMIT 1",
    ),
    Question("What is the average height of the idols, in cm?", "SELECT AVG(height) FROM idols"),
    Question(
        "What is the average height of Blackpink's members?", _of("Blackpink", "AVG(i.height)")
    ),
    Question("Who is the oldest idol?", "SELECT name FROM idols ORDER BY birth_date LIMIT 1"),
    Question(
        "Who are the top 5 oldest idols?",
        "SELECT name FROM idols ORDER BY birth_date LIMIT 5",
        column=True,
    ),
    Question(
        "How many idols were born in 2000?",
        "SELECT COUNT(*) FROM idols WHERE birth_date LIKE '2000-%'",
    ),
    Question(
        "How many idols were born in the 1990s?",
        "SELECT COUNT(*) FROM idols WHERE birth_date BETWEEN '1990-01-01' AND '1999-12-31'",
    ),
    Question(
        "Which groups debuted in 2018?",
        "SELECT name FROM groups WHERE debut_date LIKE '2018-%'",
        column=True,
    ),
    Question(
        "How many groups debuted each year?",
        "SELECT substr(debut_date, 1, 4), COUNT(*) FROM groups WHERE debut_date IS NOT NULL"
        " GROUP BY 1 ORDER BY 1",
    ),
    Question(
        "In which year did the most groups debut?",
        "SELECT substr(debut_date, 1, 4) FROM groups WHERE debut_date IS NOT NULL"
        " GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "In which year did the most groups break up?",
        "SELECT substr(disband_date, 1, 4) FROM groups WHERE disband_date IS NOT NULL"
        " GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which groups disbanded in 2022?",
        "SELECT name FROM groups WHERE disband_date LIKE '2022-%'",
        column=True,
    ),
    Question(
        "How many groups debuted between 2010 and 2019?",
        "SELECT COUNT(*) FROM groups WHERE debut_date BETWEEN '2010-01-01' AND '2019-12-31'",
    ),
    Question(
        "How many groups are there, excluding sub-units?",
        "SELECT COUNT(*) FROM groups WHERE parent_id IS NULL",
    ),
    Question(
        "How many sub-units are there?", "SELECT COUNT(*) FROM groups WHERE parent_id IS NOT NULL"
    ),
    Question(
        "What are the sub-units of LOONA?",
        "SELECT u.name FROM groups u JOIN groups g ON g.id = u.parent_id WHERE g.name = 'LOONA'",
        column=True,
    ),
    Question(
        "Orange Caramel is a unit of which group?",
        "SELECT g.name FROM groups u JOIN groups g ON g.id = u.parent_id"
        " WHERE u.name = 'Orange Caramel'",
    ),
    Question(
        "Which group has the most sub-units?",
        "SELECT g.name FROM groups u JOIN groups g ON g.id = u.parent_id"
        " GROUP BY g.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many groups has Starship Entertainment managed, alone or with another company?",
        "SELECT COUNT(*) FROM groups WHERE agency_name LIKE '%Starship%'",
    ),
    Question(
        "How many groups does SM Entertainment manage?",
        "SELECT COUNT(*) FROM groups WHERE agency_name LIKE '%SM Entertainment%'",
    ),
    Question(
        "How many groups are managed jointly by more than one company?",
        "SELECT COUNT(*) FROM groups WHERE agency_name LIKE '%, %'",
    ),
    Question(
        "Which idols have been in more than two groups?",
        f"SELECT i.name FROM {_IN} GROUP BY i.id HAVING COUNT(*) > 2",
        column=True,
    ),
    Question(
        "Which groups has Nayeon been in?",
        f"SELECT g.name FROM {_IN} WHERE i.name = 'Nayeon'",
        column=True,
    ),
    Question(
        "Which groups is Yoo Jimin a member of?",
        f"SELECT g.name FROM {_IN} WHERE i.real_name = 'Yoo Jimin'",
        column=True,
    ),
    Question(
        "How many idols have never been in a group?",
        "SELECT COUNT(*) FROM idols WHERE id NOT IN (SELECT idol_id FROM members)",
    ),
    Question(
        "Which group has the most current members?",
        f"SELECT g.name FROM {_IN} WHERE m.current = 1 GROUP BY g.id"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many of Girls' Generation's members are still in the group?",
        _of("Girls'' Generation", "COUNT(*)", "m.current = 1"),
    ),
    Question("How many former members does LOONA have?", _of("LOONA", "COUNT(*)", "m.current = 0")),
    Question(
        "How many idols go by the stage name Sua?", "SELECT COUNT(*) FROM idols WHERE name = 'Sua'"
    ),
    Question(
        "How many stage names are shared by more than one idol?",
        "SELECT COUNT(*) FROM (SELECT name FROM idols GROUP BY name HAVING COUNT(*) > 1)",
    ),
    Question(
        "How many idols don't have a known height?",
        "SELECT COUNT(*) FROM idols WHERE height IS NULL",
    ),
    Question(
        "On average, how many members has a group had?",
        "SELECT COUNT(*) * 1.0 / COUNT(DISTINCT group_id) FROM members",
    ),
    Question(
        "Which members of TWICE are taller than 165 cm?",
        _of("TWICE", where="i.height > 165"),
        column=True,
    ),
    Question(
        "Which groups debuted in the same year as TWICE, not counting TWICE?",
        "SELECT name FROM groups WHERE substr(debut_date, 1, 4) = (SELECT substr(debut_date,"
        " 1, 4) FROM groups WHERE name = 'TWICE') AND name <> 'TWICE'",
        column=True,
    ),
    Question(
        "How many main vocalists are recorded?",
        "SELECT COUNT(*) FROM members WHERE roles LIKE '%main vocal%'",
    ),
    Question(
        "What is the birthday of Blackpink's Jisoo?",
        _of("Blackpink", "i.birth_date", "i.name = 'Jisoo'"),
    ),
    Question(
        "Which idols are at least 175 cm tall?",
        "SELECT name FROM idols WHERE height >= 175",
        column=True,
    ),
    Question(
        "Which groups that debuted before 2010 are still active?",
        "SELECT name FROM groups WHERE disband_date IS NULL AND debut_date < '2010'",
        column=True,
    ),
    Question(
        "Which group with at least four members of known height has the tallest"
        " members on average?",
        f"SELECT g.name FROM {_IN} GROUP BY g.id HAVING COUNT(i.height) >= 4"
        " ORDER BY AVG(i.height) DESC LIMIT 1",
    ),
    Question(
        "What is the link to TWICE's profile on selca.kastden.org?",
        "SELECT u.url FROM group_urls u JOIN groups g ON g.id = u.group_id"
        " WHERE g.name = 'TWICE' AND u.url LIKE '%selca.kastden.org%'",
    ),
    Question(
        "What is the net.kpop.re page of Nayeon?",
        "SELECT u.url FROM idol_urls u JOIN idols i ON i.id = u.idol_id"
        " WHERE i.name = 'Nayeon' AND u.url LIKE '%net.kpop.re%'",
    ),
    *_no(
        "How many albums has TWICE sold?",
        "Which Blackpink song has the most views on YouTube?",
        "What nationality is Tzuyu?",
        "Which boy group has the most members?",
        "Which group will SM Entertainment debut next year?",
        "Summarize the history of Girls' Generation.",
        "Which K-pop girl group is the best?",
        "How many Instagram followers does IVE have?",
        "Which awards did Mamamoo win in 2016?",
        "What is JYP Entertainment's yearly revenue?",
        "¿Cuál es la canción más famosa de TWICE?",
        "Wie viele Konzerte hat Blackpink im Jahr 2023 gegeben?",
        "Quel est le fandom le plus nombreux de la K-pop ?",
    ),
]
