"""The ``browsercompat`` database: MDN's browser compatibility data — the 17 browsers and
JavaScript runtimes MDN tracks (Chrome, Firefox, Safari, Node.js ...), their 1,682 releases
with dates, statuses and rendering engines, the 20,968 web platform features (Web APIs, CSS
properties, JavaScript built-ins, HTML elements, HTTP headers, WebExtensions APIs ...) with
their standards status, the web-features groups they are tagged with, and for each feature
and browser the version that added support (and removed it, behind a prefix, a flag or
only partly).

The npm package ``@mdn/browser-compat-data`` 8.1.9 ships it all as one ``data.json`` (read
from the archive, never installed).  Its ``browsers`` object makes ``browsers`` (keyed by the
browser's identifier, ``chrome_android``) and ``releases`` (one row a version of a browser);
every other top-level object is a category whose nested objects holding a ``__compat`` are
the features, named by their dotted ``path`` (``api.AbortController.abort``).  A feature's
``status`` flags become its ``experimental``, ``standard_track`` and ``deprecated`` columns,
a list of spec URLs is joined with a space, its ``tags`` make ``feature_tags``; its
``support`` makes ``support``: one row a support statement, ``statement`` 1 the current one
and the next ones older or alternative ones.  ``version_added`` and ``version_removed`` keep
the data's spelling: a version (``≤37`` when only known to be no later than 37,
``preview`` for a preview build), ``false`` for never, ``true`` for some unknown version.
Booleans of other fields are 1 and 0; a statement's ``flags`` are their names joined with
``, ``; a list of notes is joined with a space.  The forty-second held-out database.
"""

from __future__ import annotations

import json
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_DATA = "package/data.json"
_BROWSER = (("browser",), "browsers", ("id",))
_FEATURE = (("feature",), "features", ("path",))
TABLES = (
    Table(name="browsers", primary_key=("id",),
          foreign_keys=((("upstream",), "browsers", ("id",)),)),
    Table(name="releases", primary_key=("browser", "version"), foreign_keys=(_BROWSER,)),
    Table(name="features", primary_key=("path",)),
    Table(name="feature_tags", primary_key=("feature", "tag"), foreign_keys=(_FEATURE,)),
    Table(name="support", primary_key=("feature", "browser", "statement"),
          foreign_keys=(_FEATURE, _BROWSER)),
)  # fmt: skip
_BROWSER_FIELDS = ["name", "type", "upstream", "preview_name", "pref_url", "accepts_flags",
                   "accepts_webextensions"]  # fmt: skip
_RELEASE_FIELDS = ["index", "release_date", "status", "engine", "engine_version",
                   "release_notes"]  # fmt: skip
_STATUS = ["experimental", "standard_track", "deprecated"]
_STATEMENT_FIELDS = ["version_added", "version_removed", "version_last",
                     "partial_implementation", "prefix", "alternative_name", "flags",
                     "impl_url", "notes"]  # fmt: skip
_VERSIONS = {"version_added", "version_removed", "version_last"}  # booleans kept as spelled
COLUMNS = {
    "browsers": ["id", *_BROWSER_FIELDS],
    "releases": ["browser", "version", *_RELEASE_FIELDS],
    "features": ["path", "category", "name", "description", "mdn_url", "spec_url",
                 "source_file", *_STATUS],
    "feature_tags": ["feature", "tag"],
    "support": ["feature", "browser", "statement", *_STATEMENT_FIELDS],
}  # fmt: skip
_NOT_CATEGORIES = {"__meta", "browsers"}


def build_browsercompat(archive: Path, target: Path) -> Path:
    """The SQLite file of MDN's browsers, releases, features and their support."""
    with tarfile.open(archive) as tar:
        stream = tar.extractfile(_DATA)
        assert stream is not None
        data = json.load(stream)
    browsers = data["browsers"]
    rows: dict[str, list[list[str]]] = {
        "browsers": [[key, *(cell(b.get(f), f) for f in _BROWSER_FIELDS)]
                     for key, b in browsers.items()],
        "releases": [[key, version, *(cell(r.get(f), f) for f in _RELEASE_FIELDS)]
                     for key, b in browsers.items() for version, r in b["releases"].items()],
        "features": [], "feature_tags": [], "support": [],
    }  # fmt: skip
    for category, node in data.items():
        if category not in _NOT_CATEGORIES:
            for path, compat in features(node, category):
                add_feature(rows, category, path, compat)
    return write_tables(target, TABLES, COLUMNS, rows)


def features(node: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every feature under ``node``, its dotted path and its ``__compat`` object, in the
    data's order (a feature before the features nested in it)."""
    for key, child in node.items():
        if key != "__compat" and isinstance(child, dict):
            if "__compat" in child:
                yield f"{path}.{key}", child["__compat"]
            yield from features(child, f"{path}.{key}")


def add_feature(
    rows: dict[str, list[list[str]]], category: str, path: str, compat: dict[str, Any]
) -> None:
    """The feature's row, its tags' and its support statements'."""
    status = compat.get("status", {})
    spec = compat.get("spec_url")
    rows["features"].append([
        path, category, path.rsplit(".", 1)[1], cell(compat.get("description"), ""),
        cell(compat.get("mdn_url"), ""), " ".join(spec) if isinstance(spec, list) else
        cell(spec, ""), cell(compat.get("source_file"), ""),
        *(cell(status.get(f), f) for f in _STATUS),
    ])  # fmt: skip
    rows["feature_tags"] += [[path, tag] for tag in compat.get("tags", [])]
    for browser, support in compat["support"].items():
        statements = support if isinstance(support, list) else [support]
        for number, statement in enumerate(statements, start=1):
            rows["support"].append([path, browser, str(number), *(
                cell(statement.get(f), f) for f in _STATEMENT_FIELDS)])  # fmt: skip


def cell(value: object, field: str) -> str:
    """A JSON value as the table's text: missing as empty, a version's boolean as the data
    spells it, other booleans as 1 and 0, flags by their names, a list of notes joined."""
    if value is None:
        return ""
    if isinstance(value, bool):
        if field in _VERSIONS:
            return "true" if value else "false"
        return "1" if value else "0"
    if field == "flags" and isinstance(value, list):
        return ", ".join(str(flag["name"]) for flag in value)
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
