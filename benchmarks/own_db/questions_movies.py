"""The film database's questions (movies.md): the ninth held-out database.  Written from the
movie-explorer file's schema and a look at the built rows by a helper who never read the
linker's code, before the agent was ever run on it; every gold SQL was checked with sqlite3
alone (no tie at a top-1 or top-N cut).  A film is an ``omdb`` row; several films share a
title (three Titanics), so a film asked by title names its year where that matters."""

from __future__ import annotations

from own_db.questions import Question, _no

_SCORED = "omdb o JOIN tomatoes t ON t.ID = o.ID"
_DIRECTED = "omdb o JOIN director d ON d.ID = o.ID"
_STARRING = "omdb o JOIN actor a ON a.ID = o.ID"
_GENRE = "omdb o JOIN genre g ON g.ID = o.ID"


MOVIES = [
    Question("How many films are in the database?", "SELECT COUNT(*) FROM omdb"),
    Question("How many movies came out in 1994?", "SELECT COUNT(*) FROM omdb WHERE Year = 1994"),
    Question("How many films were released in the 1980s?",
             "SELECT COUNT(*) FROM omdb WHERE Year BETWEEN 1980 AND 1989"),
    Question("How many horror movies are there?",
             "SELECT COUNT(*) FROM genre WHERE Genre = 'Horror'"),
    Question("How many genres are there?", "SELECT COUNT(DISTINCT Genre) FROM genre"),
    Question("How many films did Woody Allen direct?",
             "SELECT COUNT(*) FROM director WHERE Director = 'Woody Allen'"),
    Question("How many movies has Samuel L. Jackson been in?",
             "SELECT COUNT(*) FROM actor WHERE Actor = 'Samuel L. Jackson'"),
    Question("How many films were made in France?",
             "SELECT COUNT(*) FROM country WHERE Country = 'France'"),
    Question("How many films are in Japanese?",
             "SELECT COUNT(*) FROM language WHERE Language = 'Japanese'"),
    Question("How many movies are rated PG-13?",
             "SELECT COUNT(*) FROM omdb WHERE Rating = 'PG-13'"),
    Question("How many films won at least one Oscar?",
             "SELECT COUNT(*) FROM omdb WHERE Oscars > 0"),
    Question("How many films have a perfect 100% on the Tomatometer?",
             "SELECT COUNT(*) FROM tomatoes WHERE Meter = 100"),
    Question("How many films grossed more than a billion dollars?",
             "SELECT COUNT(*) FROM tomatoes WHERE BoxOffice > 1000000000"),
    Question("How many films did Pixar make?",
             "SELECT COUNT(*) FROM tomatoes WHERE Production LIKE '%Pixar%'"),
    Question("How many Steven Spielberg films came out in the 1980s?",
             f"SELECT COUNT(*) FROM {_DIRECTED} WHERE d.Director = 'Steven Spielberg' "
             f"AND o.Year BETWEEN 1980 AND 1989"),
    Question("What is the average running time of a film, in minutes?",
             "SELECT ROUND(AVG(Runtime), 1) FROM omdb"),
    Question("What is the average Metacritic score?", "SELECT ROUND(AVG(Metacritic), 1) FROM omdb"),
    Question("What is the average critics' rating of sci-fi movies on Rotten Tomatoes?",
             f"SELECT ROUND(AVG(t.Rating), 2) FROM {_SCORED} JOIN genre g ON g.ID = o.ID "
             f"WHERE g.Genre = 'Sci-Fi'"),
    Question("What was the total box office of films released in 2012?",
             f"SELECT SUM(t.BoxOffice) FROM {_SCORED} WHERE o.Year = 2012"),
    Question("What percentage of the films are documentaries?",
             "SELECT ROUND(100.0 * COUNT(*) / (SELECT COUNT(*) FROM omdb), 1) FROM genre "
             "WHERE Genre = 'Documentary'"),
    Question("Which film made the most money at the box office?",
             f"SELECT o.Title FROM {_SCORED} ORDER BY t.BoxOffice DESC LIMIT 1"),
    Question("Which movie won the most Oscars?",
             "SELECT Title FROM omdb ORDER BY Oscars DESC LIMIT 1"),
    Question("What is the longest film?", "SELECT Title FROM omdb ORDER BY Runtime DESC LIMIT 1"),
    Question("Which film has the most critic reviews?",
             f"SELECT o.Title FROM {_SCORED} ORDER BY t.Reviews DESC LIMIT 1"),
    Question("Who directed the most films?",
             "SELECT Director FROM director GROUP BY Director ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which actor appears in the most movies?",
             "SELECT Actor FROM actor GROUP BY Actor ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 genres by number of films?",
             "SELECT Genre FROM genre GROUP BY Genre ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("Excluding the United States, which country made the most films?",
             "SELECT Country FROM country WHERE Country <> 'United States' GROUP BY Country "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the most common language after English?",
             "SELECT Language FROM language WHERE Language <> 'English' GROUP BY Language "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which year had the most film releases?",
             "SELECT Year FROM omdb GROUP BY Year ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What's the most common MPAA rating?",
             "SELECT Rating FROM omdb WHERE Rating IS NOT NULL GROUP BY Rating "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Who directed the 1997 Titanic?",
             f"SELECT d.Director FROM {_DIRECTED} WHERE o.Title = 'Titanic' AND o.Year = 1997"),
    Question("What is The Godfather's Tomatometer score?",
             f"SELECT t.Meter FROM {_SCORED} WHERE o.Title = 'The Godfather'"),
    Question("What was Christopher Nolan's highest-grossing film?",
             f"SELECT o.Title FROM {_DIRECTED} JOIN tomatoes t ON t.ID = o.ID "
             f"WHERE d.Director = 'Christopher Nolan' ORDER BY t.BoxOffice DESC LIMIT 1"),
    Question("Which of Clint Eastwood's films has the best Tomatometer score?",
             f"SELECT o.Title FROM {_DIRECTED} JOIN tomatoes t ON t.ID = o.ID "
             f"WHERE d.Director = 'Clint Eastwood' ORDER BY t.Meter DESC LIMIT 1"),
    Question("Which actor, other than Scorsese himself, appears most often in Martin "
             "Scorsese's films?",
             f"SELECT a.Actor FROM {_DIRECTED} JOIN actor a ON a.ID = o.ID "
             f"WHERE d.Director = 'Martin Scorsese' AND a.Actor <> 'Martin Scorsese' "
             f"GROUP BY a.Actor ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many films are there in each genre?",
             "SELECT COUNT(*) FROM genre GROUP BY Genre", column=True),
    Question("How many films were released in each decade?",
             "SELECT COUNT(*) FROM omdb GROUP BY Year / 10", column=True),
    Question("List the films Quentin Tarantino directed.",
             f"SELECT o.Title FROM {_DIRECTED} WHERE d.Director = 'Quentin Tarantino' "
             f"ORDER BY o.Year", column=True),
    Question("Which movies won more than 7 Oscars?",
             "SELECT Title FROM omdb WHERE Oscars > 7 ORDER BY Oscars DESC, Title", column=True),
    Question("How many directors have made more than 20 films?",
             "SELECT COUNT(*) FROM (SELECT Director FROM director GROUP BY Director "
             "HAVING COUNT(*) > 20)"),
    Question("How many of Woody Allen's films never won an Oscar?",
             f"SELECT COUNT(*) FROM {_DIRECTED} WHERE d.Director = 'Woody Allen' "
             f"AND o.Oscars = 0"),
    Question("How many films have no Metacritic score?",
             "SELECT COUNT(*) FROM omdb WHERE Metacritic IS NULL"),
    Question("How many Westerns were made in the 1950s?",
             f"SELECT COUNT(*) FROM {_GENRE} WHERE g.Genre = 'Western' "
             f"AND o.Year BETWEEN 1950 AND 1959"),
    Question("Who has co-starred with Robert De Niro the most often?",
             "SELECT a2.Actor FROM actor a JOIN actor a2 ON a2.ID = a.ID "
             "WHERE a.Actor = 'Robert De Niro' AND a2.Actor <> 'Robert De Niro' "
             "GROUP BY a2.Actor ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "What is the IMDb user rating of The Godfather?",
        "How much did Titanic cost to make?",
        "Which streaming services have Avatar?",
        "How old was Woody Allen when he made Annie Hall?",
        "What is the plot of Inception?",
        "Which film will make the most money in 2030?",
        "How many cinema tickets did Frozen sell?",
        "Who composed the music for Star Wars?",
        "Write a short review of Casablanca.",
        "¿Cuántas películas dirigió Woody Allen?",
        "Wie viele Filme kamen 1994 heraus?",
        "Where was Samuel L. Jackson born?",
    ),
]  # fmt: skip
