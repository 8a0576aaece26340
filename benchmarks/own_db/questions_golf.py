"""Golf questions (golf.md): a held-out database chosen from PyPI's sports data packages.
Written from the golf CSV files of the ``isapy-data`` 0.1.8 wheel and a look at the built
rows by a helper who never read the linker's code, before the agent was ever run on it;
every gold SQL was checked with sqlite3 alone.  "The season" is the PGA Tour's 2022 season
of ``tournaments``; an event's winner is the result at position 1; "the 2019 Masters" is
``masters``, "the 2025 Masters" ``masters_2025``, and "the 2022 Masters" is the event of
``tournaments``; the world ranking is joined to players by initial and last name."""

from __future__ import annotations

from .questions import Question

_RESULTS = 'pga_tournaments r JOIN players p ON p."player.id" = r."player.id"'
_EVENTS = 'pga_tournaments r JOIN tournaments t ON t."tournament.id" = r."tournament.id"'
_BOTH = _RESULTS + ' JOIN tournaments t ON t."tournament.id" = r."tournament.id"'
_NAME = 't."tournament.name"'


def _winner(event: str) -> str:
    """The gold SQL of the winner of one event of the season."""
    return f"SELECT p.player FROM {_BOTH} WHERE r.pos = 1 AND {_NAME} = '{event}'"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GOLF = [
    Question("How many PGA Tour events are in the data?", "SELECT COUNT(*) FROM tournaments"),
    Question("How many players are there?", "SELECT COUNT(*) FROM players"),
    Question("Which tournament had the biggest purse?",
             'SELECT "tournament.name" FROM tournaments ORDER BY purse DESC LIMIT 1'),
    Question("What was the total prize fund of all the events, in millions of dollars?",
             "SELECT SUM(purse) FROM tournaments"),
    Question("What was the average purse of an event?", "SELECT AVG(purse) FROM tournaments"),
    Question("How many events had a purse of more than 10 million dollars?",
             "SELECT COUNT(*) FROM tournaments WHERE purse > 10"),
    Question("What was the total purse of the season excluding the Masters and the PGA"
             " Championship?",
             "SELECT ROUND(SUM(purse), 2) FROM tournaments WHERE \"tournament.name\" NOT IN"
             " ('Masters Tournament', 'PGA Championship')"),
    Question("What was the combined purse of the events played in Florida?",
             "SELECT SUM(purse) FROM tournaments WHERE course LIKE '%, FL'"),
    Question("How many tournaments were played in Texas?",
             "SELECT COUNT(*) FROM tournaments WHERE course LIKE '%, TX'"),
    Question("Which events were played in Mexico?",
             "SELECT \"tournament.name\" FROM tournaments WHERE course LIKE '%Mexico'",
             column=True),
    Question("How many events were played in March 2022?",
             "SELECT COUNT(*) FROM tournaments WHERE date LIKE '2022-03-%'"),
    Question("How many of the season's events were played in 2021?",
             "SELECT COUNT(*) FROM tournaments WHERE date < '2022-01-01'"),
    Question("Which events had no cut?",
             "SELECT \"tournament.name\" FROM tournaments WHERE no_cut = 1", column=True),
    Question("What was the total purse of each month's events?",
             "SELECT substr(date, 1, 7), SUM(purse) FROM tournaments GROUP BY substr(date, 1, 7)"
             " ORDER BY substr(date, 1, 7)"),
    Question("Who won the 2022 Masters?", _winner("Masters Tournament")),
    Question("Who won the Memorial Tournament?",
             _winner("The Memorial Tournament pres. by Nationwide")),
    Question("Who won the tournament played at TPC Sawgrass?",
             f"SELECT p.player FROM {_BOTH} WHERE r.pos = 1 AND t.course LIKE 'TPC Sawgrass%'"),
    Question("Who finished second at the PGA Championship?",
             f"SELECT p.player FROM {_BOTH} WHERE r.pos = 2 AND {_NAME} = 'PGA Championship'"),
    Question("Which players won events in Hawaii?",
             f"SELECT p.player FROM {_BOTH} WHERE r.pos = 1 AND t.course LIKE '%, HI'",
             column=True),
    Question("How many events did Scottie Scheffler win?",
             f"SELECT COUNT(*) FROM {_RESULTS} WHERE r.pos = 1 AND p.player = 'Scottie Scheffler'"),
    Question("Which players won more than one event?",
             f"SELECT p.player FROM {_RESULTS} WHERE r.pos = 1 GROUP BY p.player"
             " HAVING COUNT(*) > 1", column=True),
    Question("How many different players won a tournament this season?",
             'SELECT COUNT(DISTINCT "player.id") FROM pga_tournaments WHERE pos = 1'),
    Question("What was the winning score relative to par at the Sentry Tournament of"
             " Champions?",
             f"SELECT r.strokes - r.hole_par FROM {_EVENTS} WHERE r.pos = 1"
             f" AND {_NAME} = 'Sentry Tournament of Champions'"),
    Question("Which event had the lowest winning score to par?",
             f"SELECT {_NAME} FROM {_EVENTS} WHERE r.pos = 1 ORDER BY r.strokes - r.hole_par"
             " LIMIT 1"),
    Question("Which tournament had the smallest field?",
             f"SELECT {_NAME} FROM {_EVENTS} GROUP BY t.\"tournament.id\" ORDER BY COUNT(*)"
             " LIMIT 1"),
    Question("How many players teed it up in each tournament?",
             f"SELECT {_NAME}, COUNT(DISTINCT r.\"player.id\") FROM {_EVENTS}"
             f" GROUP BY t.\"tournament.id\" ORDER BY {_NAME}"),
    Question("How many players missed the cut at the PGA Championship?",
             f"SELECT COUNT(*) FROM {_EVENTS} WHERE r.made_cut = 0"
             f" AND {_NAME} = 'PGA Championship'"),
    Question("How many players made the cut at The Players Championship?",
             f"SELECT COUNT(*) FROM {_EVENTS} WHERE r.made_cut = 1"
             f" AND {_NAME} = 'The Players Championship'"),
    Question("Where did Tiger Woods finish at the 2022 Masters?",
             f"SELECT r.Finish FROM {_BOTH} WHERE p.player = 'Tiger Woods'"
             f" AND {_NAME} = 'Masters Tournament'"),
    Question("Which players played the most tournaments?",
             f"SELECT p.player FROM {_RESULTS} GROUP BY p.player"
             " HAVING COUNT(DISTINCT r.\"tournament.id\") = (SELECT MAX(n) FROM"
             " (SELECT COUNT(DISTINCT \"tournament.id\") n FROM pga_tournaments"
             " GROUP BY \"player.id\"))", column=True),
    Question("How many events did Rory McIlroy play?",
             f"SELECT COUNT(DISTINCT r.\"tournament.id\") FROM {_RESULTS}"
             " WHERE p.player = 'Rory McIlroy'"),
    Question("How many top 10 finishes did Jon Rahm have?",
             f"SELECT COUNT(*) FROM {_RESULTS} WHERE p.player = 'Jon Rahm' AND r.pos <= 10"),
    Question("What was Rory McIlroy's average finishing position in the events he finished?",
             f"SELECT AVG(r.pos) FROM {_RESULTS} WHERE p.player = 'Rory McIlroy'"),
    Question("How many tournaments in Texas did Jordan Spieth play?",
             f"SELECT COUNT(DISTINCT r.\"tournament.id\") FROM {_BOTH}"
             " WHERE p.player = 'Jordan Spieth' AND t.course LIKE '%, TX'"),
    Question("How many players never made a cut all season?",
             'SELECT COUNT(*) FROM (SELECT "player.id" FROM pga_tournaments GROUP BY "player.id"'
             " HAVING MAX(made_cut) = 0)"),
    Question("How many players missed the cut 10 times or more?",
             'SELECT COUNT(*) FROM (SELECT "player.id" FROM pga_tournaments WHERE made_cut = 0'
             ' GROUP BY "player.id" HAVING COUNT(*) >= 10)'),
    Question("Who were the top 5 players by total FanDuel fantasy points over the season?",
             f"SELECT p.player FROM {_RESULTS} GROUP BY p.player ORDER BY SUM(r.total_FDP) DESC"
             " LIMIT 5", column=True),
    Question("Which player gained the most strokes on the field in a single tournament?",
             f"SELECT p.player FROM {_RESULTS} WHERE r.sg_total IS NOT NULL"
             " ORDER BY r.sg_total DESC LIMIT 1"),
    Question("What was Cameron Smith's average strokes gained putting?",
             f"SELECT AVG(r.sg_putt) FROM {_RESULTS} WHERE p.player = 'Cameron Smith'"),
    Question("What was Jon Rahm's average strokes gained total per event?",
             f"SELECT AVG(r.sg_total) FROM {_RESULTS} WHERE p.player = 'Jon Rahm'"),
    Question("Who were the top 5 in the world golf ranking in June 2022?",
             "SELECT Player_initial_last FROM ow_golf_rankings ORDER BY WGR_June_2022 LIMIT 5",
             column=True),
    Question("How many of the world's top 100 players did not play any of these PGA Tour"
             " events?",
             "SELECT COUNT(*) FROM ow_golf_rankings WHERE WGR_June_2022 <= 100"
             " AND Player_initial_last NOT IN (SELECT Player_initial_last FROM players)"),
    Question("Who is the best-ranked player in the world ranking who never played one of these"
             " PGA Tour events?",
             "SELECT Player_initial_last FROM ow_golf_rankings WHERE Player_initial_last"
             " NOT IN (SELECT Player_initial_last FROM players) ORDER BY WGR_June_2022 LIMIT 1"),
    Question("Which world top 10 players never won an event in the season?",
             "SELECT Player_initial_last FROM ow_golf_rankings WHERE WGR_June_2022 <= 10"
             " AND Player_initial_last NOT IN (SELECT p.Player_initial_last FROM"
             f" {_RESULTS} WHERE r.pos = 1)", column=True),
    Question("What was the world ranking of the player who won the 2022 Masters?",
             "SELECT w.WGR_June_2022 FROM ow_golf_rankings w JOIN players p"
             " ON p.Player_initial_last = w.Player_initial_last JOIN pga_tournaments r"
             ' ON r."player.id" = p."player.id" JOIN tournaments t'
             f' ON t."tournament.id" = r."tournament.id" WHERE r.pos = 1'
             f" AND {_NAME} = 'Masters Tournament'"),
    Question("Who won the 2019 Masters?", "SELECT player_name FROM masters WHERE pos = '1'"),
    Question("How many players missed the cut at the 2019 Masters?",
             "SELECT COUNT(*) FROM masters WHERE pos = 'CUT'"),
    Question("What did Tiger Woods shoot in the final round of the 2019 Masters?",
             "SELECT round_4 FROM masters WHERE player_name = 'Tiger Woods'"),
    Question("How many English golfers played the 2019 Masters?",
             "SELECT COUNT(*) FROM masters WHERE nationality = 'England'"),
    Question("Which country had the most players at the 2019 Masters?",
             "SELECT nationality FROM masters GROUP BY nationality ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("What was the highest four-round total at the 2019 Masters?",
             "SELECT MAX(total) FROM masters"),
    Question("List the Japanese players who made the cut at the 2019 Masters.",
             "SELECT player_name FROM masters WHERE nationality = 'Japan' AND pos <> 'CUT'",
             column=True),
    Question("Who shot the lowest round at the 2025 Masters?",
             "SELECT player_name FROM masters_2025 ORDER BY MIN(round_1,"
             " COALESCE(round_2, 99), COALESCE(round_3, 99), COALESCE(round_4, 99)) LIMIT 1"),
    Question("What was the average first-round score at the 2025 Masters?",
             "SELECT AVG(round_1) FROM masters_2025"),
    Question("How many amateurs played in the 2025 Masters?",
             "SELECT COUNT(*) FROM masters_2025 WHERE player_name LIKE '%(a)'"),
    Question("How many players finished under par at the 2025 Masters?",
             "SELECT COUNT(*) FROM masters_2025 WHERE score LIKE '-%'"),
    Question("What did the winner of the 2025 Masters shoot in the last round?",
             "SELECT round_4 FROM masters_2025 WHERE pos = '1'"),
    Question("Which players made the cut at both the 2019 and the 2025 Masters?",
             "SELECT a.player_name FROM masters a JOIN masters_2025 b"
             " ON b.player_name = a.player_name WHERE a.pos <> 'CUT' AND b.pos <> 'CUT'",
             column=True),
    *_no(
        "How much prize money did Scottie Scheffler win in the 2022 season?",
        "Who won the 2022 U.S. Open?",
        "Who will win the 2027 Masters?",
        "What did Tiger Woods score on the 12th hole in the final round of the 2019 Masters?",
        "How old was Cameron Smith when he won The Players Championship?",
        "Who won the Chevron Championship on the LPGA Tour in 2022?",
        "Who is the greatest putter of all time?",
        "What was the weather like during the final round of the 2022 Masters?",
        "Who caddied for Scottie Scheffler at the 2022 Masters?",
        "How many spectators attended the Waste Management Phoenix Open?",
        "What was Jon Rahm's world ranking in January 2022?",
        "Who won the 2020 Masters?",
        "Summarize this: Scheffler's short game held up on a windy Sunday at Augusta as"
        " McIlroy charged with a closing 64.",
        "¿Quién ganó el Open Británico en 2022?",
        "Quel est le prix d'un green fee à Pebble Beach ?",
        "Welcher Golfer hat die meisten Sponsorenverträge?",
    ),
]  # fmt: skip
