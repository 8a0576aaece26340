"""The ``googlefonts`` database: the 1,581 font families of Google Fonts as the npm package
``google-fonts-complete`` 2.2.3 ships them (CC0) — each family's category, version and the
date it was last modified, its styles (normal or italic) at each weight, and the character
subsets (scripts) it covers.

The package's ``google-fonts.json`` (read from the archive, never installed) is one object a
family, keyed by its name: its scalar fields make a row of ``fonts`` under their own names
(``category``, ``version``, ``lastModified``); its ``variants`` (a style, then a weight, then
the font files) become ``variants``, one row a style at a weight; its ``subsets`` list
becomes ``subsets``, one row a subset.  The per-file URLs, local font names and the
``unicodeRange`` of each subset's slice are left out.  The forty-third held-out database.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_MEMBER = "package/google-fonts.json"
_FAMILY = (("family",), "fonts", ("family",))
TABLES = (
    Table(name="fonts", primary_key=("family",)),
    Table(name="variants", primary_key=("family", "style", "weight"), foreign_keys=(_FAMILY,)),
    Table(name="subsets", primary_key=("family", "subset"), foreign_keys=(_FAMILY,)),
)
_FIELDS = ["category", "version", "lastModified"]
COLUMNS = {
    "fonts": ["family", *_FIELDS],
    "variants": ["family", "style", "weight"],
    "subsets": ["family", "subset"],
}


def build_googlefonts(archive: Path, target: Path) -> Path:
    """The SQLite file of Google Fonts' families, their styles and weights and subsets."""
    families = read_families(archive)
    rows = {
        "fonts": [[name, *(str(font.get(f) or "") for f in _FIELDS)]
                  for name, font in families.items()],
        "variants": [[name, style, str(weight)] for name, font in families.items()
                     for style, weights in font["variants"].items() for weight in weights],
        "subsets": [[name, subset] for name, font in families.items()
                    for subset in font["subsets"]],
    }  # fmt: skip
    return write_tables(target, TABLES, COLUMNS, rows)


def read_families(archive: Path) -> dict[str, dict[str, Any]]:
    """The package's families, by name."""
    with tarfile.open(archive) as tar:
        stream = tar.extractfile(_MEMBER)
        assert stream is not None
        families: dict[str, dict[str, Any]] = json.load(stream)
    return families
