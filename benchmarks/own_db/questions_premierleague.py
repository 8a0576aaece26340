"""premier-league's football results questions (premierleague.md): the fortieth held-out
database.  Written from the SQLite dump in premier-league's wheel and a look at the built
rows by a helper who never read the linker's code, before the agent was ever run on it;
every gold SQL was checked with sqlite3 alone.  A league's games are the rows of ``game``
with its ``league_id`` (a team's own ``league_id`` is one league only, while promoted and
relegated teams play in two); a season is ``game.season`` (``2023-2024``); a team's
goals and results in a game are those of its side, home or away; its points are 3 a win
and 1 a draw, counted from the scores (``home_team_points`` and ``away_team_points`` are
the sides' running totals in the season's table after the game)."""

from __future__ import annotations

from .questions import Question

_GAMES = "game g JOIN league l ON l.id = g.league_id"
_SIDE = "game g JOIN team t ON t.id IN (g.home_team_id, g.away_team_id)"
_LEAGUE_SIDE = f"{_SIDE} JOIN league l ON l.id = g.league_id"
_POINTS = (
    "CASE WHEN g.home_goals = g.away_goals THEN 1"
    " WHEN (t.id = g.home_team_id) = (g.home_goals > g.away_goals) THEN 3 ELSE 0 END"
)
_RUNNING = "CASE WHEN t.id = g.home_team_id THEN g.home_team_points ELSE g.away_team_points END"
_SCORED = "CASE WHEN t.id = g.home_team_id THEN g.home_goals ELSE g.away_goals END"
_HOME = "game g JOIN team h ON h.id = g.home_team_id JOIN team a ON a.id = g.away_team_id"
_STATS = "game_stats s JOIN team t ON t.id = s.team_id JOIN game g ON g.id = s.game_id"
_STATS_LEAGUE = f"{_STATS} JOIN league l ON l.id = g.league_id"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


