"""PyChess's chess problems and game mates' questions (chessproblems.md): a held-out database
chosen from Debian's packages.  Written from the puzzle files of Debian's pychess 1.0.3-1
and a look at the built rows by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone.  A "problem" is a
composed problem (a row of problems), a "game" or "game position" a mate from a real game
(a row of games); a composer is asked by the name as the data writes it."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_AUTHORS = "problems p JOIN problem_authors a ON a.problem_id = p.problem_id"
_KEYWORDS = "problems p JOIN problem_keywords k ON k.problem_id = p.problem_id"
CHESSPROBLEMS = [
    Question("How many chess problems are there?", "SELECT COUNT(*) FROM problems"),
    Question("How many composers are there?", "SELECT COUNT(*) FROM composers"),
    Question("How many game positions are there?", "SELECT COUNT(*) FROM games"),
    Question("How many different players appear in the games?", "SELECT COUNT(*) FROM players"),
    Question(
        "How many problems are mate in 2?",
        "SELECT COUNT(*) FROM problems WHERE stipulation = '#2'",
    ),
    Question(
        "How many problems are studies where White must draw?",
        "SELECT COUNT(*) FROM problems WHERE stipulation = '='",
    ),
    Question(
        "How many problems won a 1st Prize?",
        "SELECT COUNT(*) FROM problems WHERE distinction = '1st Prize'",
    ),
    Question(
        "How many problems were published in The Problemist?",
        "SELECT COUNT(*) FROM problems WHERE source = 'The Problemist'",
    ),
    Question(
        "Which publication printed the most problems?",
        "SELECT source FROM problems WHERE source IS NOT NULL"
        " GROUP BY source ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which composer has the most problems?",
        "SELECT composer FROM composers ORDER BY problems DESC LIMIT 1",
    ),
    Question(
        "How many problems did Samuel Loyd compose?",
        "SELECT COUNT(*) FROM problem_authors WHERE composer = 'Loyd, Samuel'",
    ),
    Question(
        "How many problems are in each collection?",
        "SELECT collection, COUNT(*) FROM problems GROUP BY collection ORDER BY 2 DESC",
    ),
    Question(
        "Which collection is the smallest?",
        "SELECT collection FROM problems GROUP BY collection ORDER BY COUNT(*) LIMIT 1",
    ),
    Question(
        "What is the earliest year a problem was published?",
        "SELECT MIN(year) FROM problems",
    ),
    Question(
        "In which year were the most problems published?",
        "SELECT year FROM problems WHERE year IS NOT NULL"
        " GROUP BY year ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many problems were published before 1900?",
        "SELECT COUNT(*) FROM problems WHERE year < 1900",
    ),
    Question(
        "How many problems were published in each decade?",
        "SELECT year / 10 * 10, COUNT(*) FROM problems WHERE year IS NOT NULL"
        " GROUP BY year / 10 ORDER BY 1",
    ),
    Question(
        "What is the average number of white pieces in a problem?",
        "SELECT ROUND(AVG(white_pieces), 2) FROM problems",
    ),
    Question(
        "What is the average number of black pieces in the mate in 2 problems?",
        "SELECT ROUND(AVG(black_pieces), 2) FROM problems WHERE stipulation = '#2'",
    ),
    Question(
        "How many problems have more than 15 white pieces?",
        "SELECT COUNT(*) FROM problems WHERE white_pieces > 15",
    ),
    Question(
        "How many problems have each stipulation?",
        "SELECT stipulation, COUNT(*) FROM problems GROUP BY stipulation ORDER BY 2 DESC",
    ),
    Question(
        "What are the 5 most common keywords?",
        "SELECT keyword, COUNT(*) FROM problem_keywords GROUP BY keyword"
        " ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many problems have the keyword Black correction?",
        "SELECT COUNT(*) FROM problem_keywords WHERE keyword = 'Black correction'",
    ),
    Question(
        "How many problems have no keywords?",
        "SELECT COUNT(*) FROM problems WHERE problem_id NOT IN"
        " (SELECT problem_id FROM problem_keywords)",
    ),
    Question(
        "How many problems were composed by more than one composer?",
        "SELECT COUNT(*) FROM (SELECT problem_id FROM problem_authors"
        " GROUP BY problem_id HAVING COUNT(DISTINCT composer) > 1)",
    ),
    Question(
        "Which composers did Edith Baird compose problems together with?",
        "SELECT DISTINCT b.composer FROM problem_authors a JOIN problem_authors b"
        " ON b.problem_id = a.problem_id AND b.composer <> a.composer"
        " WHERE a.composer = 'Baird, Edith Elina Helen'",
        column=True,
    ),
    Question(
        "How many 1st Prizes did Comins Mansfield win?",
        f"SELECT COUNT(*) FROM {_AUTHORS}"
        " WHERE a.composer = 'Mansfield, Comins' AND p.distinction = '1st Prize'",
    ),
    Question(
        "Which composer won the most 1st Prizes?",
        f"SELECT a.composer FROM {_AUTHORS} WHERE p.distinction = '1st Prize'"
        " GROUP BY a.composer ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "In which publications did Samuel Loyd publish problems?",
        f"SELECT DISTINCT p.source FROM {_AUTHORS}"
        " WHERE a.composer = 'Loyd, Samuel' AND p.source IS NOT NULL",
        column=True,
    ),
    Question(
        "What is the earliest year of a problem by Thomas Rayner Dawson?",
        f"SELECT MIN(p.year) FROM {_AUTHORS} WHERE a.composer = 'Dawson, Thomas Rayner'",
    ),
    Question(
        "How many problems did each composer of the Lasker collection compose in it?",
        f"SELECT a.composer, COUNT(*) FROM {_AUTHORS} WHERE p.collection = 'lasker'"
        " GROUP BY a.composer ORDER BY 2 DESC",
    ),
    Question(
        "How many mate in 3 problems did Samuel Loyd compose?",
        f"SELECT COUNT(*) FROM {_AUTHORS}"
        " WHERE a.composer = 'Loyd, Samuel' AND p.stipulation = '#3'",
    ),
    Question(
        "Which keyword is most common among Comins Mansfield's problems?",
        f"SELECT k.keyword FROM {_KEYWORDS} JOIN problem_authors a"
        " ON a.problem_id = p.problem_id WHERE a.composer = 'Mansfield, Comins'"
        " GROUP BY k.keyword ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many games were played in London?",
        "SELECT COUNT(*) FROM games WHERE site = 'London'",
    ),
    Question(
        "How many game positions are mate in 4?",
        "SELECT COUNT(*) FROM games WHERE mate_in = 4",
    ),
    Question(
        "Where were the most games played?",
        "SELECT site FROM games GROUP BY site ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many games did Garry Kasparov play as White?",
        "SELECT COUNT(*) FROM games WHERE white = 'Garry Kasparov'",
    ),
    Question(
        "In how many games did Mikhail Tal play, with either colour?",
        "SELECT COUNT(*) FROM games WHERE white = 'Mikhail Tal' OR black = 'Mikhail Tal'",
    ),
    Question(
        "Who played Black against Adolf Anderssen?",
        "SELECT DISTINCT black FROM games WHERE white = 'Adolf Anderssen'",
        column=True,
    ),
    Question(
        "How many games were played before 1900?",
        "SELECT COUNT(*) FROM games WHERE year < 1900",
    ),
    Question(
        "How many players played only as Black and never as White?",
        "SELECT COUNT(*) FROM players WHERE player NOT IN (SELECT white FROM games)",
    ),
    Question(
        "How many game positions are there for each number of moves to mate?",
        "SELECT mate_in, COUNT(*) FROM games GROUP BY mate_in ORDER BY mate_in",
    ),
    Question(
        "How many games were played in Moscow excluding the mate in 2 positions?",
        "SELECT COUNT(*) FROM games WHERE site = 'Moscow' AND mate_in <> 2",
    ),
    *_no(
        "What rating did Garry Kasparov have when he played these games?",
        "Which country was Comins Mansfield born in?",
        "How long did each player think before the mating move?",
        "Who won the most recent World Chess Championship?",
        "How many chess problems will be composed next year?",
        "Which composer is the greatest problemist of all time?",
        "Summarize this: the 2nd Prize problem in the Deutsche Schachzeitung of 1901.",
        "What prize money did the 1st Prize problems win?",
        "How many moves did each of these games last in total?",
        "¿Cuántos problemas compuso cada compositor según su nacionalidad?",
        "Wie viele Zuschauer sahen die Partien in London?",
        "What opening was played in each game?",
        "Which tournament was each game played in?",
    ),
]
