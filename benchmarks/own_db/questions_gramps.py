"""The Gramps example family tree's questions (gramps.md): the eighth held-out database,
chosen with pokedex, before either was run.  Written from Gramps' XML format and a look at
the built rows (its surnames, places and dates) by a helper who never read the linker's
code, before the agent was ever run on it; every gold SQL was checked with sqlite3 alone.
A person's birth, death or burial is the event of that type they take part in as the
main person (role Primary); a person's name is their first names and surname."""

from __future__ import annotations

from .questions import Question

_LIFE = (
    "person p JOIN personevent pe ON pe.person = p.id AND pe.role = 'Primary' "
    "JOIN event e ON e.id = pe.event"
)
_AT = "event e JOIN place pl ON pl.id = e.place"
_NAME = "p.first || ' ' || p.surname"
_CHILDREN = "family f JOIN childref c ON c.family = f.id JOIN person p ON p.id = {}"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GRAMPS = [
    Question("How many people are in the family tree?", "SELECT COUNT(*) FROM person"),
    Question("How many families are recorded?", "SELECT COUNT(*) FROM family"),
    Question("How many places are in the database?", "SELECT COUNT(*) FROM place"),
    Question("How many events are recorded?", "SELECT COUNT(*) FROM event"),
    Question("How many women are in the family tree?",
             "SELECT COUNT(*) FROM person WHERE gender = 'F'"),
    Question("How many men are there?", "SELECT COUNT(*) FROM person WHERE gender = 'M'"),
    Question("How many people have the surname Garner?",
             "SELECT COUNT(*) FROM person WHERE surname = 'Garner'"),
    Question("How many marriages are recorded?",
             "SELECT COUNT(*) FROM event WHERE type = 'Marriage'"),
    Question("How many burials are recorded?",
             "SELECT COUNT(*) FROM event WHERE type = 'Burial'"),
    Question("How many cities are in the database?",
             "SELECT COUNT(*) FROM place WHERE type = 'City'"),
    Question("How many counties are there in Texas?",
             "SELECT COUNT(*) FROM place c JOIN place s ON s.id = c.enclosedby "
             "WHERE c.type = 'County' AND s.name = 'TX'"),
    Question("How many people in the tree are still living?",
             f"SELECT COUNT(DISTINCT p.id) FROM {_LIFE} WHERE e.type = 'LVG'"),
    Question("How many people were born in Ottawa, IL?",
             f"SELECT COUNT(*) FROM {_LIFE} JOIN place pl ON pl.id = e.place "
             f"WHERE e.type = 'Birth' AND pl.title = 'Ottawa, IL'"),
    Question("How many people died in Troy, AL?",
             f"SELECT COUNT(*) FROM {_LIFE} JOIN place pl ON pl.id = e.place "
             f"WHERE e.type = 'Death' AND pl.title = 'Troy, AL'"),
    Question("How many people were born in 1950?",
             f"SELECT COUNT(*) FROM {_LIFE} WHERE e.type = 'Birth' AND e.dateval LIKE '1950%'"),
    Question("How many people were born before 1800?",
             f"SELECT COUNT(*) FROM {_LIFE} WHERE e.type = 'Birth' AND e.dateval < '1800'"),
    Question("How many deaths were recorded in the 1990s?",
             "SELECT COUNT(*) FROM event WHERE type = 'Death' "
             "AND substr(dateval, 1, 4) BETWEEN '1990' AND '1999'"),
    Question("How many marriages took place in the 1800s?",
             "SELECT COUNT(*) FROM event WHERE type = 'Marriage' "
             "AND substr(dateval, 1, 4) BETWEEN '1800' AND '1899'"),
    Question("How many Garners died before 1900?",
             f"SELECT COUNT(*) FROM {_LIFE} WHERE p.surname = 'Garner' AND e.type = 'Death' "
             f"AND e.dateval < '1900'"),
    Question("How many Warners were born in Ottawa, IL?",
             f"SELECT COUNT(*) FROM {_LIFE} JOIN place pl ON pl.id = e.place "
             f"WHERE p.surname = 'Warner' AND e.type = 'Birth' AND pl.title = 'Ottawa, IL'"),
    Question("When was Howard Lane Garner born?",
             f"SELECT e.dateval FROM {_LIFE} WHERE p.first = 'Howard Lane' "
             f"AND p.surname = 'Garner' AND e.type = 'Birth'"),
    Question("Where was Sarah Suzanne Warner born?",
             f"SELECT pl.title FROM {_LIFE} JOIN place pl ON pl.id = e.place "
             f"WHERE p.first = 'Sarah Suzanne' AND p.surname = 'Warner' AND e.type = 'Birth'"),
    Question("Who is Sarah Suzanne Warner's father?",
             "SELECT fa.first || ' ' || fa.surname FROM person p "
             "JOIN childref c ON c.child = p.id JOIN family f ON f.id = c.family "
             "JOIN person fa ON fa.id = f.father "
             "WHERE p.first = 'Sarah Suzanne' AND p.surname = 'Warner'"),
    Question("How many children did Noah Warner have?",
             f"SELECT COUNT(*) FROM {_CHILDREN.format('f.father')} "
             f"WHERE p.first = 'Noah' AND p.surname = 'Warner'"),
    Question("Which mother has the most children?",
             f"SELECT {_NAME} FROM {_CHILDREN.format('f.mother')} GROUP BY p.id "
             f"ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which father had the most children?",
             f"SELECT {_NAME} FROM {_CHILDREN.format('f.father')} GROUP BY p.id "
             f"ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the 5 most common surnames?",
             "SELECT surname FROM person GROUP BY surname ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("What is the most common first name?",
             "SELECT first FROM person WHERE first IS NOT NULL GROUP BY first "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In which city were the most people born?",
             f"SELECT pl.title FROM {_AT} WHERE e.type = 'Birth' GROUP BY pl.id "
             f"ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 3 places where people died?",
             f"SELECT pl.title FROM {_AT} WHERE e.type = 'Death' GROUP BY pl.id "
             f"ORDER BY COUNT(*) DESC LIMIT 3", column=True),
    Question("Which state has the most counties?",
             "SELECT s.name FROM place c JOIN place s ON s.id = c.enclosedby "
             "WHERE c.type = 'County' GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which year had the most births?",
             "SELECT substr(dateval, 1, 4) FROM event WHERE type = 'Birth' "
             "AND dateval IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the northernmost place in the database?",
             "SELECT title FROM place ORDER BY lat DESC LIMIT 1"),
    Question("How many people are there of each gender?",
             "SELECT COUNT(*) FROM person GROUP BY gender", column=True),
    Question("How many events of each type are recorded?",
             "SELECT COUNT(*) FROM event GROUP BY type", column=True),
    Question("How many places of each type are there?",
             "SELECT COUNT(*) FROM place GROUP BY type", column=True),
    Question("On average, how many children does a family have?",
             "SELECT ROUND((SELECT COUNT(*) FROM childref) * 1.0 / COUNT(*), 2) FROM family"),
    Question("How many families have more than 5 children?",
             "SELECT COUNT(*) FROM (SELECT family FROM childref GROUP BY family "
             "HAVING COUNT(*) > 5)"),
    Question("How many surnames are shared by more than 20 people?",
             "SELECT COUNT(*) FROM (SELECT surname FROM person GROUP BY surname "
             "HAVING COUNT(*) > 20)"),
    Question("How many families have never had a child?",
             "SELECT COUNT(*) FROM family WHERE id NOT IN (SELECT family FROM childref)"),
    Question("How many people have no recorded events at all?",
             "SELECT COUNT(*) FROM person WHERE id NOT IN (SELECT person FROM personevent)"),
    Question("How many people are in the tree, excluding those whose gender is unknown?",
             "SELECT COUNT(*) FROM person WHERE gender IN ('M', 'F')"),
    Question("How many children were adopted?",
             "SELECT COUNT(*) FROM childref WHERE frel = 'Adopted' OR mrel = 'Adopted'"),
    Question("List the countries in the database.",
             "SELECT name FROM place WHERE type = 'Country' ORDER BY name", column=True),
    *_no(
        "What was Howard Lane Garner's occupation?",
        "What did Noah Warner die of?",
        "Which religion did the Warner family follow?",
        "How tall was Piatt D. Warner?",
        "What is Sarah Suzanne Warner's email address?",
        "Which ship brought the Garners to America?",
        "How many grandchildren will Sarah Suzanne Warner have by 2050?",
        "What is the population of Ottawa, Illinois today?",
        "Who is the current president of the United States?",
        "Write a short biography of Piatt D. Warner.",
        "¿Cuántas personas nacieron en Ottawa?",
        "Wie viele Familien gibt es im Stammbaum?",
    ),
]  # fmt: skip