PREMIERLEAGUE = [
    Question("How many leagues are there?", "SELECT COUNT(*) FROM league"),
    Question("How many teams are in the database?", "SELECT COUNT(*) FROM team"),
    Question("How many games have been recorded in total?", "SELECT COUNT(*) FROM game"),
    Question("How many teams are listed under La Liga?",
             "SELECT COUNT(*) FROM team t JOIN league l ON l.id = t.league_id"
             " WHERE l.name = 'La Liga'"),
    Question("How many teams does each league have?",
             "SELECT l.name, COUNT(*) FROM team t JOIN league l ON l.id = t.league_id"
             " GROUP BY l.name"),
    Question("Which league is Girona in?",
             "SELECT l.name FROM team t JOIN league l ON l.id = t.league_id"
             " WHERE t.name = 'Girona'"),
    Question("Up to which season and match week is the Premier League said to be up to"
             " date?",
             "SELECT up_to_date_season, up_to_date_match_week FROM league"
             " WHERE name = 'Premier League'"),
    Question("How many Premier League games were played in the 2022-2023 season?",
             f"SELECT COUNT(*) FROM {_GAMES} WHERE l.name = 'Premier League'"
             " AND g.season = '2022-2023'"),
    Question("How many games has each league had?",
             f"SELECT l.name, COUNT(*) FROM {_GAMES} GROUP BY l.name"),
    Question("How many Bundesliga games were played in each season?",
             f"SELECT g.season, COUNT(*) FROM {_GAMES} WHERE l.name = 'Fußball-Bundesliga'"
             " GROUP BY g.season"),
    Question("Which league has the most games?",
             f"SELECT l.name FROM {_GAMES} GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the average number of goals per game in Serie A?",
             f"SELECT AVG(g.home_goals + g.away_goals) FROM {_GAMES}"
             " WHERE l.name = 'Serie A'"),
    Question("Which league has the highest average number of goals per game?",
             f"SELECT l.name FROM {_GAMES} GROUP BY l.name"
             " ORDER BY AVG(g.home_goals + g.away_goals) DESC LIMIT 1"),
    Question("Excluding the EFL Championship, which league has the fewest goals per game on"
             " average?",
             f"SELECT l.name FROM {_GAMES} WHERE l.name <> 'EFL Championship'"
             " GROUP BY l.name ORDER BY AVG(g.home_goals + g.away_goals) LIMIT 1"),
    Question("How many games ended 0-0?",
             "SELECT COUNT(*) FROM game WHERE home_goals = 0 AND away_goals = 0"),
    Question("What percentage of Premier League games ended in a draw?",
             f"SELECT 100.0 * SUM(g.home_goals = g.away_goals) / COUNT(*) FROM {_GAMES}"
             " WHERE l.name = 'Premier League'"),
    Question("How many games did the home side win in the 2023-2024 Ligue 1 season?",
             f"SELECT COUNT(*) FROM {_GAMES} WHERE l.name = 'Ligue 1'"
             " AND g.season = '2023-2024' AND g.home_goals > g.away_goals"),
    Question("On average, how many goals do home teams and away teams score per game?",
             "SELECT AVG(home_goals), AVG(away_goals) FROM game"),
    Question("When was the earliest game in the data played?", "SELECT MIN(date) FROM game"),
    Question("How many games were played in December 2019?",
             "SELECT COUNT(*) FROM game WHERE date LIKE '2019-12-%'"),
    Question("How many goals did Liverpool score at home in the 2019-2020 season?",
             f"SELECT SUM(g.home_goals) FROM {_HOME} WHERE h.name = 'Liverpool'"
             " AND g.season = '2019-2020'"),
    Question("What was the score when Manchester City hosted Liverpool in the 2018-2019"
             " season?",
             f"SELECT g.home_goals, g.away_goals FROM {_HOME} WHERE h.name = 'Manchester City'"
             " AND a.name = 'Liverpool' AND g.season = '2018-2019'"),
    Question("On what date did Chelsea play away at Arsenal in the 2021-2022 season?",
             f"SELECT g.date FROM {_HOME} WHERE h.name = 'Arsenal' AND a.name = 'Chelsea'"
             " AND g.season = '2021-2022'"),
    Question("How many points did Arsenal earn in the 2023-2024 Premier League season?",
             f"SELECT SUM({_POINTS}) FROM {_LEAGUE_SIDE} WHERE t.name = 'Arsenal'"
             " AND l.name = 'Premier League' AND g.season = '2023-2024'"),
    Question("How many points did Liverpool have after match week 10 of the 2019-2020"
             " Premier League season?",
             f"SELECT {_RUNNING} FROM {_LEAGUE_SIDE} WHERE t.name = 'Liverpool'"
             " AND l.name = 'Premier League' AND g.season = '2019-2020' AND g.match_week = 10"),
    Question("Which team won La Liga in 2022-2023, with the most points?",
             f"SELECT t.name FROM {_LEAGUE_SIDE} WHERE l.name = 'La Liga'"
             f" AND g.season = '2022-2023' GROUP BY t.name ORDER BY SUM({_POINTS}) DESC"
             " LIMIT 1"),
    Question("What were the top 5 teams by points in the 2021-2022 Premier League season?",
             f"SELECT t.name FROM {_LEAGUE_SIDE} WHERE l.name = 'Premier League'"
             f" AND g.season = '2021-2022' GROUP BY t.name ORDER BY SUM({_POINTS}) DESC"
             " LIMIT 5", column=True),
    Question("Which team scored the most goals in the 2022-2023 Bundesliga season?",
             f"SELECT t.name FROM {_LEAGUE_SIDE} WHERE l.name = 'Fußball-Bundesliga'"
             f" AND g.season = '2022-2023' GROUP BY t.name ORDER BY SUM({_SCORED}) DESC"
             " LIMIT 1"),
    Question("Which teams never lost a home game in the 2023-2024 season?",
             "SELECT DISTINCT h.name FROM game g JOIN team h ON h.id = g.home_team_id"
             " WHERE g.season = '2023-2024' AND h.id NOT IN (SELECT home_team_id FROM game"
             " WHERE season = '2023-2024' AND home_goals < away_goals)", column=True),
    Question("How many away wins has Bayern Munich had in all?",
             f"SELECT COUNT(*) FROM {_HOME} WHERE a.name = 'Bayern Munich'"
             " AND g.away_goals > g.home_goals"),
    Question("Which teams scored more than 100 league goals in a single season, and in which"
             " season?",
             f"SELECT t.name, g.season FROM {_SIDE} GROUP BY t.name, g.season, g.league_id"
             f" HAVING SUM({_SCORED}) > 100"),
    Question("How many goals has each Serie A team scored in total across all seasons?",
             f"SELECT t.name, SUM({_SCORED}) FROM {_LEAGUE_SIDE} WHERE l.name = 'Serie A'"
             " GROUP BY t.name"),
    Question("What is Barcelona's average possession per game?",
             f"SELECT AVG(s.possession_rate) FROM {_STATS} WHERE t.name = 'Barcelona'"),
    Question("Which team had the highest average expected goals (xG) per game in the"
             " 2022-2023 season?",
             f"SELECT t.name FROM {_STATS} WHERE g.season = '2022-2023' GROUP BY t.name"
             " ORDER BY AVG(s.xG) DESC LIMIT 1"),
    Question("What was Manchester United's total xG in the 2022-2023 Premier League season?",
             f"SELECT SUM(s.xG) FROM {_STATS_LEAGUE} WHERE t.name = 'Manchester United'"
             " AND l.name = 'Premier League' AND g.season = '2022-2023'"),
    Question("How many yellow cards were shown in Serie A in 2021-2022?",
             f"SELECT SUM(s.yellow_card) FROM {_STATS_LEAGUE} WHERE l.name = 'Serie A'"
             " AND g.season = '2021-2022'"),
    Question("How many red cards has Chelsea received in total?",
             f"SELECT SUM(s.red_card) FROM {_STATS} WHERE t.name = 'Chelsea'"),
    Question("Which team has received the most red cards overall?",
             f"SELECT t.name FROM {_STATS} GROUP BY t.name ORDER BY SUM(s.red_card) DESC"
             " LIMIT 1"),
    Question("How many penalties did Real Madrid win in the 2023-2024 season?",
             f"SELECT SUM(s.pens_won) FROM {_STATS} WHERE t.name = 'Real Madrid'"
             " AND g.season = '2023-2024'"),
    Question("What is the average number of saves per game for Atlético Madrid?",
             f"SELECT AVG(s.saves) FROM {_STATS} WHERE t.name = 'Atlético Madrid'"),
    Question("Which game had the highest combined xG? Give the home team, the away team and"
             " the date.",
             "SELECT h.name, a.name, g.date FROM game g JOIN team h ON h.id = g.home_team_id"
             " JOIN team a ON a.id = g.away_team_id JOIN game_stats s ON s.game_id = g.id"
             " GROUP BY g.id ORDER BY SUM(s.xG) DESC LIMIT 1"),
    Question("What is the average possession of each league's home teams?",
             f"SELECT l.name, AVG(s.possession_rate) FROM {_STATS_LEAGUE}"
             " WHERE s.team_id = g.home_team_id GROUP BY l.name"),
    Question("How many games did Leicester City play in the EFL Championship?",
             f"SELECT COUNT(*) FROM {_LEAGUE_SIDE} WHERE t.name = 'Leicester City'"
             " AND l.name = 'EFL Championship'"),
    Question("Which Ligue 1 team was caught offside the most in 2023-2024?",
             f"SELECT t.name FROM {_STATS_LEAGUE} WHERE l.name = 'Ligue 1'"
             " AND g.season = '2023-2024' GROUP BY t.name"
             " ORDER BY SUM(s.offside_FW + s.offside_MF + s.offside_DF) DESC LIMIT 1"),
    Question("In how many games did Dortmund have more than 60 percent of the possession?",
             f"SELECT COUNT(*) FROM {_STATS} WHERE t.name = 'Dortmund'"
             " AND s.possession_rate > 60"),
    *_no(
        "Who scored the winning goal when Liverpool beat Manchester City?",
        "How many spectators attended Barcelona's home games in 2022-2023?",
        "What is the capacity of Juventus's stadium?",
        "Who is the manager of Arsenal?",
        "How much did Real Madrid pay in transfer fees in 2023?",
        "Who will win the Premier League next season?",
        "Which referee gave the most red cards?",
        "What was the weather like during the Milan derby?",
        "Which club has the most beautiful kit?",
        "How many Champions League titles has Bayern Munich won?",
        "¿Cuántos goles marcó Lionel Messi con el Barcelona?",
        "Quel joueur du Paris Saint-Germain a le salaire le plus élevé ?",
    ),
]  # fmt: skip
