"""The ``musescore`` database: the instrument list of the MuseScore 3 music notation
program — its 562 instruments in 12 groups (woodwinds, brass, strings, voices...), with
their names and abbreviations, clefs, playable pitch ranges, transposition, the MIDI sounds
(channels) they play with, the strings and frets of the fretted ones, the drum kits' pieces,
the genres (Jazz, Orchestra, World Music...) they are listed under, and the score templates
that come with it with the parts each lays out.

Debian's ``musescore3-common`` (``apt-get download``, never installed) holds them as
``usr/share/mscore3-3.2/instruments/instruments.xml`` and the ``templates/<NN-Category>/
<NN-Name>.mscx`` scores.  Names are the XML's own camelCase tags (``longName``,
``shortName``, ``musicXMLid``, ``transposeChromatic``, ``singleNoteDynamics``...); a
``aPitchRange``/``pPitchRange`` such as ``60-93`` becomes two columns (``aPitchMin``,
``aPitchMax``).  An instrument with an ``init`` (the tablature variants) starts from that
instrument: every tag it leaves out, and its strings and channels when it lists none, are
taken from there.  A channel's or a drum's missing tag is NULL (the default sound, the
default notehead...).  A template names no instrument id, only a MusicXML id and a name:
its part's ``instrumentId`` is the one instrument they fit (see match_parts); the 4 parts
that fit none, or several, keep NULL.  Templates are named after their file, without its
number (``05-Jazz/02-Big_Band.mscx`` is "Big Band" of the category "Jazz").
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DIR = "./usr/share/mscore3-3.2/"
_XML = _DIR + "instruments/instruments.xml"
_INSTRUMENT = (("instrumentId",), "instruments", ("id",))
TABLES = (
    Table(name="genres", primary_key=("id",)),
    Table(name="instrument_groups", primary_key=("id",)),
    Table(name="instruments", primary_key=("id",),
          foreign_keys=((("groupId",), "instrument_groups", ("id",)),
                        (("init",), "instruments", ("id",)))),
    Table(name="instrument_genres", primary_key=("instrumentId", "genreId"),
          foreign_keys=(_INSTRUMENT, (("genreId",), "genres", ("id",)))),
    Table(name="channels", primary_key=("instrumentId", "channelNo"),
          foreign_keys=(_INSTRUMENT,)),
    Table(name="strings", primary_key=("instrumentId", "stringNo"),
          foreign_keys=(_INSTRUMENT,)),
    Table(name="drums", primary_key=("instrumentId", "pitch"), foreign_keys=(_INSTRUMENT,)),
    Table(name="templates", primary_key=("name",)),
    Table(name="template_parts", primary_key=("template", "partNo"),
          foreign_keys=((("template",), "templates", ("name",)),
                        (("instrumentId",), "instruments", ("id",)))),
)  # fmt: skip
_TAGS = ["longName", "shortName", "trackName", "description", "musicXMLid", "staves",
         "clef", "concertClef", "transposingClef", "stafftype", "bracket", "barlineSpan",
         "transposeDiatonic", "transposeChromatic", "singleNoteDynamics", "drumset"]  # fmt: skip
_RANGES = ["aPitchMin", "aPitchMax", "pPitchMin", "pPitchMax"]
COLUMNS = {
    "genres": ["id", "name"],
    "instrument_groups": ["id", "name", "sortOrder"],
    "instruments": ["id", "groupId", "init", *_TAGS, *_RANGES, "frets"],
    "instrument_genres": ["instrumentId", "genreId"],
    "channels": ["instrumentId", "channelNo", "name", "program", "bank"],
    "strings": ["instrumentId", "stringNo", "pitch", "open"],
    "drums": ["instrumentId", "pitch", "name", "head", "line", "voice", "stem", "shortcut"],
    "templates": ["name", "category", "file", "workTitle"],
    "template_parts": ["template", "partNo", "trackName", "staves", "musicXMLid",
                       "instrumentName", "instrumentId"],
}  # fmt: skip
Rows = dict[str, list[list[str]]]


def build_musescore(archive: Path, target: Path) -> Path:
    """The SQLite file of MuseScore 3's instruments, their sounds, strings, drums, genres
    and its score templates' parts."""
    texts = deb_member_texts(
        archive, lambda path: path == _XML or (path.endswith(".mscx") and "/templates/" in path)
    )
    root = ET.fromstring(texts.pop(_XML))
    rows: Rows = {name: [] for name in COLUMNS}
    rows["genres"] = [[g.get("id", ""), g.findtext("name", "")] for g in root.iter("Genre")]
    elements = {i.get("id", ""): i for i in root.iter("Instrument")}
    for order, group in enumerate(root.iter("InstrumentGroup"), start=1):
        rows["instrument_groups"].append([group.get("id", ""), group.findtext("name", ""),
                                          str(order)])  # fmt: skip
        for element in group.findall("Instrument"):
            add_instrument(rows, group.get("id", ""), element, elements)
    for path, text in texts.items():
        add_template(rows, path.removeprefix(_DIR + "templates/"), text)
    match_parts(rows)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_is_text)


