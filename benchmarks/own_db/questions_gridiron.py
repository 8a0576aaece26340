"""The NFL seasons' questions (gridiron.md): the fifteenth held-out database.  Written from
nflgame's JSON and a look at the built rows (teams, games, players, scoring plays) by a
helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone."""

from __future__ import annotations

from .questions import Question

_HOME = "games g JOIN teams t ON t.team = g.home"
_SP = "scoring_plays s JOIN teams t ON t.team = s.team"
_SPG = "scoring_plays s JOIN games g ON g.eid = s.eid"
_WINNER = "CASE WHEN home_score > away_score THEN home ELSE away END"
_PLAYED = "home_score <> away_score"  # played, and not a tie


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GRIDIRON = [
    Question("How many teams are there?", "SELECT COUNT(*) FROM teams"),
    Question("How many games are in the schedule?", "SELECT COUNT(*) FROM games"),
    Question("How many players are listed?", "SELECT COUNT(*) FROM players"),
    Question("How many regular season games were played in 2012?",
             "SELECT COUNT(*) FROM games WHERE season = 2012 AND season_type = 'REG'"),
    Question("How many playoff games are there in each season?",
             "SELECT season, COUNT(*) FROM games WHERE season_type = 'POST' GROUP BY season"
             " ORDER BY season"),
    Question("How many touchdowns were scored in total?",
             "SELECT COUNT(*) FROM scoring_plays WHERE type = 'TD'"),
    Question("How many field goals did the Green Bay Packers score?",
             f"SELECT COUNT(*) FROM {_SP} WHERE t.full_name = 'Green Bay Packers'"
             " AND s.type = 'FG'"),
    Question("How many safeties were there in the 2013 season?",
             f"SELECT COUNT(*) FROM {_SPG} WHERE g.season = 2013 AND s.type = 'SAF'"),
    Question("How many scores happened in overtime?",
             "SELECT COUNT(*) FROM scoring_plays WHERE qtr >= 5"),
    Question("How many players are quarterbacks?",
             "SELECT COUNT(*) FROM players WHERE position = 'QB'"),
    Question("How many players does each team have on its roster?",
             "SELECT team, COUNT(*) FROM players WHERE team IS NOT NULL GROUP BY team"
             " ORDER BY team"),
    Question("Which team has the most players on its roster?",
             "SELECT team FROM players WHERE team IS NOT NULL GROUP BY team"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which two colleges produced the most players?",
             "SELECT college FROM players GROUP BY college ORDER BY COUNT(*) DESC LIMIT 2",
             column=True),
    Question("Who is the heaviest player?",
             "SELECT full_name FROM players ORDER BY weight DESC LIMIT 1"),
    Question("What is the average weight of the offensive tackles?",
             "SELECT AVG(weight) FROM players WHERE position = 'OT'"),
    Question("How tall is Tom Brady in inches?",
             "SELECT height FROM players WHERE full_name = 'Tom Brady'"),
    Question("When was Peyton Manning born?",
             "SELECT birthdate FROM players WHERE full_name = 'Peyton Manning'"),
    Question("Which college did Aaron Rodgers play for?",
             "SELECT college FROM players WHERE full_name = 'Aaron Rodgers'"),
    Question("Which active player has the most years in the league?",
             "SELECT full_name FROM players WHERE status = 'ACT'"
             " ORDER BY years_pro DESC LIMIT 1"),
    Question("How many players were born in the 1990s?",
             "SELECT COUNT(*) FROM players WHERE birthdate >= '1990-01-01'"
             " AND birthdate < '2000-01-01'"),
    Question("What was the final score of the Super Bowl of the 2014 season?",
             "SELECT home, home_score, away, away_score FROM games WHERE season = 2014"
             " AND season_type = 'POST' AND week = (SELECT MAX(week) FROM games"
             " WHERE season = 2014 AND season_type = 'POST')"),
    Question("Which team won the most regular season games at home?",
             "SELECT home FROM games WHERE season_type = 'REG' AND home_score > away_score"
             " GROUP BY home ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many regular season games did the New England Patriots win in 2010?",
             f"SELECT COUNT(*) FROM games WHERE season = 2010 AND season_type = 'REG'"
             f" AND {_PLAYED} AND {_WINNER} = 'NE'"),
    Question("How many playoff games did the Baltimore Ravens win?",
             f"SELECT COUNT(*) FROM games WHERE season_type = 'POST' AND {_PLAYED}"
             f" AND {_WINNER} = 'BAL'"),
    Question("How many regular season games ended in a tie?",
             "SELECT COUNT(*) FROM games WHERE season_type = 'REG' AND home_score = away_score"),
    Question("What is the average number of points scored by home teams in the regular season?",
             "SELECT AVG(home_score) FROM games WHERE season_type = 'REG' AND home_score"
             " IS NOT NULL"),
    Question("What is the highest combined score of any game?",
             "SELECT MAX(home_score + away_score) FROM games"),
    Question("Which game had the biggest margin of victory?",
             "SELECT eid, home, away, home_score, away_score FROM games"
             " ORDER BY ABS(home_score - away_score) DESC LIMIT 1"),
    Question("How many games were played on Thursdays each season?",
             "SELECT season, COUNT(*) FROM games WHERE wday = 'Thu' GROUP BY season"
             " ORDER BY season"),
    Question("How many Monday night games were there in 2015?",
             "SELECT COUNT(*) FROM games WHERE season = 2015 AND wday = 'Mon'"),
    Question("How many games were played in December 2011?",
             "SELECT COUNT(*) FROM games WHERE game_date LIKE '2011-12-%'"),
    Question("List the games the Dallas Cowboys hosted in the 2016 regular season.",
             f"SELECT g.game_date, g.away FROM {_HOME} WHERE t.full_name = 'Dallas Cowboys'"
             " AND g.season = 2016 AND g.season_type = 'REG' ORDER BY g.game_date"),
    Question("How many points did the Denver Broncos score at home in 2013, excluding the"
             " preseason?",
             "SELECT SUM(home_score) FROM games WHERE home = 'DEN' AND season = 2013"
             " AND season_type <> 'PRE'"),
    Question("Which team scored the most touchdowns in the 2011 regular season?",
             f"SELECT s.team FROM {_SPG} WHERE g.season = 2011 AND g.season_type = 'REG'"
             " AND s.type = 'TD' GROUP BY s.team ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 teams by field goals scored in all games?",
             f"SELECT t.full_name FROM {_SP} WHERE s.type = 'FG' GROUP BY t.team"
             " ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("In which quarter are the most touchdowns scored?",
             "SELECT qtr FROM scoring_plays WHERE type = 'TD' GROUP BY qtr"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many teams play in New York?",
             "SELECT COUNT(*) FROM teams WHERE city = 'New York'"),
    Question("Which teams never made the playoffs between 2009 and 2015?",
             "SELECT full_name FROM teams WHERE team NOT IN (SELECT home FROM games"
             " WHERE season_type = 'POST' UNION SELECT away FROM games"
             " WHERE season_type = 'POST') ORDER BY full_name", column=True),
    Question("How many times did a team win more than 12 regular season games in a season?",
             f"SELECT COUNT(*) FROM (SELECT season, {_WINNER} AS w FROM games"
             f" WHERE season_type = 'REG' AND {_PLAYED} GROUP BY season, w"
             " HAVING COUNT(*) > 12)"),
    Question("What is the most common position among players on a roster?",
             "SELECT position FROM players WHERE position IS NOT NULL GROUP BY position"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "How many tickets were sold for the Super Bowl of the 2014 season?",
        "What is Tom Brady's salary?",
        "How many yards did Adrian Peterson rush in 2012?",
        "Which stadium has the largest capacity?",
        "Who coached the Seattle Seahawks in 2013?",
        "Who will win the Super Bowl in 2030?",
        "What was the weather during the 2015 Super Bowl?",
        "How many fans watched the Thanksgiving games on television?",
        "Which players were injured in the 2012 season?",
        "Write a short poem about the Green Bay Packers.",
        "¿Cuántos partidos ganaron los Patriots en 2010?",
        "Wie viele Touchdowns haben die Broncos 2013 erzielt?",
    ),
]  # fmt: skip
