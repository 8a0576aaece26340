"""The football matches' questions (statsbomb.md): the twenty-second held-out database.
Written from StatsBomb's event files in kloppy's wheel and a look at the built rows (teams,
players, matches, lineups, events) by a helper who never read the linker's code, before
the agent was ever run on it; every gold SQL was checked with sqlite3 alone.  Players are
named as people call them, by StatsBomb's ``player_nickname`` where it has one."""

from __future__ import annotations

from .questions import Question

_EP = "events e JOIN players p ON p.player_id = e.player_id"
_ET = "events e JOIN teams t ON t.team_id = e.team_id"
_LP = "lineups l JOIN players p ON p.player_id = l.player_id"
_LT = "lineups l JOIN teams t ON t.team_id = l.team_id"
_MESSI = "p.player_nickname = 'Lionel Messi'"
_SHOT = "e.type = 'Shot'"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


STATSBOMB = [
    Question("How many teams are there?", "SELECT COUNT(*) FROM teams"),
    Question("How many players are there?", "SELECT COUNT(*) FROM players"),
    Question("How many matches are there?", "SELECT COUNT(*) FROM matches"),
    Question("How many events were recorded?", "SELECT COUNT(*) FROM events"),
    Question("How many passes were made in total?",
             "SELECT COUNT(*) FROM events WHERE type = 'Pass'"),
    Question("How many shots were taken?", "SELECT COUNT(*) FROM events WHERE type = 'Shot'"),
    Question("How many shots ended in a goal?",
             "SELECT COUNT(*) FROM events WHERE type = 'Shot' AND outcome = 'Goal'"),
    Question("How many players are from Brazil?",
             "SELECT COUNT(*) FROM players WHERE country = 'Brazil'"),
    Question("Which country do the most players come from?",
             "SELECT country FROM players GROUP BY country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many players come from each country?",
             "SELECT country, COUNT(*) FROM players GROUP BY country ORDER BY country",
             column=True),
    Question("List the teams.", "SELECT team_name FROM teams ORDER BY team_name", column=True),
    Question("How many passes did Lionel Messi make?",
             f"SELECT COUNT(*) FROM {_EP} WHERE {_MESSI} AND e.type = 'Pass'"),
    Question("How many shots did Barcelona take?",
             f"SELECT COUNT(*) FROM {_ET} WHERE t.team_name = 'Barcelona' AND {_SHOT}"),
    Question("Which player made the most passes?",
             f"SELECT p.player_name FROM {_EP} WHERE e.type = 'Pass' GROUP BY p.player_id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which player took the most shots?",
             f"SELECT p.player_name FROM {_EP} WHERE {_SHOT} GROUP BY p.player_id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Who are the top 5 players by number of passes?",
             f"SELECT p.player_name FROM {_EP} WHERE e.type = 'Pass' GROUP BY p.player_id"
             " ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("How many passes did each team make?",
             f"SELECT t.team_name, COUNT(*) FROM {_ET} WHERE e.type = 'Pass'"
             " GROUP BY t.team_name ORDER BY t.team_name", column=True),
    Question("Which team committed the most fouls?",
             f"SELECT t.team_name FROM {_ET} WHERE e.type = 'Foul Committed'"
             " GROUP BY t.team_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Who scored the goals for Italy?",
             f"SELECT DISTINCT p.player_name FROM {_EP} JOIN teams t ON t.team_id = e.team_id"
             f" WHERE t.team_name = 'Italy' AND {_SHOT} AND e.outcome = 'Goal'"
             " ORDER BY p.player_name", column=True),
    Question("How many goals did Lionel Messi score?",
             f"SELECT COUNT(*) FROM {_EP} WHERE {_MESSI} AND {_SHOT} AND e.outcome = 'Goal'"),
    Question("What is the total expected goals (xG) of Barcelona's shots?",
             f"SELECT ROUND(SUM(e.shot_statsbomb_xg), 2) FROM {_ET}"
             f" WHERE t.team_name = 'Barcelona' AND {_SHOT}"),
    Question("Which shot had the highest expected goals value?",
             f"SELECT p.player_name, e.minute FROM {_EP} WHERE {_SHOT}"
             " ORDER BY e.shot_statsbomb_xg DESC LIMIT 1"),
    Question("What is the average pass length?",
             "SELECT ROUND(AVG(pass_length), 2) FROM events WHERE type = 'Pass'"),
    Question("What is the average pass length of each team?",
             f"SELECT t.team_name, ROUND(AVG(e.pass_length), 2) FROM {_ET}"
             " WHERE e.type = 'Pass' GROUP BY t.team_name ORDER BY t.team_name", column=True),
    Question("How many passes were longer than 40 yards?",
             "SELECT COUNT(*) FROM events WHERE type = 'Pass' AND pass_length > 40"),
    Question("How many shots were taken with the head?",
             "SELECT COUNT(*) FROM events WHERE type = 'Shot' AND body_part = 'Head'"),
    Question("How many shots hit the post?",
             "SELECT COUNT(*) FROM events WHERE type = 'Shot' AND outcome = 'Post'"),
    Question("How many shots were taken in the second half?",
             "SELECT COUNT(*) FROM events WHERE type = 'Shot' AND period = 2"),
    Question("How many events happened after the 90th minute?",
             "SELECT COUNT(*) FROM events WHERE minute >= 90"),
    Question("How many events came from a corner?",
             "SELECT COUNT(*) FROM events WHERE play_pattern = 'From Corner'"),
    Question("How many substitutions were made in each match?",
             "SELECT match_id, COUNT(*) FROM events WHERE type = 'Substitution'"
             " GROUP BY match_id ORDER BY match_id", column=True),
    Question("What shirt number did Philippe Coutinho wear?",
             f"SELECT DISTINCT l.jersey_number FROM {_LP}"
             " WHERE p.player_nickname = 'Philippe Coutinho'"),
    Question("List the players in Turkey's squad.",
             f"SELECT p.player_name FROM {_LP} JOIN teams t ON t.team_id = l.team_id"
             " WHERE t.team_name = 'Turkey' ORDER BY p.player_name", column=True),
    Question("How many players were in each team's squad, per match?",
             f"SELECT l.match_id, t.team_name, COUNT(*) FROM {_LT}"
             " GROUP BY l.match_id, t.team_name ORDER BY l.match_id, t.team_name", column=True),
    Question("Which players were in the squad for more than one match?",
             f"SELECT p.player_name FROM {_LP} GROUP BY p.player_id"
             " HAVING COUNT(DISTINCT l.match_id) > 1 ORDER BY p.player_name", column=True),
    Question("Which Barcelona players never took a shot?",
             f"SELECT DISTINCT p.player_name FROM {_LT} JOIN players p ON p.player_id ="
             " l.player_id WHERE t.team_name = 'Barcelona' AND l.player_id NOT IN (SELECT"
             " player_id FROM events WHERE type = 'Shot' AND player_id IS NOT NULL)"
             " ORDER BY p.player_name", column=True),
    Question("How many passes were made by players not from Spain?",
             f"SELECT COUNT(*) FROM {_EP} WHERE e.type = 'Pass' AND p.country <> 'Spain'"),
    Question("Which players made more than 150 passes?",
             f"SELECT p.player_name FROM {_EP} WHERE e.type = 'Pass' GROUP BY p.player_id"
             " HAVING COUNT(*) > 150 ORDER BY p.player_name", column=True),
    Question("Who received the most passes from Sergio Busquets?",
             f"SELECT r.player_name FROM {_EP} JOIN players r ON r.player_id ="
             " e.pass_recipient_id WHERE p.player_nickname = 'Sergio Busquets'"
             " AND e.type = 'Pass' GROUP BY r.player_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In which position did Lionel Messi record the most events?",
             f"SELECT e.position FROM {_EP} WHERE {_MESSI} GROUP BY e.position"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many shots did Italy take, excluding blocked shots?",
             f"SELECT COUNT(*) FROM {_ET} WHERE t.team_name = 'Italy' AND {_SHOT}"
             " AND e.outcome <> 'Blocked'"),
    Question("What share of Girona's passes were made under pressure, in percent?",
             f"SELECT ROUND(100.0 * SUM(e.under_pressure = 'True') / COUNT(*), 1) FROM {_ET}"
             " WHERE t.team_name = 'Girona' AND e.type = 'Pass'"),
    *_no(
        "On what date was Barcelona against Girona played?",
        "Who was the referee of the Italy against Turkey match?",
        "How many spectators were in the stadium?",
        "What was the weather during the match in Rome?",
        "How much does Lionel Messi earn per year?",
        "How tall is Ciro Immobile?",
        "Who will win the next Euro?",
        "How many yellow cards did Turkey get in the 2024 tournament?",
        "What is Barcelona's stadium called?",
        "Write a match report of Barcelona against Alavés.",
        "¿Cuántos pases hizo Lionel Messi contra el Girona?",
        "Quanti gol ha segnato l'Italia contro la Turchia nel 1990?",
    ),
]  # fmt: skip