def add_instrument(rows: Rows, group: str, element: ET.Element,
                   elements: dict[str, ET.Element]) -> None:  # fmt: skip
    """An instrument's row (with what its ``init`` instrument gives), its genres, channels,
    strings and drums."""
    ident, base = element.get("id", ""), element.findtext("init")
    chain = [element, *([elements[base]] if base in elements else [])]
    cells = [_first(chain, tag) for tag in _TAGS]
    ranges = [*_range(_first(chain, "aPitchRange")), *_range(_first(chain, "pPitchRange"))]
    frets = _first(chain, "StringData/frets")
    rows["instruments"].append([ident, group, base or "", *cells, *ranges, frets])
    for genre in element.findall("genre"):
        rows["instrument_genres"].append([ident, genre.text or ""])
    own = next((e for e in chain if e.findall("Channel") or e.findall("channel")), element)
    channels = [c for c in own if c.tag in ("Channel", "channel")]
    for number, channel in enumerate(channels, start=1):
        program = channel.find("program")
        bank = next((c.get("value", "") for c in channel.findall("controller")
                     if c.get("ctrl") == "0"), "")  # fmt: skip
        value = "" if program is None else program.get("value", program.text or "").strip()
        rows["channels"].append([ident, str(number), channel.get("name", ""), value, bank])
    strung = next((e for e in chain if e.find("StringData") is not None), element)
    for number, string in enumerate(strung.findall("StringData/string"), start=1):
        rows["strings"].append([ident, str(number), (string.text or "").strip(),
                                "1" if string.get("open") == "1" else "0"])  # fmt: skip
    for drum in element.findall("Drum"):
        cells = [drum.findtext(tag, "") for tag in ("name", "head", "line", "voice", "stem")]
        shortcut = drum.findtext("shortcut", "")
        rows["drums"].append([ident, drum.get("pitch", ""), *cells, shortcut])


def add_template(rows: Rows, file: str, text: str) -> None:
    """A template's row and its parts, each matched to an instrument where one fits."""
    folder, stem = file.removesuffix(".mscx").split("/")
    name = re.sub(r"^\d+-", "", stem).replace("_", " ")
    score = ET.fromstring(text).find("Score")
    if score is None:
        return
    title = next((m.text or "" for m in score.findall("metaTag")
                  if m.get("name") == "workTitle"), "")  # fmt: skip
    rows["templates"].append([name, re.sub(r"^\d+-", "", folder).replace("_", " "), file,
                              title])  # fmt: skip
    for number, part in enumerate(score.findall("Part"), start=1):
        instrument = part.find("Instrument")
        xml_id = "" if instrument is None else instrument.findtext("instrumentId", "")
        label = "" if instrument is None else instrument.findtext("trackName", "")
        staves = str(len(part.findall("Staff")))
        rows["template_parts"].append([name, str(number), part.findtext("trackName", ""),
                                       staves, xml_id, label, ""])  # fmt: skip


def match_parts(rows: Rows) -> None:
    """Each template part's ``instrumentId``: among the instruments of its MusicXML id and
    name (else of that id, else of that name), narrowed down until one is left — no
    tablature variant, one without a track name of its own, one of the same staves."""
    columns = COLUMNS["instruments"]
    xml_at, long_at, track_at = (columns.index(c) for c in ("musicXMLid", "longName",
                                                            "trackName"))  # fmt: skip
    for part in rows["template_parts"]:
        xml_id, label = part[4], part[5]
        named = [i for i in rows["instruments"] if label in (i[long_at], i[track_at])]
        by_id = [i for i in rows["instruments"] if i[xml_at] == xml_id]
        both = [i for i in named if i[xml_at] == xml_id]
        for matches in (both, by_id, named):
            left = _narrowed(matches, label, part[3])
            if len(left) == 1:
                part[6] = left[0][0]
                break


def _narrowed(matches: list[list[str]], label: str, staves: str) -> list[list[str]]:
    """``matches`` narrowed down by each test that some of them pass, while more than one
    is left: no ``init``, no track name but ``label``, ``staves`` staves."""
    columns = COLUMNS["instruments"]
    init_at, track_at, staves_at = (columns.index(c) for c in ("init", "trackName",
                                                               "staves"))  # fmt: skip
    tests: tuple[Callable[[list[str]], bool], ...] = (
        lambda i: not i[init_at],
        lambda i: i[track_at] in ("", label),
        lambda i: (i[staves_at] or "1") == staves,
    )
    for test in tests:
        if len(matches) > 1 and any(test(i) for i in matches):
            matches = [i for i in matches if test(i)]
    return matches


def _first(chain: list[ET.Element], tag: str) -> str:
    """The text of ``tag`` (its staff-1 value) in the first element of ``chain`` that has it."""
    for element in chain:
        for found in element.findall(tag):
            if found.get("staff", "1") == "1" and found.text is not None:
                return found.text.strip()
    return ""


def _range(value: str) -> list[str]:
    low, _, high = value.partition("-")
    return [low, high]


def _is_text(column: str) -> bool:
    return column in {"id", "instrumentId", "genreId", "groupId", "init", "name", "shortcut"}
