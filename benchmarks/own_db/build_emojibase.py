"""The ``emojibase`` database: the 1,949 emojis of Unicode's emoji list as the npm package
``emojibase-data`` 17.0.0 ships them (MIT) — each emoji's label, group and subgroup, the
emoji version it came in, its skin tone variations, its tags, its shortcodes in five
shortcode sets, and its label in 28 locales.

The package's ``en/data.json`` (read from the archive, never installed) is one object an
emoji: its scalar fields make a row of ``emojis`` under their own names (``label``,
``hexcode``, ``emoji``, ``text``, ``type``, ``order``, ``group``, ``subgroup``,
``version``, ``gender``; an ``emoticon`` list is joined with spaces); its ``skins`` become
``skins`` (the base emoji's hexcode in ``base_hexcode``) and each skin's ``tone`` (one
number, or a list for emojis of several people) becomes ``skin_tones``, one row a tone; its
``tags`` become ``tags``.  ``meta/groups.json`` numbers the groups and subgroups and
``en/messages.json`` names them; ``en/shortcodes/<preset>.json`` gives ``shortcodes`` and
``<locale>/data.json`` the ``labels`` of each emoji.  The forty-fourth held-out database.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_EMOJI = (("hexcode",), "emojis", ("hexcode",))
TABLES = (
    Table(name="groups", primary_key=("group",)),
    Table(name="subgroups", primary_key=("subgroup",),
          foreign_keys=((("group",), "groups", ("group",)),)),
    Table(name="emojis", primary_key=("hexcode",),
          foreign_keys=((("group",), "groups", ("group",)),
                        (("subgroup",), "subgroups", ("subgroup",)))),
    Table(name="skins", primary_key=("hexcode",),
          foreign_keys=((("base_hexcode",), "emojis", ("hexcode",)),)),
    Table(name="skin_tones", primary_key=("hexcode", "position"),
          foreign_keys=((("hexcode",), "skins", ("hexcode",)),)),
    Table(name="tags", primary_key=("hexcode", "tag"), foreign_keys=(_EMOJI,)),
    Table(name="shortcodes", primary_key=("hexcode", "preset", "shortcode"),
          foreign_keys=(_EMOJI,)),
    Table(name="labels", primary_key=("hexcode", "locale"), foreign_keys=(_EMOJI,)),
)  # fmt: skip
_FIELDS = ["label", "emoji", "text", "type", "order", "group", "subgroup", "version", "gender"]
_SKIN = [f for f in _FIELDS if f != "text"]  # a skin's text presentation is always empty
COLUMNS = {
    "groups": ["group", "key", "message", "order"],
    "subgroups": ["subgroup", "key", "message", "order", "group"],
    "emojis": ["hexcode", *_FIELDS, "emoticon"],
    "skins": ["hexcode", "base_hexcode", *_SKIN],
    "skin_tones": ["hexcode", "position", "tone"],
    "tags": ["hexcode", "tag"],
    "shortcodes": ["hexcode", "preset", "shortcode"],
    "labels": ["hexcode", "locale", "label"],
}
PRESETS = ("cldr", "emojibase", "github", "iamcal", "joypixels")
LOCALES = ("bn", "da", "de", "en", "en-gb", "es", "es-mx", "et", "fi", "fr", "hi", "hu", "it",
           "ja", "ko", "lt", "ms", "nb", "nl", "pl", "pt", "ru", "sv", "th", "uk", "vi", "zh",
           "zh-hant")  # fmt: skip


def build_emojibase(archive: Path, target: Path) -> Path:
    """The SQLite file of the emojis, their groups, skins, tags, shortcodes and labels."""
    with tarfile.open(archive) as tar:
        emojis = _json(tar, "en/data.json")
        rows = {
            **_groups(_json(tar, "meta/groups.json"), _json(tar, "en/messages.json")),
            "emojis": [[e["hexcode"], *_cells(e), _emoticon(e.get("emoticon"))] for e in emojis],
            "skins": [[s["hexcode"], e["hexcode"], *_cells(s, _SKIN)]
                      for e in emojis for s in e.get("skins", ())],
            "skin_tones": [[s["hexcode"], str(i), str(tone)] for e in emojis
                           for s in e.get("skins", ()) for i, tone in enumerate(_tones(s), 1)],
            "tags": [[e["hexcode"], tag] for e in emojis for tag in e.get("tags", ())],
            "shortcodes": _shortcodes(tar, {e["hexcode"] for e in emojis}),
            "labels": [[e["hexcode"], locale, e["label"]] for locale in LOCALES
                       for e in _json(tar, f"{locale}/data.json")],
        }  # fmt: skip
    return write_tables(target, TABLES, COLUMNS, rows)


def _json(tar: tarfile.TarFile, member: str) -> Any:
    stream = tar.extractfile(f"package/{member}")
    assert stream is not None
    return json.load(stream)


def _groups(meta: dict[str, Any], messages: dict[str, Any]) -> dict[str, list[list[str]]]:
    """The groups and subgroups under meta/groups.json's numbers, with their messages."""
    named = {m["key"]: m for kind in ("groups", "subgroups") for m in messages[kind]}
    parent = {str(sub): group for group, subs in meta["hierarchy"].items() for sub in subs}
    return {
        "groups": [[number, key, named[key]["message"], str(named[key]["order"])]
                   for number, key in meta["groups"].items()],
        "subgroups": [[number, key, named[key]["message"], str(named[key]["order"]),
                       parent[number]] for number, key in meta["subgroups"].items()],
    }  # fmt: skip


def _cells(record: dict[str, Any], fields: list[str] = _FIELDS) -> list[str]:
    return ["" if record.get(f) is None else str(record[f]) for f in fields]


def _emoticon(value: str | list[str] | None) -> str:
    return " ".join(value) if isinstance(value, list) else value or ""


def _tones(skin: dict[str, Any]) -> list[int]:
    tone = skin["tone"]
    return tone if isinstance(tone, list) else [tone]


def _shortcodes(tar: tarfile.TarFile, hexcodes: set[str]) -> list[list[str]]:
    """Each preset's shortcodes of the emojis themselves (not of their skins)."""
    rows = []
    for preset in PRESETS:
        for hexcode, codes in _json(tar, f"en/shortcodes/{preset}.json").items():
            if hexcode in hexcodes:
                rows += [
                    [hexcode, preset, code]
                    for code in (codes if isinstance(codes, list) else [codes])
                ]
    return rows
