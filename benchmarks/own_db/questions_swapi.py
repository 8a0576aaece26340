"""The Star Wars API's questions (swapi.md): the nineteenth held-out database.  Written from
SWAPI's fields and a look at the built rows (its films, characters, planets, species,
starships and vehicles) by a helper who never read the linker's code, before the agent was
ever run on it; every gold SQL was checked with sqlite3 alone.  Names are SWAPI's own
spellings ("Wookie")."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_CAST = (
    "films_characters fc JOIN films f ON f.id = fc.film_id JOIN people p ON p.id = fc.character_id"
)
_HOME = "people p JOIN planets pl ON pl.id = p.homeworld"
_SHIP_FILM = (
    "films_starships fs JOIN films f ON f.id = fs.film_id JOIN starships s ON s.id = fs.starship_id"
)

SWAPI = [
    Question("How many characters are there?", "SELECT COUNT(*) FROM people"),
    Question("How many planets are there?", "SELECT COUNT(*) FROM planets"),
    Question("How many starships are there?", "SELECT COUNT(*) FROM starships"),
    Question("How many vehicles are there?", "SELECT COUNT(*) FROM vehicles"),
    Question("How many species are there?", "SELECT COUNT(*) FROM species"),
    Question("How many female characters are there?",
             "SELECT COUNT(*) FROM people WHERE gender = 'female'"),
    Question("How many characters have blue eyes?",
             "SELECT COUNT(*) FROM people WHERE eye_color = 'blue'"),
    Question("When was The Empire Strikes Back released?",
             "SELECT release_date FROM films WHERE title = 'The Empire Strikes Back'"),
    Question("Who directed Return of the Jedi?",
             "SELECT director FROM films WHERE title = 'Return of the Jedi'"),
    Question("What is the episode number of A New Hope?",
             "SELECT episode_id FROM films WHERE title = 'A New Hope'"),
    Question("What is Luke Skywalker's home planet?",
             f"SELECT pl.name FROM {_HOME} WHERE p.name = 'Luke Skywalker'"),
    Question("How tall is Chewbacca?", "SELECT height FROM people WHERE name = 'Chewbacca'"),
    Question("What is the population of Naboo?",
             "SELECT population FROM planets WHERE name = 'Naboo'"),
    Question("What language does the Wookie species speak?",
             "SELECT language FROM species WHERE name = 'Wookie'"),
    Question("How much does the Millennium Falcon cost?",
             "SELECT cost_in_credits FROM starships WHERE name = 'Millennium Falcon'"),
    Question("What is the average height of the characters?", "SELECT AVG(height) FROM people"),
    Question("What is the total population of all planets?",
             "SELECT SUM(population) FROM planets"),
    Question("What is the average cost of a starship?",
             "SELECT AVG(cost_in_credits) FROM starships"),
    Question("How many characters appear in each film?",
             f"SELECT COUNT(*) FROM {_CAST} GROUP BY f.id ORDER BY f.episode_id", column=True),
    Question("How many vehicles are there of each vehicle class?",
             "SELECT COUNT(*) FROM vehicles GROUP BY vehicle_class", column=True),
    Question("List the films in the order they were released.",
             "SELECT title FROM films ORDER BY release_date", column=True),
    Question("List the characters who come from Tatooine.",
             f"SELECT p.name FROM {_HOME} WHERE pl.name = 'Tatooine' ORDER BY p.name",
             column=True),
    Question("Which film has the most characters?",
             f"SELECT f.title FROM {_CAST} GROUP BY f.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which planet is home to the most characters?",
             f"SELECT pl.name FROM {_HOME} GROUP BY pl.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Who is the tallest character?",
             "SELECT name FROM people ORDER BY height DESC LIMIT 1"),
    Question("Which character is the heaviest?",
             "SELECT name FROM people ORDER BY mass DESC LIMIT 1"),
    Question("Which planet has the largest population?",
             "SELECT name FROM planets ORDER BY population DESC LIMIT 1"),
    Question("Which starship is the most expensive?",
             "SELECT name FROM starships ORDER BY cost_in_credits DESC LIMIT 1"),
    Question("Who has piloted the most starships?",
             "SELECT p.name FROM starships_pilots sp JOIN people p ON p.id = sp.pilot_id"
             " GROUP BY p.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which planet appears in the most films?",
             "SELECT pl.name FROM films_planets fp JOIN planets pl ON pl.id = fp.planet_id"
             " GROUP BY pl.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which species has the longest average lifespan?",
             "SELECT name FROM species ORDER BY average_lifespan DESC LIMIT 1"),
    Question("What are the top 3 largest planets by diameter?",
             "SELECT name FROM planets ORDER BY diameter DESC LIMIT 3", column=True),
    Question("Which films were released in the 1980s?",
             "SELECT title FROM films WHERE release_date BETWEEN '1980-01-01' AND '1989-12-31'"
             " ORDER BY release_date", column=True),
    Question("Which film was released in 1999?",
             "SELECT title FROM films WHERE release_date LIKE '1999%'"),
    Question("How many films came out after 2000?",
             "SELECT COUNT(*) FROM films WHERE release_date > '2000'"),
    Question("Which films does Yoda appear in?",
             f"SELECT f.title FROM {_CAST} WHERE p.name = 'Yoda' ORDER BY f.episode_id",
             column=True),
    Question("Who pilots the Millennium Falcon?",
             "SELECT p.name FROM starships_pilots sp JOIN people p ON p.id = sp.pilot_id"
             " JOIN starships s ON s.id = sp.starship_id WHERE s.name = 'Millennium Falcon'"
             " ORDER BY p.name", column=True),
    Question("Which planets appear in The Empire Strikes Back?",
             "SELECT pl.name FROM films_planets fp JOIN planets pl ON pl.id = fp.planet_id"
             " JOIN films f ON f.id = fp.film_id WHERE f.title = 'The Empire Strikes Back'"
             " ORDER BY pl.name", column=True),
    Question("How many species appear in The Phantom Menace?",
             "SELECT COUNT(*) FROM films_species fs JOIN films f ON f.id = fs.film_id"
             " WHERE f.title = 'The Phantom Menace'"),
    Question("How many characters from Naboo appear in Attack of the Clones?",
             f"SELECT COUNT(*) FROM {_CAST} JOIN planets pl ON pl.id = p.homeworld"
             " WHERE pl.name = 'Naboo' AND f.title = 'Attack of the Clones'"),
    Question("How many characters have never piloted a starship?",
             "SELECT COUNT(*) FROM people WHERE id NOT IN"
             " (SELECT pilot_id FROM starships_pilots)"),
    Question("What is the total population of the planets, excluding Coruscant?",
             "SELECT SUM(population) FROM planets WHERE name <> 'Coruscant'"),
    Question("Which characters appear in more than 4 films?",
             f"SELECT p.name FROM {_CAST} GROUP BY p.id HAVING COUNT(*) > 4 ORDER BY p.name",
             column=True),
    Question("Which planets have more than 10 billion inhabitants?",
             "SELECT name FROM planets WHERE population > 10000000000 ORDER BY name",
             column=True),
    Question("Which film released before 1990 has the most starships?",
             f"SELECT f.title FROM {_SHIP_FILM} WHERE f.release_date < '1990'"
             " GROUP BY f.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the average height of the characters in The Phantom Menace?",
             f"SELECT AVG(p.height) FROM {_CAST} WHERE f.title = 'The Phantom Menace'"),
    Question("Who directed the most films?",
             "SELECT director FROM films GROUP BY director ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "What is Luke Skywalker's favourite food?",
        "How much money did A New Hope make at the box office?",
        "Which actor plays Darth Vader?",
        "What is the running time of Attack of the Clones?",
        "Which planet has the most moons?",
        "How many lightsabers does Obi-Wan Kenobi own?",
        "What is the weather on Hoth today?",
        "When will the next Star Wars film be released?",
        "Write a short story about Yoda meeting Jar Jar Binks.",
        "Summarize the plot of Return of the Jedi in one sentence.",
        "¿Cuántos planetas hay en la galaxia?",
        "Wie viele Raumschiffe hat Han Solo geflogen?",
    ),
]  # fmt: skip
