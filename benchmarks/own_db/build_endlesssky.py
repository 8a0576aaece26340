"""The ``endlesssky`` database: the universe of the space trading and combat game Endless
Sky 0.9.8 as its data files give it — the governments, the star systems of the map (their
position, government, hyperspace links and commodity prices), the planets and stations
(which system they orbit, their attributes, shipyards and outfitters), the ships for sale
(hull, shields, mass, cost, capacities, the outfits they come with) and the outfits.

Debian's ``endless-sky-data`` package (``apt-get download``, never installed) holds them as
``usr/share/games/endless-sky/data/*.txt``: each file a tree of lines, one node per line,
its children indented by a tab, each line's tokens separated by spaces and quoted with
``"`` or a backquote when they hold one.  Only the top-level nodes of the base game are
read (``government``, ``system``, ``planet``, ``ship``, ``outfit``, ``shipyard``,
``outfitter``); what the story's events change later is left out, and so are the variant
ships (``ship "Falcon" "Falcon (Heavy)"``).  A planet's system is the system whose
``object`` tree names it.  The forty-eighth held-out database.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_FOLDER = "./usr/share/games/endless-sky/data/"
TABLES = (
    Table(name="government", primary_key=("name",)),
    Table(name="system", primary_key=("name",),
          foreign_keys=((("government",), "government", ("name",)),)),
    Table(name="system_link", primary_key=("system", "link"),
          foreign_keys=((("system",), "system", ("name",)), (("link",), "system", ("name",)))),
    Table(name="system_trade", primary_key=("system", "commodity"),
          foreign_keys=((("system",), "system", ("name",)),)),
    Table(name="planet", primary_key=("name",),
          foreign_keys=((("system",), "system", ("name",)),)),
    Table(name="planet_attribute", primary_key=("planet", "attribute"),
          foreign_keys=((("planet",), "planet", ("name",)),)),
    Table(name="ship", primary_key=("name",)),
    Table(name="outfit", primary_key=("name",)),
    Table(name="ship_outfit", primary_key=("ship", "outfit"),
          foreign_keys=((("ship",), "ship", ("name",)), (("outfit",), "outfit", ("name",)))),
    Table(name="shipyard", primary_key=("shipyard", "ship"),
          foreign_keys=((("ship",), "ship", ("name",)),)),
    Table(name="outfitter", primary_key=("outfitter", "outfit"),
          foreign_keys=((("outfit",), "outfit", ("name",)),)),
    Table(name="planet_shipyard", primary_key=("planet", "shipyard"),
          foreign_keys=((("planet",), "planet", ("name",)),)),
    Table(name="planet_outfitter", primary_key=("planet", "outfitter"),
          foreign_keys=((("planet",), "planet", ("name",)),)),
)  # fmt: skip
_GOVERNMENT = ("player reputation", "bribe", "fine")
_PLANET = ("required reputation", "bribe", "security", "tribute")
_SHIP = ("category", "cost", "shields", "hull", "mass", "drag", "heat dissipation",
         "required crew", "bunks", "fuel capacity", "cargo space", "outfit space",
         "weapon capacity", "engine capacity")  # fmt: skip
_OUTFIT = ("category", "cost", "mass", "outfit space", "weapon capacity", "engine capacity")
_WEAPON = ("shield damage", "hull damage", "velocity", "lifetime", "reload")
Node = tuple[list[str], list["Node"]]  # a line's tokens and its children


def _snake(key: str) -> str:
    return key.replace(" ", "_")


COLUMNS = {
    "government": ["name", *map(_snake, _GOVERNMENT)],
    "system": ["name", "x", "y", "government", "habitable", "belt"],
    "system_link": ["system", "link"],
    "system_trade": ["system", "commodity", "price"],
    "planet": ["name", "system", *map(_snake, _PLANET), "description", "spaceport"],
    "planet_attribute": ["planet", "attribute"],
    "ship": ["name", *map(_snake, _SHIP), "description"],
    "outfit": ["name", *map(_snake, _OUTFIT), *map(_snake, _WEAPON), "description"],
    "ship_outfit": ["ship", "outfit", "count"],
    "shipyard": ["shipyard", "ship"],
    "outfitter": ["outfitter", "outfit"],
    "planet_shipyard": ["planet", "shipyard"],
    "planet_outfitter": ["planet", "outfitter"],
}


def build_endlesssky(archive: Path, target: Path) -> Path:
    """The SQLite file of Endless Sky's governments, systems, planets, ships and outfits."""
    nodes: dict[str, list[Node]] = {}
    for text in _data_files(archive):
        for node in parse(text):
            nodes.setdefault(node[0][0], []).append(node)
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for tokens, children in _unique(nodes["government"]):
        rows["government"].append([tokens[1], *_values(children, _GOVERNMENT)])
    homes: dict[str, str] = {}
    for tokens, children in _unique(nodes["system"]):
        _system(tokens[1], children, rows, homes)
    for tokens, children in _unique(nodes["planet"]):
        _planet(tokens[1], children, rows, homes)
    for tokens, children in _unique([n for n in nodes["ship"] if len(n[0]) == 2]):
        _ship(tokens[1], children, rows)
    for tokens, children in _unique(nodes["outfit"]):
        weapon = _child(children, "weapon")
        values = [*_values(children, _OUTFIT), *_values(weapon, _WEAPON)]
        rows["outfit"].append([tokens[1], *values, _text(children, "description")])
    for kind in ("shipyard", "outfitter"):
        items = {(node[0][1], child[0][0]) for node in nodes[kind] for child in node[1]}
        rows[kind] = [list(pair) for pair in sorted(items)]
    return write_tables(target, TABLES, COLUMNS, rows)


