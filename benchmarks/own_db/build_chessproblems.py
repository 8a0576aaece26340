"""The ``chessproblems`` database: the chess puzzles the chess program PyChess ships for
its "learn" mode — 6,123 composed chess problems and studies from fourteen composers'
collections (Sam Loyd, Comins Mansfield, Edith Baird, Alexey Troitzky, Vladimir Bron,
Thomas Rayner Dawson, Milan Vukcevich, Pal Benko, Emanuel Lasker, Richard Reti...) with
their composers, the publication and date each first appeared in, the stipulation (mate
in two, win, draw...), the distinction it won and its keywords; and 914 mate-in-2, 3 and
4 positions taken from real games, with the players of White and Black, the site and the
year.

Debian's ``pychess`` (``apt-get download``, never installed) holds them under
``usr/share/pychess/learn/puzzles/``: the composers' collections as ``<name>.olv`` (YAML
documents: ``authors``, ``source``, ``date``, ``distinction``, ``stipulation``,
``algebraic`` with ``white`` and ``black`` piece lists, ``solution``, ``keywords``) and the
game positions as ``mate_in_2.pgn``, ``mate_in_3.pgn``, ``mate_in_4.pgn`` (Latin-1 PGN
headers ``White``, ``Black``, ``Site``, ``Date``, ``FEN``, ``Termination``).  A problem's
``collection`` is the file it comes from (a problem by two collected composers is in both
files, and kept twice); its ``year`` is its date's first four digits; a piece list is kept
as its items joined by ", " (``S`` is a knight, as the files write it); an empty field is
NULL; one of reti.olv's 63 documents, no YAML even with its backslashes doubled, is left
out.  A composer's ``problems`` and a player's ``games`` count the rows naming them (a
player's as White or Black).  A held-out database.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml  # type: ignore[import-untyped,unused-ignore]

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes, deb_member_texts

_ROOT = "./usr/share/pychess/learn/puzzles/"
_PROBLEM = (("problem_id",), "problems", ("problem_id",))
TABLES = (
    Table(name="composers", primary_key=("composer",)),
    Table(name="problems", primary_key=("problem_id",)),
    Table(name="problem_authors", primary_key=("problem_id", "position"),
          foreign_keys=(_PROBLEM, (("composer",), "composers", ("composer",)))),
    Table(name="problem_keywords", primary_key=("problem_id", "keyword"),
          foreign_keys=(_PROBLEM,)),
    Table(name="players", primary_key=("player",)),
    Table(name="games", primary_key=("game_id",),
          foreign_keys=((("white",), "players", ("player",)),
                        (("black",), "players", ("player",)))),
)  # fmt: skip
COLUMNS = {
    "composers": ["composer", "problems"],
    "problems": ["problem_id", "collection", "source", "date", "year", "distinction",
                 "stipulation", "white", "black", "white_pieces", "black_pieces",
                 "solution"],
    "problem_authors": ["problem_id", "position", "composer"],
    "problem_keywords": ["problem_id", "keyword"],
    "players": ["player", "games"],
    "games": ["game_id", "white", "black", "site", "date", "year", "mate_in", "fen",
              "solution"],
}  # fmt: skip
_HEADER = re.compile(r'^\[(\w+) "(.*)"\]\s*$')


def build_chessproblems(archive: Path, target: Path) -> Path:
    """The SQLite file of pychess's composed problems and game mates."""
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    texts = deb_member_texts(archive, lambda path: path.startswith(_ROOT) and path.endswith(".olv"))
    for path, text in texts.items():
        collection = path.rsplit("/", 1)[1].removesuffix(".olv")
        for document in documents(text):
            add_problem(rows, collection, document)
    for n in (2, 3, 4):
        raw = deb_member_bytes(archive, f"{_ROOT}mate_in_{n}.pgn").decode("latin-1")
        for game in parse_pgn(raw):
            add_game(rows, game)
    rows["composers"] = _counted(rows["problem_authors"], 2)
    rows["players"] = _counted([[g[1]] for g in rows["games"]] + [[g[2]] for g in rows["games"]], 0)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=lambda c: c == "date")


def documents(text: str) -> list[dict[str, object]]:
    """The YAML documents of a collection (a backslash in a quoted solution, which YAML
    would read as an unknown escape, doubled when the document does not read as it is)."""
    found = []
    for part in re.split(r"^---\s*$", text, flags=re.MULTILINE):
        document = _load(part) or _load(part.replace("\\", "\\\\"))
        if isinstance(document, dict):
            found.append(document)
    return found


def _load(text: str) -> object:
    try:
        return yaml.load(text, Loader=yaml.CBaseLoader)
    except yaml.YAMLError:
        return None


def add_problem(rows: dict[str, list[list[str]]], collection: str, doc: dict[str, object]) -> None:
    """A problem's row, its authors' and its keywords'."""
    problem_id = str(len(rows["problems"]) + 1)
    pieces = doc.get("algebraic") or {}
    assert isinstance(pieces, dict)
    white, black = list(pieces.get("white") or []), list(pieces.get("black") or [])
    date = str(doc.get("date") or "").strip()
    solution = str(doc.get("solution") or "").strip().strip('"').strip()
    rows["problems"].append([
        problem_id, collection, str(doc.get("source") or "").strip(), date, date[:4],
        str(doc.get("distinction") or "").strip(), str(doc.get("stipulation") or "").strip(),
        ", ".join(white), ", ".join(black), str(len(white)), str(len(black)), solution,
    ])  # fmt: skip
    authors = doc.get("authors") or []
    assert isinstance(authors, list)
    for position, author in enumerate(authors, start=1):
        rows["problem_authors"].append([problem_id, str(position), str(author).strip()])
    keywords = doc.get("keywords") or []
    assert isinstance(keywords, list)
    for keyword in dict.fromkeys(str(k).strip() for k in keywords):
        rows["problem_keywords"].append([problem_id, keyword])


def parse_pgn(text: str) -> list[dict[str, str]]:
    """The games of a PGN text: their header tags, the moves under ``"moves"``."""
    games: list[dict[str, str]] = []
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header and (not games or "moves" in games[-1]):
            games.append({})
        if header:
            games[-1][header.group(1)] = header.group(2)
        elif line.strip() and games:
            games[-1]["moves"] = (games[-1].get("moves", "") + " " + line.strip()).strip()
    return games


def add_game(rows: dict[str, list[list[str]]], game: dict[str, str]) -> None:
    date = game["Date"].strip()
    mate_in = game["Termination"].removeprefix("mate in ").strip()
    moves = game.get("moves", "").removesuffix("*").strip()
    rows["games"].append([
        str(len(rows["games"]) + 1), game["White"].strip(), game["Black"].strip(),
        game["Site"].strip(), date, date[:4], mate_in, game["FEN"], moves,
    ])  # fmt: skip


def _counted(rows: list[list[str]], column: int) -> list[list[str]]:
    """One row per distinct value of ``column``, with how many rows name it."""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row[column]] = counts.get(row[column], 0) + 1
    return [[name, str(count)] for name, count in sorted(counts.items())]