def _data_files(archive: Path) -> Iterator[str]:
    """The text of each ``.txt`` file right in the data folder, in the order of their paths."""

    def wanted(path: str) -> bool:
        folder, _, file = path.rpartition("/")
        return f"{folder}/" == _FOLDER and file.endswith(".txt")

    yield from deb_member_texts(archive, wanted).values()


def parse(text: str) -> list[Node]:
    """The top-level nodes of one data file, each with its tree of children."""
    roots: list[Node] = []
    stack: list[tuple[int, Node]] = []
    for line in text.splitlines():
        tokens = _tokens(line)
        if not tokens:
            continue
        depth = len(line) - len(line.lstrip("\t"))
        node: Node = (tokens, [])
        while stack and stack[-1][0] >= depth:
            stack.pop()
        (stack[-1][1][1] if stack else roots).append(node)
        stack.append((depth, node))
    return roots


def _tokens(line: str) -> list[str]:
    tokens: list[str] = []
    rest = line.strip()
    while rest and not rest.startswith("#"):
        if rest[0] in '"`':
            end = rest.find(rest[0], 1)
            end = len(rest) if end < 0 else end
            tokens.append(rest[1:end])
            rest = rest[end + 1 :].lstrip()
        else:
            word, _, rest = rest.partition(" ")
            tokens.append(word)
            rest = rest.lstrip()
    return tokens


def _unique(nodes: list[Node]) -> list[Node]:
    seen: dict[str, Node] = {}
    for node in nodes:
        if len(node[0]) > 1:
            seen.setdefault(node[0][1], node)
    return list(seen.values())


def _child(children: list[Node], key: str) -> list[Node]:
    found = [node[1] for node in children if node[0][0] == key]
    return found[0] if found else []


def _values(children: list[Node], keys: tuple[str, ...]) -> list[str]:
    found = {node[0][0]: node[0][1] for node in children if len(node[0]) > 1}
    return [found.get(key, "") for key in keys]


def _text(children: list[Node], key: str) -> str:
    parts = [node[0][1].strip() for node in children if node[0][0] == key and len(node[0]) > 1]
    return " ".join(parts)


def _system(name: str, children: list[Node], rows: dict[str, list[list[str]]],
            homes: dict[str, str]) -> None:  # fmt: skip
    pos = [*_child_tokens(children, "pos"), "", ""][:2]
    rows["system"].append([name, *pos, *_values(children, ("government", "habitable", "belt"))])
    for tokens, _ in children:
        if tokens[0] == "link":
            rows["system_link"].append([name, tokens[1]])
        elif tokens[0] == "trade":
            rows["system_trade"].append([name, tokens[1], tokens[2]])
    for planet in _objects(children):
        homes.setdefault(planet, name)


def _child_tokens(children: list[Node], key: str) -> list[str]:
    found = [node[0][1:] for node in children if node[0][0] == key]
    return found[0] if found else []


def _objects(children: list[Node]) -> Iterator[str]:
    for tokens, grandchildren in children:
        if tokens[0] == "object":
            if len(tokens) > 1:
                yield tokens[1]
            yield from _objects(grandchildren)


def _planet(name: str, children: list[Node], rows: dict[str, list[list[str]]],
            homes: dict[str, str]) -> None:  # fmt: skip
    texts = [_text(children, "description"), _text(children, "spaceport")]
    rows["planet"].append([name, homes.get(name, ""), *_values(children, _PLANET), *texts])
    for tokens, _ in children:
        if tokens[0] == "attributes":
            rows["planet_attribute"] += [[name, value] for value in dict.fromkeys(tokens[1:])]
        elif tokens[0] in ("shipyard", "outfitter"):
            rows[f"planet_{tokens[0]}"].append([name, tokens[1]])


def _ship(name: str, children: list[Node], rows: dict[str, list[list[str]]]) -> None:
    attributes = _child(children, "attributes")
    rows["ship"].append([name, *_values(attributes, _SHIP), _text(children, "description")])
    counts: dict[str, int] = {}
    for tokens, _ in _child(children, "outfits"):
        counts[tokens[0]] = counts.get(tokens[0], 0) + (int(tokens[1]) if len(tokens) > 1 else 1)
    rows["ship_outfit"] += [[name, outfit, str(count)] for outfit, count in counts.items()]
